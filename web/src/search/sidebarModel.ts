// The search results sidebar as data (part 2 §2 Search): boards grouped by rival and tags, from the
// counters (board.id with rivalId, board.rival_id names, tags.id), with the selected criteria always
// present even when their count drops to zero; tags filtered case-insensitively and sorted by name or
// count; names remembered from counters and results for the applied-filter chips. Pure; see sidebarModel.test.ts.
import type { CardResult, Criterion, CriterionKind, SearchResponse } from '../../../contracts/search.ts';
import { findCriterion } from './criteria.ts';

export type NameBook = {
  boards: ReadonlyMap<number, { name: string; rivalId: number | null }>;
  tags: ReadonlyMap<number, string>;
  rivals: ReadonlyMap<number, string>;
};

export const emptyNameBook = (): NameBook => ({ boards: new Map(), tags: new Map(), rivals: new Map() });

/** Adds the names a response carries; answers the same book when nothing is new (cheap for React state). */
export function learnNames(book: NameBook, res: Pick<SearchResponse<CardResult>, 'counters' | 'results'>): NameBook {
  const boards = new Map(book.boards);
  const tags = new Map(book.tags);
  const rivals = new Map(book.rivals);
  let changed = false;
  const setBoard = (id: number, name: string, rivalId: number | null) => {
    const cur = boards.get(id);
    if (!cur || cur.name !== name || (rivalId !== null && cur.rivalId !== rivalId)) {
      boards.set(id, { name, rivalId: rivalId ?? cur?.rivalId ?? null });
      changed = true;
    }
  };
  const set = (m: Map<number, string>, id: number, name: string) => {
    if (m.get(id) !== name) {
      m.set(id, name);
      changed = true;
    }
  };
  for (const b of res.counters['board.id'] ?? []) {
    setBoard(b.id, b.name, b.rivalId ?? null);
    // Board counters carry their rival's name, even when a board criterion filters the rival counter.
    if (b.rivalId !== undefined && b.rivalName) set(rivals, b.rivalId, b.rivalName);
  }
  for (const r of res.counters['board.rival_id'] ?? []) set(rivals, r.id, r.name);
  for (const t of res.counters['tags.id'] ?? []) set(tags, t.id, t.name);
  for (const card of res.results ?? []) {
    setBoard(card.board.id, card.board.name, card.rival.id);
    set(rivals, card.rival.id, card.rival.name);
    for (const t of card.tags) set(tags, t.id, t.name);
  }
  return changed ? { boards, tags, rivals } : book;
}

/** The display name of a criterion's target. */
export function criterionName(book: NameBook, field: CriterionKind, id: number): string | null {
  if (field === 'board') return book.boards.get(id)?.name ?? null;
  if (field === 'tag') return book.tags.get(id) ?? null;
  return book.rivals.get(id) ?? null;
}

export type FacetItem = { id: number; name: string; count: number; criterion: Criterion | undefined };
export type RivalBoards = { rival: { id: number | null; name: string | null }; count: number; boards: FacetItem[] };

const byCountThenName = (a: { count: number; name: string }, b: { count: number; name: string }) =>
  b.count - a.count || a.name.localeCompare(b.name);

