// The translator: strings in i18next's resource format (nested keys, {{name}} interpolation, _zero/_one/_other
// plural suffixes chosen by Intl.PluralRules), the language detected from ?lng=, a cookie, localStorage, then the
// browser (the spec's bootstrap order), English as the default and the fallback. Written here rather than
// taken from i18next because i18next, its React binding and its detector weighed about 20 kB gzipped on every
// first screen, and the product uses only this much of them.
import { en } from './en.ts';
import { missingKey } from './missing.ts';

type Strings = { [key: string]: string | Strings };
export type TranslateValues = { count?: number; defaultValue?: string; [name: string]: unknown };

const SUPPORTED_LANGUAGES = ['en'] as const;
const FALLBACK = 'en';
const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'navigator'] as const;
const QUERY_PARAM = 'lng';
const COOKIE = 'i18next';
const STORAGE_KEY = 'i18nextLng';

const resources: Record<string, Strings> = { en: en as Strings };

/** The supported language a code asks for ('en-GB' → 'en'), or null. */
export function supportedLanguage(code: string | null | undefined): string | null {
  if (!code) return null;
  const base = code.toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? base : null;
}

function detected(): Record<(typeof DETECTION_ORDER)[number], () => string | null | undefined> {
  return {
    querystring: () => new URLSearchParams(window.location.search).get(QUERY_PARAM),
    cookie: () => document.cookie.match(new RegExp(`(?:^|; )${COOKIE}=([^;]*)`))?.[1],
    localStorage: () => window.localStorage.getItem(STORAGE_KEY),
    navigator: () => navigator.languages?.find((l) => supportedLanguage(l)) ?? navigator.language,
  };
}

function detectLanguage(): string {
  if (typeof window === 'undefined') return FALLBACK;
  const sources = detected();
  for (const source of DETECTION_ORDER) {
    try {
      const language = supportedLanguage(sources[source]());
      if (language) return language;
    } catch {
      // A blocked cookie or storage only means the next source decides.
    }
  }
  return FALLBACK;
}

function lookup(strings: Strings | undefined, key: string): string | undefined {
  let node: string | Strings | undefined = strings;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

let language = detectLanguage();
const listeners = new Set<() => void>();

/** The string for a key in a language (else English, else the key), with values put in. */
function translate(lang: string, key: string, values?: TranslateValues): string {
  const found = (from: string) => {
    const strings = resources[from];
    if (typeof values?.count === 'number') {
      // As in i18next, a _zero form, when a string has one, wins for 0 in every language.
      const zero = values.count === 0 ? lookup(strings, `${key}_zero`) : undefined;
      const plural = zero ?? lookup(strings, `${key}_${pluralOf(from, values.count)}`) ?? lookup(strings, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(strings, key);
  };
  const template = found(lang) ?? found(FALLBACK) ?? values?.defaultValue ?? missingKey(key);
  if (!values) return template;
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export type Translate = (key: string, values?: TranslateValues) => string;

/** Translates in the current language. */
export const t: Translate = (key, values) => translate(language, key, values);

/** Translates in one language: a new function per language, so React memos that depend on it follow a change. */
export const translator = (lang: string): Translate => (key, values) => translate(lang, key, values);

const i18n = {
  get language(): string {
    return language;
  },
  supportedLanguages: SUPPORTED_LANGUAGES as readonly string[],
  t,
  /** Switches the language (an unsupported code falls back to English) and remembers it in this browser. */
  changeLanguage(code: string): void {
    const next = supportedLanguage(code) ?? FALLBACK;
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered; the account's language still applies on the next sign-in.
    }
    if (next === language) return;
    language = next;
    for (const listener of listeners) listener();
  },
  /** Adds an area's strings under its key (see register.ts). */
  addStrings(lang: string, area: string, strings: Strings): void {
    resources[lang] = { ...resources[lang], [area]: strings };
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export default i18n;
