// The pure logic of the win/loss screens (issue #56, contracts/deals.ts): the filters as the URL's query string (a
// shared link keeps the view), the drill-down from a rival, a quarter, a reason or a report row to the filters of the
// deals behind it, sorting a report, the column mapping of an import, and numbers in the reader's language. No React
// here; see model.test.ts.
import {
  DEAL_CSV_FIELDS,
  DEAL_CSV_REQUIRED,
  DealFilters,
  REPORT_DIMENSIONS,
  SEGMENT_DIMENSIONS,
  type DealCsvField,
  type RateRow,
  type ReportDimension,
  type SaidBy,
} from '../../../contracts/deals.ts';
import { numberFormat } from '../shared/numbers.ts';

export type Tab = 'overview' | 'reports' | 'interviews' | 'surveys';

/** The tab a path below /win-loss names (an interview's or a survey's own page is in its tab), or null for one that names none. */
export function tabOf(rest: string): Tab | null {
  const path = rest.replace(/\/+$/, '');
  if (path === '') return 'overview';
  if (path === 'reports') return 'reports';
  if (path === 'interviews' || interviewIdOf(path) !== null) return 'interviews';
  if (surveyView(path)) return 'surveys';
  return null;
}
export const tabPath = (tab: Tab) => (tab === 'overview' ? '/win-loss' : `/win-loss/${tab}`);

/** The interview a path below /win-loss opens (interviews/12), or null. */
export function interviewIdOf(rest: string): number | null {
  const m = /^interviews\/(\d{1,10})\/?$/.exec(rest);
  const id = m ? Number(m[1]) : 0;
  return id > 0 && id < 2 ** 31 ? id : null;
}

/** Where a passage of an interview is read: its page, scrolled to the passage. */
export const passagePath = (interviewId: number, seq?: number) => `/win-loss/interviews/${interviewId}${seq === undefined ? '' : `?passage=${seq}`}`;

