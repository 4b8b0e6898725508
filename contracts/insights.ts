// HTTP contracts of review insights (part 3 §2.3, §3, §4.6, §5, §7.1, §9), shared by the /insights screens and
// /api/insights/v2. A supported rival is a rival with reviews; its id is the rival's id.
//
// The reviews tab keeps its filters in the query string (part 3 §2.3), and the API takes the same names:
//   aspectId=<id>                    reviews that judge this aspect
//   sentiment=positive|negative|all  with aspectId: the aspect judged that way; without: the review's overall lean
//   dateRange=all|now-{n}{d|w|m|y}   page only: becomes publishedAfter (midnight UTC, n units ago) and publishedBefore
//                                    (next midnight UTC); 'all' means no range (publishedRange below)
//   publishedAfter, publishedBefore  ISO dates or date-times
//   domain=<a,b>                     review-site domains (g2.com), blanks and duplicates removed
//   minRating, maxRating             0 to 5 (defaults 0 and 5)
//   sort=popular|positive|negative   popular: reviews that judge the most aspects first, then newest
//   bookmarked=true                  pinned reviews only
//   q=<words>                        reviews whose title or text say them (the unified search box's reviews context)
//   page=<n>                         page only (default 1); the API takes size (25) and offset, page = offset/25 + 1
//   sourceType=all|review|winLoss, insightId, insightType: page only (the insight drawer and the list's kind)
import { z } from 'zod';
import type { DealOutcome, SaidBy } from './deals.ts';
import type { ValidationIssue } from './errors.ts';
import type { ReviewImportReason, ReviewReasonParams } from './reviews.ts';
import { DAY_MS } from './time.ts';

/** Part 3 §9. */
export const INSIGHTS = {
  reviewsPageSize: 25,
  aspectsVisibleSize: 100,
  aspectsHiddenSize: 50,
  sourcesPageSize: 25,
  /** GET aspects/{id}/summary is cached this long (one day). */
  summaryCacheSeconds: 86_400,
  /** Rating filter defaults, and the star colour thresholds (0–2 error, 2.5–3.5 warning, else success). */
  minRating: 0,
  maxRating: 5,
  ratingErrorMax: 2,
  ratingWarningMax: 3.5,
  /** Quotes shown on a review card, and the quotes an insight keeps. */
  reviewQuotes: 3,
  /** Longest aspect title a curator may give. */
  aspectTitleMax: 80,
} as const;

