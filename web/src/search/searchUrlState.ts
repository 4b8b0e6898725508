// The search results page keeps its whole state in the URL (part 1 §3 Search state, part 2 §5):
// the terms in the path (/search/{terms}), the rest in query parameters:
//   filters=board-12,must:tag-7,not:tag-9   criteria (should / must / must_not)
//   tags=7,9                                tag ids, each a should criterion (the global search's entry)
//   sort=newest|oldest|relevance|alpha      default newest (left out of the URL)
//   updated=allTime|today|…|last90Days      the last-updated preset; default allTime (left out)
//   previewing=<group id>                   a curator previewing as a visibility group
// Comma lists: numeric-looking values become numbers, 'null' and 'undefined' become null; sort and
// period values outside the allowed lists are ignored. Pure functions only; see searchUrlState.test.ts.
import {
  DATE_PRESETS,
  SEARCH_SORTS,
  formatCriterion,
  parseCriterion,
  type Criterion,
  type DatePreset,
  type SearchSort,
} from '../../../contracts/search.ts';
import { SEARCH_COUNTERS, SEARCH_PAGE_SIZE } from './constants.ts';

export type SearchState = {
  terms: string;
  criteria: Criterion[];
  sort: SearchSort;
  updated: DatePreset;
  previewing: number | null;
};

export const DEFAULT_SORT: SearchSort = 'newest';
export const DEFAULT_UPDATED: DatePreset = 'allTime';
export const SEARCH_BASE_PATH = '/search';

/** The query parameters this module owns; every other parameter (viewCard, …) is left alone. */
export const SEARCH_PARAM_KEYS = ['filters', 'tags', 'sort', 'updated', 'previewing'] as const;

export const emptySearchState = (terms = ''): SearchState => ({
  terms,
  criteria: [],
  sort: DEFAULT_SORT,
  updated: DEFAULT_UPDATED,
  previewing: null,
});

export type ListValue = string | number | null;

const NUMERIC = /^-?(?:\d+\.?\d*|\.\d+)$/;

/** A comma list from the URL: trimmed, empty items dropped, numbers parsed, 'null'/'undefined' → null. */
export function parseList(value: string | null | undefined): ListValue[] {
  if (value == null) return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((v) => (v === 'null' || v === 'undefined' ? null : NUMERIC.test(v) ? Number(v) : v));
}

/** One scalar value under the same rules as a list item (the first item of a comma list). */
export function parseValue(value: string | null | undefined): ListValue | undefined {
  const [first] = parseList(value);
  return first;
}

const isPositiveInt = (v: ListValue): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;

export const isSort = (v: unknown): v is SearchSort => typeof v === 'string' && (SEARCH_SORTS as readonly string[]).includes(v);
export const isDatePreset = (v: unknown): v is DatePreset => typeof v === 'string' && (DATE_PRESETS as readonly string[]).includes(v);

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The terms of /search/{terms}; '' for /search. The path may arrive encoded or not. */
export function termsFromPath(pathname: string): string {
  const p = pathname.replace(/\/{2,}/g, '/');
  if (!(p === SEARCH_BASE_PATH || p.startsWith(`${SEARCH_BASE_PATH}/`))) return '';
  const rest = p.slice(SEARCH_BASE_PATH.length + 1);
  return safeDecode(rest.replace(/\/+$/, '')).trim();
}

const sameTarget = (a: Criterion, b: Pick<Criterion, 'field' | 'value'>) => a.field === b.field && a.value === b.value;

