// The pure logic of the review insights screens (part 3 §2.3, §4.6, §5, §9): the path and query string as
// state and back, that state as the API's query, the source-type default, rating colours, pages, and the
// small transformations the screens apply to answers. No React and no fetch; see model.test.ts.
import {
  cleanDomains,
  DEFAULT_INSIGHT_TYPE,
  INSIGHT_TYPES,
  INSIGHTS,
  publishedRange,
  REVIEW_SENTIMENTS,
  REVIEW_SORTS,
  SOURCE_TYPES,
  type AspectListResponse,
  type AspectSummaryResponse,
  type AspectView,
  type DealSourceView,
  type InsightKind,
  type InsightType,
  type ReviewImportErrorResponse,
  type ReviewImportRowError,
  type ReviewSentiment,
  type ReviewSort,
  type ReviewView,
  type SourceType,
  type SupportedRival,
} from '../../../contracts/insights.ts';
import { escapeHtml } from '../../../contracts/htmlEscape.ts';
import { validationProblem } from '../api/errorText.ts';
import i18n, { type Translate } from '../i18n/index.ts';
import '../i18n/areas/insights.ts';
import { DAY_MS } from '../../../contracts/time.ts';

// ---- path

/** A database id from the URL: a positive 32-bit integer written plainly ("12", not "012" or "1.5"), else null. */
const positiveInt = (text: string | null | undefined): number | null => {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : null;
};

export type InsightsTab = 'insights' | 'reviews';

/** The rival and tab of /insights/{rest}; an id that is not a positive integer is none (part 3 §2.3). */
export function parseInsightsPath(rest: string): { supportedRivalId: number | null; tab: InsightsTab } {
  const [id, tab] = rest.split('/');
  const supportedRivalId = positiveInt(id);
  return { supportedRivalId, tab: supportedRivalId !== null && tab === 'reviews' ? 'reviews' : 'insights' };
}

export function insightsPath(supportedRivalId: number, tab: InsightsTab, search = ''): string {
  return `/insights/${supportedRivalId}${tab === 'reviews' ? '/reviews' : ''}${search}`;
}

/** The reviews tab filtered by one aspect (an aspect chip's link). */
export const aspectReviewsPath = (supportedRivalId: number, aspectId: number) => insightsPath(supportedRivalId, 'reviews', `?aspectId=${aspectId}`);

// ---- the reviews tab's filters (part 3 §2.3 names, §5 rules)

/** A custom date range: the dates are publishedAfter and publishedBefore (YYYY-MM-DD, both days included). */
export const CUSTOM_DATE_RANGE = 'custom';

export type ReviewFilters = {
  /** Words the reviews say (the unified search box's reviews context). */
  q: string;
  aspectId: number | null;
  /** null: no sentiment filter ('all' reads the same). */
  sentiment: Exclude<ReviewSentiment, 'all'> | null;
  /** 'all', now-{n}{d|w|m|y}, or CUSTOM_DATE_RANGE. */
  dateRange: string;
  publishedAfter: string | null;
  publishedBefore: string | null;
  domain: string[];
  minRating: number;
  maxRating: number;
  sort: ReviewSort;
  bookmarked: boolean;
  page: number;
};

export const DEFAULT_REVIEW_FILTERS: ReviewFilters = {
  q: '',
  aspectId: null,
  sentiment: null,
  dateRange: 'all',
  publishedAfter: null,
  publishedBefore: null,
  domain: [],
  minRating: INSIGHTS.minRating,
  maxRating: INSIGHTS.maxRating,
  sort: 'popular',
  bookmarked: false,
  page: 1,
};

/** The API reads offsets up to 10,000: the last page a list can show. */
export const MAX_REVIEW_PAGE = Math.floor(10_000 / INSIGHTS.reviewsPageSize) + 1;

const isDay = (text: string | null): text is string => !!text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));
/** A rating from the URL: 0 to 5 in half steps, else the default. */
const ratingOf = (text: string | null, fallback: number): number => {
  const n = text === null || text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(n) ? Math.min(INSIGHTS.maxRating, Math.max(INSIGHTS.minRating, Math.round(n * 2) / 2)) : fallback;
};
const oneOf = <T extends string>(values: readonly T[], text: string | null): T | null => (values.includes(text as T) ? (text as T) : null);

