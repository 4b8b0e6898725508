// Rep performance and impact (issue #56): CRM deals beside the use of each rival's content.
//
// Counting rules (besides those of shared.ts):
// - A deal counts when it is decided (won or lost; churn, other and open deals are not in a win rate) and closed in the
//   report's period, once for every rival it met (deals.rival_ids), template rivals left out.
// - Content use of a rival by a user: views of its battlecards and of its cards (usage_events.rival_id, resolved by the
//   server from the subject), searches whose query names it, and Ask questions whose text names it.
// - Rep performance: a rep is the deal's owner (the product user when the CRM owner's email is one, else the CRM's
//   name); their use of the rival is counted in the report's period up to the end of their last close against it.
// - Impact: a deal is engaged when its owner used the rival's content in the IMPACT_WINDOW_DAYS days before the close
//   (from midnight of the day IMPACT_WINDOW_DAYS before the close to the end of the close day). Deals whose owner is
//   no product user are left out: whether they engaged cannot be known.
// - Amount won sums the wins in REPORT_CURRENCY; amounts in other currencies are left out of it.
import { sql, type SQL } from 'drizzle-orm';
import { winRate } from '../../../contracts/deals.ts';
import type { Report } from '../../../contracts/reports.ts';
import { rowsOf } from '../../../db/client.ts';
import { sqlDays, type ReportContext } from '../context.ts';
import { wordsOf, type Words } from '../words.ts';
import { base, CHART_MAX_BARS, col, notTemplate, rivalDrillPath, rivalName, round, ts } from './shared.ts';

export const IMPACT_WINDOW_DAYS = 90;
export const REPORT_CURRENCY = 'USD';

/** The company's decided deals closed in the period, one row per rival each met (alias dr). */
const decidedByRival = (ctx: ReportContext): SQL => {
  const c = ctx.companyId;
  const days = sqlDays(ctx.period);
  return sql`SELECT d.id, d.owner_user_id, d.owner_name, d.owner_email, d.outcome, d.amount, d.currency, d.closed_on,
      r.id AS rival_id, r.name AS rival_name, r.is_draft AS rival_draft
    FROM deals d CROSS JOIN LATERAL unnest(d.rival_ids) AS x(rival_id)
    JOIN rivals r ON r.id = x.rival_id AND r.company_id = ${c}
    WHERE d.company_id = ${c} AND ${notTemplate('r')} AND d.outcome IN ('win', 'loss')
      AND d.closed_on >= ${days.from}::date AND d.closed_on < ${days.to}::date`;
};

/** What a search or an Ask question of usage event e (with its Ask answer a) said: where a rival's name is looked for. */
const eventText = sql`CASE WHEN e.kind = 'search' THEN e.query ELSE a.question END`;

/** Usage event e, whose searched or asked words are `text`, concerns the rival of id and name given. */
const concerns = (rivalId: SQL, rivalNameSql: SQL, text: SQL = eventText): SQL =>
  sql`((e.kind IN ('battlecardView', 'cardView') AND e.rival_id = ${rivalId})
    OR (e.kind IN ('search', 'askQuestion') AND strpos(lower(${text}), lower(${rivalNameSql})) > 0))`;
const CONTENT_KINDS = sql`('battlecardView', 'cardView', 'search', 'askQuestion')`;
const askJoin = (c: number) => sql`LEFT JOIN ask_answers a ON e.kind = 'askQuestion' AND a.id = e.subject_id AND a.company_id = ${c}`;

/** Whether the company holds any decided deal at all: without one, the reports say how to bring deals in. */
async function hasDecidedDeals(ctx: ReportContext): Promise<boolean> {
  const [row] = await rowsOf<{ any: boolean }>(
    ctx.db,
    sql`SELECT EXISTS (SELECT 1 FROM deals WHERE company_id = ${ctx.companyId} AND outcome IN ('win', 'loss')) AS any`,
  );
  return row.any;
}

function withoutDeals(w: Words, report: Report, type: 'repPerformance' | 'impact'): Report {
  report.needs = { title: w(`needs.${type}`), body: w(`needs.${type}Body`), link: { label: w('needs.connect'), to: '/integrations' } };
  return report;
}

const rate = (wins: number, losses: number) => {
  const r = winRate(wins, losses);
  const r4 = (x: number | null) => (x === null ? null : round(x));
  return { winRate: r4(r.winRate), low: r4(r.low), high: r4(r.high) };
};

