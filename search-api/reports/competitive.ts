// Competitive analytics (issue #29, part 1 §2 Reports): what the intel feed, the reviews and the curated content
// say about the rivals. Five report types and one drill-down per rival:
//
// - overview: intel volume and share of voice per rival over the period;
// - threat-analysis: rivals whose intel volume, important share or review rating is rising (threatScore below);
// - data-hygiene: stale or unsourced cards, profiles with nothing published, battlecards citing deleted cards,
//   tags on no card (not bound to the period);
// - rep-performance and impact: they stand on CRM deals, which the product does not hold yet, so they say so.
//
// Counting rules, shared by every builder here:
// - Every query is scoped by ctx.companyId, on every table it reads.
// - An intel item counts when its state is not 'deleted' and it was created in [from, to). Per rival, an item counts
//   once for each rival it names (intel_rivals), so per-rival figures may add up to more than the item count.
//   Related alerts are intel items too and count like any other.
// - Template rivals and profiles are left out everywhere: they are patterns curators clone, not competitors, and
//   their placeholder cards are not content anyone maintains. Draft rivals (and draft profiles) are kept: they are
//   real competitors being prepared, their intel is real intel, and the hygiene tables are curators' to-do lists
//   for exactly that preparation; their rows say "Draft rival" so a reader can tell them apart.
// - A card on a Scratchpad board is a curator's note that no reader sees: hygiene leaves it out of the stale and
//   unsourced lists. Draft cards are kept and marked "Draft card".
import { sql, type SQL } from 'drizzle-orm';
import { SCRATCHPAD } from '../../contracts/cards.ts';
import {
  type Report,
  type ReportChart,
  type ReportColumn,
  type ReportKpi,
  type ReportRow,
  type ReportTable,
} from '../../contracts/reports.ts';
import { rowsOf } from '../../db/client.ts';
import { notFound } from '../errors.ts';
import { bucketOf, daySql, reportBase, timeChart, type ReportContext } from './context.ts';
import { DAY_MS } from '../../contracts/time.ts';

export type CompetitiveReportType = 'overview' | 'threat-analysis' | 'data-hygiene' | 'rep-performance' | 'impact';

const REPORT_ID = 'competitive-analytics' as const;
/** The stacked area of the overview draws this many rivals; the rest are "Other". */
export const OVERVIEW_TOP_RIVALS = 6;
/** Bars of the threat score chart, and of the drill-down's topics chart. */
const CHART_MAX_BARS = 12;
const DRILL_TOP_TOPICS = 10;

const TITLES: Record<CompetitiveReportType, string> = {
  overview: 'Competitive overview',
  'threat-analysis': 'Threat analysis',
  'data-hygiene': 'Data hygiene',
  'rep-performance': 'Rep performance',
  impact: 'Impact',
};

// ---- small helpers ----

type Window = { from: Date; to: Date };
const ts = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;
const within = (col: SQL, w: Window): SQL => sql`(${col} >= ${ts(w.from)} AND ${col} < ${ts(w.to)})`;
/** Intel item i counts: not deleted. */
const intelCounted = sql`i.state <> 'deleted'`;
/** Rival r and profile p are not templates. */
const notTemplate = (r: string, p?: string): SQL =>
  sql.raw(p ? `NOT ${r}.is_template AND NOT ${p}.is_template` : `NOT ${r}.is_template`);
const isScratchpad = (b: string): SQL => sql`(${sql.raw(b)}.name = ${SCRATCHPAD})`;

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;
const share = (part: number, whole: number): number | null => (whole > 0 ? round(part / whole) : null);
/** Signed change (0.25 = +25 %); null when there was nothing before to compare with. */
const change = (now: number, before: number): number | null => (before > 0 ? round((now - before) / before) : null);
const percentText = (x: number) => `${Math.round(x * 100)} %`;
const changeText = (x: number) => (Math.round(x * 100) === 0 ? 'unchanged' : `${x > 0 ? '+' : '-'}${Math.abs(Math.round(x * 100))} %`);
const dayText = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString().slice(0, 10));


