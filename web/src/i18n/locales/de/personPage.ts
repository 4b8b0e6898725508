// German strings of a person's page (/users/{id}).
import type en from '../en/personPage.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Person',
  failed: 'Diese Seite konnte nicht geladen werden',
  since: 'In Rivalscope seit {date}',
  deactivated: 'Deaktiviert am {date}',
  editProfile: 'Profil bearbeiten',
  manage: 'Unter „Benutzer“ verwalten',
  roles: {
    admin: 'Admin',
    curator: 'Kurator',
    seller: 'Mitglied',
  },
  cardsTab: '{count, plural, one {Karten · #} other {Karten · #}}',
  intelTab: '{count, plural, one {Intel gemeldet · #} other {Intel gemeldet · #}}',
  noCards: '{name} hat noch keine Karte geschrieben, die Sie sehen können.',
  noIntel: '{name} hat noch keine Intel gemeldet.',
  card: 'Karte',
  rival: 'Wettbewerber',
  lane: 'Spalte',
  updated: 'Aktualisiert',
  intel: 'Intel',
  rivals: 'Wettbewerber',
  state: 'Status',
  submitted: 'Gemeldet',
  states: {
    unprocessed: 'Unbearbeitet',
    working: 'In Arbeit',
    archived: 'Archiviert',
    deleted: 'Gelöscht',
  },
} satisfies Translation<typeof en>;
