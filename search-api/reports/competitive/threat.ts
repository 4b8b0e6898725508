// Threat analysis: the rivals whose intel volume, important share or review rating is rising (threatScore).
import { sql } from 'drizzle-orm';
import type { Report } from '../../../contracts/reports.ts';
import { rowsOf } from '../../../db/client.ts';
import type { ReportContext } from '../context.ts';
import {
  base, byName, CHART_MAX_BARS, change, col, intelByRival, notTemplate, percentText, rivalDrillPath, round, share,
  TITLES, ts, within, type RivalRow,
} from './shared.ts';

/** A comparison needs this many intel items (for volume: in one of the two periods; for a share: in both). */
export const THREAT_MIN_ITEMS = 3;
/** An average rating is compared only when both periods have this many reviews. */
export const THREAT_MIN_REVIEWS = 3;
/** A rival is flagged as rising from this score on. */
export const THREAT_RISING_SCORE = 20;

export type ThreatInput = {
  items: number;
  prevItems: number;
  important: number;
  prevImportant: number;
  reviews: number;
  prevReviews: number;
  /** Average review rating (0–5) in each period, null without reviews. */
  rating: number | null;
  prevRating: number | null;
};
export type Threat = {
  score: number;
  status: 'Rising' | 'Steady' | 'Too little data';
  why: string;
  intelChange: number | null;
  importantShare: number | null;
  prevImportantShare: number | null;
};

/**
 * The threat score, 0 to 100: the sum of three capped parts, each counted only on enough data.
 *
 *   volume     40 × clamp(intel change, 0, 1)         intel change = (now − before) / before, and +100 % when
 *                                                     before was 0; needs ≥ 3 items in one of the periods.
 *                                                     Doubling (or more) gives the full 40.
 *   important  30 × clamp(2 × (share now − before), 0, 1)   share = important items / items; needs ≥ 3 items in
 *                                                     both periods. A rise of 50 points of share gives the full 30.
 *   reviews    30 × clamp(rating now − before, 0, 1)  average rating on the 0–5 scale; needs ≥ 3 reviews in both
 *                                                     periods. A rise of one star gives the full 30.
 *
 * Falling figures give 0, never less: the score ranks rising threats, it is not a health index. A rival is
 * "Rising" from THREAT_RISING_SCORE (20: say intel +50 %, or a 0.7 star rise) and "Too little data" when no part
 * had enough data; a rival with fewer than 3 items in both periods (and too few reviews) can never be flagged.
 */
export function threatScore(x: ThreatInput): Threat {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const parts: string[] = [];
  let points = 0;
  let measured = false;
  let intelChange: number | null = null;
  let importantShare: number | null = share(x.important, x.items);
  let prevImportantShare: number | null = share(x.prevImportant, x.prevItems);

  if (Math.max(x.items, x.prevItems) >= THREAT_MIN_ITEMS) {
    measured = true;
    const growth = x.prevItems > 0 ? (x.items - x.prevItems) / x.prevItems : 1;
    intelChange = change(x.items, x.prevItems);
    points += 40 * clamp(growth);
    parts.push(x.prevItems > 0 ? `intel ${changeText(growth)}` : `intel 0 → ${x.items}`);
  }
  if (x.items >= THREAT_MIN_ITEMS && x.prevItems >= THREAT_MIN_ITEMS) {
    const now = x.important / x.items;
    const before = x.prevImportant / x.prevItems;
    points += 30 * clamp(2 * (now - before));
    parts.push(`important share ${percentText(before)} → ${percentText(now)}`);
  } else {
    // A share over fewer than 3 items says little; shown only where there is enough.
    if (x.items < THREAT_MIN_ITEMS) importantShare = null;
    if (x.prevItems < THREAT_MIN_ITEMS) prevImportantShare = null;
  }
  if (x.reviews >= THREAT_MIN_REVIEWS && x.prevReviews >= THREAT_MIN_REVIEWS && x.rating !== null && x.prevRating !== null) {
    measured = true;
    points += 30 * clamp(x.rating - x.prevRating);
    parts.push(`rating ${x.prevRating.toFixed(1)} → ${x.rating.toFixed(1)}`);
  }
  const score = Math.round(points);
  const status = !measured ? 'Too little data' : score >= THREAT_RISING_SCORE ? 'Rising' : 'Steady';
  const why = measured
    ? parts.join(', ')
    : `too little data: ${x.items} intel items now, ${x.prevItems} before; ${x.reviews} reviews now, ${x.prevReviews} before`;
  return { score, status, why, intelChange, importantShare, prevImportantShare };
}