export const rivalDrillPath = (type: string, rivalId: number) => `/reports/${REPORT_ID}/${type}/rival-${rivalId}`;
const cardPath = (profileId: number, cardId: number) => `/profile/${profileId}/view/card/${cardId}`;
const rivalFeedPath = (rivalId: number) => `/alerts?view=allIntel&rivalIds=${rivalId}`;

const col = (key: string, label: string, format: ReportColumn['format']): ReportColumn => ({ key, label, format });

const base = (ctx: ReportContext, type: string, title: string): Report => reportBase(ctx, REPORT_ID, type, title);

type RivalRow = { id: number; name: string; isDraft: boolean };
/** The company's rivals that are not templates. */
const companyRivals = (ctx: ReportContext) =>
  rowsOf<RivalRow>(ctx.db, sql`SELECT r.id, r.name, r.is_draft AS "isDraft" FROM rivals r
    WHERE r.company_id = ${ctx.companyId} AND ${notTemplate('r')} ORDER BY lower(r.name), r.id`);

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

// ---- intel per rival ----

type RivalIntel = RivalRow & {
  items: number;
  published: number;
  important: number;
  prevItems: number;
  prevPublished: number;
  prevImportant: number;
};

/** Per rival: its intel mentions in the period and in the one before (rivals with none in either are absent). */
async function intelByRival(ctx: ReportContext, rivalId?: number): Promise<RivalIntel[]> {
  const c = ctx.companyId;
  const cur = within(sql`i.created_at`, ctx.period);
  const prev = within(sql`i.created_at`, ctx.period.previous);
  return rowsOf<RivalIntel>(
    ctx.db,
    sql`SELECT r.id, r.name, r.is_draft AS "isDraft",
        count(*) FILTER (WHERE ${cur})::int AS items,
        count(*) FILTER (WHERE ${cur} AND i.published_at IS NOT NULL)::int AS published,
        count(*) FILTER (WHERE ${cur} AND i.priority = 'important')::int AS important,
        count(*) FILTER (WHERE ${prev})::int AS "prevItems",
        count(*) FILTER (WHERE ${prev} AND i.published_at IS NOT NULL)::int AS "prevPublished",
        count(*) FILTER (WHERE ${prev} AND i.priority = 'important')::int AS "prevImportant"
      FROM intel_rivals ir
      JOIN intel_items i ON i.id = ir.intel_id AND i.company_id = ${c}
      JOIN rivals r ON r.id = ir.rival_id AND r.company_id = ${c}
      WHERE ir.company_id = ${c} AND ${intelCounted} AND ${notTemplate('r')}
        AND i.created_at >= ${ts(ctx.period.previous.from)} AND i.created_at < ${ts(ctx.period.to)}
        ${rivalId === undefined ? sql`` : sql`AND r.id = ${rivalId}`}
      GROUP BY r.id, r.name, r.is_draft`,
  );
}

// ---- overview ----

