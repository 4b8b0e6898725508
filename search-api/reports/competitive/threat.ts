// Threat analysis: the rivals whose intel volume, important share or review rating is rising (threatScore).
import { sql } from 'drizzle-orm';
import type { Report } from '../../../contracts/reports.ts';
import { rowsOf } from '../../../db/client.ts';
import type { ReportContext } from '../context.ts';
import { wordsOf, type Words } from '../words.ts';
import {
  base, byName, CHART_MAX_BARS, change, col, intelByRival, notTemplate, percent, rivalDrillPath, rivalName, round, share,
  ts, within, type RivalRow,
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
export type ThreatStatus = 'rising' | 'steady' | 'tooLittleData';
/** A part of the score that had enough data, with the figures it compared: what the rival's "why" names. */
export type ThreatReason = { part: 'intel' | 'importantShare' | 'rating'; before: number; now: number };
export type Threat = {
  score: number;
  status: ThreatStatus;
  reasons: ThreatReason[];
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
 * 'rising' from THREAT_RISING_SCORE (20: say intel +50 %, or a 0.7 star rise) and 'tooLittleData' when no part
 * had enough data; a rival with fewer than 3 items in both periods (and too few reviews) can never be flagged. Pure:
 * the reasons are figures, worded for a reader by threatWhy.
 */
export function threatScore(x: ThreatInput): Threat {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const reasons: ThreatReason[] = [];
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
    reasons.push({ part: 'intel', before: x.prevItems, now: x.items });
  }
  if (x.items >= THREAT_MIN_ITEMS && x.prevItems >= THREAT_MIN_ITEMS) {
    const now = x.important / x.items;
    const before = x.prevImportant / x.prevItems;
    points += 30 * clamp(2 * (now - before));
    reasons.push({ part: 'importantShare', before, now });
  } else {
    // A share over fewer than 3 items says little; shown only where there is enough.
    if (x.items < THREAT_MIN_ITEMS) importantShare = null;
    if (x.prevItems < THREAT_MIN_ITEMS) prevImportantShare = null;
  }
  if (x.reviews >= THREAT_MIN_REVIEWS && x.prevReviews >= THREAT_MIN_REVIEWS && x.rating !== null && x.prevRating !== null) {
    measured = true;
    points += 30 * clamp(x.rating - x.prevRating);
    reasons.push({ part: 'rating', before: x.prevRating, now: x.rating });
  }
  const score = Math.round(points);
  const status = !measured ? 'tooLittleData' : score >= THREAT_RISING_SCORE ? 'rising' : 'steady';
  return { score, status, reasons, intelChange, importantShare, prevImportantShare };
}

/**
 * Why a rival scores what it does, in the reader's words: each measured part with its figures ("intel +50 %,
 * important share 20 % → 40 %"), or the counts that were too few.
 */
export function threatWhy(w: Words, x: ThreatInput, threat: Threat): string {
  if (threat.status === 'tooLittleData') {
    return w('threat.tooLittleData', { items: x.items, prevItems: x.prevItems, reviews: x.reviews, prevReviews: x.prevReviews });
  }
  return threat.reasons.map((r) => reasonText(w, r)).join(', ');
}

function reasonText(w: Words, r: ThreatReason): string {
  switch (r.part) {
    case 'intel': {
      if (r.before === 0) return w('threat.intelNew', { items: r.now });
      const moved = Math.round(((r.now - r.before) / r.before) * 100);
      return moved === 0 ? w('threat.intelSame') : w(moved > 0 ? 'threat.intelUp' : 'threat.intelDown', { percent: Math.abs(moved) });
    }
    case 'importantShare':
      return w('threat.importantShareMoved', { before: percent(r.before), now: percent(r.now) });
    case 'rating':
      return w('threat.ratingMoved', { before: r.before, now: r.now });
  }
}

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
  const w = wordsOf(ctx.language);
  const report = base(ctx, 'threat-analysis');
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
  const rising = rows.filter((r) => r.threat.status === 'rising');
  const top = rows[0] && rows[0].threat.score > 0 ? rows[0] : undefined;
  const threatScoreWord = w('threat.score');
  report.kpis = [
    { key: 'rising', label: w('threat.rising'), value: rising.length, format: 'number', hint: w('threat.risingHint', { score: THREAT_RISING_SCORE }) },
    {
      key: 'topScore',
      label: w('threat.topScore'),
      value: top ? top.threat.score : null,
      format: 'number',
      subject: top?.rival.name,
      unit: top && w('threat.topScoreUnit'),
      hint: top ? undefined : w('threat.noneRising'),
    },
    {
      key: 'importantShare',
      label: w('threat.importantShare'),
      value: share(sum((x) => x.important), sum((x) => x.items)),
      previous: share(sum((x) => x.prevImportant), sum((x) => x.prevItems)),
      format: 'percent',
      hint: w('threat.importantShareHint'),
    },
    {
      key: 'rating',
      label: w('threat.rating'),
      value: ratings.rating === null ? null : round(ratings.rating, 2),
      previous: ratings.prevRating === null ? null : round(ratings.prevRating, 2),
      format: 'number',
      hint: w('threat.ratingHint'),
    },
  ];
  report.charts = [
    {
      key: 'score',
      title: w('threat.chart'),
      kind: 'bar',
      xKey: 'rival',
      // Scores, not counts: no total.
      additive: false,
      series: [{ key: 'score', label: threatScoreWord }],
      data: rows.filter((r) => r.threat.score > 0).slice(0, CHART_MAX_BARS).map((r) => ({ rival: r.rival.name, score: r.threat.score })),
    },
  ];
  report.tables = [
    {
      key: 'threats',
      title: w('threat.table'),
      description: w('threat.tableHint'),
      columns: [
        col('rival', w('common.rival'), 'text'),
        col('score', threatScoreWord, 'number'),
        col('status', w('common.status'), 'text'),
        col('items', w('common.intelItems'), 'number'),
        col('intelChange', w('threat.intelChange'), 'change'),
        col('importantShare', w('common.importantShare'), 'percent'),
        col('prevImportantShare', w('threat.importantShareBefore'), 'percent'),
        col('reviews', w('threat.reviews'), 'number'),
        col('rating', w('threat.ratingColumn'), 'number'),
        col('prevRating', w('threat.ratingBefore'), 'number'),
        col('why', w('threat.why'), 'text'),
      ],
      rows: rows.slice(0, ctx.rows).map(({ rival, input, threat }) => ({
        cells: {
          rival: rivalName(w, rival),
          score: threat.score,
          status: w(`threat.status.${threat.status}`),
          items: input.items,
          intelChange: threat.intelChange,
          importantShare: threat.importantShare,
          prevImportantShare: threat.prevImportantShare,
          reviews: input.reviews,
          rating: input.rating === null ? null : round(input.rating, 2),
          prevRating: input.prevRating === null ? null : round(input.prevRating, 2),
          why: threatWhy(w, input, threat),
        },
        links: { rival: rivalDrillPath('threat-analysis', rival.id) },
      })),
      total: rows.length,
      empty: w('threat.empty'),
    },
  ];
  return report;
}