const changeText = (x: number) => (Math.round(x * 100) === 0 ? 'unchanged' : `${x > 0 ? '+' : '-'}${Math.abs(Math.round(x * 100))} %`);

/** The company's rivals that are not templates. */
const companyRivals = (ctx: ReportContext) =>
  rowsOf<RivalRow>(ctx.db, sql`SELECT r.id, r.name, r.is_draft AS "isDraft" FROM rivals r
    WHERE r.company_id = ${ctx.companyId} AND ${notTemplate('r')} ORDER BY lower(r.name), r.id`);


type RivalReviews = { rivalId: number; reviews: number; rating: number | null; prevReviews: number; prevRating: number | null };

async function reviewsByRival(ctx: ReportContext): Promise<RivalReviews[]> {
  const c = ctx.companyId;
  const cur = within(sql`rv.published_at`, ctx.period);
  const prev = within(sql`rv.published_at`, ctx.period.previous);
  return rowsOf<RivalReviews>(
    ctx.db,
    sql`SELECT rv.rival_id AS "rivalId",
        count(*) FILTER (WHERE ${cur})::int AS reviews, (avg(rv.rating) FILTER (WHERE ${cur}))::float8 AS rating,
        count(*) FILTER (WHERE ${prev})::int AS "prevReviews", (avg(rv.rating) FILTER (WHERE ${prev}))::float8 AS "prevRating"
      FROM reviews rv JOIN rivals r ON r.id = rv.rival_id AND r.company_id = ${c}
      WHERE rv.company_id = ${c} AND ${notTemplate('r')}
        AND rv.published_at >= ${ts(ctx.period.previous.from)} AND rv.published_at < ${ts(ctx.period.to)}
      GROUP BY rv.rival_id`,
  );
}

