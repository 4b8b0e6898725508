// Win/loss (contracts/deals.ts): the reason taxonomy, the filters' values, the overview and the reports. The overview,
// reports and facets are answered from the company's deals held in memory (facts.ts: one loop over typed arrays,
// rebuilt whenever the deals change); names of rivals, users and reasons are read per request, so a rename shows at
// once. Each report groups the deals that pass the filters (by rival, a deal counts for every rival it met), and
// every rate and interval is winRate()'s.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import {
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
import {
  DIMS,
  dealFacts,
  dimValuesInOrder,
  ownerIdsWithDeals,
  ownerMaxima,
  quarterKey,
  reasonCounts,
  reasonKey,
  rivalIdsWithDeals,
  selectDeals,
  tallyBy,
  totals,
  type DealFacts,
  type KeyedTally,
  type Tally,
} from './facts.ts';

export { REPORTING_CURRENCY } from './facts.ts';

/** How many win and how many loss reasons the overview lists. */
export const TOP_REASONS = 8;

const rateRow = (key: string, label: string, t: Tally): RateRow => ({
  key,
  label,
  deals: t.deals,
  wins: t.wins,
  losses: t.losses,
  ...winRate(t.wins, t.losses),
  amountWon: t.amountWon,
});

/** Most deals first, ties by key (the SQL's ORDER BY deals DESC, key). */
const byDeals = (keyOrder: (a: KeyedTally, b: KeyedTally) => number) => (a: KeyedTally, b: KeyedTally) => b.deals - a.deals || keyOrder(a, b);

async function report(db: Exec, companyId: number, f: DealFacts, sel: Int32Array, dimension: ReportDimension): Promise<RateRow[]> {
  switch (dimension) {
    case 'rival': {
      // Only the company's rivals, labelled by their current names.
      const names = new Map(
        (await rowsOf<{ id: number; name: string }>(db, sql`SELECT id, name FROM rivals WHERE company_id = ${companyId}`)).map((r) => [r.id, r.name]),
      );
      return tallyBy(f, sel, 'rival')
        .filter((t) => names.has(t.key))
        .sort(byDeals((a, b) => a.key - b.key))
        .map((t) => rateRow(String(t.key), names.get(t.key)!, t));
    }
    case 'quarter':
      return tallyBy(f, sel, f.quarter)
        .sort((a, b) => a.key - b.key)
        .map((t) => rateRow(quarterKey(t.key), quarterKey(t.key), t));
    case 'owner': {
      // The label: the product user's name, else the greatest CRM name, else the greatest email (as coalesce(max…) did).
      const maxima = ownerMaxima(f, sel);
      const userIds = [...maxima.values()].map((m) => m.userId).filter((id) => id > 0);
      const users = new Map(
        (await rowsOf<{ id: number; name: string | null }>(db, sql`SELECT id, name FROM users WHERE id = ANY(${sql.param(userIds)}::int[])`)).map((u) => [u.id, u.name]),
      );
      const text = (code: number) => (code < 0 ? null : f.strings.values[code]);
      const rank = f.ownerKeys.rank;
      return tallyBy(f, sel, f.owner)
        .sort(byDeals((a, b) => rank[a.key] - rank[b.key]))
        .map((t) => {
          const m = maxima.get(t.key)!;
          return rateRow(f.ownerKeys.values[t.key], users.get(m.userId) ?? text(m.name) ?? text(m.email) ?? '', t);
        });
    }
    default: {
      const { codes, dict } = f.dims[dimension];
      return tallyBy(f, sel, codes)
        .sort(byDeals((a, b) => dict.rank[a.key] - dict.rank[b.key]))
        .map((t) => rateRow(dict.values[t.key], dict.values[t.key], t));
    }
  }
}

/** One row per value of the dimension (deals without one are left out); by quarter oldest first, else biggest first. */
export async function winLossReport(db: Db, companyId: number, dimension: ReportDimension, filters: DealFilters): Promise<WinLossReport> {
  const f = await dealFacts(db, companyId);
  return { dimension, rows: await report(db, companyId, f, selectDeals(f, filters), dimension) };
}

export async function winLossOverview(db: Db, companyId: number, filters: DealFilters): Promise<WinLossOverview> {
  const f = await dealFacts(db, companyId);
  const sel = selectDeals(f, filters);
  const { open, ...all } = totals(f, sel);
  const cited = reasonCounts(f, sel);
  const citedIds = [...new Set([...cited.keys()].map((k) => k >> 1))];
  const [byRival, trend, taxonomy] = await Promise.all([
    report(db, companyId, f, sel, 'rival'),
    report(db, companyId, f, sel, 'quarter'),
    rowsOf<{ id: number; kind: 'win' | 'loss'; name: string }>(
      db,
      sql`SELECT id, kind, name FROM win_loss_reasons WHERE id = ANY(${sql.param(citedIds)}::int[]) ORDER BY name`,
    ),
  ]);
  // A reason counts for the deals of its own kind: a win reason on won deals, a loss reason on lost ones.
  const top = (kind: 'win' | 'loss'): ReasonShare[] => {
    const decided = kind === 'win' ? all.wins : all.losses;
    return taxonomy
      .map((w, nameOrder) => ({ w, nameOrder, c: cited.get(reasonKey(w.id, kind)) }))
      .filter((x) => x.w.kind === kind && x.c)
      .sort((a, b) => b.c!.deals - a.c!.deals || a.nameOrder - b.nameOrder)
      .slice(0, TOP_REASONS)
      .map(({ w, c }) => ({ reasonId: w.id, name: w.name, kind, deals: c!.deals, rep: c!.rep, buyer: c!.buyer, share: decided ? c!.deals / decided : 0 }));
  };
  return {
    totals: { ...rateRow('all', 'All deals', all), open, closed: all.deals - open },
    byRival,
    trend,
    topWinReasons: top('win'),
    topLossReasons: top('loss'),
  };
}

/** The values each filter offers: rivals and owners that have deals, the taxonomy, each dimension's values. */
export async function winLossFacets(db: Db, companyId: number): Promise<WinLossFacets> {
  const f = await dealFacts(db, companyId);
  const [rivals, owners, reasons] = await Promise.all([
    rowsOf<{ id: number; name: string }>(db, sql`SELECT id, name FROM rivals WHERE company_id = ${companyId} ORDER BY lower(name)`),
    rowsOf<{ id: number; name: string }>(db, sql`SELECT id, name FROM users WHERE company_id = ${companyId} ORDER BY lower(name)`),
    rowsOf<WinLossFacets['reasons'][number]>(db, sql`SELECT id, kind, name FROM win_loss_reasons WHERE company_id = ${companyId} ORDER BY kind DESC, lower(name)`),
  ]);
  const rivalIds = rivalIdsWithDeals(f);
  const ownerIds = ownerIdsWithDeals(f);
  const { product, ...segments } = Object.fromEntries(DIMS.map((d) => [d, dimValuesInOrder(f, d)])) as Record<(typeof DIMS)[number], string[]>;
  return {
    rivals: rivals.filter((r) => rivalIds.has(r.id)),
    owners: owners.filter((u) => ownerIds.has(u.id)),
    reasons,
    products: product,
    ...segments,
  };
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
