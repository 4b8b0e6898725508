// Where a report lives and what it covers, as the URL says (part 1 §2 Reports). The path names the report:
//   /reports                                   the first report the reader may open
//   /reports/{id}                              that report's first type
//   /reports/{id}/{type}                       the report
//   /reports/{id}/{type}/user/{userId}         one user's drill-down
//   /reports/{id}/{type}/{drillDownReport}     a drill-down (rival-12, zero-results, …)
// and the query its period and filters, so links and reloads keep them:
//   dateRange=<preset>          default last30Days (left out of the URL)
//   from=YYYY-MM-DD&to=…        customDateRange only: the first and last day, inclusive
//   role=all|consumer|…         search analytics and consumer usage only; default all (left out)
//   staleDays=<n>               data hygiene only; the server's default when left out
// Values outside those rules are ignored. Pure functions only; see urlState.test.ts.
import {
  DEFAULT_REPORT_DATE_RANGE,
  IMPACT_DATE_RANGES,
  REPORT_DATE_RANGES,
  REPORT_IDS,
  REPORT_ROLES,
  REPORT_TYPES,
  type ReportDateRange,
  type ReportId,
  type ReportRole,
} from '../../../contracts/reports.ts';
import { DAY_MS } from '../../../contracts/time.ts';

export const REPORTS_BASE_PATH = '/reports';

export type ReportDrill = { user: number } | { report: string };

export type ReportRoute =
  | { kind: 'index' }
  | { kind: 'firstType'; id: ReportId }
  | { kind: 'report'; id: ReportId; type: string; drill: ReportDrill | null }
  | { kind: 'notFound' };

/** The report a route shows (a drill-down's parent, for a drill-down). */
export type ReportAt = Extract<ReportRoute, { kind: 'report' }>;

export type ReportUrlState = {
  dateRange: ReportDateRange;
  /** customDateRange only, else null. */
  from: string | null;
  to: string | null;
  role: ReportRole;
  /** Data hygiene only; null for the server's default. */
  staleDays: number | null;
};

export const DEFAULT_REPORT_STATE: ReportUrlState = { dateRange: DEFAULT_REPORT_DATE_RANGE, from: null, to: null, role: 'all', staleDays: null };

const DRILL = /^[a-z0-9][a-z0-9-]{0,79}$/;
const isReportId = (v: string): v is ReportId => (REPORT_IDS as readonly string[]).includes(v);
export const isReportType = (id: ReportId, type: string): boolean => (REPORT_TYPES[id] as readonly string[]).includes(type);
const isPositiveInt = (v: string | undefined) => !!v && /^[1-9]\d{0,15}$/.test(v) && Number.isSafeInteger(Number(v));

/** What the part of the path after /reports/ names. */
export function parseReportPath(rest: string): ReportRoute {
  const parts = rest.split('/').filter(Boolean);
  if (parts.length === 0) return { kind: 'index' };
  const [id, type, third, fourth] = parts;
  if (!isReportId(id)) return { kind: 'notFound' };
  if (parts.length === 1) return { kind: 'firstType', id };
  if (!isReportType(id, type)) return { kind: 'notFound' };
  if (parts.length === 2) return { kind: 'report', id, type, drill: null };
  if (third === 'user') return parts.length === 4 && isPositiveInt(fourth) ? { kind: 'report', id, type, drill: { user: Number(fourth) } } : { kind: 'notFound' };
  if (parts.length === 3 && DRILL.test(third)) return { kind: 'report', id, type, drill: { report: third } };
  return { kind: 'notFound' };
}

/** Whether a report is filtered by role (search analytics and consumer usage). */
export const usesRole = (id: ReportId) => id === 'search-analytics' || id === 'consumer-usage';
/** Whether a report counts stale cards (data hygiene). */
export const usesStaleDays = (id: ReportId, type: string) => id === 'competitive-analytics' && type === 'data-hygiene';
/** The periods a report offers: the impact report only the presets of part 1 §5. */
export const dateRangesFor = (id: ReportId, type: string): readonly ReportDateRange[] =>
  id === 'competitive-analytics' && type === 'impact' ? IMPACT_DATE_RANGES : REPORT_DATE_RANGES;

