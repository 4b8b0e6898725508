// German strings of the bookmarks menu of the top navigation.
import type en from '../en/bookmarks.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  label: 'Lesezeichen',
  title: 'Lesezeichen',
  addThis: 'Lesezeichen setzen',
  thisIsBookmarked: 'Diese Seite ist als Lesezeichen gespeichert',
  empty: 'Noch keine Lesezeichen. Speichern Sie eine Seite als Lesezeichen, um sie mit einem Klick wieder aufzurufen.',
  failed: 'Lesezeichen konnten nicht geladen werden',
  retry: 'Erneut versuchen',
  external: 'Wird in einem neuen Tab geöffnet',
  rename: '{name} umbenennen',
  remove: '{name} löschen',
  dialog: {
    addTitle: 'Lesezeichen setzen',
    renameTitle: 'Lesezeichen umbenennen',
    name: 'Name',
    url: 'Adresse',
    save: 'Speichern',
    cancel: 'Abbrechen',
    nameRequired: 'Geben Sie einen Namen ein',
    nameTooLong: 'Höchstens {max} Zeichen',
  },
  confirm: {
    title: 'Dieses Lesezeichen löschen?',
    text: '„{name}“ wird aus Ihren Lesezeichen entfernt. Die Seite selbst bleibt erhalten.',
    delete: 'Lesezeichen löschen',
    cancel: 'Behalten',
  },
  toast: {
    added: '„{name}“ als Lesezeichen gespeichert',
    renamed: 'Lesezeichen umbenannt',
    removed: 'Lesezeichen gelöscht',
    addFailed: 'Das Lesezeichen konnte nicht gespeichert werden',
    renameFailed: 'Das Lesezeichen konnte nicht umbenannt werden',
    removeFailed: 'Das Lesezeichen konnte nicht gelöscht werden',
  },
} satisfies Translation<typeof en>;
