// English strings of the server in ICU MessageFormat, formatted by ./index.ts, one area per key. Only the
// product's own words: what users wrote (digest titles, intros, posts, names) reaches a reader as they wrote it.
import type { Translation } from '../../contracts/languages.ts';
import { ask } from './en/ask.ts';
import { files } from './en/files.ts';
import { insights } from './en/insights.ts';
import { integrations } from './en/integrations.ts';
import { landing } from './en/landing.ts';
import { reports } from './en/reports.ts';
import { slack } from './en/slack.ts';
import { teams } from './en/teams.ts';

export const en = {
  ask,
  files,
  insights,
  integrations,
  landing,
  digest: {
    brand: '{company} · Rivalscope digest',
    openFeed: 'Open the intel feed in Rivalscope',
    openFeedText: 'Open the intel feed: {url}',
    reason: 'You receive this digest because email digests are on in your Rivalscope profile.',
    settings: 'Change your email settings',
    settingsText: 'Change your email settings: {url}',
    testSubject: '[Test] {subject}',
  },
  invitation: {
    join: 'Join {company} on Rivalscope',
    lead: '{inviter} invited you to join {company} on Rivalscope as {role, select, admin {an admin} curator {a curator} other {a member}}.',
    someAdmin: 'An admin',
    accept: 'Accept the invitation',
    acceptText: 'Accept the invitation: {url}',
    expires: 'The link works once and expires on {date}.',
    fallback: 'If the button does not work, open this address:',
  },
  passwordReset: {
    subject: 'Reset your Rivalscope password',
    lead: 'Hello {name}, someone asked to reset the password of your Rivalscope account. If it was you, choose a new password; if not, ignore this mail and your password stays as it is.',
    action: 'Choose a new password',
    actionText: 'Choose a new password: {url}',
    expires: 'The link works once and for one hour.',
    fallback: 'If the button does not work, open this address:',
  },
  survey: {
    subject: '{company} would like your feedback',
    reminderSubject: 'Reminder: {company} would like your feedback',
    lead: '{name, select, none {Hello,} other {Hello {name},}} thank you for considering {company}. Would you tell us in a few minutes what decided your choice? Your answers go to {company} only.',
    action: 'Answer the survey',
    actionText: 'Answer the survey: {url}',
    note: 'The link is yours alone and works until {date}.',
    fallback: 'If the button does not work, open this address:',
  },
  reports,
  slack,
  teams,
};

/** What every language's server strings are: the English keys, each a message. */
export type ServerStrings = Translation<typeof en>;
