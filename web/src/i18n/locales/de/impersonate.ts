// German strings of the impersonation page.
import type en from '../en/impersonate.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Instanz wechseln',
  description: 'Melden Sie sich als einer der folgenden Benutzer an, um Rivalscope aus dessen Sicht zu sehen. Sie können jederzeit zurückwechseln.',
  search: 'Benutzer suchen',
  searchPlaceholder: 'Name, E-Mail oder Benutzername',
  impersonate: 'Anmelden',
  noUsers: 'Keine passenden Benutzer.',
  ownCompanyOnly: 'Die Liste zeigt die Benutzer Ihres eigenen Unternehmens; geben Sie eine Benutzer-ID ein, um sich als jemand anderes anzumelden.',
  failed: 'Anmeldung als Benutzer fehlgeschlagen',
  columns: {
    name: 'Name',
    email: 'E-Mail',
    company: 'Unternehmen',
    roles: 'Rollen',
  },
  consumer: 'Mitglied',
  staff: 'Rivalscope-Team',
} satisfies Translation<typeof en>;
