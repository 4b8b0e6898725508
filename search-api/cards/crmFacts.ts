// Provider `own` (the CRM formulas crmWins and latestOpportunities, part 2 §3; issue #56): what the company's deals
// against a rival say, over the formula's condition (contracts/deals.ts SFDC_CONDITIONS):
// - 'Opportunities Last 6 Months': deals closed in the last 6 months and open deals created in them;
// - 'Closed Opportunities Last 6 Months': the closed ones alone.
// Won, lost and the win rate count closed deals; the reasons most cited are those of the won (lost) deals, by the
// number of deals citing them, whoever said them. The numbers are the card's content, for every reader of the card;
// the deals themselves (names, accounts) are win/loss data, listed only for readers who may read win/loss.
import { sql } from 'drizzle-orm';
import type { OwnFacts } from '../../contracts/cards.ts';
import { winRate, type SfdcCondition } from '../../contracts/deals.ts';
import { rowsOf, type Db } from '../../db/client.ts';

export const CRM_WINDOW_MONTHS = 6;
/** Deals the latestOpportunities formula lists. */
export const CRM_LATEST_DEALS = 5;
/** The currency of avgDealSizeUsd: deals in others are left out of the average. */
const USD = 'USD';

export async function crmFacts(
  db: Db,
  companyId: number,
  rivalId: number,
  condition: SfdcCondition,
  opts: { withDeals: boolean; now?: Date },
): Promise<{ data: OwnFacts | Record<string, never>; updatedAt: Date | null }> {
  const today = (opts.now ?? new Date()).toISOString().slice(0, 10);
  const since = sql`(${today}::date - ${`${CRM_WINDOW_MONTHS} months`}::interval)::date`;
  const inWindow =
    condition === 'Closed Opportunities Last 6 Months'
      ? sql`d.outcome IS NOT NULL AND d.closed_on >= ${since}`
      : sql`((d.outcome IS NOT NULL AND d.closed_on >= ${since}) OR (d.outcome IS NULL AND d.created_on >= ${since}))`;
  const set = sql`FROM deals d WHERE d.company_id = ${companyId} AND d.rival_ids @> ARRAY[${rivalId}::int] AND ${inWindow}`;
  const [totals] = await rowsOf<{ won: number; lost: number; open: number; all: number; avgUsd: number | null; updatedAt: Date | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE d.outcome = 'win')::int AS won, count(*) FILTER (WHERE d.outcome = 'loss')::int AS lost,
        count(*) FILTER (WHERE d.outcome IS NULL)::int AS open, count(*)::int AS all,
        (avg(d.amount) FILTER (WHERE d.currency = ${USD}))::float8 AS "avgUsd", max(d.updated_at) AS "updatedAt" ${set}`,
  );
  if (totals.all === 0) return { data: {}, updatedAt: null };
  const [reasons, latest] = await Promise.all([
    rowsOf<{ kind: 'win' | 'loss'; name: string }>(
      db,
      sql`SELECT DISTINCT ON (w.kind) w.kind, w.name
        FROM (SELECT r.kind, r.name, count(DISTINCT dr.deal_id) AS n
              FROM deal_reasons dr JOIN win_loss_reasons r ON r.id = dr.reason_id AND r.company_id = ${companyId}
              WHERE dr.company_id = ${companyId} AND dr.deal_id IN (SELECT d.id ${set} AND d.outcome = r.kind)
              GROUP BY r.kind, r.name) w
        ORDER BY w.kind, w.n DESC, lower(w.name)`,
    ),
    opts.withDeals
      ? rowsOf<NonNullable<OwnFacts['opportunities']>[number]>(
          db,
          sql`SELECT d.name, d.account_name AS "accountName", d.stage, d.amount, d.currency ${set}
            ORDER BY coalesce(d.closed_on, d.created_on) DESC, d.id DESC LIMIT ${CRM_LATEST_DEALS}`,
        )
      : Promise.resolve(undefined),
  ]);
  const rate = winRate(totals.won, totals.lost).winRate;
  const data: OwnFacts = {
    conditionName: condition,
    dealsWon: totals.won,
    dealsLost: totals.lost,
    winRate: rate === null ? null : Math.round(rate * 1000) / 1000,
    mostCitedWinReason: reasons.find((r) => r.kind === 'win')?.name ?? null,
    mostCitedLossReason: reasons.find((r) => r.kind === 'loss')?.name ?? null,
    dealsOpen: totals.open,
    avgDealSizeUsd: totals.avgUsd === null ? null : Math.round(totals.avgUsd),
    competitiveDeals: totals.all,
    ...(latest ? { opportunities: latest } : {}),
  };
  return { data, updatedAt: totals.updatedAt };
}
