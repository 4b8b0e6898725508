import { describe, expect, it } from 'vitest';
import de from '../i18n/locales/de/help.ts';
import en from '../i18n/locales/en/help.ts';
import { filterQuestions, HELP_GROUPS, questionKey, questionOfHash } from './questions.ts';

const ids = HELP_GROUPS.flatMap((g) => g.questions);
type Questions = Record<string, { q: string; a: string }>;
const read = (strings: { questions: unknown }) => (id: string) => (strings.questions as Questions)[id];

describe('help questions', () => {
  it('are grouped for sellers, curators and admins, each question once, with an id fit for a URL', () => {
    expect(HELP_GROUPS.map((g) => g.id)).toEqual(['sellers', 'curators', 'admins']);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(questionKey('find-cards', 'a')).toBe('help.questions.find-cards.a');
  });

  it('have a question and an answer in every language, and nothing else', () => {
    for (const strings of [en, de]) {
      expect(Object.keys(strings.questions).sort()).toEqual([...ids].sort());
      for (const id of ids) {
        expect(read(strings)(id).q, id).toMatch(/\?$/);
        expect(read(strings)(id).a.length, id).toBeGreaterThan(100);
      }
    }
  });

  it('narrow as the filter is typed: every word, any order, in the question or the answer', () => {
    const all = filterQuestions('', read(en));
    expect(all.flatMap((g) => g.questions)).toEqual(ids);
    const battlecard = filterQuestions('battlecard', read(en)).flatMap((g) => g.questions);
    expect(battlecard).toContain('read-battlecard');
    expect(battlecard).toContain('build-battlecard');
    expect(battlecard.length).toBeLessThan(ids.length);
    expect(filterQuestions('  DIGEST   stop ', read(en)).flatMap((g) => g.questions)).toEqual(['digests']);
    // Only groups with a match are left.
    expect(filterQuestions('invitation link', read(en)).map((g) => g.id)).toEqual(['admins']);
    expect(filterQuestions('zzzz', read(en))).toEqual([]);
  });

  it('filter without regard to case or accents, and read the answer as shown (no tags)', () => {
    expect(filterQuestions('PRUFEN', read(de)).flatMap((g) => g.questions).length).toBeGreaterThan(0);
    expect(filterQuestions('kbd', read(en))).toEqual([]);
  });

  it('open the question a URL’s hash names, and only a real one', () => {
    expect(questionOfHash('#search-modes')).toBe('search-modes');
    expect(questionOfHash('search-modes')).toBe('search-modes');
    expect(questionOfHash('#nope')).toBeNull();
    expect(questionOfHash('#%E0%A4%A')).toBeNull();
    expect(questionOfHash('')).toBeNull();
  });
});
