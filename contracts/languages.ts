/**
 * Interface languages a user may choose: the languages web/src/i18n and the mails have strings for. A module of
 * its own so the web app's first screen takes this list without the account schemas.
 */
export const LANGUAGES = ['en', 'de'] as const;

/**
 * Another language's strings of an area, web or server: exactly the English keys and nesting, every leaf a string
 * (an ICU message).
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
