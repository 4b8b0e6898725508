// Win/loss (contracts/deals.ts): the reason taxonomy, the filters' values, the overview and the reports. Each report
// is one aggregate query over the company's deals (count FILTER per outcome, grouped by the dimension; by rival over
// unnest(rival_ids), so a deal counts for every rival it met), and every rate and interval is winRate()'s.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import {
  SEGMENT_DIMENSIONS,
  winRate,
  type DealFilters,
  type RateRow,
  type ReasonShare,
  type ReportDimension,
  type WinLossFacets,
  type WinLossOverview,
  type WinLossReason,
  type WinLossReasonBody,
  type WinLossReport,
} from '../../contracts/deals.ts';
import { apiError } from '../errors.ts';
import { DIMENSION_COLUMNS, dealFiltersSql } from '../deals/filters.ts';

/**
 * Won amounts are summed in this currency; deals in others are left out of amountWon (a company's deals are
 * overwhelmingly in one currency, and converting at today's rate would misstate past quarters anyway).
 */
export const REPORTING_CURRENCY = 'USD';

/** How many win and how many loss reasons the overview lists. */
export const TOP_REASONS = 8;

const RATE_COLUMNS = sql`count(*)::int AS deals, count(*) FILTER (WHERE d.outcome = 'win')::int AS wins,
  count(*) FILTER (WHERE d.outcome = 'loss')::int AS losses,
  coalesce(sum(d.amount) FILTER (WHERE d.outcome = 'win' AND d.currency = ${REPORTING_CURRENCY}), 0)::float8 AS "amountWon"`;

type Counts = { key: string; label: string; deals: number; wins: number; losses: number; amountWon: number };
const rateRow = (c: Counts): RateRow => ({ ...c, key: String(c.key), ...winRate(c.wins, c.losses) });

/** Each dimension's grouping: the key (and its label) per deal, and the deals it leaves out (those without one). */
function grouping(dimension: ReportDimension, companyId: number): { from: SQL; key: SQL; label: SQL; where: SQL; order: SQL } {
  const byCount = sql`deals DESC, key`;
  switch (dimension) {
    case 'rival':
      return {
        from: sql`deals d CROSS JOIN LATERAL unnest(d.rival_ids) AS k(rival_id)`,
        key: sql`k.rival_id`,
        label: sql`(SELECT r.name FROM rivals r WHERE r.id = k.rival_id AND r.company_id = ${companyId})`,
        where: sql`TRUE`,
        order: byCount,
      };
    case 'owner':
      return {
        from: sql`deals d LEFT JOIN users u ON u.id = d.owner_user_id`,
        key: sql`coalesce(d.owner_user_id::text, lower(d.owner_email))`,
        label: sql`coalesce(max(u.name), max(d.owner_name), max(d.owner_email))`,
        where: sql`(d.owner_user_id IS NOT NULL OR d.owner_email IS NOT NULL)`,
        order: byCount,
      };
    case 'quarter':
      return {
        from: sql`deals d`,
        key: sql`to_char(d.closed_on, 'YYYY-"Q"Q')`,
        label: sql`to_char(d.closed_on, 'YYYY-"Q"Q')`,
        where: sql`d.closed_on IS NOT NULL`,
        order: sql`key`,
      };
    default: {
      const column = sql.raw(`d.${DIMENSION_COLUMNS[dimension]}`);
      return { from: sql`deals d`, key: column, label: column, where: sql`${column} IS NOT NULL`, order: byCount };
    }
  }
}

/** One row per value of the dimension (deals without one are left out); by quarter oldest first, else biggest first. */
export async function winLossReport(db: Exec, companyId: number, dimension: ReportDimension, f: DealFilters): Promise<WinLossReport> {
  const g = grouping(dimension, companyId);
  // The rival's label is looked up per group, after the aggregate, not per deal.
  const label = dimension === 'rival' ? sql`NULL` : g.label;
  const rows = await rowsOf<Counts & { key: string }>(
    db,
    sql`SELECT ${g.key} AS key, ${label} AS label, ${RATE_COLUMNS}
        FROM ${g.from} WHERE ${dealFiltersSql(companyId, f)} AND ${g.where}
        GROUP BY 1 ORDER BY ${g.order}`,
  );
  if (dimension === 'rival') {
    const names = new Map(
      (await rowsOf<{ id: number; name: string }>(db, sql`SELECT id, name FROM rivals WHERE company_id = ${companyId}`)).map((r) => [String(r.id), r.name]),
    );
    return { dimension, rows: rows.filter((r) => names.has(String(r.key))).map((r) => rateRow({ ...r, label: names.get(String(r.key))! })) };
  }
  return { dimension, rows: rows.map(rateRow) };
}

