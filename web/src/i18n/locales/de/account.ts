// German strings of one's own account security: password reset and two-step verification.
import type en from '../en/account.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  reset: {
    forgot: 'Passwort vergessen?',
    requestTitle: 'Passwort zurücksetzen',
    requestIntro: 'Geben Sie die E-Mail-Adresse Ihres Rivalscope-Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort wählen.',
    email: 'E-Mail',
    emailRequired: 'Geben Sie Ihre E-Mail-Adresse ein',
    send: 'Link zusenden',
    sentTitle: 'Sehen Sie in Ihr Postfach',
    sent: 'Falls {email} ein Rivalscope-Konto hat, ist ein Link zum Zurücksetzen des Passworts unterwegs. Er ist einmal und eine Stunde lang gültig.',
    backToSignIn: 'Zurück zur Anmeldung',
    documentTitle: 'Passwort zurücksetzen',
    title: 'Neues Passwort wählen',
    intro: 'Mit einem neuen Passwort werden Sie überall abgemeldet. Melden Sie sich danach mit dem neuen an.',
    submit: 'Neues Passwort speichern',
    doneTitle: 'Ihr Passwort ist geändert',
    done: 'Melden Sie sich mit Ihrem neuen Passwort an.',
    toSignIn: 'Zur Anmeldung',
    askAgain: 'Neuen Link anfordern',
    problems: {
      unknown: 'Dieser Link funktioniert nicht. Vielleicht ist er unvollständig oder wurde durch einen neueren ersetzt.',
      expired: 'Dieser Link ist abgelaufen: Links sind eine Stunde lang gültig.',
      used: 'Dieser Link wurde bereits verwendet.',
    },
  },
} satisfies Translation<typeof en>;