export const REVIEW_SORTS = ['popular', 'positive', 'negative'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SENTIMENTS = ['positive', 'negative', 'all'] as const;
export type ReviewSentiment = (typeof REVIEW_SENTIMENTS)[number];
export const SOURCE_TYPES = ['all', 'review', 'winLoss'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const ASPECT_STATES = ['none', 'hidden'] as const;
export type AspectState = (typeof ASPECT_STATES)[number];
/** The kinds an insight is stored as. */
export const INSIGHT_KINDS = ['strengths', 'weaknesses', 'win_reasons', 'loss_reasons'] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];
/** The insight types of part 3 §3: a stored kind, or a pair of them shown together. */
export const INSIGHT_TYPES = [...INSIGHT_KINDS, 'strengths_weaknesses', 'win_loss_reasons', 'topic_summary'] as const;
export type InsightType = (typeof INSIGHT_TYPES)[number];
export const DEFAULT_INSIGHT_TYPE: InsightType = 'strengths_weaknesses';
export const REVIEW_IMPORT_STATES = ['analysing', 'succeeded', 'failed'] as const;
export type ReviewImportState = (typeof REVIEW_IMPORT_STATES)[number];

/** Date range presets of the reviews filter (part 3 §5) and the range each stands for. */
export const DATE_RANGE_PRESETS = { allTime: 'all', lastYear: 'now-1y', last6Months: 'now-6m', last3Months: 'now-3m', lastMonth: 'now-1m' } as const;
export type DateRangePreset = keyof typeof DATE_RANGE_PRESETS | 'customDateRange';

/** The preset a dateRange value is, or customDateRange. */
export function dateRangePreset(dateRange: string): DateRangePreset {
  const found = Object.entries(DATE_RANGE_PRESETS).find(([, value]) => value === dateRange);
  return (found?.[0] as DateRangePreset | undefined) ?? 'customDateRange';
}

const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * A dateRange value as publishedAfter and publishedBefore at midnight UTC: now-3m is from midnight three months
 * ago to the coming midnight. 'all' and anything that is not now-{n}{d|w|m|y} give no range.
 */
export function publishedRange(dateRange: string, now: Date): { publishedAfter: string; publishedBefore: string } | null {
  const m = /^now-(\d{1,4})([dwmy])$/.exec(dateRange);
  if (!m) return null;
  const n = Number(m[1]);
  const today = startOfUtcDay(now.getTime());
  let from: number;
  if (m[2] === 'd' || m[2] === 'w') from = today - n * (m[2] === 'w' ? 7 : 1) * DAY_MS;
  else {
    // Months back keep the day of the month, clamped to the shorter month's last (as date math does: Mar 31 - 1m = Feb 29).
    const d = new Date(today);
    const months = d.getUTCFullYear() * 12 + d.getUTCMonth() - (m[2] === 'm' ? n : 12 * n);
    const year = Math.floor(months / 12);
    const month = months - year * 12;
    from = Date.UTC(year, month, Math.min(d.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate()));
  }
  return {
    publishedAfter: new Date(from).toISOString(),
    publishedBefore: new Date(today + DAY_MS).toISOString(),
  };
}

/** The domain filter's values: trimmed, lower case, blanks and duplicates removed (part 3 §5). */
export function cleanDomains(given: readonly string[]): string[] {
  return [...new Set(given.map((d) => d.trim().toLowerCase()).filter(Boolean))];
}

// ---- query parameters (the API's; the page adds dateRange, page, sourceType, insightId, insightType)

const list = z.preprocess((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','))), z.array(z.string().max(253)).max(50));
const intInRange = (min: number, max: number) => z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
const rating = z.coerce.number({ error: 'must be a number from 0 to 5' }).min(0, 'must be from 0 to 5').max(5, 'must be from 0 to 5');
const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO date or date-time').transform((s) => new Date(s).toISOString());
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
/** A value outside the list is ignored (part 3 §5: "else popular", "else none"). */
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.unknown().optional().transform((v) => (values.includes(v as string) ? (v as T[number]) : undefined));

/** Filters shared by the reviews list and the aspect counts. */
export const reviewFilterShape = {
  /** Words the review's title or text must contain (typos and the company's synonyms forgiven, as in search). */
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  aspectId: intInRange(1, 2_147_483_647).optional(),
  sentiment: oneOf(REVIEW_SENTIMENTS),
  bookmarked: bool.optional(),
  minRating: rating.default(INSIGHTS.minRating),
  maxRating: rating.default(INSIGHTS.maxRating),
  publishedAfter: isoDate.optional(),
  publishedBefore: isoDate.optional(),
  domain: list.transform(cleanDomains),
};

const withRatingOrder = <T extends { minRating: number; maxRating: number }>(q: T, ctx: z.RefinementCtx) => {
  if (q.minRating > q.maxRating) ctx.addIssue({ code: 'custom', path: ['minRating'], message: 'must not be above maxRating' });
};

/** GET insights/v2/reviews/supported-rivals/{id}. */
export const ReviewListQuery = z
  .object({
    ...reviewFilterShape,
    sort: oneOf(REVIEW_SORTS).transform((s) => s ?? 'popular'),
    size: intInRange(1, 100).default(INSIGHTS.reviewsPageSize),
    offset: intInRange(0, 10_000).default(0),
  })
  .superRefine(withRatingOrder);
