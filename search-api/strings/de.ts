// German strings of the server (formal "Sie"); the keys and ICU arguments are the English ones (strings.test.ts).
import type { ServerStrings } from './en.ts';
import { ask } from './de/ask.ts';
import { files } from './de/files.ts';
import { insights } from './de/insights.ts';
import { integrations } from './de/integrations.ts';
import { landing } from './de/landing.ts';
import { reports } from './de/reports.ts';
import { slack } from './de/slack.ts';
import { teams } from './de/teams.ts';

export const de: ServerStrings = {
  ask,
  files,
  insights,
  integrations,
  landing,
  digest: {
    brand: '{company} · Rivalscope-Digest',
    openFeed: 'Intel-Feed in Rivalscope öffnen',
    openFeedText: 'Intel-Feed öffnen: {url}',
    reason: 'Sie erhalten diesen Digest, weil E-Mail-Digests in Ihrem Rivalscope-Profil aktiviert sind.',
    settings: 'E-Mail-Einstellungen ändern',
    settingsText: 'E-Mail-Einstellungen ändern: {url}',
    testSubject: '[Test] {subject}',
  },
  invitation: {
    join: 'Einladung zu {company} auf Rivalscope',
    lead: '{inviter} hat Sie als {role, select, admin {Admin} curator {Kurator} other {Mitglied}} zu {company} auf Rivalscope eingeladen.',
    someAdmin: 'Ein Admin',
    accept: 'Einladung annehmen',
    acceptText: 'Einladung annehmen: {url}',
    expires: 'Der Link ist einmal gültig und läuft am {date} ab.',
    fallback: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse:',
  },
  passwordReset: {
    subject: 'Ihr Rivalscope-Passwort zurücksetzen',
    lead: 'Hallo {name}, jemand möchte das Passwort Ihres Rivalscope-Kontos zurücksetzen. Wenn Sie das waren, wählen Sie ein neues Passwort; andernfalls ignorieren Sie diese E-Mail, und Ihr Passwort bleibt unverändert.',
    action: 'Neues Passwort wählen',
    actionText: 'Neues Passwort wählen: {url}',
    expires: 'Der Link ist einmal und eine Stunde lang gültig.',
    fallback: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse:',
  },
  survey: {
    subject: '{company} bittet um Ihre Rückmeldung',
    reminderSubject: 'Erinnerung: {company} bittet um Ihre Rückmeldung',
    lead: '{name, select, none {Guten Tag,} other {Guten Tag {name},}} vielen Dank, dass Sie {company} in Betracht gezogen haben. Möchten Sie uns in wenigen Minuten sagen, was bei Ihrer Entscheidung den Ausschlag gab? Ihre Antworten gehen nur an {company}.',
    action: 'Zur Umfrage',
    actionText: 'Zur Umfrage: {url}',
    note: 'Der Link gilt nur für Sie und funktioniert bis zum {date}.',
    fallback: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse:',
  },
  reports,
  slack,
  teams,
};
