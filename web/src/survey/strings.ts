// The public survey page's words without the app's translator (i18next would be most of the page's budget): both
// languages' files of the survey area imported as they are, the language picked from ?lng= and then the browser's
// languages, and a formatter for the only ICU the area uses, {name} arguments. A built file's messages arrive
// parsed (scripts/precompiled-messages.ts): literal and argument elements; in tests they are the source strings.
import type { LANGUAGES } from '../../../contracts/languages.ts';
import de from '../i18n/locales/de/survey.ts';
import en from '../i18n/locales/en/survey.ts';

/** The app's languages: the locales test keeps every area, this one too, in each of them. */
export type SurveyLanguage = (typeof LANGUAGES)[number];
/** A key of the survey area as the app names it ('survey.errors.required'), so the app's key check covers it. */
export type SurveyT = (key: `survey.${string}`, values?: Record<string, string | number>) => string;

type Element = { type: number; value: string };
type Tree = { [key: string]: string | Element[] | Tree };
const TABLES: Record<SurveyLanguage, Tree> = { en: en as Tree, de: de as Tree };
/** intl-messageformat's element types: 0 literal, 1 argument. */
const LITERAL = 0;

/** The first supported language of ?lng= and then the browser's list ('de-AT' → 'de'), English last. */
export function surveyLanguage(search: string, browser: readonly string[]): SurveyLanguage {
  const asked = [new URLSearchParams(search).get('lng'), ...browser];
  for (const code of asked) {
    const base = code?.toLowerCase().split(/[-_]/)[0];
    if (base && Object.hasOwn(TABLES, base)) return base as SurveyLanguage;
  }
  return 'en';
}

function format(message: string | Element[], values: Record<string, string | number>): string {
  if (typeof message === 'string') return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
  return message.map((e) => (e.type === LITERAL ? e.value : String(values[e.value] ?? ''))).join('');
}

function lookup(tree: Tree, key: string): string | Element[] | undefined {
  let node: Tree | string | Element[] | undefined = tree;
  for (const part of key.split('.')) node = node && typeof node === 'object' && !Array.isArray(node) ? node[part] : undefined;
  return typeof node === 'string' || Array.isArray(node) ? node : undefined;
}

/** The translator of one language; a key it lacks reads as the English string (the locales test keeps them equal). */
export function surveyStrings(language: SurveyLanguage): SurveyT {
  return (key, values = {}) => {
    const path = key.slice('survey.'.length);
    return format(lookup(TABLES[language], path) ?? lookup(TABLES.en, path) ?? key, values);
  };
}
