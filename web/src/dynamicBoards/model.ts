// Dynamic boards as pure functions: a curator's edit as the board shows it before the server answers, the names
// of a board's criteria for the chips, and the search page's state as a new board. See model.test.ts.
import type { DynamicBoard, NamedCriterion } from '../../../contracts/dynamicBoards.ts';
import { formatCriterion, parseCriterion, type Criterion, type DatePreset, type SearchSort } from '../../../contracts/search.ts';
import type { SearchState } from '../search/searchUrlState.ts';
import type { NameBook } from '../search/sidebarModel.ts';

/** A PUT /api/dynamic_boards/{id} body: the fields that change, filters in the search encoding. */
export type BoardEdit = Partial<{ name: string; query: string; filters: string; updated_start: DatePreset; sort: SearchSort; isDraft: boolean }>;

/** The board with an edit applied; criteria keep the names the board knew (new ones are named once the server answers). */
export function applyChange<B extends DynamicBoard>(board: B, edit: BoardEdit): B {
  const { filters, ...rest } = edit;
  if (filters === undefined) return { ...board, ...rest };
  const named = new Map(board.criteria.map((c) => [`${c.field}-${c.value}`, c.displayName]));
  const criteria: NamedCriterion[] = filters
    .split(',')
    .flatMap((part) => parseCriterion(part) ?? [])
    .map((c) => ({ ...c, displayName: named.get(`${c.field}-${c.value}`) ?? null }));
  return { ...board, ...rest, filters, criteria };
}

/** The criteria as the filters string of an edit. */
export const filtersEdit = (criteria: readonly Criterion[]): BoardEdit => ({ filters: criteria.map(formatCriterion).join(',') });

/** The names of a board's criteria (a board's with its rival's) over the names learned from its results and counters. */
export function withCriterionNames(book: NameBook, criteria: readonly NamedCriterion[]): NameBook {
  const boards = new Map(book.boards);
  const tags = new Map(book.tags);
  const rivals = new Map(book.rivals);
  for (const c of criteria) {
    if (c.displayName === null) continue;
    if (c.field === 'board') boards.set(c.value, { name: c.displayName, rivalId: boards.get(c.value)?.rivalId ?? null });
    if (c.field === 'tag') tags.set(c.value, c.displayName);
    if (c.field === 'rival') rivals.set(c.value, c.displayName);
  }
  return { boards, tags, rivals };
}

/** POST /api/dynamic_boards: the search page's state saved under a name, as a draft to publish from its page. */
export function boardOfSearch(state: SearchState, name: string) {
  return {
    name: name.trim(),
    query: state.terms.trim(),
    filters: state.criteria.map(formatCriterion).join(','),
    updated_start: state.updated,
    sort: state.sort,
    isDraft: true,
  };
}
