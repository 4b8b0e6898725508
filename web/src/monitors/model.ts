// The pure logic of the monitors screens (issue #52, contracts/monitors.ts): the list's filters as the URL's query
// string (a reload or a shared link keeps them) and as the API's query, the changes sparkline, the words of a failed
// check and of a monitor's interval. No React here; see model.test.ts.
import {
  MONITOR_ERRORS,
  MONITOR_INTERVAL,
  MONITOR_KINDS,
  MONITOR_SORTS,
  MonitorsQuery,
  type MonitorErrorReason,
  type MonitorKind,
  type MonitorSort,
  type MonitorStatus,
} from '../../../contracts/monitors.ts';
// The keys this module names (errorReasonKey, intervalWords) are the monitors area's.
import '../i18n/areas/monitors.ts';

/** The list's filters: MonitorsQuery's output, each value known. */
export type MonitorFilters = MonitorsQuery;

/** The list as it opens (part 2 §9): the first page, the latest change first, only monitors that changed. */
export const DEFAULT_FILTERS: MonitorFilters = { page: 1, sort: 'last_change_at', hasChanged: true };

const FIELDS = ['page', 'sort', 'hasChanged', 'rivalId', 'kind', 'failing'] as const;

/**
 * The filters a URL's query string names. Each parameter is read on its own with the contract's rules, so a wrong
 * value (a hand-edited link) falls back to its default instead of emptying the list; parameters that are not the
 * list's (?lng=) are left alone.
 */
export function filtersFromSearch(search: URLSearchParams): MonitorFilters {
  const shape = MonitorsQuery.shape;
  const out: MonitorFilters = { ...DEFAULT_FILTERS };
  for (const field of FIELDS) {
    const raw = search.get(field);
    if (raw === null) continue;
    const parsed = shape[field].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(out, { [field]: parsed.data });
  }
  // `failing=false` means the same as no failing filter.
  if (out.failing === false) delete out.failing;
  return out;
}

/**
 * The query string of the filters: only what differs from the list as it opens, in a fixed order, so the plain list
 * is /monitors and equal filters read as equal links. Other parameters of `base` (?lng=) are kept.
 */
export function searchFromFilters(filters: MonitorFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const field of FIELDS) out.delete(field);
  if (filters.page !== DEFAULT_FILTERS.page) out.set('page', String(filters.page));
  if (filters.sort !== DEFAULT_FILTERS.sort) out.set('sort', filters.sort);
  if (filters.hasChanged !== DEFAULT_FILTERS.hasChanged) out.set('hasChanged', String(filters.hasChanged));
  if (filters.rivalId !== undefined) out.set('rivalId', String(filters.rivalId));
  if (filters.kind !== undefined) out.set('kind', filters.kind);
  if (filters.failing) out.set('failing', 'true');
  return out;
}

/** A change of one filter: any change but the page's goes back to the first page. */
export function withFilter<K extends keyof MonitorFilters>(filters: MonitorFilters, key: K, value: MonitorFilters[K]): MonitorFilters {
  const next: MonitorFilters = { ...filters, [key]: value };
  if (value === undefined) delete next[key];
  if (key !== 'page') next.page = 1;
  return next;
}

/** The filters as GET /api/monitors's query: every value spelled out, nothing left to the server's defaults. */
export function apiQuery(filters: MonitorFilters): Record<string, string | number> {
  const q: Record<string, string | number> = { page: filters.page, sort: filters.sort, hasChanged: String(filters.hasChanged) };
  if (filters.rivalId !== undefined) q.rivalId = filters.rivalId;
  if (filters.kind !== undefined) q.kind = filters.kind;
  if (filters.failing) q.failing = 'true';
  return q;
}

/** Whether the list is narrowed by more than the default "changed only" (the empty state then says so). */
export const isFiltered = (f: MonitorFilters): boolean => f.rivalId !== undefined || f.kind !== undefined || f.failing === true;

export const KIND_FILTERS = ['all', ...MONITOR_KINDS] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];
export const SORTS: readonly MonitorSort[] = MONITOR_SORTS;

/** The last page of a list of `total` items, `limit` a page (at least 1). */
export const pageCount = (total: number, limit: number): number => Math.max(1, Math.ceil(total / Math.max(1, limit)));

// ---------------------------------------------------------------------------------------------
// The sparkline

export type Spark = { line: string; area: string; max: number; total: number };

/**
 * The sparkline of daily counts, oldest first, drawn in a width × height box: the polyline through each day (the
 * first at x 0, the last at x width) and the area under it, y 0 at the top. A day with the most changes touches
 * the top (less `pad`), a day without any lies on the bottom; no changes at all is a flat line on the bottom. A
 * single day is drawn as a flat line across.
 */
