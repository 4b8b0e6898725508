// Mail texts and dates in a recipient's language. A language the mails have no strings for gets English, so
// every user still gets a readable mail whatever their interface language.
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { de } from './de.ts';
import { en, type MailStrings } from './en.ts';

const STRINGS = { en, de } satisfies Record<string, MailStrings>;
export type MailLanguage = keyof typeof STRINGS;

type Leaves<T, P extends string = ''> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`> }[keyof T & string];
export type MailKey = Leaves<MailStrings>;

/** The mail language of a user's language code ('de-AT' → 'de'); English when the mails lack it. */
export function mailLanguage(code: string | null | undefined): MailLanguage {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(STRINGS, base) ? (base as MailLanguage) : 'en';
}

export const mailStrings = (language: string | null | undefined): MailStrings => STRINGS[mailLanguage(language)];

/** Parsed once per language and key: a digest send formats the same messages for every batch. */
const compiled = new Map<string, IntlMessageFormat>();

export function format(language: string | null | undefined, key: MailKey, values?: Record<string, PrimitiveType>): string {
  const lang = mailLanguage(language);
  let message = compiled.get(`${lang}:${key}`);
  if (!message) {
    const source = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], STRINGS[lang]) as string;
    message = new IntlMessageFormat(source, lang);
    compiled.set(`${lang}:${key}`, message);
  }
  return message.format(values) as string;
}

/** A calendar day in the mail's language, in UTC as stored ('Dec 6, 2026', '6. Dezember 2026'). */
export const formatDay = (language: string | null | undefined, date: Date, month: 'short' | 'long') =>
  new Intl.DateTimeFormat(mailLanguage(language), { day: 'numeric', month, year: 'numeric', timeZone: 'UTC' }).format(date);