export async function winLossOverview(db: Exec, companyId: number, f: DealFilters): Promise<WinLossOverview> {
  const where = dealFiltersSql(companyId, f);
  const [[totals], byRival, trend, reasons] = await Promise.all([
    rowsOf<Counts & { open: number }>(
      db,
      sql`SELECT 'all' AS key, 'All deals' AS label, ${RATE_COLUMNS}, count(*) FILTER (WHERE d.outcome IS NULL)::int AS open FROM deals d WHERE ${where}`,
    ),
    winLossReport(db, companyId, 'rival', f),
    winLossReport(db, companyId, 'quarter', f),
    rowsOf<Omit<ReasonShare, 'share'>>(
      db,
      sql`SELECT * FROM (
            SELECT w.id AS "reasonId", w.name, w.kind, count(DISTINCT dr.deal_id)::int AS deals,
              count(DISTINCT dr.deal_id) FILTER (WHERE dr.said_by = 'rep')::int AS rep,
              count(DISTINCT dr.deal_id) FILTER (WHERE dr.said_by = 'buyer')::int AS buyer,
              row_number() OVER (PARTITION BY w.kind ORDER BY count(DISTINCT dr.deal_id) DESC, w.name) AS n
            FROM deal_reasons dr JOIN deals d ON d.id = dr.deal_id JOIN win_loss_reasons w ON w.id = dr.reason_id
            WHERE ${where} AND dr.company_id = ${companyId} AND d.outcome = w.kind
            GROUP BY w.id, w.name, w.kind) x
          WHERE n <= ${TOP_REASONS} ORDER BY kind DESC, deals DESC, name`,
    ),
  ]);
  const share = (r: Omit<ReasonShare, 'share'>): ReasonShare => {
    const decided = r.kind === 'win' ? totals.wins : totals.losses;
    return { reasonId: r.reasonId, name: r.name, kind: r.kind, deals: r.deals, rep: r.rep, buyer: r.buyer, share: decided ? r.deals / decided : 0 };
  };
  const { open, ...counts } = totals;
  return {
    totals: { ...rateRow(counts), open, closed: counts.deals - open },
    byRival: byRival.rows,
    trend: trend.rows,
    topWinReasons: reasons.filter((r) => r.kind === 'win').map(share),
    topLossReasons: reasons.filter((r) => r.kind === 'loss').map(share),
  };
}

/** The values each filter offers: rivals and owners that have deals, the taxonomy, each dimension's values. */
export async function winLossFacets(db: Exec, companyId: number): Promise<WinLossFacets> {
  const dims = [...SEGMENT_DIMENSIONS, 'product'] as const;
  const [rivals, owners, reasons, [values]] = await Promise.all([
    rowsOf<{ id: number; name: string }>(
      db,
      sql`SELECT r.id, r.name FROM rivals r WHERE r.company_id = ${companyId}
          AND EXISTS (SELECT 1 FROM deals d WHERE d.company_id = ${companyId} AND d.rival_ids @> ARRAY[r.id]) ORDER BY lower(r.name)`,
    ),
    rowsOf<{ id: number; name: string }>(
      db,
      sql`SELECT u.id, u.name FROM users u WHERE u.company_id = ${companyId}
          AND EXISTS (SELECT 1 FROM deals d WHERE d.company_id = ${companyId} AND d.owner_user_id = u.id) ORDER BY lower(u.name)`,
    ),
    rowsOf<WinLossFacets['reasons'][number]>(db, sql`SELECT id, kind, name FROM win_loss_reasons WHERE company_id = ${companyId} ORDER BY kind DESC, lower(name)`),
    rowsOf<Record<(typeof dims)[number], string[] | null>>(
      db,
      sql`SELECT ${sql.join(
        dims.map((k) => sql`array_agg(DISTINCT ${sql.raw(`d.${DIMENSION_COLUMNS[k]}`)} ORDER BY ${sql.raw(`d.${DIMENSION_COLUMNS[k]}`)}) FILTER (WHERE ${sql.raw(`d.${DIMENSION_COLUMNS[k]}`)} IS NOT NULL) AS ${sql.raw(`"${k}"`)}`),
        sql`, `,
      )} FROM deals d WHERE d.company_id = ${companyId}`,
    ),
  ]);
  const { product, ...segments } = Object.fromEntries(dims.map((k) => [k, values[k] ?? []])) as Record<(typeof dims)[number], string[]>;
  return { rivals, owners, reasons, products: product, ...segments };
}

export async function listReasons(db: Exec, companyId: number): Promise<WinLossReason[]> {
  return rowsOf<WinLossReason>(
    db,
    sql`SELECT w.id, w.kind, w.name,
          (SELECT count(DISTINCT dr.deal_id)::int FROM deal_reasons dr WHERE dr.reason_id = w.id AND dr.company_id = ${companyId}) AS deals
        FROM win_loss_reasons w WHERE w.company_id = ${companyId} ORDER BY w.kind DESC, lower(w.name)`,
  );
}

export async function addReason(db: Exec, companyId: number, body: WinLossReasonBody): Promise<WinLossReason> {
  const [row] = await rowsOf<Omit<WinLossReason, 'deals'>>(
    db,
    sql`INSERT INTO win_loss_reasons (company_id, kind, name) VALUES (${companyId}, ${body.kind}, ${body.name})
        ON CONFLICT DO NOTHING RETURNING id, kind, name`,
  );
  if (!row) throw apiError('win_loss_reason_taken', { kind: body.kind, name: body.name });
  return { ...row, deals: 0 };
}
