// Every language holds every English string: the same areas, keys and nesting, the same ICU arguments and tags,
// each message parses, and each plural names every category its language's rules have (German: one, other).
import { describe, expect, it } from 'vitest';
import { argumentNames, leaves, pluralCategories, tagsOf, type MessageTree } from '../../../tests/helpers/messages.ts';
import { SUPPORTED_LANGUAGES } from './index.ts';

const files = import.meta.glob<{ default: MessageTree }>('./locales/*/*.ts', { eager: true });
const byLanguage = new Map<string, Map<string, MessageTree>>();
for (const [file, mod] of Object.entries(files)) {
  const [, , language, name] = file.split('/');
  if (!byLanguage.has(language)) byLanguage.set(language, new Map());
  byLanguage.get(language)!.set(name.replace(/\.ts$/, ''), mod.default);
}

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
          if (argumentNames(translated, language).join() !== argumentNames(message, 'en').join()) problems.push(`${area}.${key}: other arguments`);
          if (tagsOf(translated).join() !== tagsOf(message).join()) problems.push(`${area}.${key}: other tags`);
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
            for (const categories of pluralCategories(message, language)) {
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