/** A real calendar day written YYYY-MM-DD. */
export function isDay(v: string | null | undefined): v is string {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export function parseReportQuery(search: string | URLSearchParams): ReportUrlState {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const range = q.get('dateRange');
  const role = q.get('role');
  const stale = q.get('staleDays');
  const state: ReportUrlState = {
    ...DEFAULT_REPORT_STATE,
    dateRange: (REPORT_DATE_RANGES as readonly string[]).includes(range ?? '') ? (range as ReportDateRange) : DEFAULT_REPORT_DATE_RANGE,
    role: (REPORT_ROLES as readonly string[]).includes(role ?? '') ? (role as ReportRole) : 'all',
    staleDays: stale && /^\d{1,4}$/.test(stale) && Number(stale) >= 1 && Number(stale) <= 3_650 ? Number(stale) : null,
  };
  if (state.dateRange === 'customDateRange') {
    const from = q.get('from');
    const to = q.get('to');
    // A custom period needs both days; the wrong way round it is still the same period.
    if (!isDay(from) || !isDay(to)) return { ...state, dateRange: DEFAULT_REPORT_DATE_RANGE };
    return from <= to ? { ...state, from, to } : { ...state, from: to, to: from };
  }
  return state;
}

/** The state a report reads: what it does not use falls back to the default (a role on the curator report, …). */
export function effectiveState(state: ReportUrlState, at: Pick<ReportAt, 'id' | 'type'>): ReportUrlState {
  const ranges = dateRangesFor(at.id, at.type);
  const ranged = ranges.includes(state.dateRange) ? state : { ...state, dateRange: DEFAULT_REPORT_DATE_RANGE, from: null, to: null };
  return {
    ...ranged,
    role: usesRole(at.id) ? state.role : 'all',
    staleDays: usesStaleDays(at.id, at.type) ? state.staleDays : null,
  };
}

/** The query parameters of a report's state, defaults left out, in the API's own names. */
export function reportParams(state: ReportUrlState, at: Pick<ReportAt, 'id' | 'type'>): [string, string][] {
  const s = effectiveState(state, at);
  const pairs: [string, string][] = [];
  if (s.dateRange !== DEFAULT_REPORT_DATE_RANGE) pairs.push(['dateRange', s.dateRange]);
  if (s.dateRange === 'customDateRange' && s.from && s.to) pairs.push(['from', s.from], ['to', s.to]);
  if (s.role !== 'all') pairs.push(['role', s.role]);
  if (s.staleDays !== null) pairs.push(['staleDays', String(s.staleDays)]);
  return pairs;
}

/** The query string (without '?') of a report's state; equal states give equal strings. */
export const reportSearch = (state: ReportUrlState, at: Pick<ReportAt, 'id' | 'type'>) => new URLSearchParams(reportParams(state, at)).toString();

const drillPath = (drill: ReportDrill | null) => (!drill ? '' : 'user' in drill ? `/user/${drill.user}` : `/${drill.report}`);

/** The path of a report or drill-down, without its query. */
export const reportPath = (at: Omit<ReportAt, 'kind'>) => `${REPORTS_BASE_PATH}/${at.id}/${at.type}${drillPath(at.drill)}`;

/** The in-app URL of a report or drill-down with a state. */
export function reportHref(at: Omit<ReportAt, 'kind'>, state: ReportUrlState): string {
  const q = reportSearch(state, at);
  return q ? `${reportPath(at)}?${q}` : reportPath(at);
}

/** The API path of a report: …/{id}/{type}[/user/{userId}|/{drill}].json or .csv. */
export const reportApiPath = (at: Omit<ReportAt, 'kind'>, ext: 'json' | 'csv') => `/api${reportPath(at)}.${ext}`;

/** Where a table's CSV downloads from: the report's own period and filters, and the table's key. */
export function reportCsvHref(at: Omit<ReportAt, 'kind'>, state: ReportUrlState, table: string): string {
  const q = new URLSearchParams(reportParams(state, at));
  q.set('table', table);
  return `${reportApiPath(at, 'csv')}?${q}`;
}

/**
 * A link of a report's row or panel, as the page follows it: a link to another report (a user's or a rival's
 * drill-down) keeps the period and filters the reader chose, when it names none of its own; any other link
 * (a card, "write a card for this") is followed as given.
 */
export function withReportState(link: string, state: ReportUrlState): string {
  if (link.includes('?') || link.includes('#')) return link;
  const path = link.startsWith(`${REPORTS_BASE_PATH}/`) ? parseReportPath(link.slice(REPORTS_BASE_PATH.length + 1)) : null;
  if (!path || path.kind !== 'report') return link;
  const q = reportSearch(state, path);
  return q ? `${link}?${q}` : link;
}

/** Search analytics' lists, each also a drill-down listing it in full (contracts/reports.ts). */
const SEARCH_LISTS: readonly string[] = ['top', 'zero-results', 'unopened'];

/** The drill-down that lists one of a report's tables in full, where there is one. */
export function tableDrillDown(at: Omit<ReportAt, 'kind'>, tableKey: string): Omit<ReportAt, 'kind'> | null {
  if (at.drill || at.id !== 'search-analytics' || !SEARCH_LISTS.includes(tableKey)) return null;
  return { id: at.id, type: at.type, drill: { report: tableKey } };
}

/** A state with another period; a custom one takes its two days. */
export function withDateRange(state: ReportUrlState, dateRange: ReportDateRange, days?: { from: string; to: string }): ReportUrlState {
  if (dateRange !== 'customDateRange') return { ...state, dateRange, from: null, to: null };
  if (!days || !isDay(days.from) || !isDay(days.to)) return state;
  return days.from <= days.to ? { ...state, dateRange, from: days.from, to: days.to } : { ...state, dateRange, from: days.to, to: days.from };
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days of a preset as the server counts them (whole UTC days ending today), for a custom range to start from. */
export function presetDays(dateRange: Exclude<ReportDateRange, 'customDateRange' | 'allTime'>, now: Date): { from: string; to: string } {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const span = { today: 1, yesterday: 1, last2Days: 2, last7Days: 7, last30Days: 30, last90Days: 90 }[dateRange];
  const last = dateRange === 'yesterday' ? today - DAY_MS : today;
  return { from: dayOf(last - (span - 1) * DAY_MS), to: dayOf(last) };
}