export async function threatAnalysis(ctx: ReportContext): Promise<Report> {
  const report = base(ctx, 'threat-analysis', TITLES['threat-analysis']);
  const [rivals, intel, reviews] = await Promise.all([companyRivals(ctx), intelByRival(ctx), reviewsByRival(ctx)]);
  const intelOf = new Map(intel.map((r) => [r.id, r]));
  const reviewsOf = new Map(reviews.map((r) => [r.rivalId, r]));
  const rows = rivals
    .filter((r) => intelOf.has(r.id) || (reviewsOf.get(r.id)?.reviews ?? 0) + (reviewsOf.get(r.id)?.prevReviews ?? 0) > 0)
    .map((r) => {
      const i = intelOf.get(r.id);
      const v = reviewsOf.get(r.id);
      const input: ThreatInput = {
        items: i?.items ?? 0,
        prevItems: i?.prevItems ?? 0,
        important: i?.important ?? 0,
        prevImportant: i?.prevImportant ?? 0,
        reviews: v?.reviews ?? 0,
        prevReviews: v?.prevReviews ?? 0,
        rating: v?.rating ?? null,
        prevRating: v?.prevRating ?? null,
      };
      return { rival: r, input, threat: threatScore(input) };
    })
    .sort((a, b) => b.threat.score - a.threat.score || b.input.items - a.input.items || byName(a.rival, b.rival));

  const sum = (f: (x: ThreatInput) => number) => rows.reduce((n, r) => n + f(r.input), 0);
  const [ratings] = await rowsOf<{ rating: number | null; prevRating: number | null }>(
    ctx.db,
    sql`SELECT (avg(rv.rating) FILTER (WHERE ${within(sql`rv.published_at`, ctx.period)}))::float8 AS rating,
        (avg(rv.rating) FILTER (WHERE ${within(sql`rv.published_at`, ctx.period.previous)}))::float8 AS "prevRating"
      FROM reviews rv JOIN rivals r ON r.id = rv.rival_id AND r.company_id = ${ctx.companyId}
      WHERE rv.company_id = ${ctx.companyId} AND ${notTemplate('r')}
        AND rv.published_at >= ${ts(ctx.period.previous.from)} AND rv.published_at < ${ts(ctx.period.to)}`,
  );
  const rising = rows.filter((r) => r.threat.status === 'Rising');
  const top = rows[0] && rows[0].threat.score > 0 ? rows[0] : undefined;
  report.kpis = [
    { key: 'rising', label: 'Rising rivals', value: rising.length, format: 'number', hint: `Threat score ${THREAT_RISING_SCORE} or more` },
    { key: 'topScore', label: 'Highest threat score', value: top ? top.threat.score : null, format: 'number', subject: top?.rival.name, unit: top && 'out of 100', hint: top ? undefined : 'No rival is rising' },
    {
      key: 'importantShare',
      label: 'Important share of intel',
      value: share(sum((x) => x.important), sum((x) => x.items)),
      previous: share(sum((x) => x.prevImportant), sum((x) => x.prevItems)),
      format: 'percent',
      hint: 'Of all rival mentions',
    },
    {
      key: 'rating',
      label: 'Average review rating',
      value: ratings.rating === null ? null : round(ratings.rating, 2),
      previous: ratings.prevRating === null ? null : round(ratings.prevRating, 2),
      format: 'number',
      hint: 'Rivals’ reviews published in the period, 0 to 5',
    },
  ];
  report.charts = [
    {
      key: 'score',
      title: 'Threat score by rival',
      kind: 'bar',
      xKey: 'rival',
      series: [{ key: 'score', label: 'Threat score' }],
      data: rows.filter((r) => r.threat.score > 0).slice(0, CHART_MAX_BARS).map((r) => ({ rival: r.rival.name, score: r.threat.score })),
    },
  ];
  report.tables = [
    {
      key: 'threats',
      title: 'Rivals by threat score',
      description:
        'Score out of 100: intel growth (up to 40, full at +100 %), rise of the important share (up to 30, full at +50 points) and rise of the average review rating (up to 30, full at +1 star). Each part needs at least 3 items or reviews.',
      columns: [
        col('rival', 'Rival', 'text'),
        col('score', 'Threat score', 'number'),
        col('status', 'Status', 'text'),
        col('items', 'Intel items', 'number'),
        col('intelChange', 'Intel change', 'change'),
        col('importantShare', 'Important share', 'percent'),
        col('prevImportantShare', 'Important share before', 'percent'),
        col('reviews', 'Reviews', 'number'),
        col('rating', 'Rating', 'number'),
        col('prevRating', 'Rating before', 'number'),
        col('why', 'Why', 'text'),
      ],
      rows: rows.slice(0, ctx.rows).map(({ rival, input, threat }) => ({
        cells: {
          rival: rival.isDraft ? `${rival.name} (draft)` : rival.name,
          score: threat.score,
          status: threat.status,
          items: input.items,
          intelChange: threat.intelChange,
          importantShare: threat.importantShare,
          prevImportantShare: threat.prevImportantShare,
          reviews: input.reviews,
          rating: input.rating === null ? null : round(input.rating, 2),
          prevRating: input.prevRating === null ? null : round(input.prevRating, 2),
          why: threat.why,
        },
        links: { rival: rivalDrillPath('threat-analysis', rival.id) },
      })),
      total: rows.length,
      empty: 'No rival had intel or reviews in this period or the one before.',
    },
  ];
  return report;
}