type RepRow = {
  userId: number | null;
  rep: string | null;
  rivalId: number;
  rivalName: string;
  rivalDraft: boolean;
  wins: number;
  losses: number;
  amountWon: number;
  battlecardViews: number;
  cardViews: number;
  searches: number;
  asks: number;
};

export async function repPerformance(ctx: ReportContext): Promise<Report> {
  const w = wordsOf(ctx.language);
  const report = base(ctx, 'rep-performance');
  if (!(await hasDecidedDeals(ctx))) return withoutDeals(w, report, 'repPerformance');
  const c = ctx.companyId;
  const rows = await rowsOf<RepRow>(
    ctx.db,
    sql`WITH dr AS (${decidedByRival(ctx)}),
      g AS (
        SELECT dr.owner_user_id AS uid, coalesce(u.name, min(dr.owner_name), min(dr.owner_email)) AS rep,
          dr.rival_id, dr.rival_name, dr.rival_draft,
          count(*) FILTER (WHERE dr.outcome = 'win')::int AS wins, count(*) FILTER (WHERE dr.outcome = 'loss')::int AS losses,
          coalesce(sum(dr.amount) FILTER (WHERE dr.outcome = 'win' AND dr.currency = ${REPORT_CURRENCY}), 0)::float8 AS amount_won,
          max(dr.closed_on) AS last_close
        FROM dr LEFT JOIN users u ON u.id = dr.owner_user_id AND u.company_id = ${c}
        GROUP BY dr.owner_user_id, u.name, dr.rival_id, dr.rival_name, dr.rival_draft,
          CASE WHEN dr.owner_user_id IS NULL THEN lower(coalesce(dr.owner_email, dr.owner_name, '')) END),
      -- The reps' content events of the period, read once and materialized: joined to g row by row, the planner
      -- walked every event of a rep for each of their rivals (a minute on the demo data).
      ev AS MATERIALIZED (
        SELECT e.user_id, e.kind, e.rival_id, e.occurred_at, ${eventText} AS text
        FROM usage_events e ${askJoin(c)}
        WHERE e.company_id = ${c} AND e.kind IN ${CONTENT_KINDS} AND e.user_id IN (SELECT uid FROM g WHERE uid IS NOT NULL)
          AND e.occurred_at >= ${ts(ctx.period.from)} AND e.occurred_at < ${ts(ctx.period.to)}),
      used AS (
        SELECT g.uid, g.rival_id,
          count(*) FILTER (WHERE e.kind = 'battlecardView')::int AS battlecard_views,
          count(*) FILTER (WHERE e.kind = 'cardView')::int AS card_views,
          count(*) FILTER (WHERE e.kind = 'search')::int AS searches,
          count(*) FILTER (WHERE e.kind = 'askQuestion')::int AS asks
        FROM g JOIN ev e ON e.user_id = g.uid AND e.occurred_at < ((g.last_close + 1)::timestamp AT TIME ZONE 'UTC')
        WHERE ${concerns(sql`g.rival_id`, sql`g.rival_name`, sql`e.text`)}
        GROUP BY g.uid, g.rival_id)
      SELECT g.uid AS "userId", g.rep, g.rival_id AS "rivalId", g.rival_name AS "rivalName", g.rival_draft AS "rivalDraft",
        g.wins, g.losses, g.amount_won AS "amountWon",
        coalesce(used.battlecard_views, 0) AS "battlecardViews", coalesce(used.card_views, 0) AS "cardViews",
        coalesce(used.searches, 0) AS searches, coalesce(used.asks, 0) AS asks
      FROM g LEFT JOIN used ON used.uid = g.uid AND used.rival_id = g.rival_id
      ORDER BY g.wins + g.losses DESC, g.wins DESC, lower(coalesce(g.rep, '')), g.rival_name`,
  );

  const [totals] = await rowsOf<{ wins: number; losses: number; reps: number }>(
    ctx.db,
    sql`SELECT count(*) FILTER (WHERE d.outcome = 'win')::int AS wins, count(*) FILTER (WHERE d.outcome = 'loss')::int AS losses,
        count(DISTINCT coalesce(d.owner_user_id::text, lower(coalesce(d.owner_email, d.owner_name, ''))))::int AS reps
      FROM deals d WHERE d.id IN (SELECT id FROM (${decidedByRival(ctx)}) dr)`,
  );
  const repLabel = (r: RepRow) => r.rep ?? w('deals.noOwner');
  const overall = rate(totals.wins, totals.losses);
  report.kpis = [
    { key: 'deals', label: w('deals.decided'), value: totals.wins + totals.losses, format: 'number', hint: w('deals.decidedHint') },
    { key: 'winRate', label: w('deals.winRate'), value: overall.winRate, format: 'percent' },
    { key: 'reps', label: w('deals.reps'), value: totals.reps, format: 'number' },
  ];
  const byRep = new Map<string, { rep: string; wins: number; losses: number }>();
  for (const r of rows) {
    const key = r.userId === null ? `crm:${repLabel(r)}` : String(r.userId);
    const x = byRep.get(key) ?? { rep: repLabel(r), wins: 0, losses: 0 };
    x.wins += r.wins;
    x.losses += r.losses;
    byRep.set(key, x);
  }
  report.charts = [
    {
      key: 'outcomes',
      title: w('deals.outcomesChart'),
      kind: 'bar',
      xKey: 'rep',
      stacked: true,
      series: [
        { key: 'wins', label: w('deals.wins') },
        { key: 'losses', label: w('deals.losses'), tone: 'negative' },
      ],
      data: [...byRep.values()]
        .sort((a, b) => b.wins + b.losses - (a.wins + a.losses))
        .slice(0, CHART_MAX_BARS)
        .map((x) => ({ rep: x.rep, wins: x.wins, losses: x.losses })),
    },
  ];
  report.tables = [
    {
      key: 'reps',
      title: w('deals.repTable'),
      description: w('deals.repTableHint', { currency: REPORT_CURRENCY }),
      columns: [
        col('rep', w('deals.rep'), 'text'),
        col('rival', w('common.rival'), 'text'),
        col('deals', w('deals.decided'), 'number'),
        col('wins', w('deals.wins'), 'number'),
        col('losses', w('deals.losses'), 'number'),
        col('winRate', w('deals.winRate'), 'percent'),
        col('low', w('deals.low'), 'percent'),
        col('high', w('deals.high'), 'percent'),
        col('amountWon', w('deals.amountWon', { currency: REPORT_CURRENCY }), 'number'),
        col('battlecardViews', w('common.battlecardViews'), 'number'),
        col('cardViews', w('common.cardViews'), 'number'),
        col('searches', w('common.searches'), 'number'),
        col('asks', w('common.asks'), 'number'),
      ],
      rows: rows.slice(0, ctx.rows).map((r) => ({
        cells: {
          rep: repLabel(r),
          rival: rivalName(w, { name: r.rivalName, isDraft: r.rivalDraft }),
          deals: r.wins + r.losses,
          wins: r.wins,
          losses: r.losses,
          ...rate(r.wins, r.losses),
          amountWon: round(r.amountWon, 2),
          battlecardViews: r.battlecardViews,
          cardViews: r.cardViews,
          searches: r.searches,
          asks: r.asks,
        },
        links: {
          rival: rivalDrillPath('rep-performance', r.rivalId),
          ...(r.userId === null ? {} : { rep: `/reports/consumer-usage/overview/user/${r.userId}` }),
        },
      })),
      total: rows.length,
      empty: w('deals.emptyPeriod'),
    },
  ];
  return report;
}

