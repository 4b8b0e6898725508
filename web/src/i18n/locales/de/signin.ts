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
  sso: {
    continue: 'Weiter',
    continueSso: 'Weiter mit Single Sign-on',
    usePassword: 'Stattdessen mit Passwort anmelden',
    errors: {
      sso_not_configured: 'Für diese Adresse ist kein Single Sign-on eingerichtet.',
      sso_required: 'Ihr Unternehmen meldet sich per Single Sign-on an. Geben Sie Ihre E-Mail-Adresse ein und fahren Sie mit Single Sign-on fort.',
      sso_state_invalid: 'Dieser Anmeldeversuch ist abgelaufen oder wurde in einem anderen Browser begonnen. Bitte versuchen Sie es erneut.',
      sso_failed: 'Die Antwort Ihres Identitätsanbieters konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
      sso_replayed: 'Diese Anmeldeantwort wurde bereits verwendet. Bitte melden Sie sich erneut an.',
      sso_email_missing: 'Ihr Identitätsanbieter hat keine E-Mail-Adresse übermittelt. Bitten Sie Ihren Admin, sie für Rivalscope freizugeben.',
      sso_email_other_company: 'Diese E-Mail-Adresse gehört zu einem Konto eines anderen Unternehmens.',
    },
  },
} satisfies Translation<typeof en>;