export type ReviewListQuery = z.output<typeof ReviewListQuery>;

/** GET insights/v2/aspects/supported-rivals/{id}: sort popular (most reviews), positive or negative first. */
export const AspectListQuery = z
  .object({
    ...reviewFilterShape,
    sort: oneOf(REVIEW_SORTS).transform((s) => s ?? 'popular'),
    state: oneOf(ASPECT_STATES).transform((s) => s ?? 'none'),
    size: intInRange(1, INSIGHTS.aspectsVisibleSize).optional(),
    offset: intInRange(0, 10_000).default(0),
  })
  .superRefine(withRatingOrder);
export type AspectListQuery = z.output<typeof AspectListQuery>;

/** PATCH insights/v2/reviews/{id}. */
export const ReviewPatchBody = z.object({ bookmark: z.boolean({ error: 'must be true or false' }) }).strict();

/**
 * PATCH insights/v2/aspects/{id}: hide or show it, rename it (null gives back the found title), or merge it into
 * another aspect of the same rival (its reviews then count for that one).
 */
export const AspectPatchBody = z
  .object({
    state: z.enum(ASPECT_STATES, { error: "must be 'none' or 'hidden'" }).optional(),
    title: z.string().trim().min(1, 'must not be blank').max(INSIGHTS.aspectTitleMax, `must be at most ${INSIGHTS.aspectTitleMax} characters`).nullable().optional(),
    mergeInto: intInRange(1, 2_147_483_647).optional(),
  })
  .strict()
  .refine((b) => b.state !== undefined || b.title !== undefined || b.mergeInto !== undefined, 'give state, title or mergeInto');

/** GET insights/v2/insights/supported-rivals/{id}. */
export const InsightListQuery = z.object({
  type: list.transform((types) => types.filter((t): t is InsightKind => (INSIGHT_KINDS as readonly string[]).includes(t))),
  sourceType: oneOf(SOURCE_TYPES).transform((s) => s ?? 'all'),
});

/**
 * GET insights/v2/insights/{id}/supported-rivals/{id}/sources. sourceType winLoss reads a win/loss insight (its id is
 * its reason's, issue #56) and answers the deals behind it; review and all read a review insight's reviews.
 */
export const InsightSourcesQuery = z.object({
  sourceType: oneOf(SOURCE_TYPES).transform((s) => s ?? 'all'),
  page: intInRange(1, 10_000).default(1),
  size: intInRange(1, 100).default(INSIGHTS.sourcesPageSize),
});

/** POST insights/v2/insights/supported-rivals/{id}/card: the insight a card is drafted from. */
export const InsightCardBody = z.object({ insightId: intInRange(1, 2_147_483_647) }).strict();

// ---- responses

export type ReviewAspectRef = { id: number; title: string; sentiment: 'positive' | 'negative' | 'neutral' };

export type ReviewView = {
  id: number;
  type: 'review';
  title: string | null;
  rating: number;
  /** The review site: its name, key, type and domain, and where the review is. */
  source: { permalink: string; name: string; key: string; siteType: 'product' | 'employee'; domain: string; publishedAt: string };
  /** Sentences that judge its aspects (the filtered aspect's first), at most INSIGHTS.reviewQuotes. */
  quotes: { text: string; sentiment: number }[];
  aspects: ReviewAspectRef[];
  bookmarked: boolean;
  text: string;
  reviewerRole: string | null;
  companySize: string | null;
};

export type ReviewListResponse = {
  reviews: ReviewView[];
  pagination: { total: number; size: number; offset: number; page: number; totalPages: number };
};

export type AspectView = {
  id: number;
  title: string;
  state: AspectState;
  /** Reviews matching the filters that judge it, and how. */
  reviewCount: number;
  positive: number;
  negative: number;
  neutral: number;
};

export type AspectListResponse = { aspects: AspectView[]; pagination: { total: number; size: number; offset: number; nextOffset: number | null } };

