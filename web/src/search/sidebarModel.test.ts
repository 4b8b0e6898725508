import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../contracts/search.ts';
import { boardGroups, emptyNameBook, firstOrSelected, groupOpenByDefault, groupSelected, learnNames, matchesFilterText, tagItems } from './sidebarModel.ts';

const counters: SearchResponse['counters'] = {
  'board.id': [
    { id: 1, name: 'Pricing', count: 4, rivalId: 10 },
    { id: 2, name: 'Overview', count: 1, rivalId: 10 },
    { id: 3, name: 'Pricing', count: 6, rivalId: 20 },
  ],
  'board.rival_id': [
    { id: 10, name: 'Lumenary', count: 5 },
    { id: 20, name: 'Quantica', count: 6 },
  ],
  'tags.id': [
    { id: 7, name: 'pricing', count: 9 },
    { id: 8, name: 'Discounting', count: 3 },
    { id: 9, name: 'Enterprise', count: 3 },
  ],
};

describe('boardGroups', () => {
  it('groups boards by rival, rivals and boards by count', () => {
    const groups = boardGroups(counters, [], emptyNameBook());
    expect(groups.map((g) => [g.rival.name, g.count, g.boards.map((b) => b.id)])).toEqual([
      ['Quantica', 6, [3]],
      ['Lumenary', 5, [1, 2]],
    ]);
  });
  it('keeps a selected board that has no count any more, named from the name book', () => {
    const book = learnNames(emptyNameBook(), { counters, results: [] });
    const groups = boardGroups({ 'board.id': [], 'board.rival_id': [] }, [{ field: 'board', value: 2, type: 'must_not' }], book);
    expect(groups).toHaveLength(1);
    expect(groups[0].rival.name).toBe('Lumenary');
    expect(groups[0].boards[0]).toMatchObject({ id: 2, name: 'Overview', count: 0, criterion: { type: 'must_not' } });
  });
});

describe('boardGroups counts', () => {
  it('counts a rival as the sum of its boards while a board is selected, as its boards are listed', () => {
    // As the API answers with board 1 selected: the board counter leaves board criteria out, the rival counter applies them.
    const withBoard: SearchResponse['counters'] = {
      'board.id': counters['board.id'],
      'board.rival_id': [{ id: 10, name: 'Lumenary', count: 4 }],
    };
    const groups = boardGroups(withBoard, [{ field: 'board', value: 1, type: 'should' }], emptyNameBook());
    for (const g of groups) expect(g.count, g.rival.name ?? '').toBe(g.boards.reduce((n, b) => n + b.count, 0));
    expect(groups.map((g) => [g.rival.id, g.count])).toEqual([
      [20, 6],
      [10, 5],
    ]);
  });
});

describe('boardGroups with rival criteria', () => {
  it('lists rivals that have a count but no board, and selected rivals without a count', () => {
    const groups = boardGroups(
      { 'board.id': [{ id: 1, name: 'Pricing', count: 4, rivalId: 10 }], 'board.rival_id': [{ id: 10, name: 'Lumenary', count: 5 }, { id: 20, name: 'Quantica', count: 6 }] },
      [{ field: 'rival', value: 30, type: 'must_not' }],
      emptyNameBook(),
    );
    expect(groups.map((g) => [g.rival.id, g.rival.name, g.count, g.boards.length])).toEqual([
      [20, 'Quantica', 6, 0],
      [10, 'Lumenary', 4, 1],
      [30, null, 0, 0],
    ]);
  });
});

describe('which groups and items show', () => {
  const groups = boardGroups(counters, [{ field: 'board', value: 2, type: 'must' }], emptyNameBook());
  it('opens a group holding a selection, or every group when there are two or fewer', () => {
    const criteria = [{ field: 'board' as const, value: 2, type: 'must' as const }];
    const [quantica, lumenary] = groups;
    expect(groupSelected(lumenary, criteria)).toBe(true);
    expect(groupSelected(quantica, criteria)).toBe(false);
    expect(groupSelected(quantica, [{ field: 'rival', value: 20, type: 'must_not' }])).toBe(true);
    expect(groupOpenByDefault(quantica, criteria, 3)).toBe(false);
    expect(groupOpenByDefault(lumenary, criteria, 3)).toBe(true);
    expect(groupOpenByDefault(quantica, criteria, 2)).toBe(true);
  });
  it('shows the first items and any selected one further down', () => {
    const items = [1, 2, 3, 4, 5].map((id) => ({ id, selected: id === 5 }));
    expect(firstOrSelected(items, 2, (i) => i.selected).map((i) => i.id)).toEqual([1, 2, 5]);
    expect(firstOrSelected(items, 9, (i) => i.selected)).toHaveLength(5);
  });
});

describe('tagItems', () => {
  it('sorts by count or by name, case-insensitively', () => {
    expect(tagItems(counters, [], emptyNameBook(), 'count', '').map((t) => t.name)).toEqual(['pricing', 'Discounting', 'Enterprise']);
    expect(tagItems(counters, [], emptyNameBook(), 'name', '').map((t) => t.name)).toEqual(['Discounting', 'Enterprise', 'pricing']);
  });
  it('filters by the tag search text case-insensitively, keeping selected tags first', () => {
    const items = tagItems(counters, [{ field: 'tag', value: 9, type: 'must' }], emptyNameBook(), 'count', 'PRIC');
    expect(items.map((t) => t.id)).toEqual([9, 7]);
  });
  it('keeps a selected tag that dropped out of the counters', () => {
    const book = learnNames(emptyNameBook(), { counters, results: [] });
    const items = tagItems({ 'tags.id': [] }, [{ field: 'tag', value: 8, type: 'must_not' }], book, 'count', '');
    expect(items).toEqual([{ id: 8, name: 'Discounting', count: 0, criterion: { field: 'tag', value: 8, type: 'must_not' } }]);
  });
});

describe('learnNames', () => {
  it('answers the same book when nothing is new', () => {
    const book = learnNames(emptyNameBook(), { counters, results: [] });
    expect(learnNames(book, { counters, results: [] })).toBe(book);
  });
});

describe('matchesFilterText', () => {
  it('matches filter text case-insensitively', () => {
    expect(matchesFilterText('Competitive Positioning', 'position')).toBe(true);
    expect(matchesFilterText('Pricing', 'cost')).toBe(false);
  });
});
