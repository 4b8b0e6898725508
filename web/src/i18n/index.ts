// The translator: i18next with ICU MessageFormat strings (i18next-icu: `{name}`, `{count, plural, one {…} other {…}}`,
// plural rules of each language). Strings live in locales/<language>/<area>.ts and load lazily, one chunk per
// language and area: the core areas before the first screen renders (ready), the others with the chunk that
// shows them (areas/<area>.ts). The language is the user's saved one once signed in (shell/AuthGate.tsx);
// before that ?lng=, a cookie, localStorage, then the browser decide (the spec's bootstrap order), English last.
import i18next, { type BackendModule, type TOptions } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '../../../contracts/languages.ts';
import { CORE_AREAS } from './coreAreas.ts';
import { missingKey } from './missing.ts';
import { isPlainText } from './plainText.ts';

export { CORE_AREAS };

/** The languages the web app and the mails ship strings for (a user's profile picks one of them). */
export const SUPPORTED_LANGUAGES = LANGUAGES;
const FALLBACK = 'en';
const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'navigator'] as const;
const QUERY_PARAM = 'lng';
const COOKIE = 'i18next';
const STORAGE_KEY = 'i18nextLng';

type Strings = { [key: string]: string | Strings };
const locales = import.meta.glob<{ default: Strings }>('./locales/*/*.ts');
/** Every area that has strings: an area's keys start with its name (landing.title), core's are top-level. */
const AREAS = [...new Set(Object.keys(locales).map((file) => file.split('/')[3].replace(/\.ts$/, '')))];

/** The supported language a code asks for ('de-AT' → 'de'), or null. */
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

/** Reads locales/<language>/<area>.ts; an area's strings sit under its name, core's at the top. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, area, done) {
    const load = locales[`./locales/${language}/${area}.ts`];
    if (!load) return done(new Error(`No strings for ${language}/${area}`), false);
    load().then(
      (m) => done(null, area === 'core' ? m.default : { [area]: m.default }),
      (err: Error) => done(err, false),
    );
  },
};

// i18next-icu formats messages with intl-messageformat. The built app's messages arrive parsed (an AST, see
// scripts/precompiled-messages.ts) and the parser is left out of the bundle; text that reads as itself is not
// formatted at all.
const icu = new ICU() as InstanceType<typeof ICU> & { parse(message: unknown, ...rest: unknown[]): unknown };
const format = icu.parse.bind(icu);
icu.parse = (message, ...rest) => (typeof message === 'string' && isPlainText(message) ? message : format(message, ...rest));

const i18n = i18next.createInstance();
const ready = i18n
  .use(lazyLocales)
  .use(icu)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    fallbackLng: FALLBACK,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: [...CORE_AREAS],
    defaultNS: 'core',
    // A key names its area (landing.title): it is looked up in core first, then in every loaded area.
    fallbackNS: AREAS.filter((a) => a !== 'core'),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    // A key no language holds: its default value if the caller gave one, else the key, reported (missing.ts).
    parseMissingKeyHandler: (key, defaultValue) => (defaultValue as string | undefined) ?? missingKey(key),
  });

/** The language a change is loading, until it is the current one. */
let changingTo: string | undefined;
i18n.on('languageChanging', (language: string) => {
  changingTo = language;
});
// Screen readers and the browser's hyphenation follow the language of the page.
i18n.on('languageChanged', (language) => {
  changingTo = undefined;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** Resolves once the core strings of the detected language are in: main.tsx renders after it. */
export function i18nReady(): Promise<unknown> {
  return ready;
}

const loading = new Set<Promise<unknown>>();

/**
 * Starts loading an area's strings in the current language (and English behind it): areas/<area>.ts calls it
 * when a chunk that shows them loads, and core/chunkReload.ts waits for areasLoaded() before the chunk renders.
 */
export function loadArea(area: string): Promise<unknown> {
  // i18next loads a namespace in the current language only: while a change is on its way (the signed-in user's
  // saved language arriving), the area must load in that language too, or its screen renders in the old one.
  const load = ready.then(() =>
    Promise.all([i18n.loadNamespaces(area), changingTo && changingTo !== i18n.language ? i18n.reloadResources([changingTo], [area]) : null]),
  );
  loading.add(load);
  void load.finally(() => loading.delete(load));
  return load;
}

/** Resolves once every area asked for so far has its strings. */
export function areasLoaded(): Promise<unknown> {
  return Promise.all(loading);
}

/** Switches the language (an unsupported code falls back to English) and remembers it in this browser. */
export async function changeLanguage(code: string): Promise<void> {
  const next = supportedLanguage(code) ?? FALLBACK;
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Not remembered; the account's language still applies on the next sign-in.
  }
  if (next !== i18n.language) await i18n.changeLanguage(next);
}

export type TranslateValues = TOptions & { count?: number; defaultValue?: string };
export type Translate = (key: string, values?: TranslateValues) => string;

/** Translates in the current language, outside React (a module-level label, a notification). */
export const t: Translate = (key, values) => i18n.t(key, values ?? {});

export default i18n;
