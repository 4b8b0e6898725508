// Win and loss reasons as insights of a supported rival (part 3 §3, issue #56): each reason of the company's taxonomy
// that the rival's won (or lost) deals cite is one insight, its id the reason's, ranked by the deals citing it. They
// are computed when read, not generated: a deal imported or synced counts at once. Only a reason of the deal's own
// outcome counts (a win reason on a lost deal is a slip of the CRM, not a reason we lost).
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import { winRate, type SaidBy } from '../../contracts/deals.ts';
import type { DealSourceView, InsightKind, InsightView } from '../../contracts/insights.ts';
import { format } from '../strings/index.ts';

export const WIN_LOSS_KINDS = ['win_reasons', 'loss_reasons'] as const satisfies InsightKind[];
type WinLossKind = (typeof WIN_LOSS_KINDS)[number];
const OUTCOME_OF: Record<WinLossKind, 'win' | 'loss'> = { win_reasons: 'win', loss_reasons: 'loss' };
const KIND_OF = { win: 'win_reasons', loss: 'loss_reasons' } as const;

type Tally = { rivalId: number; reasonId: number; outcome: 'win' | 'loss'; name: string; deals: number; rep: number; buyer: number; decided: number };

/** Per rival and reason: the deals of its outcome that cite it (by anyone, by reps, by buyers), and that outcome's deals. */
async function reasonTallies(db: Exec, companyId: number, rivalIds: number[], kinds: readonly WinLossKind[]): Promise<Tally[]> {
  const outcomes = kinds.map((k) => OUTCOME_OF[k]);
  if (!rivalIds.length || !outcomes.length) return [];
  return rowsOf<Tally>(
    db,
    sql`WITH decided AS (
          SELECT rid, d.id, d.outcome FROM unnest(${sql.param(rivalIds)}::int[]) rid
          JOIN deals d ON d.company_id = ${companyId} AND d.rival_ids @> ARRAY[rid] AND d.outcome = ANY(${sql.param(outcomes)}::text[])
        ), totals AS (SELECT rid, outcome, count(*)::int AS n FROM decided GROUP BY rid, outcome)
        SELECT x.rid AS "rivalId", w.id AS "reasonId", x.outcome, w.name, count(DISTINCT x.id)::int AS deals,
          count(DISTINCT x.id) FILTER (WHERE dr.said_by = 'rep')::int AS rep,
          count(DISTINCT x.id) FILTER (WHERE dr.said_by = 'buyer')::int AS buyer, t.n AS decided
        FROM decided x
        JOIN deal_reasons dr ON dr.deal_id = x.id AND dr.company_id = ${companyId}
        JOIN win_loss_reasons w ON w.id = dr.reason_id AND w.kind = x.outcome
        JOIN totals t ON t.rid = x.rid AND t.outcome = x.outcome
        GROUP BY x.rid, w.id, x.outcome, t.n
        ORDER BY deals DESC, lower(w.name), w.id`,
  );
}

/** How many win and loss reasons each rival's deals cite: the counts the insights screen picks its source type by. */
export async function winLossCounts(db: Exec, companyId: number, rivalIds: number[]): Promise<Map<number, { winReasons: number; lossReasons: number }>> {
  const counts = new Map<number, { winReasons: number; lossReasons: number }>();
  for (const t of await reasonTallies(db, companyId, rivalIds, WIN_LOSS_KINDS)) {
    const c = counts.get(t.rivalId) ?? { winReasons: 0, lossReasons: 0 };
    c[t.outcome === 'win' ? 'winReasons' : 'lossReasons']++;
    counts.set(t.rivalId, c);
  }
  return counts;
}

/** The rival's win and loss reasons of the asked kinds as insights, most cited first, summed up in `language`. */
export async function winLossInsights(
  db: Exec, companyId: number, rival: { id: number; name: string }, kinds: readonly InsightKind[], language: string,
): Promise<InsightView[]> {
  const wanted = WIN_LOSS_KINDS.filter((k) => kinds.includes(k));
  return (await reasonTallies(db, companyId, [rival.id], wanted)).map((t) => {
    const share = t.deals / t.decided;
    return {
      id: t.reasonId,
      type: KIND_OF[t.outcome],
      title: t.name,
      summary: format(language, 'insights.winLossSummary', { kind: t.outcome, rival: rival.name, deals: t.deals, share, decided: t.decided, rep: t.rep, buyer: t.buyer }),
      reviewCount: 0,
      winLossCount: t.deals,
      sourcesCount: t.deals,
      aspects: [],
      share,
      confidence: winRate(t.deals, t.decided - t.deals).low ?? 0,
      quotes: [],
    };
  });
}

/**
 * The deals behind the rival's win/loss insight `reasonId`, those with the buyer's or rep's words first, then the most
 * recently closed; null when the rival's deals do not cite that reason of the company.
 */
export async function winLossSources(
  db: Exec, companyId: number, rivalId: number, reasonId: number, page: { page: number; size: number },
): Promise<{ sources: DealSourceView[]; total: number } | null> {
  const rows = await rowsOf<Omit<DealSourceView, 'type'> & { total: number; said: { saidBy: SaidBy; quote: string | null }[] }>(
    db,
    sql`SELECT d.id, d.name, d.account_name AS "accountName", d.outcome, d.closed_on::text AS "closedOn", d.amount, d.currency,
          json_agg(json_build_object('saidBy', dr.said_by, 'quote', dr.quote) ORDER BY dr.said_by) AS said,
          count(*) OVER ()::int AS total
        FROM win_loss_reasons w
        JOIN deal_reasons dr ON dr.reason_id = w.id AND dr.company_id = w.company_id
        JOIN deals d ON d.id = dr.deal_id AND d.outcome = w.kind AND d.rival_ids @> ARRAY[${rivalId}::int]
        WHERE w.id = ${reasonId} AND w.company_id = ${companyId}
        GROUP BY d.id
        ORDER BY bool_or(dr.quote IS NOT NULL) DESC, d.closed_on DESC NULLS LAST, d.id DESC
        LIMIT ${page.size} OFFSET ${(page.page - 1) * page.size}`,
  );
  if (rows.length) return { sources: rows.map(({ total: _t, ...r }) => ({ ...r, type: 'deal' })), total: rows[0].total };
  // Past the last page there are no rows to count from: whether the insight exists at all decides 404 or an empty page.
  const [cited] = await rowsOf<{ total: number }>(
    db,
    sql`SELECT count(DISTINCT d.id)::int AS total FROM win_loss_reasons w
        JOIN deal_reasons dr ON dr.reason_id = w.id AND dr.company_id = w.company_id
        JOIN deals d ON d.id = dr.deal_id AND d.outcome = w.kind AND d.rival_ids @> ARRAY[${rivalId}::int]
        WHERE w.id = ${reasonId} AND w.company_id = ${companyId}`,
  );
  return cited.total ? { sources: [], total: cited.total } : null;
}