type ImpactRow = {
  rivalId: number;
  rivalName: string;
  rivalDraft: boolean;
  engagedWins: number;
  engagedLosses: number;
  otherWins: number;
  otherLosses: number;
};

export async function impact(ctx: ReportContext): Promise<Report> {
  const w = wordsOf(ctx.language);
  const report = base(ctx, 'impact');
  if (!(await hasDecidedDeals(ctx))) return withoutDeals(w, report, 'impact');
  const c = ctx.companyId;
  const rows = await rowsOf<ImpactRow>(
    ctx.db,
    sql`WITH dr AS (${decidedByRival(ctx)}),
      marked AS (
        SELECT dr.*, EXISTS (
          SELECT 1 FROM usage_events e ${askJoin(c)}
          WHERE e.company_id = ${c} AND e.user_id = dr.owner_user_id AND e.kind IN ${CONTENT_KINDS}
            AND e.occurred_at >= ((dr.closed_on - ${IMPACT_WINDOW_DAYS}::int)::timestamp AT TIME ZONE 'UTC')
            AND e.occurred_at < ((dr.closed_on + 1)::timestamp AT TIME ZONE 'UTC')
            AND ${concerns(sql`dr.rival_id`, sql`dr.rival_name`)}) AS engaged
        FROM dr WHERE dr.owner_user_id IS NOT NULL)
      SELECT rival_id AS "rivalId", rival_name AS "rivalName", rival_draft AS "rivalDraft",
        count(*) FILTER (WHERE engaged AND outcome = 'win')::int AS "engagedWins",
        count(*) FILTER (WHERE engaged AND outcome = 'loss')::int AS "engagedLosses",
        count(*) FILTER (WHERE NOT engaged AND outcome = 'win')::int AS "otherWins",
        count(*) FILTER (WHERE NOT engaged AND outcome = 'loss')::int AS "otherLosses"
      FROM marked GROUP BY rival_id, rival_name, rival_draft
      ORDER BY count(*) DESC, lower(rival_name), rival_id`,
  );
  const sum = (f: (r: ImpactRow) => number) => rows.reduce((n, r) => n + f(r), 0);
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : round(a - b));
  const engaged = rate(sum((r) => r.engagedWins), sum((r) => r.engagedLosses));
  const other = rate(sum((r) => r.otherWins), sum((r) => r.otherLosses));
  const caveat = w('impact.association', { days: IMPACT_WINDOW_DAYS });
  report.kpis = [
    { key: 'engagedWinRate', label: w('impact.engagedWinRate'), value: engaged.winRate, format: 'percent', hint: w('impact.engagedHint', { days: IMPACT_WINDOW_DAYS }) },
    { key: 'otherWinRate', label: w('impact.otherWinRate'), value: other.winRate, format: 'percent' },
    { key: 'difference', label: w('impact.difference'), value: diff(engaged.winRate, other.winRate), format: 'change', hint: caveat },
    { key: 'deals', label: w('deals.decided'), value: sum((r) => r.engagedWins + r.engagedLosses + r.otherWins + r.otherLosses), format: 'number', hint: w('impact.dealsHint') },
  ];
  const named = rows.map((r) => ({ ...r, label: rivalName(w, { name: r.rivalName, isDraft: r.rivalDraft }) }));
  report.charts = [
    {
      key: 'winRates',
      title: w('impact.chart'),
      kind: 'bar',
      xKey: 'rival',
      additive: false,
      series: [
        { key: 'engaged', label: w('impact.engaged') },
        { key: 'other', label: w('impact.other') },
      ],
      data: named.slice(0, CHART_MAX_BARS).map((r) => ({
        rival: r.label,
        engaged: Math.round((rate(r.engagedWins, r.engagedLosses).winRate ?? 0) * 100),
        other: Math.round((rate(r.otherWins, r.otherLosses).winRate ?? 0) * 100),
      })),
    },
  ];
  report.tables = [
    {
      key: 'impact',
      title: w('impact.table'),
      description: caveat,
      columns: [
        col('rival', w('common.rival'), 'text'),
        col('engagedDeals', w('impact.engagedDeals'), 'number'),
        col('engagedWinRate', w('impact.engagedWinRate'), 'percent'),
        col('engagedLow', w('deals.low'), 'percent'),
        col('engagedHigh', w('deals.high'), 'percent'),
        col('otherDeals', w('impact.otherDeals'), 'number'),
        col('otherWinRate', w('impact.otherWinRate'), 'percent'),
        col('otherLow', w('deals.low'), 'percent'),
        col('otherHigh', w('deals.high'), 'percent'),
        col('difference', w('impact.difference'), 'change'),
      ],
      rows: named.slice(0, ctx.rows).map((r) => {
        const e = rate(r.engagedWins, r.engagedLosses);
        const o = rate(r.otherWins, r.otherLosses);
        return {
          cells: {
            rival: r.label,
            engagedDeals: r.engagedWins + r.engagedLosses,
            engagedWinRate: e.winRate,
            engagedLow: e.low,
            engagedHigh: e.high,
            otherDeals: r.otherWins + r.otherLosses,
            otherWinRate: o.winRate,
            otherLow: o.low,
            otherHigh: o.high,
            difference: diff(e.winRate, o.winRate),
          },
          links: { rival: rivalDrillPath('impact', r.rivalId) },
        };
      }),
      total: named.length,
      empty: w('deals.emptyPeriod'),
    },
  ];
  return report;
}
