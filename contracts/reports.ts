// HTTP contracts of reports (part 1 §2 Reports, §6 usage reports and competitive analytics access).
//
//   GET /api/reports.json                                         → ReportMenu: the reports this reader may open
//   GET /api/reports/{id}/{type}.json?dateRange&from&to&role&staleDays → Report
//   GET /api/reports/{id}/{type}.csv?…&table={key}                → text/csv of one of the report's tables
//   GET /api/reports/{id}/{type}/user/{userId}.json?…             → Report: one user's usage (consumer usage drill-down)
//   GET /api/reports/{id}/{type}/{drillDownReport}.json?…         → Report: a drill-down (competitive analytics:
//                                                                   rival-{rivalId}; search analytics: zero-results,
//                                                                   unopened, top)
// 403 when the reader may not open that report (the page shows not-authorized); 404 for an unknown id or type.
//
// Every report has one shape, so one screen draws them all: key figures, charts and tables, each table
// exportable. Periods are whole UTC days: from the first day's midnight to the last day's end. The server words a
// report in its reader's language; reports are named by id and type, which the web app words (reports.ids, .types).
import { z } from 'zod';

export const REPORT_IDS = ['consumer-usage', 'curator', 'competitive-analytics', 'search-analytics'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The report types of each report, the first being where /reports/{id} leads. */
export const REPORT_TYPES = {
  'consumer-usage': ['overview', 'leaderboards'],
  curator: ['overview'],
  'competitive-analytics': ['overview', 'threat-analysis', 'data-hygiene', 'rep-performance', 'impact'],
  'search-analytics': ['overview'],
} as const satisfies Record<ReportId, readonly string[]>;
export type ReportType<I extends ReportId = ReportId> = (typeof REPORT_TYPES)[I][number];

export const REPORT_DATE_RANGES = ['today', 'yesterday', 'last2Days', 'last7Days', 'last30Days', 'last90Days', 'allTime', 'customDateRange'] as const;
export type ReportDateRange = (typeof REPORT_DATE_RANGES)[number];
export const DEFAULT_REPORT_DATE_RANGE: ReportDateRange = 'last30Days';
/** The impact report offers these (part 1 §5). */
export const IMPACT_DATE_RANGES = ['last2Days', 'last7Days', 'last30Days', 'last90Days'] as const;
export const REPORT_ROLES = ['all', 'consumer', 'curator', 'admin'] as const;
export type ReportRole = (typeof REPORT_ROLES)[number];
/** A custom period may span at most this many days. */
export const REPORT_MAX_DAYS = 800;
/** Data hygiene: a card is stale when not updated in this many days, unless staleDays says otherwise. */
export const DEFAULT_STALE_DAYS = 180;
/** Rows of a ranked table (top queries, leaderboards, top cards) on screen; CSV exports carry up to REPORT_CSV_MAX_ROWS. */
export const REPORT_TOP_ROWS = 25;
export const REPORT_CSV_MAX_ROWS = 10_000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

export const ReportQuery = z
  .object({
    dateRange: z.enum(REPORT_DATE_RANGES).default(DEFAULT_REPORT_DATE_RANGE),
    /** customDateRange only: the first and last day, inclusive. */
    from: day.optional(),
    to: day.optional(),
    role: z.enum(REPORT_ROLES).default('all'),
    staleDays: z.coerce.number().int().min(1).max(3_650).default(DEFAULT_STALE_DAYS),
    /** CSV only: which table. */
    table: z.string().max(60).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.dateRange !== 'customDateRange') return;
    if (!q.from || !q.to) ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: 'is required with customDateRange' });
    else if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'is after to' });
  });
export type ReportQuery = z.output<typeof ReportQuery>;

/** How a figure reads: a count, a share (0..1), a length in seconds, a signed change (0.25 = +25 %), a date. */
export type ReportFormat = 'number' | 'percent' | 'seconds' | 'change' | 'date' | 'text';

export type ReportKpi = {
  key: string;
  label: string;
  value: number | null;
  format: ReportFormat;
  /** The same figure over the period just before, for a trend arrow; null when there is none. */
  previous?: number | null;
  hint?: string;
  /** Who or what the figure belongs to (the most-mentioned rival, the reader with most reads): the tile names it. */
  subject?: string;
  /** What the figure counts, read after the number: "mentions" in "334 mentions". */
  unit?: string;
};