async function overview(ctx: ReportContext): Promise<Report> {
  const c = ctx.companyId;
  const report = base(ctx, 'overview', TITLES.overview);
  const [byRival, [totals]] = await Promise.all([
    intelByRival(ctx),
    rowsOf<{ items: number; published: number; prevItems: number; prevPublished: number }>(
    ctx.db,
    sql`SELECT count(*) FILTER (WHERE ${within(sql`i.created_at`, ctx.period)})::int AS items,
        count(*) FILTER (WHERE ${within(sql`i.created_at`, ctx.period)} AND i.published_at IS NOT NULL)::int AS published,
        count(*) FILTER (WHERE ${within(sql`i.created_at`, ctx.period.previous)})::int AS "prevItems",
        count(*) FILTER (WHERE ${within(sql`i.created_at`, ctx.period.previous)} AND i.published_at IS NOT NULL)::int AS "prevPublished"
      FROM intel_items i
      WHERE i.company_id = ${c} AND ${intelCounted}
        AND i.created_at >= ${ts(ctx.period.previous.from)} AND i.created_at < ${ts(ctx.period.to)}`,
    ),
  ]);
  const rivals = byRival.sort((a, b) => b.items - a.items || b.prevItems - a.prevItems || byName(a, b));
  const mentioned = rivals.filter((r) => r.items > 0);
  const mentions = mentioned.reduce((n, r) => n + r.items, 0);
  const top = mentioned[0];

  report.kpis = [
    {
      key: 'items',
      label: 'Intel items',
      value: totals.items,
      previous: totals.prevItems,
      format: 'number',
      hint: 'Intel that came in during the period, each item once (deleted items left out)',
    },
    { key: 'published', label: 'Published', value: totals.published, previous: totals.prevPublished, format: 'number', hint: 'Items of the period that were published' },
    { key: 'rivals', label: 'Rivals mentioned', value: mentioned.length, previous: rivals.filter((r) => r.prevItems > 0).length, format: 'number' },
    {
      key: 'topRival',
      label: 'Most-mentioned rival',
      value: top ? top.items : null,
      format: 'number',
      subject: top?.name,
      unit: top && (top.items === 1 ? 'mention' : 'mentions'),
      hint: top ? `${percentText(top.items / mentions)} of all rival mentions` : 'No rival was mentioned',
    },
  ];

  // Charts: the top rivals by name, everyone else as Other.
  const shown = mentioned.slice(0, OVERVIEW_TOP_RIVALS);
  const others = mentioned.slice(OVERVIEW_TOP_RIVALS);
  const seriesOf = new Map(shown.map((r) => [r.id, `rival-${r.id}`]));
  const series = [...shown.map((r) => ({ key: `rival-${r.id}`, label: r.name })), ...(others.length ? [{ key: 'other', label: 'Other' }] : [])];
  const counts = mentioned.length
    ? await rowsOf<{ day: string; rivalId: number; n: number }>(
        ctx.db,
        sql`SELECT ${daySql(sql`i.created_at`)} AS day, ir.rival_id AS "rivalId", count(*)::int AS n
          FROM intel_rivals ir
          JOIN intel_items i ON i.id = ir.intel_id AND i.company_id = ${c}
          JOIN rivals r ON r.id = ir.rival_id AND r.company_id = ${c}
          WHERE ir.company_id = ${c} AND ${intelCounted} AND ${notTemplate('r')} AND ${within(sql`i.created_at`, ctx.period)}
          GROUP BY 1, 2`,
      )
    : [];
  const perDay = counts.map((row) => ({ day: row.day, [seriesOf.get(row.rivalId) ?? 'other']: row.n }));
  report.charts = [
    timeChart(ctx.period, { key: 'volume', title: bucketOf(ctx.period) === 'week' ? 'Intel per rival, by week' : 'Intel per rival, by day', kind: 'area', series, stacked: true }, perDay),
    {
      key: 'shareOfVoice',
      title: 'Share of voice',
      kind: 'donut',
      xKey: 'rival',
      series: [{ key: 'items', label: 'Intel items' }],
      data: [
        ...shown.map((r) => ({ rival: r.name, items: r.items })),
        ...(others.length ? [{ rival: 'Other', items: others.reduce((n, r) => n + r.items, 0) }] : []),
      ],
    },
  ];

    report.tables = [
    {
      key: 'rivals',
      title: 'Intel by rival',
      description: 'Each item counts once for every rival it names; share is of all mentions in the period.',
      columns: [
        col('rival', 'Rival', 'text'),
        col('items', 'Intel items', 'number'),
        col('share', 'Share of voice', 'percent'),
        col('published', 'Published', 'number'),
        col('important', 'Important', 'number'),
        col('previous', 'Previous period', 'number'),
        col('change', 'Change', 'change'),
      ],
      rows: rivals.slice(0, ctx.rows).map((r) => ({
        cells: {
          rival: r.isDraft ? `${r.name} (draft)` : r.name,
          items: r.items,
          share: share(r.items, mentions) ?? 0,
          published: r.published,
          important: r.important,
          previous: r.prevItems,
          change: change(r.items, r.prevItems),
        },
        links: { rival: rivalDrillPath('overview', r.id), items: rivalFeedPath(r.id) },
      })),
      total: rivals.length,
      empty: 'No intel named a rival in this period or the one before.',
    },
  ];
  return report;
}