/** A curator's view of one aspect after a PATCH. */
export type AspectDetail = { id: number; title: string; foundTitle: string; state: AspectState; mergedIntoId: number | null; reviewCount: number };

/** A quoted, attributed sentence. */
export type InsightQuote = { reviewId: number; text: string; sentiment: number; site: string; permalink: string; publishedAt: string };

export type AspectSummaryResponse = {
  aspect: { id: number; title: string; reviewCount: number; positive: number; negative: number; neutral: number };
  /** The model's summary of the quotes (cited [n]); null without one, when the screen says the aspect's counts. */
  summary: string | null;
  quotes: InsightQuote[];
  /** Reviews per month and polarity, oldest first: the aspect's chart. */
  timeline: { month: string; positive: number; negative: number; neutral: number }[];
  generatedAt: string;
};

/**
 * A strength or weakness from reviews, or a win or loss reason from deals (issue #56): one reason of the company's
 * taxonomy cited by the rival's won or lost deals, its id the reason's, with winLossCount deals, no reviews, aspects
 * or quotes (the deals' words are its sources).
 */
export type InsightView = {
  id: number;
  type: InsightKind;
  title: string;
  summary: string;
  reviewCount: number;
  winLossCount: number;
  sourcesCount: number;
  aspects: { id: number; title: string }[];
  /** Share of the aspect's judging reviews that lean this way, and how sure that is (Wilson lower bound). */
  share: number;
  confidence: number;
  quotes: InsightQuote[];
};

export type InsightListResponse = {
  insights: { strengths?: InsightView[]; weaknesses?: InsightView[]; win_reasons?: InsightView[]; loss_reasons?: InsightView[] };
};

/** A deal a win/loss insight stands on: who gave the insight's reason for it (rep, buyer or both), in their words. */
export type DealSourceView = {
  id: number;
  type: 'deal';
  name: string;
  accountName: string | null;
  outcome: DealOutcome | null;
  closedOn: string | null;
  amount: number | null;
  currency: string;
  said: { saidBy: SaidBy; quote: string | null }[];
};

export type InsightSourcesResponse = {
  sources: (ReviewView | DealSourceView)[];
  pagination: { total: number; total_pages: number; current_page: number };
};

/** A card drafted from an insight: what POST /cards.json?v=3 and POST /cards/{id}/sources then take. */
export type InsightCardDraft = { insightId: number; title: string; body: string; quote: string; sources: string[] };
export type InsightCardResponse = { insights: InsightCardDraft[] };

export type SupportedRival = {
  id: number;
  name: string;
  iconUrl: string | null;
  profileId: number | null;
  reviewCount: number;
  children: SupportedRival[];
  /** Insights of each kind; win and loss reasons only for readers of win/loss (0 for everyone else). */
  insights: { strengths: number; weaknesses: number; winReasons: number; lossReasons: number };
  /** An import or a generation of this rival is under way. */
  generating: boolean;
  lastGeneratedAt: string | null;
};
export type SupportedRivalsResponse = { supportedRivals: SupportedRival[] };

export type ReviewImportView = {
  id: number;
  rivalId: number;
  fileName: string | null;
  /** 'file' for an upload or a post through the API. */
  source: string;
  state: ReviewImportState;
  total: number;
  /** Rows analysed so far: the progress bar. */
  analysed: number;
  imported: number;
  duplicates: number;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
};

/** 400 of an import: each bad row with its line (1 is a CSV's header or a JSON file's first line; 0 the whole file). */
/** A refused row: its line, the column or key, the reason in English, and its code and values (or the rule it broke) to word it by. */
export type ReviewImportRowError = { line: number; field?: string; reason: string; code?: ReviewImportReason | 'invalid'; params?: ReviewReasonParams; issue?: ValidationIssue };
export type ReviewImportErrorResponse = { error: string; details: { errors: ReviewImportRowError[]; moreErrors: number } };