export function parseReviewFilters(query: URLSearchParams): ReviewFilters {
  const after = query.get('publishedAfter');
  const before = query.get('publishedBefore');
  const publishedAfter = isDay(after) ? after : null;
  const publishedBefore = isDay(before) ? before : null;
  const givenRange = query.get('dateRange');
  const dateRange = givenRange && givenRange.length <= 20 ? givenRange : publishedAfter || publishedBefore ? CUSTOM_DATE_RANGE : 'all';
  let minRating = ratingOf(query.get('minRating'), INSIGHTS.minRating);
  let maxRating = ratingOf(query.get('maxRating'), INSIGHTS.maxRating);
  if (minRating > maxRating) [minRating, maxRating] = [maxRating, minRating];
  const sentiment = oneOf(REVIEW_SENTIMENTS, query.get('sentiment'));
  return {
    q: (query.get('q') ?? '').trim().slice(0, 200),
    aspectId: positiveInt(query.get('aspectId')),
    sentiment: sentiment === 'all' ? null : sentiment,
    dateRange,
    publishedAfter: dateRange === CUSTOM_DATE_RANGE ? publishedAfter : null,
    publishedBefore: dateRange === CUSTOM_DATE_RANGE ? publishedBefore : null,
    domain: cleanDomains(query.getAll('domain').flatMap((d) => d.split(','))),
    minRating,
    maxRating,
    sort: oneOf(REVIEW_SORTS, query.get('sort')) ?? 'popular',
    bookmarked: query.get('bookmarked') === 'true',
    page: Math.min(positiveInt(query.get('page')) ?? 1, MAX_REVIEW_PAGE),
  };
}

