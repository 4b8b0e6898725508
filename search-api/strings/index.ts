// The words the server writes for people (mails, and texts it generates for screens), and dates, in the reader's
// language. A language with no strings here gets English, so every reader still gets readable text.
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { de } from './de.ts';
import { en, type ServerStrings } from './en.ts';

const STRINGS = { en, de } satisfies Record<string, ServerStrings>;
export type ReaderLanguage = keyof typeof STRINGS;

type Leaves<T, P extends string = ''> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`> }[keyof T & string];
export type StringKey = Leaves<ServerStrings>;

/** The reader's language of a user's language code ('de-AT' → 'de'); English when the server has no strings in it. */
export function readerLanguage(code: string | null | undefined): ReaderLanguage {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(STRINGS, base) ? (base as ReaderLanguage) : 'en';
}

export const serverStrings = (language: string | null | undefined): ServerStrings => STRINGS[readerLanguage(language)];

/** Parsed once per language and key: a digest send formats the same messages for every batch. */
const compiled = new Map<string, IntlMessageFormat>();

export function format(language: string | null | undefined, key: StringKey, values?: Record<string, PrimitiveType>): string {
  const lang = readerLanguage(language);
  let message = compiled.get(`${lang}:${key}`);
  if (!message) {
    const source = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], STRINGS[lang]) as string;
    message = new IntlMessageFormat(source, lang);
    compiled.set(`${lang}:${key}`, message);
  }
  return message.format(values) as string;
}

/** The English name of a reader's language, for telling a model which language to write in ('de' → 'German'). */
export const languageName = (language: string | null | undefined): string =>
  new Intl.DisplayNames('en', { type: 'language' }).of(readerLanguage(language)) ?? 'English';

/** A calendar day in the reader's language, in UTC as stored ('Dec 6, 2026', '6. Dezember 2026'). */
export const formatDay = (language: string | null | undefined, date: Date, month: 'short' | 'long') =>
  new Intl.DateTimeFormat(readerLanguage(language), { day: 'numeric', month, year: 'numeric', timeZone: 'UTC' }).format(date);