export type ReportChart = {
  key: string;
  title: string;
  kind: 'area' | 'bar' | 'line' | 'donut';
  /** The x axis field of each datum (a day "2026-11-02", a name). */
  xKey: string;
  /** A negative series counts something gone wrong (searches that found nothing): drawn in red, never in green. */
  series: { key: string; label: string; tone?: 'negative' }[];
  data: Record<string, string | number>[];
  /** Stacked areas or bars. */
  stacked?: boolean;
  /** False when the values do not add up (active users per day, threat scores): the chart's summary says no total. */
  additive?: boolean;
};

export type ReportColumn = { key: string; label: string; format: ReportFormat };
export type ReportCell = string | number | null;
export type ReportRow = {
  cells: Record<string, ReportCell>;
  /** In-app links by column key: a user's drill-down, a rival's, "write a card for this". */
  links?: Record<string, string>;
};
export type ReportTable = {
  key: string;
  title: string;
  description?: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Rows the full table has (the CSV carries them); rows holds the first REPORT_TOP_ROWS or so. */
  total: number;
  empty: string;
};

export type ReportPeriod = { dateRange: ReportDateRange; from: string; to: string; days: number };

export type Report = {
  id: ReportId;
  type: string;
  /** A drill-down's subject (a user's name, a rival's, a query list). */
  subtitle?: string;
  period: ReportPeriod;
  role: ReportRole;
  kpis: ReportKpi[];
  charts: ReportChart[];
  tables: ReportTable[];
  /** A report that cannot be drawn yet says what data it stands on (rep-performance and impact need deals). */
  needs?: { title: string; body: string; link?: { label: string; to: string } };
};

export type ReportMenuEntry = { id: ReportId; type: string; path: string; needsData?: boolean };
export type ReportMenu = { reports: ReportMenuEntry[] };

/**
 * "Write a card for this" for a search nobody found anything for: the search page for that query (still empty, which
 * is the point), with the new card dialog open and its title prefilled with the query.
 */
export const writeCardPath = (query: string) => `/search/${encodeURIComponent(query)}?newCard=1`;

/**
 * "Add a synonym" for the same search: when reps call something by a word the cards do not use, the
 * search synonyms section of company settings, with an entry for the query open (synonyms/model.ts draftToAdd).
 */
export const addSynonymPath = (query: string) => `/settings/synonyms?add=${encodeURIComponent(query)}`;

/** Who opens a report, as both the server and the menus read it. */
export type ReportReader = { roles: readonly string[]; isImpersonating: boolean };
export type ReportCompany = { flags: Record<string, boolean | undefined>; usageReports: Record<string, boolean | undefined> };

/** Competitive analytics types curators may open with the CRA flag; the others are for admins (part 1 §6). */
const CRA_CURATOR_TYPES: readonly string[] = ['threat-analysis', 'data-hygiene'];

/**
 * Part 1 §6: nothing without the reports feature, or in win/loss-exclusive mode. Impersonating users pass every
 * check. Admins open every report. Curators open consumer usage and curator activity each behind its own "for
 * curators" flag, competitive analytics' threat analysis and data hygiene behind the CRA flag (its overview, rep
 * performance and impact stay with admins), and search analytics (their content-gap list) always. The usage
 * reports also need the company's usage report of that kind not to be switched off. Without a type: any type.
 */
export function canOpenReport(reader: ReportReader, company: ReportCompany, id: ReportId, type?: string): boolean {
  if (company.flags.reports !== true || company.flags.winLossExclusive === true) return false;
  if (reader.isImpersonating) return true;
  const admin = reader.roles.includes('admin');
  const curator = admin || reader.roles.includes('curator');
  switch (id) {
    case 'consumer-usage':
      return company.usageReports.consumer !== false && (admin || (curator && company.flags.consumerReportForCurators === true));
    case 'curator':
      return company.usageReports.curator !== false && (admin || (curator && company.flags.curatorReportForCurators === true));
    case 'competitive-analytics':
      return admin || (curator && company.flags.craReportForCurators === true && (type === undefined || CRA_CURATOR_TYPES.includes(type)));
    case 'search-analytics':
      return curator;
  }
}

/**
 * Where a report leads this reader: its first type they may open, or null when they may open none. A report of one
 * type is /reports/{id} (part 2 §2 names /reports/curator), which opens that type.
 */
export function reportPath(reader: ReportReader, company: ReportCompany, id: ReportId): string | null {
  const type = REPORT_TYPES[id].find((t) => canOpenReport(reader, company, id, t));
  if (!type) return null;
  return REPORT_TYPES[id].length === 1 ? `/reports/${id}` : `/reports/${id}/${type}`;
}
