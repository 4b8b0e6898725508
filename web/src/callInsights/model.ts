// Pure parts of call insights (/call-insights; contracts/calls.ts): which view a path opens, the calls list's
// filters in the URL, the overview's sort, the rival names marked in a passage's text, and a call import's query.
// See model.test.ts.
import DOMPurify from 'dompurify';
import type { CallImportQuery, CallOverview } from '../../../contracts/calls.ts';

export const CALL_INSIGHTS_PATH = '/call-insights';

/** What follows /call-insights/: the overview, the calls list, or a rival's page; null for anything else (not found). */
export type CallInsightsView = { view: 'overview' } | { view: 'calls' } | { view: 'rival'; rivalId: number };

const positiveId = (s: string) => (/^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647 ? Number(s) : null);

export function viewOf(rest: string): CallInsightsView | null {
  const path = rest.replace(/\/+$/, '');
  if (path === '') return { view: 'overview' };
  if (path === 'calls') return { view: 'calls' };
  const rival = /^rivals\/([^/]+)$/.exec(path);
  const id = rival ? positiveId(rival[1]) : null;
  return id === null ? null : { view: 'rival', rivalId: id };
}

export const rivalPath = (rivalId: number) => `${CALL_INSIGHTS_PATH}/rivals/${rivalId}`;
export const callsPath = (filters: Partial<CallFilters> = {}) => {
  const q = searchFromFilters({ q: '', rivalId: null, repId: null, page: 1, ...filters }, new URLSearchParams()).toString();
  return q ? `${CALL_INSIGHTS_PATH}/calls?${q}` : `${CALL_INSIGHTS_PATH}/calls`;
};

/** The call drawer's place in the URL (any view): the call and the passage it opened at. */
export const CALL_PARAM = 'call';
export const SEQ_PARAM = 'seq';
export function openCallOf(params: URLSearchParams): { callId: number; seq: number | null } | null {
  const callId = positiveId(params.get(CALL_PARAM) ?? '');
  if (callId === null) return null;
  const seq = params.get(SEQ_PARAM);
  return { callId, seq: seq !== null && /^\d{1,9}$/.test(seq) ? Number(seq) : null };
}
export function withOpenCall(params: URLSearchParams, call: { callId: number; seq: number | null } | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(CALL_PARAM);
  next.delete(SEQ_PARAM);
  if (call) {
    next.set(CALL_PARAM, String(call.callId));
    if (call.seq !== null) next.set(SEQ_PARAM, String(call.seq));
  }
  return next;
}

export type CallFilters = { q: string; rivalId: number | null; repId: number | null; page: number };

export function filtersFromSearch(params: URLSearchParams): CallFilters {
  const page = positiveId(params.get('page') ?? '');
  return {
    q: (params.get('q') ?? '').slice(0, 300),
    rivalId: positiveId(params.get('rivalId') ?? ''),
    repId: positiveId(params.get('repId') ?? ''),
    page: page !== null && page <= 10_000 ? page : 1,
  };
}

/** The filters written into the URL's query, other parameters (an open call) kept. */
export function searchFromFilters(f: CallFilters, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const k of ['q', 'rivalId', 'repId', 'page']) next.delete(k);
  if (f.q.trim()) next.set('q', f.q.trim());
  if (f.rivalId !== null) next.set('rivalId', String(f.rivalId));
  if (f.repId !== null) next.set('repId', String(f.repId));
  if (f.page > 1) next.set('page', String(f.page));
  return next;
}

/** The GET /api/call-insights/calls query (contracts/calls.ts CallListQuery). */
export function callsQuery(f: CallFilters): Record<string, string | number> {
  const q: Record<string, string | number> = { page: f.page };
  if (f.q.trim()) q.q = f.q.trim();
  if (f.rivalId !== null) q.rivalId = f.rivalId;
  if (f.repId !== null) q.repId = f.repId;
  return q;
}

export type OverviewRow = CallOverview['rivals'][number];
export type OverviewSort = 'name' | 'mentions' | 'objections' | 'calls' | 'lastAt';
export type Direction = 'asc' | 'desc';

