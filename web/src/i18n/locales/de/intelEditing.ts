// German strings of editing one intel item on /alerts (its title, rivals and related alerts), under the key
// intelEditing.
import type en from '../en/intelEditing.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  open: 'Bearbeiten',
  openLabel: '{title} bearbeiten',
  dialogTitle: 'Intel-Meldung bearbeiten',
  loadFailed: 'Die Intel-Meldung konnte nicht geladen werden',
  retry: 'Erneut versuchen',
  title: {
    label: 'Titel',
    description: 'Wird in den Alerts, in Digests und in der Suche statt des Originaltitels angezeigt.',
    original: 'Original: {title}',
    save: 'Titel speichern',
    useOriginal: 'Originaltitel verwenden',
    required: 'Geben Sie einen Titel ein oder verwenden Sie den Originaltitel',
    tooLong: 'Höchstens {max} Zeichen',
    saved: 'Titel gespeichert',
    restored: 'Originaltitel wiederhergestellt',
    failed: 'Der Titel konnte nicht gespeichert werden',
  },
  rivals: {
    label: 'Wettbewerber',
    none: 'Noch keinem Wettbewerber zugeordnet.',
    add: 'Wettbewerber hinzufügen',
    addPlaceholder: 'Wettbewerber auswählen',
    nothingFound: 'Kein Wettbewerber mit diesem Namen',
    remove: '{name} entfernen',
    added: '{name} hinzugefügt',
    removed: '{name} entfernt',
    failed: 'Die Wettbewerber konnten nicht geändert werden',
  },
  sources: {
    count: '{count, plural, one {Aus # Quelle eingegangen} other {Aus # Quellen eingegangen}}',
    openChange: 'Änderung öffnen',
  },
  related: {
    label: 'Verwandte Alerts',
    count: '{count, plural, one {# verwandter Alert} other {# verwandte Alerts}}',
    none: 'Keine verwandten Alerts: Niemand sonst hat über diese Meldung berichtet.',
    open: 'Quelle öffnen',
    noSource: 'Kein Quelllink',
    state: 'Status von {title}',
    delete: '{title} löschen',
    changed: 'Verwandter Alert nach „{state}“ verschoben',
    failed: 'Der verwandte Alert konnte nicht geändert werden',
    confirmTitle: 'Diesen verwandten Alert löschen?',
    confirmText: '„{title}“ wird nach „Gelöscht“ verschoben. Sie können den Alert in der Ansicht „Gelöscht“ wiederherstellen.',
    confirmDelete: 'Alert löschen',
    cancel: 'Behalten',
  },
  showInFeed: 'In den Alerts zeigen',
  done: 'Fertig',
} satisfies Translation<typeof en>;
