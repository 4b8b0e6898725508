// German strings of the card viewer.
import type en from '../en/cardViewer.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  failed: 'Diese Karte konnte nicht geladen werden. Versuchen Sie es später erneut.',
  failedTitle: 'Karte nicht verfügbar',
  notFound: 'Diese Karte existiert nicht oder Sie haben keinen Zugriff darauf.',
  notFoundTitle: 'Karte nicht gefunden',
  title: 'Karte',
  back: 'Zurück zur vorherigen Karte',
  close: 'Schließen',
  edit: 'Bearbeiten',
  breadcrumb: 'Wo sich diese Karte befindet',
  updated: 'Aktualisiert am {date} ({ago})',
  draft: 'Entwurf',
  scratchpad: 'Notiz im Notizblock',
  restricted: '{count, plural, one {# Gruppe} other {# Gruppen}}',
  fullAccessOnly: 'Nur Benutzer mit Vollzugriff',
  tags: 'Tags',
} satisfies Translation<typeof en>;