/** Boards grouped by rival: rivals and their boards by count (then name); selected boards always shown. */
export function boardGroups(counters: SearchResponse['counters'] | undefined, criteria: readonly Criterion[], book: NameBook): RivalBoards[] {
  const buckets = counters?.['board.id'] ?? [];
  const rivalCounts = new Map((counters?.['board.rival_id'] ?? []).map((r) => [r.id, r]));
  const items = new Map<number, FacetItem & { rivalId: number | null }>();
  for (const b of buckets) {
    const rivalId = b.rivalId ?? book.boards.get(b.id)?.rivalId ?? null;
    items.set(b.id, { id: b.id, name: b.name, count: b.count, rivalId, criterion: findCriterion(criteria, { field: 'board', value: b.id }) });
  }
  for (const c of criteria) {
    if (c.field !== 'board' || items.has(c.value)) continue;
    const known = book.boards.get(c.value);
    items.set(c.value, { id: c.value, name: known?.name ?? `#${c.value}`, count: 0, rivalId: known?.rivalId ?? null, criterion: c });
  }
  const groups = new Map<number | null, RivalBoards>();
  for (const item of items.values()) {
    let g = groups.get(item.rivalId);
    if (!g) {
      const name = item.rivalId === null ? null : (rivalCounts.get(item.rivalId)?.name ?? book.rivals.get(item.rivalId) ?? null);
      g = { rival: { id: item.rivalId, name }, count: 0, boards: [] };
      groups.set(item.rivalId, g);
    }
    const { rivalId: _drop, ...facet } = item;
    g.boards.push(facet);
    g.count += item.count;
  }
  // Rivals with a count but no board listed (e.g. while a rival criterion narrows the boards), and
  // selected rivals without any count, still get their row.
  const rivalRow = (id: number, name: string | null, count: number) => {
    if (!groups.has(id)) groups.set(id, { rival: { id, name }, count, boards: [] });
  };
  for (const r of rivalCounts.values()) rivalRow(r.id, r.name, r.count);
  for (const c of criteria) if (c.field === 'rival') rivalRow(c.value, book.rivals.get(c.value) ?? null, 0);
  for (const g of groups.values()) {
    // A card is on one board, and the board counter leaves out the board criteria just as the listed
    // boards do: the rival's count is the sum of its boards', so the numbers add up. (The rival counter
    // applies board criteria: with a board selected it would count that board alone.) A rival with no
    // counted board, while a rival criterion narrows the boards, shows its own counter.
    const rc = g.rival.id === null ? undefined : rivalCounts.get(g.rival.id);
    if (!g.count && rc) g.count = rc.count;
    g.boards.sort(byCountThenName);
  }
  return [...groups.values()].sort((a, b) => {
    if ((a.rival.id === null) !== (b.rival.id === null)) return a.rival.id === null ? 1 : -1;
    return b.count - a.count || (a.rival.name ?? '').localeCompare(b.rival.name ?? '');
  });
}

/** A group's boards show when it holds a selection, or when the results span two rivals or fewer. */
export const groupOpenByDefault = (group: RivalBoards, criteria: readonly Criterion[], groupCount: number): boolean =>
  groupCount <= 2 || groupSelected(group, criteria);

/** The first `limit` items, plus any selected item further down (a selection never hides behind "Show more"). */
export function firstOrSelected<T>(items: readonly T[], limit: number, selected: (item: T) => boolean): T[] {
  return items.filter((item, i) => i < limit || selected(item));
}

/** A rival's group holds a selection: the rival itself or one of its boards. */
export const groupSelected = (group: RivalBoards, criteria: readonly Criterion[]): boolean =>
  group.boards.some((b) => b.criterion) || (group.rival.id !== null && !!findCriterion(criteria, { field: 'rival', value: group.rival.id }));

export type TagSort = 'name' | 'count';

/** Tags filtered by the tag search text and sorted by name or count; selected tags always shown, first. */
export function tagItems(
  counters: SearchResponse['counters'] | undefined,
  criteria: readonly Criterion[],
  book: NameBook,
  sort: TagSort,
  text: string,
): FacetItem[] {
  const items = new Map<number, FacetItem>();
  for (const t of counters?.['tags.id'] ?? []) {
    items.set(t.id, { id: t.id, name: t.name, count: t.count, criterion: findCriterion(criteria, { field: 'tag', value: t.id }) });
  }
  for (const c of criteria) {
    if (c.field === 'tag' && !items.has(c.value)) items.set(c.value, { id: c.value, name: book.tags.get(c.value) ?? `#${c.value}`, count: 0, criterion: c });
  }
  const cmp = sort === 'name' ? (a: FacetItem, b: FacetItem) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) : byCountThenName;
  const all = [...items.values()];
  const selected = all.filter((i) => i.criterion).sort(cmp);
  const rest = all.filter((i) => !i.criterion && matchesFilterText(i.name, text)).sort(cmp);
  return [...selected, ...rest];
}

/** Case-insensitive substring filter of the sidebar's tag search. */
export function matchesFilterText(name: string, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return !needle || name.toLowerCase().includes(needle);
}
