// The /feed screen keeps its whole state in the URL (part 1 §2 /feed), as the search page does:
//   q=<text>                     the search terms
//   rivalIds=3,8  topics=a,b     comma lists: items about any of those rivals, with any of those topics
//   dateRange=<preset>           allTime (default, left out), today, yesterday, last2Days, … last90Days
//   item=<intel id>              the item whose detail is open (any screen showing news rows may set it)
// Values outside those rules are ignored. Pure functions only; see feedUrlState.test.ts.
import type { DatePreset } from '../../../contracts/search.ts';
import { isDatePreset, parseList, parseValue } from '../search/searchUrlState.ts';

export type FeedState = { q: string; rivalIds: number[]; topics: string[]; dateRange: DatePreset };

export const FEED_PATH = '/feed';
export const ITEM_PARAM = 'item';
const DEFAULT_RANGE: DatePreset = 'allTime';
/** Limits of the API's FeedQuery (contracts/news.ts): a longer list would be refused whole. */
const MAX_RIVALS = 100;
const MAX_TOPICS = 50;
const MAX_TOPIC_LENGTH = 100;
const MAX_Q_LENGTH = 500;

export const emptyFeedState = (): FeedState => ({ q: '', rivalIds: [], topics: [], dateRange: DEFAULT_RANGE });

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;

export function parseFeedUrl(search: string | URLSearchParams): FeedState {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rivalIds = [...new Set(parseList(q.get('rivalIds')).filter(isId))].slice(0, MAX_RIVALS);
  // Topics are names: read them as written, not as parseList's numbers.
  const topics = [...new Set((q.get('topics') ?? '').split(',').map((s) => s.trim()))].filter((s) => s && s.length <= MAX_TOPIC_LENGTH).slice(0, MAX_TOPICS);
  const range = parseValue(q.get('dateRange'));
  return { q: (q.get('q') ?? '').slice(0, MAX_Q_LENGTH), rivalIds, topics, dateRange: isDatePreset(range) ? range : DEFAULT_RANGE };
}

/** A comma stays readable in a query string; the other characters are encoded as usual. */
const queryString = (params: URLSearchParams) => params.toString().replace(/%2C/gi, ',');

/** The /feed URL of a state; defaults are left out, so equal states give equal URLs. A new search closes the detail. */
export function feedHref(state: FeedState): string {
  const p = new URLSearchParams();
  if (state.q.trim()) p.set('q', state.q.trim());
  if (state.rivalIds.length) p.set('rivalIds', state.rivalIds.join(','));
  if (state.topics.length) p.set('topics', state.topics.join(','));
  if (state.dateRange !== DEFAULT_RANGE) p.set('dateRange', state.dateRange);
  const s = queryString(p);
  return s ? `${FEED_PATH}?${s}` : FEED_PATH;
}

/** The GET /api/feed.json query of a page: only the parameters the API knows (it refuses others). */
export function toFeedRequest(state: FeedState, offset: number, size: number): Record<string, string | number> {
  const req: Record<string, string | number> = { offset, size };
  if (state.q.trim()) req.q = state.q.trim();
  if (state.rivalIds.length) req.rivalIds = state.rivalIds.join(',');
  if (state.topics.length) req.topics = state.topics.join(',');
  if (state.dateRange !== DEFAULT_RANGE) req.dateRange = state.dateRange;
  return req;
}

export const hasFeedFilters = (s: FeedState) => s.rivalIds.length > 0 || s.topics.length > 0 || s.dateRange !== DEFAULT_RANGE;

/** The item whose detail is open, or null. */
export function openItemOf(search: string): number | null {
  const v = parseValue(new URLSearchParams(search).get(ITEM_PARAM));
  return isId(v) ? v : null;
}

/** The current location with an item's detail opened (or closed, for null); the other parameters stay. */
export function withOpenItem(pathname: string, search: string, id: number | null): string {
  const p = new URLSearchParams(search);
  if (id === null) p.delete(ITEM_PARAM);
  else p.set(ITEM_PARAM, String(id));
  const s = queryString(p);
  return s ? `${pathname}?${s}` : pathname;
}
