import { describe, expect, it } from 'vitest';
import type { VisibilityGroupUsage } from '../../../../contracts/settings.ts';
import { askScope, confirmModeOf, deleteConsequences, inOrder, movedIds, namesGroup } from './model.ts';

const group = (id: number, over: Partial<VisibilityGroupUsage> = {}): VisibilityGroupUsage => ({
  id,
  name: `Group ${id}`,
  viewOrder: id,
  membersCount: 0,
  cardsOnlyHere: 0,
  cardsShared: 0,
  askPermitted: false,
  ...over,
});

describe('reordering', () => {
  it('moves an id down or up to the place of the one it was dropped on', () => {
    expect(movedIds([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(movedIds([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(movedIds([1, 2, 3, 4], 2, 1)).toEqual([2, 1, 3, 4]);
  });

  it('answers null when nothing moves or an id is not in the list', () => {
    expect(movedIds([1, 2, 3], 2, 2)).toBeNull();
    expect(movedIds([1, 2, 3], 9, 2)).toBeNull();
    expect(movedIds([1, 2, 3], 1, 9)).toBeNull();
  });

  it('puts the items in the order of the ids, numbered from 1, with items the ids miss after them', () => {
    const items = [group(1, { viewOrder: 4 }), group(2, { viewOrder: 7 }), group(3, { viewOrder: 9 }), group(4, { viewOrder: 12 })];
    const out = inOrder(items, [3, 1, 2]);
    expect(out.map((g) => [g.id, g.viewOrder])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
      [4, 4],
    ]);
    // The input is left as it was (the cache's copy is the rollback).
    expect(items.map((g) => g.viewOrder)).toEqual([4, 7, 9, 12]);
    // An id the items do not hold (deleted meanwhile) is skipped.
    expect(inOrder(items.slice(0, 2), [9, 2, 1]).map((g) => g.id)).toEqual([2, 1]);
  });
});

describe('askScope', () => {
  it('answers only the permitted groups when the company lists some', () => {
    const scope = askScope([group(1, { askPermitted: true }), group(2), group(3, { askPermitted: true })]);
    expect(scope.limited).toBe(true);
    expect([...scope.answered]).toEqual([1, 3]);
  });

  it('answers every group when the company lists none', () => {
    const scope = askScope([group(1), group(2)]);
    expect(scope.limited).toBe(false);
    expect([...scope.answered]).toEqual([1, 2]);
  });
});

describe('deleting a visibility group', () => {
  it('states hidden cards, cards keeping other groups and members, the most serious first', () => {
    const sales = group(1, { cardsOnlyHere: 12, cardsShared: 4, membersCount: 8 });
    expect(deleteConsequences(sales, [sales])).toEqual([
      { kind: 'onlyHere', count: 12 },
      { kind: 'shared', count: 4 },
      { kind: 'members', count: 8 },
    ]);
    expect(confirmModeOf(sales)).toBe('typeName');
  });

  it('asks for a checked box when cards only lose this group, and a plain confirm when no card is affected', () => {
    const shared = group(1, { cardsShared: 3, membersCount: 2 });
    expect(deleteConsequences(shared, [shared]).map((c) => c.kind)).toEqual(['shared', 'members']);
    expect(confirmModeOf(shared)).toBe('acknowledge');
    const people = group(2, { membersCount: 5 });
    expect(confirmModeOf(people)).toBe('plain');
  });

  it('says Ask opens to every group when the group is the only one Ask is limited to', () => {
    const only = group(1, { askPermitted: true });
    const other = group(2);
    expect(deleteConsequences(only, [only, other])).toEqual([{ kind: 'askOpens' }]);
    const also = group(3, { askPermitted: true });
    expect(deleteConsequences(only, [only, other, also])).toEqual([{ kind: 'nothing' }]);
  });

  it('says nothing depends on an unused group', () => {
    const empty = group(1);
    expect(deleteConsequences(empty, [empty])).toEqual([{ kind: 'nothing' }]);
    expect(confirmModeOf(empty)).toBe('plain');
  });

  it('accepts the typed name regardless of case and surrounding spaces, and nothing else', () => {
    expect(namesGroup('  sales ', 'Sales')).toBe(true);
    expect(namesGroup('Sale', 'Sales')).toBe(false);
    expect(namesGroup('', 'Sales')).toBe(false);
  });
});