/** Reads the search state from a location. */
export function parseSearchUrl(pathname: string, search: string | URLSearchParams): SearchState {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const state = emptySearchState(termsFromPath(pathname));

  const add = (c: Criterion) => {
    if (!state.criteria.some((x) => sameTarget(x, c))) state.criteria.push(c);
  };
  for (const item of parseList(q.get('filters'))) {
    if (typeof item !== 'string') continue;
    // The spec's date-{range} filter string sets the period.
    const date = /^date-(.+)$/.exec(item);
    if (date) {
      if (isDatePreset(date[1])) state.updated = date[1];
      continue;
    }
    const c = parseCriterion(item);
    if (c) add(c);
  }
  for (const id of parseList(q.get('tags'))) if (isPositiveInt(id)) add({ field: 'tag', value: id, type: 'should' });

  const sort = parseValue(q.get('sort'));
  if (isSort(sort)) state.sort = sort;
  const updated = parseValue(q.get('updated'));
  if (isDatePreset(updated)) state.updated = updated;
  const previewing = parseValue(q.get('previewing'));
  if (typeof previewing === 'number' && Number.isInteger(previewing) && previewing >= 0) state.previewing = previewing;
  return state;
}

/** Query values keep ',' and ':' readable (both are allowed in a query string). */
const encodeValue = (v: string) => encodeURIComponent(v).replace(/%2C/gi, ',').replace(/%3A/gi, ':');

/** The path and query (without '?') of a state; defaults are left out, so equal states give equal URLs. */
export function serializeSearchState(state: SearchState): { pathname: string; search: string } {
  const terms = state.terms.trim();
  const pathname = terms ? `${SEARCH_BASE_PATH}/${encodeURIComponent(terms)}` : SEARCH_BASE_PATH;
  const pairs: [string, string][] = [];
  if (state.criteria.length) pairs.push(['filters', state.criteria.map(formatCriterion).join(',')]);
  if (state.sort !== DEFAULT_SORT) pairs.push(['sort', state.sort]);
  if (state.updated !== DEFAULT_UPDATED) pairs.push(['updated', state.updated]);
  if (state.previewing !== null) pairs.push(['previewing', String(state.previewing)]);
  return { pathname, search: pairs.map(([k, v]) => `${k}=${encodeValue(v)}`).join('&') };
}

/**
 * The href of a state, keeping the parameters this module does not own (viewCard, …) from `current`.
 * `drop` removes some of those as well (e.g. viewCard when the search changes).
 */
export function searchHref(state: SearchState, current?: URLSearchParams | string, drop: string[] = []): string {
  const { pathname, search } = serializeSearchState(state);
  const parts = search ? [search] : [];
  const cur = typeof current === 'string' ? new URLSearchParams(current) : current;
  if (cur) {
    for (const [k, v] of cur) {
      if ((SEARCH_PARAM_KEYS as readonly string[]).includes(k) || drop.includes(k)) continue;
      parts.push(`${encodeURIComponent(k)}=${encodeValue(v)}`);
    }
  }
  return parts.length ? `${pathname}?${parts.join('&')}` : pathname;
}

/** The GET /api/search.json query of a page of results (see contracts/search.ts). */
export function toSearchRequest(
  state: SearchState,
  offset = 0,
  size = SEARCH_PAGE_SIZE,
  withCounters = offset === 0,
): Record<string, string | number> {
  const req: Record<string, string | number> = { index: 'cards', query: state.terms.trim(), size, offset, sort: state.sort };
  if (state.updated !== DEFAULT_UPDATED) req.updated_start = state.updated;
  if (state.criteria.length) req.filters = state.criteria.map(formatCriterion).join(',');
  if (withCounters) req.countersFor = SEARCH_COUNTERS.join(',');
  if (state.previewing !== null) req.previewing = state.previewing;
  return req;
}

/** The search for some terms (and optional should tag criteria): the target of global search. */
export function searchTermsHref(terms: string, tagIds: number[] = []): string {
  const base = terms.trim() ? `${SEARCH_BASE_PATH}/${encodeURIComponent(terms.trim())}` : SEARCH_BASE_PATH;
  return tagIds.length ? `${base}?tags=${tagIds.join(',')}` : base;
}

/** Whether anything narrows the results besides the terms (for "Clear all" and the empty state). */
export const hasFilters = (s: SearchState) => s.criteria.length > 0 || s.updated !== DEFAULT_UPDATED;