// ---- threat analysis ----

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

async function threatAnalysis(ctx: ReportContext): Promise<Report> {
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

// ---- data hygiene ----

/** Card c on board b of profile p of rival r: how a hygiene row reads its state. */
const cardStatusSql = sql`CASE WHEN r.is_draft OR p.is_draft THEN 'Draft rival' WHEN c.is_draft THEN 'Draft card' ELSE 'Published' END`;
/** The cards hygiene looks at: the company's, off the Scratchpad, not in a template (see the top of this file). */
const hygieneCardsFrom = (companyId: number): SQL => sql`FROM cards c
  JOIN boards b ON b.id = c.board_id AND b.company_id = ${companyId}
  JOIN profiles p ON p.id = b.profile_id AND p.company_id = ${companyId}
  JOIN rivals r ON r.id = p.rival_id AND r.company_id = ${companyId}
  WHERE c.company_id = ${companyId} AND ${notTemplate('r', 'p')} AND NOT ${isScratchpad('b')}`;

type HygieneCard = {
  id: number;
  name: string;
  profileId: number;
  rival: string;
  board: string;
  updatedAt: Date;
  days: number;
  sources: number;
  status: string;
  total: number;
};

const hygieneCardColumns = (): ReportColumn[] => [
  col('card', 'Card', 'text'),
  col('rival', 'Rival', 'text'),
  col('board', 'Board', 'text'),
  col('updated', 'Last updated', 'date'),
  col('days', 'Days since update', 'number'),
  col('status', 'Status', 'text'),
];
const hygieneCardRow = (c: HygieneCard): ReportRow => ({
  cells: { card: c.name, rival: c.rival, board: c.board, updated: dayText(c.updatedAt), days: c.days, status: c.status },
  links: { card: cardPath(c.profileId, c.id) },
});

async function hygieneCards(ctx: ReportContext, where: SQL, rivalId?: number): Promise<HygieneCard[]> {
  return rowsOf<HygieneCard>(
    ctx.db,
    sql`SELECT c.id, c.name, p.id AS "profileId", r.name AS rival, b.name AS board, c.updated_at AS "updatedAt",
        floor(extract(epoch FROM (${ts(ctx.now)} - c.updated_at)) / 86400)::int AS days,
        (SELECT count(*) FROM card_sources s WHERE s.card_id = c.id AND s.company_id = ${ctx.companyId})::int AS sources,
        ${cardStatusSql} AS status, count(*) OVER ()::int AS total
      ${hygieneCardsFrom(ctx.companyId)} AND (${where}) ${rivalId === undefined ? sql`` : sql`AND r.id = ${rivalId}`}
      ORDER BY c.updated_at, c.id
      LIMIT ${ctx.rows}`,
  );
}

type EmptyProfile = { id: number; rival: string; lanes: number; scratchpadCards: number; draftCards: number; status: string; total: number };
type BrokenBattlecard = { id: number; title: string; profileId: number; rival: string; missing: number; layouts: string; total: number };
type UnusedTag = { id: number; name: string; createdAt: Date; total: number };

function emptyReason(p: EmptyProfile): string {
  if (p.lanes === 0) return p.scratchpadCards ? 'Only Scratchpad notes, no boards' : 'No boards';
  if (p.draftCards) return 'Only draft cards';
  if (p.scratchpadCards) return 'Only Scratchpad notes';
  return 'Empty boards';
}

async function dataHygiene(ctx: ReportContext): Promise<Report> {
  const c = ctx.companyId;
  const staleDays = ctx.query.staleDays;
  const cutoff = new Date(ctx.now.getTime() - staleDays * DAY_MS);
  const report = base(ctx, 'data-hygiene', TITLES['data-hygiene']);

  const [stale, unsourced, emptyProfiles, battlecards, tags] = await Promise.all([
    hygieneCards(ctx, sql`c.updated_at < ${ts(cutoff)}`),
    hygieneCards(ctx, sql`NOT EXISTS (SELECT 1 FROM card_sources s WHERE s.card_id = c.id AND s.company_id = ${c})`),
    // Profiles with no non-draft card on a board other than the Scratchpad: nothing a reader can open there.
    rowsOf<EmptyProfile>(
      ctx.db,
      sql`SELECT p.id, r.name AS rival,
          (SELECT count(*) FROM boards b WHERE b.profile_id = p.id AND b.company_id = ${c} AND NOT ${isScratchpad('b')})::int AS lanes,
          (SELECT count(*) FROM cards x JOIN boards b ON b.id = x.board_id
            WHERE b.profile_id = p.id AND x.company_id = ${c} AND ${isScratchpad('b')})::int AS "scratchpadCards",
          (SELECT count(*) FROM cards x JOIN boards b ON b.id = x.board_id
            WHERE b.profile_id = p.id AND x.company_id = ${c} AND NOT ${isScratchpad('b')} AND x.is_draft)::int AS "draftCards",
          CASE WHEN r.is_draft OR p.is_draft THEN 'Draft rival' ELSE 'Published' END AS status,
          count(*) OVER ()::int AS total
        FROM profiles p JOIN rivals r ON r.id = p.rival_id AND r.company_id = ${c}
        WHERE p.company_id = ${c} AND ${notTemplate('r', 'p')}
          AND NOT EXISTS (SELECT 1 FROM cards x JOIN boards b ON b.id = x.board_id
            WHERE b.profile_id = p.id AND x.company_id = ${c} AND NOT ${isScratchpad('b')} AND NOT x.is_draft)
        ORDER BY lower(r.name), p.id
        LIMIT ${ctx.rows}`,
    ),
    // Battlecards hold their cards as ids in their layouts (battlecards.cards: desktop, tablet, mobile); a card
    // deleted since is a hard delete (cards have no deleted flag), so it is an id with no card row of the company.
    rowsOf<BrokenBattlecard>(
      ctx.db,
      sql`WITH refs AS (
          SELECT bc.id AS battlecard_id, l.kind, (e.value)::numeric AS card_id
          FROM battlecards bc
          CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(bc.cards) = 'object' THEN bc.cards ELSE '{}'::jsonb END) AS l(kind, ids)
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(l.ids) = 'array' THEN l.ids ELSE '[]'::jsonb END) AS e(value)
          WHERE bc.company_id = ${c} AND jsonb_typeof(e.value) = 'number'
        ), missing AS (
          SELECT battlecard_id, count(DISTINCT card_id)::int AS missing, string_agg(DISTINCT kind, ', ' ORDER BY kind) AS layouts
          FROM refs WHERE NOT EXISTS (SELECT 1 FROM cards x WHERE x.id = refs.card_id AND x.company_id = ${c})
          GROUP BY battlecard_id
        )
        SELECT bc.id, bc.title, p.id AS "profileId", r.name AS rival, m.missing, m.layouts, count(*) OVER ()::int AS total
        FROM missing m JOIN battlecards bc ON bc.id = m.battlecard_id
        JOIN profiles p ON p.id = bc.profile_id AND p.company_id = ${c}
        JOIN rivals r ON r.id = p.rival_id AND r.company_id = ${c}
        WHERE ${notTemplate('r', 'p')}
        ORDER BY m.missing DESC, lower(r.name), lower(bc.title), bc.id
        LIMIT ${ctx.rows}`,
    ),
    // A tag on a card of any profile (templates included) is in use.
    rowsOf<UnusedTag>(
      ctx.db,
      sql`SELECT t.id, t.name, t.created_at AS "createdAt", count(*) OVER ()::int AS total
        FROM tags t
        WHERE t.company_id = ${c} AND NOT EXISTS (SELECT 1 FROM card_tags ct WHERE ct.tag_id = t.id AND ct.company_id = ${c})
        ORDER BY lower(t.name), t.id
        LIMIT ${ctx.rows}`,
    ),
  ]);
  const total = (rows: { total: number }[]) => rows[0]?.total ?? 0;

  report.kpis = [
    { key: 'staleCards', label: 'Stale cards', value: total(stale), format: 'number', hint: `Not updated in ${staleDays} days` },
    { key: 'unsourcedCards', label: 'Cards with no source', value: total(unsourced), format: 'number' },
    { key: 'emptyProfiles', label: 'Profiles with nothing published', value: total(emptyProfiles), format: 'number', hint: 'Empty or Scratchpad-only boards' },
    { key: 'brokenBattlecards', label: 'Battlecards citing deleted cards', value: total(battlecards), format: 'number' },
    { key: 'unusedTags', label: 'Unused tags', value: total(tags), format: 'number', hint: 'Tags on no card' },
  ];
  report.tables = [
    {
      key: 'staleCards',
      title: `Cards not updated in ${staleDays} days`,
      description: 'Oldest first. Scratchpad notes and templates are left out; draft cards and draft rivals are marked.',
      columns: hygieneCardColumns(),
      rows: stale.map(hygieneCardRow),
      total: total(stale),
      empty: `Every card was updated in the last ${staleDays} days.`,
    },
    {
      key: 'unsourcedCards',
      title: 'Cards with no source',
      description: 'Least recently updated first. Scratchpad notes and templates are left out.',
      columns: hygieneCardColumns(),
      rows: unsourced.map(hygieneCardRow),
      total: total(unsourced),
      empty: 'Every card cites a source.',
    },
    {
      key: 'emptyProfiles',
      title: 'Empty or Scratchpad-only boards',
      description: 'Profiles with no published card outside the Scratchpad: readers find nothing there.',
      columns: [
        col('rival', 'Rival', 'text'),
        col('reason', 'What is there', 'text'),
        col('lanes', 'Boards', 'number'),
        col('draftCards', 'Draft cards', 'number'),
        col('scratchpadCards', 'Scratchpad notes', 'number'),
        col('status', 'Status', 'text'),
      ],
      rows: emptyProfiles.map((p) => ({
        cells: { rival: p.rival, reason: emptyReason(p), lanes: p.lanes, draftCards: p.draftCards, scratchpadCards: p.scratchpadCards, status: p.status },
        links: { rival: `/profile/${p.id}` },
      })),
      total: total(emptyProfiles),
      empty: 'Every profile has published cards.',
    },
    {
      key: 'brokenBattlecards',
      title: 'Battlecards citing deleted cards',
      columns: [col('battlecard', 'Battlecard', 'text'), col('rival', 'Rival', 'text'), col('missing', 'Deleted cards', 'number'), col('layouts', 'Layouts', 'text')],
      rows: battlecards.map((b) => ({
        cells: { battlecard: b.title, rival: b.rival, missing: b.missing, layouts: b.layouts },
        links: { battlecard: `/profile/${b.profileId}/battlecard/view/${b.id}` },
      })),
      total: total(battlecards),
      empty: 'No battlecard cites a deleted card.',
    },
    {
      key: 'unusedTags',
      title: 'Tags on no card',
      columns: [col('tag', 'Tag', 'text'), col('created', 'Created', 'date')],
      rows: tags.map((t) => ({ cells: { tag: t.name, created: dayText(t.createdAt) } })),
      total: total(tags),
      empty: 'Every tag is on a card.',
    },
  ];
  return report;
}

// ---- reports that need deals ----

function needsDeals(ctx: ReportContext, type: 'rep-performance' | 'impact'): Report {
  const report = base(ctx, type, TITLES[type]);
  const link = { label: 'Connect your CRM', to: '/integrations' };
  report.needs =
    type === 'rep-performance'
      ? {
          title: 'Rep performance needs closed deals',
          body:
            'This report ranks reps by their win rate against each rival and how often they opened battlecards in those deals. ' +
            'It needs closed deals (won or lost) from your CRM with the competitors field filled in. Connect the CRM integration ' +
            'and map its competitors field to your rivals; the report fills in as deals close.',
          link,
        }
      : {
          title: 'Impact needs closed deals',
          body:
            'This report compares win rates against each rival in deals where reps used Rivalscope content with deals where they did not. ' +
            'It needs closed deals from your CRM with their competitors field and their owner, so deals can be matched to the reps who read cards ' +
            'and battlecards. Connect the CRM integration to start collecting them.',
          link,
        };
  return report;
}

export const competitiveReports: Record<CompetitiveReportType, (ctx: ReportContext) => Promise<Report>> = {
  overview,
  'threat-analysis': threatAnalysis,
  'data-hygiene': dataHygiene,
  'rep-performance': async (ctx) => needsDeals(ctx, 'rep-performance'),
  impact: async (ctx) => needsDeals(ctx, 'impact'),
};

// ---- drill-down: one rival ----

const PRIORITY_SERIES = [
  { key: 'important', label: 'Important' },
  { key: 'interesting', label: 'Interesting' },
  { key: 'none', label: 'No priority' },
];

/**
 * drill = 'rival-{id}': one rival's intel in the period (volume over time by priority, its topics), its latest
 * important items and its cards' hygiene. Throws notFound for a drill of another shape, a rival of another company
 * or a template.
 */
export async function competitiveDrillDown(ctx: ReportContext, type: string, drill: string): Promise<Report> {
  const m = /^rival-([1-9]\d{0,9})$/.exec(drill);
  const rivalId = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(rivalId) || rivalId > 2_147_483_647) throw notFound('Report');
  const c = ctx.companyId;
  const [rival] = await rowsOf<RivalRow & { profileId: number | null }>(
    ctx.db,
    sql`SELECT r.id, r.name, r.is_draft AS "isDraft", p.id AS "profileId"
      FROM rivals r LEFT JOIN profiles p ON p.rival_id = r.id AND p.company_id = ${c}
      WHERE r.id = ${rivalId} AND r.company_id = ${c} AND ${notTemplate('r')}`,
  );
  if (!rival) throw notFound('Rival');

  const cur = within(sql`i.created_at`, ctx.period);
  const mentions = sql`FROM intel_rivals ir JOIN intel_items i ON i.id = ir.intel_id AND i.company_id = ${c}
    WHERE ir.company_id = ${c} AND ir.rival_id = ${rivalId} AND ${intelCounted}`;
  const staleCutoff = new Date(ctx.now.getTime() - ctx.query.staleDays * DAY_MS);
  const [[intel], volume, topics, important, cards] = await Promise.all([
    intelByRival(ctx, rivalId),
    rowsOf<{ day: string; priority: string; n: number }>(
      ctx.db,
      sql`SELECT ${daySql(sql`i.created_at`)} AS day, coalesce(i.priority, 'none') AS priority, count(*)::int AS n
        ${mentions} AND ${cur} GROUP BY 1, 2`,
    ),
    rowsOf<{ topic: string; n: number }>(
      ctx.db,
      sql`SELECT t.topic, count(*)::int AS n
        FROM intel_rivals ir JOIN intel_items i ON i.id = ir.intel_id AND i.company_id = ${c}
        CROSS JOIN LATERAL unnest(i.topics) AS t(topic)
        WHERE ir.company_id = ${c} AND ir.rival_id = ${rivalId} AND ${intelCounted} AND ${cur}
        GROUP BY t.topic ORDER BY n DESC, t.topic LIMIT ${DRILL_TOP_TOPICS}`,
    ),
    rowsOf<{ id: number; title: string; createdAt: Date; publishedAt: Date | null; state: string; topics: string[]; total: number }>(
      ctx.db,
      sql`SELECT i.id, coalesce(i.curated_title, i.title) AS title, i.created_at AS "createdAt", i.published_at AS "publishedAt",
          i.state, i.topics, count(*) OVER ()::int AS total
        ${mentions} AND ${cur} AND i.priority = 'important'
        ORDER BY i.created_at DESC, i.id DESC LIMIT ${ctx.rows}`,
    ),
    hygieneCards(ctx, sql`TRUE`, rivalId),
  ]);
  const counts = intel ?? { items: 0, published: 0, important: 0, prevItems: 0, prevPublished: 0, prevImportant: 0 };

  const report = base(ctx, type, 'Rival drill-down');
  report.subtitle = rival.isDraft ? `${rival.name} (draft)` : rival.name;
  const cardTotal = cards[0]?.total ?? 0;
  const [cardCounts] = await rowsOf<{ n: number; unsourced: number }>(
    ctx.db,
    sql`SELECT count(*) FILTER (WHERE c.updated_at < ${ts(staleCutoff)})::int AS n,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM card_sources s WHERE s.card_id = c.id AND s.company_id = ${c}))::int AS unsourced
      ${hygieneCardsFrom(c)} AND r.id = ${rivalId}`,
  );
  const kpis: ReportKpi[] = [
    { key: 'items', label: 'Intel items', value: counts.items, previous: counts.prevItems, format: 'number' },
    { key: 'published', label: 'Published', value: counts.published, previous: counts.prevPublished, format: 'number' },
    { key: 'important', label: 'Important', value: counts.important, previous: counts.prevImportant, format: 'number' },
    {
      key: 'importantShare',
      label: 'Important share',
      value: share(counts.important, counts.items),
      previous: share(counts.prevImportant, counts.prevItems),
      format: 'percent',
    },
    { key: 'staleCards', label: 'Stale cards', value: cardCounts.n, format: 'number', hint: `Of ${cardTotal} cards, not updated in ${ctx.query.staleDays} days` },
    { key: 'unsourcedCards', label: 'Cards with no source', value: cardCounts.unsourced, format: 'number' },
  ];
  report.kpis = kpis;

  const charts: ReportChart[] = [
    timeChart(
      ctx.period,
      { key: 'volume', title: bucketOf(ctx.period) === 'week' ? 'Intel by priority, by week' : 'Intel by priority, by day', kind: 'area', series: PRIORITY_SERIES, stacked: true },
      volume.map((row) => ({ day: row.day, [row.priority]: row.n })),
    ),
    {
      key: 'topics',
      title: 'Intel by topic',
      kind: 'bar',
      xKey: 'topic',
      series: [{ key: 'items', label: 'Intel items' }],
      data: topics.slice(0, CHART_MAX_BARS).map((t) => ({ topic: t.topic, items: t.n })),
    },
  ];
  report.charts = charts;

  const tables: ReportTable[] = [
    {
      key: 'importantItems',
      title: 'Latest important intel',
      columns: [
        col('title', 'Intel', 'text'),
        col('created', 'Came in', 'date'),
        col('state', 'State', 'text'),
        col('published', 'Published', 'date'),
        col('topics', 'Topics', 'text'),
      ],
      rows: important.map((i) => ({
        cells: { title: i.title, created: dayText(i.createdAt), state: i.state, published: dayText(i.publishedAt), topics: i.topics.join(', ') },
        links: { title: rivalFeedPath(rivalId) },
      })),
      total: important[0]?.total ?? 0,
      empty: 'No important intel on this rival in the period.',
    },
    {
      key: 'cards',
      title: 'Its cards',
      description: `Least recently updated first; stale after ${ctx.query.staleDays} days. Scratchpad notes are left out.`,
      columns: [
        col('card', 'Card', 'text'),
        col('board', 'Board', 'text'),
        col('updated', 'Last updated', 'date'),
        col('days', 'Days since update', 'number'),
        col('stale', 'Stale', 'text'),
        col('sources', 'Sources', 'number'),
        col('status', 'Status', 'text'),
      ],
      rows: cards.map((x) => ({
        cells: {
          card: x.name,
          board: x.board,
          updated: dayText(x.updatedAt),
          days: x.days,
          stale: new Date(x.updatedAt) < staleCutoff ? 'Stale' : '',
          sources: x.sources,
          status: x.status,
        },
        links: { card: cardPath(x.profileId, x.id) },
      })),
      total: cardTotal,
      empty: 'This rival has no cards yet.',
    },
  ];
  report.tables = tables;
  return report;
}
