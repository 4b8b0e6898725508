// German strings of the dashboard's favorites, curator toolbar, the user's own view, company picker and tile menu.
import type en from '../en/dashboardTools.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  favorites: {
    heading: 'Favoriten',
    star: '{name} zu Favoriten hinzufügen',
    unstar: '{name} aus Favoriten entfernen',
    favorited: '{name} zu Favoriten hinzugefügt',
    unfavorited: '{name} aus Favoriten entfernt',
    undo: 'Rückgängig',
    failed: 'Ihre Favoriten konnten nicht aktualisiert werden',
  },
  toolbar: {
    label: 'Kuratorwerkzeuge',
    newBoard: 'Neues Board',
    saveDefaults: 'Als Standard speichern',
    saveDefaultsSuccess: 'Gespeichert. Mitglieder sehen jetzt zuerst diesen Gruppenfilter und diese Sortierung.',
    saveDefaultsSuccessTitle: 'Dashboard-Standard gespeichert',
    saveDefaultsError: 'Der Dashboard-Standard konnte nicht gespeichert werden',
    close: 'Schließen',
    viewAs: 'Ansicht als',
    viewAsPlaceholder: 'Kuratoransicht',
    everyone: 'Alle',
    viewingAsEveryone: 'Sie sehen das Dashboard wie alle (Mitglieder ohne Sichtbarkeitsgruppe)',
    exitViewAs: 'Beenden',
  },
  ownView: {
    companyDefault: 'Unternehmensstandard',
    saveError: 'Ihre Auswahl von Gruppe und Sortierung konnte nicht gespeichert werden',
  },
  companyPicker: {
    label: 'Unternehmen',
    placeholder: 'Unternehmen nach Name oder Domain suchen',
    hint: 'Wählen Sie ein Unternehmen, um Name und Website auszufüllen',
    empty: 'Kein passendes Unternehmen',
  },
  tileMenu: {
    label: 'Aktionen für {name}',
    publish: {
      label: 'Veröffentlichen',
      done: '{name} veröffentlicht',
      failed: '{name} konnte nicht veröffentlicht werden',
    },
    unpublish: {
      label: 'Zurückziehen',
      done: '{name} zurückgezogen: Nur Kuratoren sehen es jetzt',
      failed: '{name} konnte nicht zurückgezogen werden',
    },
    removeFromGroup: {
      label: 'Aus Gruppe entfernen',
      done: '{name} aus {group} entfernt',
      failed: '{name} konnte nicht aus {group} entfernt werden',
    },
  },
} satisfies Translation<typeof en>;