/** The query string of the filters, defaults left out (part 3 §2.3), with '?' when not empty. */
export function reviewFiltersSearch(f: ReviewFilters): string {
  const q = new URLSearchParams();
  if (f.q) q.set('q', f.q);
  if (f.aspectId !== null) q.set('aspectId', String(f.aspectId));
  if (f.sentiment) q.set('sentiment', f.sentiment);
  if (f.dateRange !== 'all') q.set('dateRange', f.dateRange);
  if (f.dateRange === CUSTOM_DATE_RANGE && f.publishedAfter) q.set('publishedAfter', f.publishedAfter);
  if (f.dateRange === CUSTOM_DATE_RANGE && f.publishedBefore) q.set('publishedBefore', f.publishedBefore);
  if (f.domain.length) q.set('domain', f.domain.join(','));
  if (f.minRating !== INSIGHTS.minRating) q.set('minRating', String(f.minRating));
  if (f.maxRating !== INSIGHTS.maxRating) q.set('maxRating', String(f.maxRating));
  if (f.sort !== 'popular') q.set('sort', f.sort);
  if (f.bookmarked) q.set('bookmarked', 'true');
  if (f.page !== 1) q.set('page', String(f.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Filters after a change: any change but the page's own goes back to the first page. */
export function withFilters(f: ReviewFilters, patch: Partial<ReviewFilters>): ReviewFilters {
  return { ...f, page: 1, ...patch };
}

/** Whether anything narrows the list (sort and page do not). */
export function hasReviewFilters(f: ReviewFilters): boolean {
  const { sort: _s, page: _p, ...rest } = f;
  const { sort: _ds, page: _dp, ...defaults } = DEFAULT_REVIEW_FILTERS;
  return JSON.stringify(rest) !== JSON.stringify(defaults);
}

const nextDay = (day: string) => new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10);

/** The published range the filters stand for: a preset from `now` (midnight UTC), or the custom days, both included. */
export function publishedBounds(f: ReviewFilters, now: Date): { publishedAfter?: string; publishedBefore?: string } {
  if (f.dateRange !== CUSTOM_DATE_RANGE) return publishedRange(f.dateRange, now) ?? {};
  return {
    publishedAfter: f.publishedAfter ?? undefined,
    publishedBefore: f.publishedBefore ? nextDay(f.publishedBefore) : undefined,
  };
}

type ApiQuery = Record<string, string | number | boolean | undefined>;

/** The filters every review call takes, defaults left out. */
function filterQuery(f: ReviewFilters, now: Date): ApiQuery {
  return {
    q: f.q || undefined,
    sentiment: f.sentiment ?? undefined,
    bookmarked: f.bookmarked || undefined,
    minRating: f.minRating !== INSIGHTS.minRating ? f.minRating : undefined,
    maxRating: f.maxRating !== INSIGHTS.maxRating ? f.maxRating : undefined,
    ...publishedBounds(f, now),
    domain: f.domain.length ? f.domain.join(',') : undefined,
  };
}

/** GET insights/v2/reviews/supported-rivals/{id}: page n is offset (n - 1) × 25. */
export function reviewListQuery(f: ReviewFilters, now: Date): ApiQuery {
  return {
    aspectId: f.aspectId ?? undefined,
    ...filterQuery(f, now),
    sort: f.sort,
    size: INSIGHTS.reviewsPageSize,
    offset: (f.page - 1) * INSIGHTS.reviewsPageSize,
  };
}

/**
 * GET insights/v2/aspects/supported-rivals/{id} for the aspect list beside the reviews: the same filters but
 * the aspect itself (the list is where another aspect is picked), 100 visible or 50 hidden at a time.
 */
export function aspectListQuery(f: ReviewFilters, now: Date, state: 'none' | 'hidden', offset: number): ApiQuery {
  return {
    ...(state === 'none' ? filterQuery({ ...f, sentiment: f.aspectId === null ? f.sentiment : null }, now) : {}),
    state,
    size: state === 'none' ? INSIGHTS.aspectsVisibleSize : INSIGHTS.aspectsHiddenSize,
    offset,
  };
}

/** Pages of the reviews list: at most MAX_REVIEW_PAGE. */
export const pageCount = (total: number, size: number = INSIGHTS.reviewsPageSize) => Math.min(Math.ceil(Math.max(0, total) / size), MAX_REVIEW_PAGE);

/** The aspects of the pages loaded so far: a page joins only when its offset is the previous page's nextOffset. */
export function mergeAspectPages(pages: readonly AspectListResponse[]): AspectView[] {
  const out: AspectView[] = [];
  const seen = new Set<number>();
  let expected: number | null = pages[0]?.pagination.offset ?? null;
  for (const page of pages) {
    if (page.pagination.offset !== expected) break;
    for (const a of page.aspects) {
      if (seen.has(a.id)) continue;
      seen.add(a.id);
      out.push(a);
    }
    expected = page.pagination.nextOffset;
  }
  return out;
}

// ---- the insights tab (part 3 §4.6)

/** What the insights tab's query string asks for; null where it names nothing valid (the defaults then apply). */
export type InsightsView = { sourceType: SourceType | null; insightId: number | null; insightType: InsightType | null };

export function parseInsightsView(query: URLSearchParams): InsightsView {
  return {
    sourceType: oneOf(SOURCE_TYPES, query.get('sourceType')),
    insightId: positiveInt(query.get('insightId')),
    insightType: oneOf(INSIGHT_TYPES, query.get('insightType')),
  };
}

/** The query string with one page parameter set, or removed when its value is null or the default. */
export function withParam(search: string, name: string, value: string | number | null, defaultValue?: string): string {
  const q = new URLSearchParams(search);
  if (value === null || String(value) === defaultValue) q.delete(name);
  else q.set(name, String(value));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Review insights are strengths and weaknesses; win/loss insights are win and loss reasons. */
export const reviewInsightCount = (c: SupportedRival['insights']) => c.strengths + c.weaknesses;
export const winLossInsightCount = (c: SupportedRival['insights']) => c.winReasons + c.lossReasons;

/** Part 3 §4.6: no win/loss insights → review; no review insights → winLoss; else the chosen one, or all. */
export function effectiveSourceType(chosen: SourceType | null, counts: SupportedRival['insights']): SourceType {
  if (winLossInsightCount(counts) === 0) return 'review';
  if (reviewInsightCount(counts) === 0) return 'winLoss';
  return chosen ?? 'all';
}

/** The list shown for an insight type: a pair side by side, or one kind. */
export type InsightListType = 'strengths_weaknesses' | 'win_loss_reasons';

/**
 * The pair a type belongs to (topic_summary has no list here: the default pair). Without a chosen type, the default
 * (strengths and weaknesses), unless only win/loss insights exist: then their win and loss reasons.
 */
export function insightListType(type: InsightType | null, sourceType: SourceType): InsightListType {
  const shown = type ?? (sourceType === 'winLoss' ? 'win_loss_reasons' : DEFAULT_INSIGHT_TYPE);
  return shown === 'win_loss_reasons' || shown === 'win_reasons' || shown === 'loss_reasons' ? 'win_loss_reasons' : 'strengths_weaknesses';
}

/** Win/loss insights are a company's reasons, read with sourceType winLoss: their sources are deals, not reviews. */
export const sourcesTypeOf = (listType: InsightListType, sourceType: SourceType): SourceType => (listType === 'win_loss_reasons' ? 'winLoss' : sourceType);

/** Where a deal behind a win/loss insight opens. */
export const dealPath = (dealId: number) => `/win-loss/deals/${dealId}`;

export const INSIGHT_COLUMNS: Record<InsightListType, [InsightKind, InsightKind]> = {
  strengths_weaknesses: ['strengths', 'weaknesses'],
  win_loss_reasons: ['win_reasons', 'loss_reasons'],
};

// ---- display

/** Part 3 §5: 0–2 error, 2.5–3.5 warning, otherwise success. */
export function ratingLevel(rating: number): 'error' | 'warning' | 'success' {
  if (rating <= INSIGHTS.ratingErrorMax) return 'error';
  if (rating <= INSIGHTS.ratingWarningMax) return 'warning';
  return 'success';
}

/**
 * How an aspect's reviews judge it, said of the aspect when no model summarised it: the side more of them take
 * (favourable on a tie) and that side's share of all its reviews, in whole percent.
 */
export function aspectLean(a: Pick<AspectSummaryResponse['aspect'], 'reviewCount' | 'positive' | 'negative'>): { lean: 'positive' | 'negative'; percent: number } {
  const lean = a.positive >= a.negative ? 'positive' : 'negative';
  return { lean, percent: a.reviewCount ? Math.round((100 * a[lean]) / a.reviewCount) : 0 };
}

/** The reviews (or an insight's sources) with one review's pin set: what the screen shows while the PATCH is on its way. */
export function withBookmark<T extends ReviewView | DealSourceView>(sources: readonly T[], reviewId: number, bookmarked: boolean): T[] {
  return sources.map((r) => (r.type === 'review' && r.id === reviewId ? { ...r, bookmarked } : r));
}

// ---- import (part 3 §1: curators upload a CSV or JSON export)

export const IMPORT_ACCEPT = '.csv,.json,.jsonl,.ndjson';
export const IMPORT_ERRORS_SHOWN = 100;

/** The Content-Type an import file is sent with, by its extension; null when it is none of the three formats. */
export function importContentType(fileName: string): string | null {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'csv') return 'text/csv';
  if (ext === 'json') return 'application/json';
  if (ext === 'jsonl' || ext === 'ndjson') return 'application/x-ndjson';
  return null;
}

/** A refused import as the dialog shows it: the message, the bad rows, and how many more the server only counted. */
export type ImportRejection = { error: string } & ReviewImportErrorResponse['details'];

/** A refused row's problem in the reader's words: its reason's wording, else the rule it broke, else the server's English. */
export function importReasonText(e: ReviewImportRowError, t: Translate): string {
  const key = `insights.import.reasons.${e.code}`;
  if (e.code && e.code !== 'invalid' && i18n.exists(key)) return t(key, { ...e.params });
  return validationProblem(t, e.issue) ?? e.reason;
}

/** The first rows of an import's errors and how many more there are (those not shown and those not sent). */
export function importErrorRows(res: Omit<ImportRejection, 'error'>, shown = IMPORT_ERRORS_SHOWN) {
  return { rows: res.errors.slice(0, shown), more: Math.max(0, res.errors.length - shown) + Math.max(0, res.moreErrors) };
}

// ---- a card from an insight


/** The card's HTML: the edited text, then the quote as a block quote (the quote is plain text). */
export function insightCardHtml(bodyHtml: string, quote: string): string {
  const q = quote.trim();
  return q ? `${bodyHtml}<blockquote><p>${escapeHtml(q)}</p></blockquote>` : bodyHtml;
}

/** Where a card opens in its board. */
export const cardPath = (profileId: number, cardId: number) => `/profile/${profileId}?viewCard=${cardId}`;
