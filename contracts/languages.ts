/**
 * Interface languages a user may choose: the languages web/src/i18n and the mails have strings for. A module of
 * its own so the web app's first screen takes this list without the account schemas.
 */
export const LANGUAGES = ['en', 'de'] as const;
