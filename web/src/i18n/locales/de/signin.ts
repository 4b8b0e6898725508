// German strings of the sign-in page.
import type en from '../en/signin.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Bei Rivalscope anmelden',
  subtitle: 'Wettbewerbsanalyse für Vertriebs- und Produktteams',
  email: 'E-Mail',
  emailPlaceholder: 'you@company.com',
  password: 'Passwort',
  submit: 'Anmelden',
  demoHint: 'Demo: admin@demo.test, curator@demo.test, seller@demo.test, staff@demo.test – Passwort demo-password',
  errorTitle: 'Anmeldung fehlgeschlagen',
  errors: {
    generic: 'Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    network: 'Rivalscope ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    required: 'Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
    invalid: 'E-Mail-Adresse oder Passwort ist falsch.',
    deactivated: 'Dieses Konto wurde deaktiviert. Bitten Sie einen Admin Ihres Unternehmens, es wieder zu aktivieren.',
    tooMany: '{seconds, plural, one {Zu viele Anmeldeversuche. Versuchen Sie es in # Sekunde erneut.} other {Zu viele Anmeldeversuche. Versuchen Sie es in # Sekunden erneut.}}',
  },
} satisfies Translation<typeof en>;
