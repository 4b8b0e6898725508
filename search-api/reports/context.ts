// What every report builder is given: the company, the reader's language, and the period as whole UTC days.
import type { Db } from '../../db/client.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Report, ReportChart, ReportDateRange, ReportPeriod, ReportQuery } from '../../contracts/reports.ts';
import { REPORT_MAX_DAYS } from '../../contracts/reports.ts';
import { apiError } from '../errors.ts';
import type { ReaderLanguage } from '../strings/index.ts';
import { DAY_MS } from '../../contracts/time.ts';

export type ResolvedPeriod = {
  /** First day's midnight UTC. */
  from: Date;
  /** The midnight after the last day (exclusive). */
  to: Date;
  days: number;
  /** The period of the same length just before, for trends. */
  previous: { from: Date; to: Date };
  view: ReportPeriod;
};

export type ReportContext = {
  db: Db;
  companyId: number;
  query: ReportQuery;
  period: ResolvedPeriod;
  now: Date;
  /** Rows per table: REPORT_TOP_ROWS on screen, REPORT_CSV_MAX_ROWS in an export. */
  rows: number;
  /** The language the report is worded in (words.ts). */
  language: ReaderLanguage;
};

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const midnight = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The days a preset stands for, ending today (yesterday ends yesterday). allTime starts at the
 * company's first day, at most REPORT_MAX_DAYS back. */
export function resolvePeriod(q: Pick<ReportQuery, 'dateRange' | 'from' | 'to'>, now: Date, firstDay: Date): ResolvedPeriod {
  const today = midnight(now.getTime());
  let from: number;
  let to = today + DAY_MS;
  const lastDays = (n: number) => today - (n - 1) * DAY_MS;
  const range: ReportDateRange = q.dateRange;
  switch (range) {
    case 'today': from = today; break;
    case 'yesterday': from = today - DAY_MS; to = today; break;
    case 'last2Days': from = lastDays(2); break;
    case 'last7Days': from = lastDays(7); break;
    case 'last30Days': from = lastDays(30); break;
    case 'last90Days': from = lastDays(90); break;
    case 'allTime': from = Math.max(Math.min(midnight(firstDay.getTime()), today), to - REPORT_MAX_DAYS * DAY_MS); break;
    case 'customDateRange': {
      from = Date.parse(`${q.from}T00:00:00Z`);
      to = Date.parse(`${q.to}T00:00:00Z`) + DAY_MS;
      if (!Number.isFinite(from) || !Number.isFinite(to)) throw apiError('report_dates_invalid');
      break;
    }
  }
  const days = Math.round((to - from) / DAY_MS);
  if (days > REPORT_MAX_DAYS) throw apiError('report_period_too_long', { days, max: REPORT_MAX_DAYS });
  const previous = { from: new Date(from - days * DAY_MS), to: new Date(from) };
  return {
    from: new Date(from),
    to: new Date(to),
    days,
    previous,
    view: { dateRange: range, from: dayOf(new Date(from)), to: dayOf(new Date(to - DAY_MS)), days },
  };
}

/** Every day of the period, for charts whose days with nothing still show as zero. */
export function periodDays(p: Pick<ResolvedPeriod, 'from' | 'to'>): string[] {
  const out: string[] = [];
  for (let t = p.from.getTime(); t < p.to.getTime(); t += DAY_MS) out.push(dayOf(new Date(t)));
  return out;
}

/** Charts over long periods group days into weeks (Mondays) so a year does not draw 365 bars. */
export function bucketOf(p: Pick<ResolvedPeriod, 'days'>): 'day' | 'week' {
  return p.days > 92 ? 'week' : 'day';
}

/** The chart bucket a day falls in: itself, or the Monday of its week. */
export function bucketDay(day: string, bucket: 'day' | 'week'): string {
  if (bucket === 'day') return day;
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7;
  return dayOf(new Date(t - weekday * DAY_MS));
}

/**
 * Per-day values as chart data over the whole period: one datum per day (or week), every series present, zeros
 * where nothing happened.
 */
function timeSeries(p: ResolvedPeriod, rows: DayRow[], series: string[]): Record<string, string | number>[] {
  const bucket = bucketOf(p);
  const out = new Map<string, Record<string, string | number>>();
  for (const day of periodDays(p)) {
    const key = bucketDay(day, bucket);
    if (!out.has(key)) out.set(key, Object.fromEntries([['day', key], ...series.map((s) => [s, 0])]));
  }
  for (const r of rows) {
    const datum = out.get(bucketDay(r.day, bucket));
    if (!datum) continue;
    for (const s of series) datum[s] = (datum[s] as number) + Number(r[s] ?? 0);
  }
  return [...out.values()];
}

/** The UTC day (YYYY-MM-DD) of a timestamp column, the `day` of rows given to timeSeries. */
export const daySql = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

type DayRow = { day: string; [series: string]: string | number };

/** A chart over the period's days (or weeks), drawing each of its series from the rows' values of that key. */
export function timeChart(p: ResolvedPeriod, chart: Omit<ReportChart, 'xKey' | 'data'>, rows: DayRow[]): ReportChart {
  return { ...chart, xKey: 'day', data: timeSeries(p, rows, chart.series.map((s) => s.key)) };
}

/** Day strings for SQL: the period's first day and the day after its last. */
export const sqlDays = (p: { from: Date; to: Date }) => ({ from: dayOf(p.from), to: dayOf(p.to) });

/** A report of this context with nothing in it yet: its id, type, period and role. */
export function reportBase(ctx: ReportContext, id: Report['id'], type: string): Report {
  return { id, type, period: ctx.period.view, role: ctx.query.role, kpis: [], charts: [], tables: [] };
}

/** The role filter of rollup queries (each rollup row carries the role it was recorded in). */
export const roleFilter = (ctx: ReportContext): SQL => (ctx.query.role === 'all' ? sql`` : sql` AND role = ${ctx.query.role}`);
