import { describe, expect, it } from 'vitest';
import type { Criterion } from '../../../contracts/search.ts';
import { criterionDataMode, cycleCriterion, findCriterion, removeCriterion } from './criteria.ts';

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