/** What the surveys tab shows: the list (/win-loss/surveys), a new survey (…/new) or one survey (…/{id}). */
export type SurveyView = { kind: 'list' } | { kind: 'new' } | { kind: 'open'; id: number };
export function surveyView(rest: string): SurveyView | null {
  const m = /^surveys(?:\/(new|[1-9]\d{0,9}))?\/*$/.exec(rest);
  if (!m) return null;
  if (!m[1]) return { kind: 'list' };
  return m[1] === 'new' ? { kind: 'new' } : { kind: 'open', id: Number(m[1]) };
}

/** The filters the bar sets, in the order they are written to the URL. */
export const FILTER_FIELDS = ['rivalId', ...SEGMENT_DIMENSIONS, 'product', 'ownerId', 'closedAfter', 'closedBefore'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type Filters = Pick<DealFilters, FilterField>;

/** The filters of a query string, each read with the contract's rule: a wrong value (a hand-edited link) is dropped. */
export function filtersFromSearch(search: URLSearchParams): Filters {
  const out: Filters = {};
  for (const field of FILTER_FIELDS) {
    const raw = search.get(field);
    if (raw === null) continue;
    const parsed = DealFilters.shape[field].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(out, { [field]: parsed.data });
  }
  return out;
}

/** The query string of the filters, in a fixed order; the other parameters of `base` (?dimension=, ?lng=) stay. */
export function searchFromFilters(filters: Filters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const field of FILTER_FIELDS) {
    out.delete(field);
    const value = filters[field];
    if (value !== undefined && value !== '') out.set(field, String(value));
  }
  return out;
}

/** The filters as the API's query (numbers written out). */
export const apiQuery = (filters: DealFilters): Record<string, string | number> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const dimensionOf = (search: URLSearchParams): ReportDimension => {
  const d = search.get('dimension');
  return (REPORT_DIMENSIONS as readonly string[]).includes(d ?? '') ? (d as ReportDimension) : 'rival';
};

/** A quarter key (2026-Q1) as its first and last day. */
export function quarterRange(key: string): { closedAfter: string; closedBefore: string } | null {
  const m = /^(\d{4})-Q([1-4])$/.exec(key);
  if (!m) return null;
  const year = Number(m[1]);
  const first = (Number(m[2]) - 1) * 3;
  const last = new Date(Date.UTC(year, first + 3, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { closedAfter: `${year}-${pad(first + 1)}-01`, closedBefore: `${year}-${pad(first + 3)}-${pad(last)}` };
}

/** A quarter key as the reader reads it: "Q1 2026". */
export const quarterLabel = (key: string, quarter: (q: { quarter: number; year: number }) => string) => {
  const m = /^(\d{4})-Q([1-4])$/.exec(key);
  return m ? quarter({ quarter: Number(m[2]), year: Number(m[1]) }) : key;
};

/** A date range narrowed to a quarter: the later start, the earlier end (the drill-down keeps the bar's range). */
function withinQuarter(filters: Filters, key: string): Filters | null {
  const q = quarterRange(key);
  if (!q) return null;
  const after = filters.closedAfter && filters.closedAfter > q.closedAfter ? filters.closedAfter : q.closedAfter;
  const before = filters.closedBefore && filters.closedBefore < q.closedBefore ? filters.closedBefore : q.closedBefore;
  return { ...filters, closedAfter: after, closedBefore: before };
}

/** The deals behind a group of a report (or of the overview's rivals and trend): the filters plus the group's own. */
export function drillFilters(filters: Filters, dimension: ReportDimension, key: string): DealFilters | null {
  switch (dimension) {
    case 'rival':
    case 'owner': {
      const id = Number(key);
      if (!Number.isInteger(id) || id < 1) return null;
      return { ...filters, [dimension === 'rival' ? 'rivalId' : 'ownerId']: id };
    }
    case 'quarter':
      return withinQuarter(filters, key);
    default:
      return { ...filters, [dimension]: key };
  }
}

/** The deals that cite a reason, as one sayer said it or as anyone did. */
export const reasonFilters = (filters: Filters, reasonId: number, saidBy?: SaidBy): DealFilters => ({ ...filters, reasonId, ...(saidBy ? { saidBy } : {}) });

export const REPORT_SORTS = ['label', 'deals', 'wins', 'losses', 'winRate'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** A report's rows by a column; a row without a win rate goes last either way. */
export function sortRows(rows: RateRow[], by: ReportSort, direction: 'asc' | 'desc'): RateRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (by === 'label') return sign * a.label.localeCompare(b.label);
    const x = a[by];
    const y = b[by];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y) || a.label.localeCompare(b.label);
  });
}

/** 0.4567 → "46 %" ("46 %" in German too), null → null. */
export const formatShare = (value: number | null, locale: string) => (value === null ? null : numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value));

/** An amount in its currency, in the reader's language; a currency code Intl does not know is written after the number. */
export function formatAmount(amount: number, currency: string, locale: string): string {
  try {
    return numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(amount)} ${currency}`;
  }
}

// ---- the import's column mapping ----

export const CSV_FIELDS = Object.keys(DEAL_CSV_FIELDS) as DealCsvField[];
export type Columns = Partial<Record<DealCsvField, string>>;

/** The mapping the dialog opens with: the server's suggestion, each header one the file has. */
export const initialColumns = (suggested: Columns, headers: string[]): Columns =>
  Object.fromEntries(Object.entries(suggested).filter(([, h]) => h && headers.includes(h))) as Columns;

/** The required fields the mapping leaves unmapped. */
export const missingRequired = (columns: Columns): DealCsvField[] => DEAL_CSV_REQUIRED.filter((f) => !columns[f]);

/** A mapping as the contract's body takes it (unmapped fields left out). */
export const mappingColumns = (columns: Columns) => Object.fromEntries(Object.entries(columns).filter(([, h]) => h)) as Record<DealCsvField, string>;
