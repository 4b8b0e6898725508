// German strings of dynamic boards (the board's page, the dashboard's collections grid, "save this search").
import type en from '../en/dynamicBoards.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Dynamisches Board',
  untitled: 'Unbenanntes dynamisches Board',
  draft: 'Entwurf',
  criterionMode: '{mode}:',
  published: 'Veröffentlicht',
  count: '{count, plural, one {# Karte} other {# Karten}}',
  kicker: 'Dynamisches Board · Live-Suchergebnisse',
  anyCards: 'Alle Karten',
  loadFailed: 'Dieses dynamische Board konnte nicht geöffnet werden',
  notFound: 'Dieses dynamische Board existiert nicht oder ist noch nicht veröffentlicht.',
  backToDashboard: 'Zurück zum Dashboard',
  retry: 'Erneut versuchen',
  empty: {
    title: 'Noch keine passenden Karten',
    text: 'Das Board zeigt die Karten, die seine Suche findet, sobald sie geschrieben oder aktualisiert werden.',
    curatorText: 'Erweitern Sie es: Entfernen Sie ein Kriterium, ändern Sie die Suchbegriffe oder den Zeitraum.',
  },
  fields: {
    name: 'Name',
    query: 'Suchbegriffe',
    queryPlaceholder: 'Beliebige Wörter',
    updated: 'Aktualisiert',
    sort: 'Sortierung',
    publish: 'Veröffentlicht',
    publishHint: 'Der Vertrieb sieht veröffentlichte Boards in seinem Dashboard',
  },
  actions: {
    delete: 'Löschen',
    filters: 'Kriterien',
    saveFailed: 'Ihre Änderung wurde nicht gespeichert',
    deleteTitle: '„{name}“ löschen?',
    deleteBody: 'Das Board verschwindet für alle. Seine Karten bleiben, wo sie sind.',
    deleteConfirm: 'Board löschen',
    cancel: 'Abbrechen',
    deleted: '„{name}“ gelöscht',
    deleteFailed: '„{name}“ konnte nicht gelöscht werden',
  },
  save: {
    button: 'Als dynamisches Board speichern',
    title: 'Diese Suche als dynamisches Board speichern',
    intro: 'Die Karten bleiben aktuell: Wer das Board öffnet, sieht, was diese Suche heute für ihn findet.',
    name: 'Board-Name',
    submit: 'Board speichern',
    failed: 'Das dynamische Board konnte nicht gespeichert werden',
  },
  grid: {
    heading: 'Dynamische Boards',
    label: 'Dynamische Boards: gespeicherte Suchen, die aktuell bleiben',
    empty: 'Speichern Sie eine Suche als dynamisches Board oder legen Sie eines über Neu › Dynamisches Board an.',
    more: 'Mehr anzeigen',
    criteria: '{count, plural, one {# Kriterium} other {# Kriterien}}',
    failed: 'Die dynamischen Boards konnten nicht geladen werden',
  },
} satisfies Translation<typeof en>;
