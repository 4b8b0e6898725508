import { describe, expect, it } from 'vitest';
import type { Criterion } from '../../../contracts/search.ts';
import searchFilters from '../i18n/locales/en/searchFilters.ts';
import { chipGroupKeys, chipGroups, criterionDataMode, cycleCriterion, findCriterion, modeWords, removeCriterion } from './criteria.ts';

const tag7 = { field: 'tag' as const, value: 7 };

describe('cycleCriterion', () => {
  it('adds an unselected item as should', () => {
    expect(cycleCriterion([], tag7)).toEqual([{ field: 'tag', value: 7, type: 'should' }]);
  });

  it('cycles should → must → must_not → should', () => {
    let c: Criterion[] = cycleCriterion([], tag7);
    const seen = [findCriterion(c, tag7)!.type];
    for (let i = 0; i < 3; i++) {
      c = cycleCriterion(c, tag7);
      seen.push(findCriterion(c, tag7)!.type);
    }
    expect(seen).toEqual(['should', 'must', 'must_not', 'should']);
    expect(c).toHaveLength(1);
  });

  it('keeps the order of other criteria and does not mutate', () => {
    const before: Criterion[] = [
      { field: 'board', value: 1, type: 'should' },
      { field: 'tag', value: 7, type: 'must' },
      { field: 'board', value: 7, type: 'should' },
    ];
    const after = cycleCriterion(before, tag7);
    expect(after.map((c) => `${c.field}-${c.value}:${c.type}`)).toEqual(['board-1:should', 'tag-7:must_not', 'board-7:should']);
    expect(before[1].type).toBe('must');
  });

  it('treats the same id on another field as another criterion', () => {
    expect(cycleCriterion([{ field: 'board', value: 7, type: 'must' }], tag7)).toHaveLength(2);
  });
});

describe('removeCriterion', () => {
  it('removes only the target', () => {
    expect(removeCriterion([{ field: 'tag', value: 7, type: 'must' }, { field: 'board', value: 7, type: 'should' }], tag7)).toEqual([
      { field: 'board', value: 7, type: 'should' },
    ]);
  });
});

describe('criterionDataMode', () => {
  it('answers off for an unselected item', () => {
    expect(criterionDataMode(undefined)).toBe('off');
    expect(criterionDataMode({ field: 'tag', value: 1, type: 'must_not' })).toBe('must_not');
  });
});

describe('chipGroups', () => {
  it('groups the applied criteria by kind and mode, in the order first applied', () => {
    const criteria: Criterion[] = [
      { field: 'tag', value: 7, type: 'should' },
      { field: 'board', value: 1, type: 'must_not' },
      { field: 'tag', value: 8, type: 'must' },
      { field: 'tag', value: 9, type: 'should' },
    ];
    expect(chipGroups(criteria).map((g) => [g.field, g.type, g.criteria.map((c) => c.value)])).toEqual([
      ['tag', 'should', [7, 9]],
      ['board', 'must_not', [1]],
      ['tag', 'must', [8]],
    ]);
    expect(chipGroups([])).toEqual([]);
  });
});

describe('words of modes and chip groups', () => {
  it('names every mode and chip group with a key of the searchFilters strings', () => {
    const strings = searchFilters as unknown as Record<string, Record<string, unknown>>;
    const lookup = (key: string) => key.split('.').slice(1).reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], strings);
    for (const c of [undefined, ...(['should', 'must', 'must_not'] as const).map((type) => ({ field: 'tag' as const, value: 1, type }))]) {
      const { modeKey, nextKey } = modeWords(c);
      expect(typeof lookup(modeKey), modeKey).toBe('string');
      expect(typeof lookup(nextKey), nextKey).toBe('string');
    }
    for (const type of ['should', 'must', 'must_not'] as const) {
      for (const field of ['board', 'tag', 'rival'] as const) {
        const { labelKey, hintKey } = chipGroupKeys({ field, type });
        expect(lookup(labelKey), labelKey).toMatch(/^\{count, plural, one \{.+\} other \{.+\}\}$/);
        expect(typeof lookup(hintKey), hintKey).toBe('string');
      }
    }
    // Words, not the query language: no "should", "must_not" or "ANY" reaches the reader.
    const leaves = (o: unknown): string[] => (typeof o === 'string' ? [o] : Object.values(o as object).flatMap(leaves));
    for (const text of leaves(searchFilters)) expect(text).not.toMatch(/\b(should|must_not|ANY)\b/);
  });
});