/** The rivals named in the period's calls: the server lists every rival the reader may see, most with no mention. */
export const namedRivals = (rows: readonly OverviewRow[]): OverviewRow[] => rows.filter((r) => r.mentions > 0);

/** The rows sorted by a column; ties (and rows without a last mention, which go last) by name. */
export function sortOverview(rows: readonly OverviewRow[], by: OverviewSort, direction: Direction): OverviewRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byName = (a: OverviewRow, b: OverviewRow) => a.name.localeCompare(b.name);
  return [...rows].sort((a, b) => {
    if (by === 'name') return sign * byName(a, b);
    if (by === 'lastAt') {
      if (a.lastAt === b.lastAt) return byName(a, b);
      if (a.lastAt === null) return 1;
      if (b.lastAt === null) return -1;
      return sign * (Date.parse(a.lastAt) - Date.parse(b.lastAt)) || byName(a, b);
    }
    return sign * (a[by] - b[by]) || byName(a, b);
  });
}

/** The next sort when a column's header is pressed: the other direction of the same column, else its natural one. */
export const nextSort = (current: { by: OverviewSort; direction: Direction }, by: OverviewSort): { by: OverviewSort; direction: Direction } =>
  current.by === by ? { by, direction: current.direction === 'desc' ? 'asc' : 'desc' } : { by, direction: by === 'name' ? 'asc' : 'desc' };

export type Segment = { text: string; rivalId: number | null };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A passage's text cut where the names of the rivals it names occur (as whole words, any case), so each name can
 * be marked; plain text in, plain text out (rendered as React text, never as HTML). Longer names win over names
 * they contain ("Acme Cloud" over "Acme").
 */
export function rivalSegments(text: string, rivals: readonly { id: number; name: string }[]): Segment[] {
  const names = rivals.filter((r) => r.name.trim()).sort((a, b) => b.name.length - a.name.length);
  if (!names.length || !text) return text ? [{ text, rivalId: null }] : [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${names.map((r) => escapeRegExp(r.name.trim())).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const idOf = new Map(names.map((r) => [r.name.trim().toLocaleLowerCase(), r.id]));
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index), rivalId: null });
    out.push({ text: m[0], rivalId: idOf.get(m[0].toLocaleLowerCase()) ?? null });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), rivalId: null });
  return out;
}

/**
 * A search match's snippet as HTML with only the marks of the words found kept (<mark>, or <em> as the search's other
 * highlights write them); any other tag and every attribute is dropped.
 */
export const sanitizeSnippet = (html: string): string => DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark', 'em'], ALLOWED_ATTR: [] });

/** A time into the call, m:ss or h:mm:ss. */
export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h ? `${h}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

export const IMPORT_FORMATS = { vtt: '.vtt,.srt,text/vtt', json: '.json,application/json' } as const;

export type ImportFields = { title: string; date: string; repEmail: string; repName: string; accountName: string; dealCrmId: string };

/**
 * The query of POST /api/call-insights/imports: a `vtt` import describes its one call (a date as midnight UTC; no id,
 * so the server names the call by its bytes and importing the same file again replaces it); a `json` export names its
 * calls itself.
 */
export function importQuery(importer: 'vtt' | 'json', fileName: string, f: ImportFields): Partial<Record<keyof CallImportQuery, string>> {
  const q: Partial<Record<keyof CallImportQuery, string>> = { importer, fileName };
  if (importer === 'json') return q;
  const set = (k: keyof CallImportQuery, v: string) => {
    if (v.trim()) q[k] = v.trim();
  };
  set('title', f.title);
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.date)) q.occurredAt = `${f.date}T00:00:00Z`;
  set('repEmail', f.repEmail);
  set('repName', f.repName);
  set('accountName', f.accountName);
  set('dealCrmId', f.dealCrmId);
  return q;
}

/** The intel feed opened on a new item whatever its state (as monitors link theirs, contracts/intel.ts intelIds). */
export const intelHref = (intelId: number): string => `/alerts?view=allIntel&relatedAlerts=false&intelIds=${intelId}`;
/** A card opened over its profile. */
export const cardHref = (profileId: number, cardId: number): string => `/profile/${profileId}?viewCard=${cardId}`;
