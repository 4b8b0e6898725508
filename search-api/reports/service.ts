// Reports (part 1 §2, §6): who may open which, the builder of each report type and drill-down, and CSV exports.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  IMPACT_DATE_RANGES,
  REPORT_CSV_MAX_ROWS,
  REPORT_IDS,
  REPORT_TOP_ROWS,
  REPORT_TYPES,
  canOpenReport,
  type Report,
  type ReportId,
  type ReportMenu,
  type ReportQuery,
  type ReportReader,
} from '../../contracts/reports.ts';
import type { CompanyRow, UserRow } from '../auth/context.ts';
import { apiError } from '../errors.ts';
import { readerLanguage } from '../strings/index.ts';
import { competitiveDrillDown } from './competitive/drillDown.ts';
import { competitiveReports } from './competitive/index.ts';
import { resolvePeriod, type ReportContext } from './context.ts';
import { searchAnalytics, searchListDrillDown } from './searches.ts';
import { consumerUsageLeaderboards, consumerUsageOverview, curatorActivity, userDrillDown } from './usage.ts';

type Builder = (ctx: ReportContext) => Promise<Report>;

const BUILDERS: { [I in ReportId]: Record<(typeof REPORT_TYPES)[I][number], Builder> } = {
  'consumer-usage': { overview: consumerUsageOverview, leaderboards: consumerUsageLeaderboards },
  curator: { overview: curatorActivity },
  'competitive-analytics': competitiveReports,
  'search-analytics': { overview: searchAnalytics },
};

/** Report types that stand on CRM deals: the menu marks them while the company has no decided deal. */
const NEEDS_DEALS = new Set(['competitive-analytics/rep-performance', 'competitive-analytics/impact']);

export type ReportRequest = { id: string; type: string; drill?: string; userId?: number; query: ReportQuery; csv?: boolean };
/** Who asks: their roles and company decide what they may open, their saved language the report's words. */
type Reader = ReportReader & { companyId: number; company: CompanyRow; user: Pick<UserRow, 'language'> };

const companyOf = (c: CompanyRow) => ({ flags: c.companyData.flags ?? {}, usageReports: (c.usageReports ?? {}) as Record<string, boolean> });

export async function reportMenu(db: Db, reader: Reader): Promise<ReportMenu> {
  const company = companyOf(reader.company);
  const [{ hasDeals }] = await rowsOf<{ hasDeals: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM deals WHERE company_id = ${reader.companyId} AND outcome IN ('win', 'loss')) AS "hasDeals"`,
  );
  return {
    reports: REPORT_IDS.flatMap((id) =>
      REPORT_TYPES[id].filter((type) => canOpenReport(reader, company, id, type)).map((type) => ({
        id,
        type,
        path: `/reports/${id}/${type}`,
        ...(!hasDeals && NEEDS_DEALS.has(`${id}/${type}`) ? { needsData: true } : {}),
      })),
    ),
  };
}

export async function buildReport(db: Db, reader: Reader, r: ReportRequest, now = new Date()): Promise<Report> {
  const id = REPORT_IDS.find((i) => i === r.id);
  if (!id) throw apiError('report_not_found');
  const builder = (BUILDERS[id] as Record<string, Builder>)[r.type];
  if (!builder || !Object.hasOwn(BUILDERS[id], r.type)) throw apiError('report_not_found');
  if (!canOpenReport(reader, companyOf(reader.company), id, r.type)) throw apiError('report_not_allowed');
  if (id === 'competitive-analytics' && r.type === 'impact' && !(IMPACT_DATE_RANGES as readonly string[]).includes(r.query.dateRange)) {
    throw apiError('report_date_range_unsupported', { ranges: IMPACT_DATE_RANGES.join(', ') });
  }
  const [{ first }] = await rowsOf<{ first: Date }>(db, sql`SELECT created_at AS first FROM companies WHERE id = ${reader.companyId}`);
  const ctx: ReportContext = {
    db,
    companyId: reader.companyId,
    query: r.query,
    period: resolvePeriod(r.query, now, new Date(first)),
    now,
    rows: r.csv ? REPORT_CSV_MAX_ROWS : r.drill ? REPORT_TOP_ROWS * 4 : REPORT_TOP_ROWS,
    language: readerLanguage(reader.user.language),
  };
  if (r.userId !== undefined) {
    if (id !== 'consumer-usage' && id !== 'curator') throw apiError('report_not_found');
    return userDrillDown(ctx, id, r.type, r.userId);
  }
  if (r.drill !== undefined) {
    if (id === 'competitive-analytics') return competitiveDrillDown(ctx, r.type, r.drill);
    if (id === 'search-analytics') return searchListDrillDown(ctx, r.drill);
    throw apiError('report_not_found');
  }
  return builder(ctx);
}

/** One table of a report as CSV: a header of labels, raw numbers (shares as percentages), nothing a spreadsheet runs. */
export function reportCsv(report: Report, tableKey: string | undefined): { filename: string; body: string } {
  const table = tableKey ? report.tables.find((t) => t.key === tableKey) : report.tables[0];
  if (!table) throw (report.tables.length ? apiError('report_table_unknown', { tables: report.tables.map((t) => t.key).join(', ') }) : apiError('report_without_tables'));
  const columns = table.columns.filter((c) => c.label);
  const header = columns.map((c) => (c.format === 'percent' ? `${c.label} (%)` : c.format === 'seconds' ? `${c.label} (s)` : c.label));
  const lines = [header, ...table.rows.map((r) => columns.map((c) => {
    const v = r.cells[c.key];
    if (v === null || v === undefined) return '';
    if (typeof v === 'number') return String(c.format === 'percent' || c.format === 'change' ? Math.round(v * 1000) / 10 : Math.round(v * 100) / 100);
    return v;
  }))];
  const body = lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
  const name = [report.id, report.type, report.subtitle, table.key, report.period.from, report.period.to].filter(Boolean).join('-');
  return { filename: `${name.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}.csv`, body };
}

/** Quoted when needed; text a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