export function sparkline(counts: readonly number[], width: number, height: number, pad = 1): Spark {
  const values = counts.map((c) => (Number.isFinite(c) && c > 0 ? c : 0));
  const total = values.reduce((a, b) => a + b, 0);
  const max = Math.max(0, ...values);
  const round = (n: number) => Math.round(n * 100) / 100;
  const bottom = height - pad;
  const y = (v: number) => round(max === 0 ? bottom : bottom - (v / max) * (height - 2 * pad));
  const points: [number, number][] =
    values.length === 0 ? [[0, bottom], [width, bottom]] : values.length === 1 ? [[0, y(values[0])], [width, y(values[0])]] : values.map((v, i) => [round((i / (values.length - 1)) * width), y(v)]);
  const line = points.map(([x, yy], i) => `${i === 0 ? 'M' : 'L'}${x} ${yy}`).join(' ');
  const area = `${line} L${width} ${height} L0 ${height} Z`;
  return { line, area, max, total };
}

// ---------------------------------------------------------------------------------------------
// Words

/** The translation key of a failed check's reason; a reason this web app does not know reads as the generic one. */
export function errorReasonKey(reason: string): string {
  return (MONITOR_ERRORS as readonly string[]).includes(reason) ? `monitors.errors.${reason as MonitorErrorReason}` : 'monitors.errors.unknown';
}

/**
 * The reason a refused or failed preview names (the server's answer carries it as params.reason, in the words of
 * MONITOR_ERRORS), or null when it names none this web app knows.
 */
export function failureReason(err: unknown): MonitorErrorReason | null {
  const params = err && typeof err === 'object' ? (err as { params?: unknown }).params : undefined;
  const reason = params && typeof params === 'object' ? (params as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && (MONITOR_ERRORS as readonly string[]).includes(reason) ? (reason as MonitorErrorReason) : null;
}

/** Whether an error answer is about a field: its details name it, or its params do (invalid_input's { field }). */
export function namesField(err: unknown, field: string): boolean {
  if (!err || typeof err !== 'object') return false;
  const { details, params } = err as { details?: unknown; params?: unknown };
  if (Array.isArray(details) && details.some((d) => d && typeof d === 'object' && (d as { field?: unknown }).field === field)) return true;
  return !!params && typeof params === 'object' && (params as { field?: unknown }).field === field;
}

/** The intervals the dialogs offer, in minutes: 15 min, 1 h, 6 h (the default), 12 h, 24 h and weekly. */
export const INTERVALS = [15, 60, 360, 720, 1440, MONITOR_INTERVAL.max] as const;
export const DEFAULT_INTERVAL: number = MONITOR_INTERVAL.default;

/**
 * How an interval reads: the key and values of its words. Minutes under an hour, whole hours, whole days, a week;
 * another value (set through the API) in minutes.
 */
export function intervalWords(minutes: number): { key: string; values: { count: number } } {
  if (minutes === MONITOR_INTERVAL.max) return { key: 'monitors.interval.weekly', values: { count: 1 } };
  if (minutes % 1440 === 0) return { key: 'monitors.interval.days', values: { count: minutes / 1440 } };
  if (minutes % 60 === 0) return { key: 'monitors.interval.hours', values: { count: minutes / 60 } };
  return { key: 'monitors.interval.minutes', values: { count: minutes } };
}

/** The intervals a Select offers, with a monitor's own value when it is none of them. */
export function intervalChoices(current?: number): number[] {
  const list: number[] = [...INTERVALS];
  if (current !== undefined && !list.includes(current)) list.push(current);
  return list.sort((a, b) => a - b);
}

/** The host of a monitor's URL, shown in the list ("www.acme.com"), or the URL itself when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** The address as typed, with https:// before it when it names no scheme ("acme.com/pricing"). */
export function withScheme(typed: string): string {
  const url = typed.trim();
  if (!url || /^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  return `https://${url.replace(/^\/+/, '')}`;
}

/** Whether a link may be opened from the screens: http and https only (never javascript: and the like). */
export function isWebLink(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The intel feed opened on the item a change made: every state (the item may be published, archived or still new)
 * and not folded under a related item, so it is there whatever became of it (contracts/intel.ts, intelIds).
 */
export const intelHref = (intelId: number): string => `/alerts?view=allIntel&relatedAlerts=false&intelIds=${intelId}`;

/** What follows /monitors/: nothing (the list), a monitor's id, or null for anything else (not found). */
export function monitorsPath(rest: string): { id: number | null } | null {
  const path = rest.replace(/\/+$/, '');
  if (!path) return { id: null };
  return /^[1-9]\d{0,9}$/.test(path) && Number(path) <= 2_147_483_647 ? { id: Number(path) } : null;
}

export const STATUSES: readonly MonitorStatus[] = ['ok', 'failing', 'paused', 'pending'];
export type { MonitorKind };
