import { MutationObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DynamicBoard, DynamicBoardView } from '../../../contracts/dynamicBoards.ts';
import { emptySearchState } from '../search/searchUrlState.ts';
import { emptyNameBook } from '../search/sidebarModel.ts';
import { dynamicBoardKeys, updateOptions } from './api.ts';
import { applyChange, boardOfSearch, withCriterionNames, type BoardEdit } from './model.ts';

const board: DynamicBoard = {
  id: 7,
  name: 'Pricing talk',
  query: 'discount',
  filters: 'tag-3,must:rival-2',
  criteria: [
    { field: 'tag', value: 3, type: 'should', displayName: 'Pricing' },
    { field: 'rival', value: 2, type: 'must', displayName: 'Lumenary' },
  ],
  updated_start: 'allTime',
  sort: 'newest',
  isDraft: true,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const view: DynamicBoardView = { ...board, results: { nr_results: 0, matched: 'all', results: [], counters: {}, offset: 0, size: 20 } };

describe('applyChange', () => {
  it('shows an edit at once, criteria parsed from the filters and keeping their names', () => {
    const next = applyChange(board, { name: 'Pricing', filters: 'not:tag-3,board-9' });
    expect(next).toMatchObject({ name: 'Pricing', query: 'discount', filters: 'not:tag-3,board-9', isDraft: true });
    expect(next.criteria).toEqual([
      { field: 'tag', value: 3, type: 'must_not', displayName: 'Pricing' },
      { field: 'board', value: 9, type: 'should', displayName: null },
    ]);
    expect(applyChange(board, { isDraft: false }).criteria).toBe(board.criteria);
  });
});

describe('the optimistic update', () => {
  function cached() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const key = dynamicBoardKeys.results(board.id, null, false);
    client.setQueryData<InfiniteData<DynamicBoardView>>(key, { pages: [view], pageParams: [0] });
    const shown = () => client.getQueryData<InfiniteData<DynamicBoardView>>(key)!.pages[0];
    return { client, shown };
  }

  it('shows the change while it is on its way and rolls it back when the server refuses it', async () => {
    const { client, shown } = cached();
    let refuse: (err: Error) => void = () => undefined;
    const send = (_edit: BoardEdit) => new Promise<DynamicBoard>((_resolve, reject) => (refuse = reject));
    const update = new MutationObserver(client, updateOptions(client, board.id, send));
    const done = update.mutate({ name: 'Renamed', isDraft: false }).catch((err: Error) => err);
    await new Promise((r) => setTimeout(r, 0));
    expect(shown()).toMatchObject({ name: 'Renamed', isDraft: false });
    refuse(new Error('Invalid body: name is already taken'));
    expect(await done).toBeInstanceOf(Error);
    expect(shown()).toMatchObject({ name: 'Pricing talk', isDraft: true });
    expect(shown().results).toBe(view.results);
  });

  it('keeps the change when the server takes it', async () => {
    const { client, shown } = cached();
    const send = async (edit: BoardEdit) => applyChange(board, edit);
    await new MutationObserver(client, updateOptions(client, board.id, send)).mutate({ sort: 'alpha' });
    expect(shown().sort).toBe('alpha');
  });
});

describe('names and saved searches', () => {
  it('names the criteria chips from the board, next to names learned from results', () => {
    const learned = { ...emptyNameBook(), boards: new Map([[4, { name: 'Pricing', rivalId: 2 }]]) };
    const criteria = [...board.criteria, { field: 'board' as const, value: 4, type: 'should' as const, displayName: 'Lumenary · Pricing' }, { field: 'board' as const, value: 9, type: 'should' as const, displayName: null }];
    const book = withCriterionNames(learned, criteria);
    expect(book.tags.get(3)).toBe('Pricing');
    expect(book.rivals.get(2)).toBe('Lumenary');
    expect(book.boards.get(4)).toEqual({ name: 'Lumenary · Pricing', rivalId: 2 });
    expect(book.boards.has(9)).toBe(false);
  });

  it('saves the search page’s state as a draft board', () => {
    const state = { ...emptySearchState(' sso '), criteria: [{ field: 'tag' as const, value: 4, type: 'must' as const }], sort: 'alpha' as const, updated: 'last7Days' as const };
    expect(boardOfSearch(state, '  SSO gaps ')).toEqual({ name: 'SSO gaps', query: 'sso', filters: 'must:tag-4', updated_start: 'last7Days', sort: 'alpha', isDraft: true });
  });
});
