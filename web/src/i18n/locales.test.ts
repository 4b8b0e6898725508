// Every language holds every English string: the same areas, keys and nesting, the same ICU arguments and tags,
// each message parses, and each plural names every category its language's rules have (German: one, other).
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './index.ts';

type Strings = { [key: string]: string | Strings };
const files = import.meta.glob<{ default: Strings }>('./locales/*/*.ts', { eager: true });
const byLanguage = new Map<string, Map<string, Strings>>();
for (const [file, mod] of Object.entries(files)) {
  const [, , language, name] = file.split('/');
  if (!byLanguage.has(language)) byLanguage.set(language, new Map());
  byLanguage.get(language)!.set(name.replace(/\.ts$/, ''), mod.default);
}

function leaves(tree: Strings, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }>; children?: Element[] };
/** The arguments a message takes, and the plural categories of each plural in it. */
function shape(message: string, language: string): { args: string[]; plurals: string[][] } {
  const args = new Set<string>();
  const plurals: string[][] = [];
  const walk = (elements: Element[]) => {
    for (const e of elements) {
      if (e.value !== undefined && e.type !== 0 && e.type !== 7) args.add(e.value);
      if (e.type === 6 && e.options) plurals.push(Object.keys(e.options).sort());
      for (const option of Object.values(e.options ?? {})) walk(option.value);
      if (e.children) walk(e.children);
    }
  };
  walk(new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).getAst() as Element[]);
  return { args: [...args].sort(), plurals };
}

const tags = (message: string) => [...message.matchAll(/<(\/?\w+)>/g)].map((m) => m[1]).sort();

describe('translation files', () => {
  const english = byLanguage.get('en')!;

  it('ship every supported language, and only those', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(english.size).toBeGreaterThan(20);
  });

  for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
    it(`hold in ${language} every English area and key, with the same arguments and tags`, () => {
      const strings = byLanguage.get(language)!;
      expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
      const problems: string[] = [];
      for (const [area, tree] of english) {
        const theirs = new Map(leaves(strings.get(area) ?? {}));
        const ours = leaves(tree);
        const extra = [...theirs.keys()].filter((k) => !ours.some(([key]) => key === k));
        problems.push(...extra.map((k) => `${area}.${k}: not in English`));
        for (const [key, message] of ours) {
          const translated = theirs.get(key);
          if (translated === undefined) {
            problems.push(`${area}.${key}: missing`);
            continue;
          }
          if (shape(translated, language).args.join() !== shape(message, 'en').args.join()) problems.push(`${area}.${key}: other arguments`);
          if (tags(translated).join() !== tags(message).join()) problems.push(`${area}.${key}: other tags`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('parse in every language, with every plural category the language needs', () => {
    const problems: string[] = [];
    let messages = 0;
    for (const [language, areas] of byLanguage) {
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories.filter((c) => c !== 'zero');
      for (const [area, tree] of areas) {
        for (const [key, message] of leaves(tree)) {
          messages += 1;
          try {
            for (const categories of shape(message, language).plurals) {
              const lacking = needed.filter((c) => !categories.includes(c));
              if (lacking.length) problems.push(`${language}/${area}.${key}: no ${lacking.join(', ')}`);
            }
          } catch (err) {
            problems.push(`${language}/${area}.${key}: ${(err as Error).message}`);
          }
        }
      }
    }
    expect(messages).toBeGreaterThan(2000);
    expect(problems).toEqual([]);
  });
});
