// The reviews tab (part 3 §7.1): a supported rival's reviews and aspect counts from the reviews index, the pin, and
// curators' aspect edits (rename, hide, merge) and the cached aspect summary. Pages come from the engine; the 25
// reviews of a page are then read from PostgreSQL with their quotes and aspect titles.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../../db/client.ts';
import type { StoredReviewAnalysis } from '../../../db/schema.ts';
import {
  INSIGHTS,
  type AspectDetail,
  type AspectListQuery,
  type AspectListResponse,
  type AspectSummaryResponse,
  type AspectView,
  type InsightQuote,
  type ReviewListQuery,
  type ReviewListResponse,
  type ReviewView,
} from '../../../contracts/insights.ts';
import { reviewSiteByKey, type Polarity } from '../../../contracts/reviews.ts';
import type { Query, SearchEngine, TermsAggregate } from '../../../engine/port.ts';
import type { ReviewDoc } from '../../../documents/reviews.ts';
import { apiError, fieldError } from '../../errors.ts';
import { aspectSentences, extractiveSummary } from '../analysis/insights.ts';
import { analysisOf } from '../analysis/stored.ts';
import { writtenSummary, type SummaryModel } from '../writing.ts';
import { queryConcepts } from '../../search/synonyms.ts';
import { textQuery } from '../../search/text.ts';
import { aspectCountsRequest, REVIEW_SEARCH_FIELDS, reviewListRequest } from './query.ts';

export type InsightsDeps = { db: Db; engine: SearchEngine };
type Scope = { companyId: number };

/** A supported rival of the company (a rival with reviews), or 404. */
export async function requireSupportedRival(db: Exec, scope: Scope, rivalId: number): Promise<{ id: number; name: string }> {
  const [row] = await rowsOf<{ id: number; name: string }>(
    db,
    sql`SELECT r.id, r.name FROM rivals r WHERE r.id = ${rivalId} AND r.company_id = ${scope.companyId}
          AND EXISTS (SELECT 1 FROM reviews v WHERE v.rival_id = r.id)`,
  );
  if (!row) throw apiError('supported_rival_not_found');
  return row;
}

export async function listReviews(deps: InsightsDeps, scope: Scope, rivalId: number, q: ReviewListQuery): Promise<ReviewListResponse> {
  // The search is scoped to the company's reviews of that rival: it runs while the rival is checked.
  const [, res] = await Promise.all([
    requireSupportedRival(deps.db, scope, rivalId),
    wordsQuery(deps.db, scope, q.q).then((text) => deps.engine.search<Pick<ReviewDoc, 'reviewId'>>('reviews', reviewListRequest(scope, rivalId, q, text))),
  ]);
  const total = res.total.value;
  const reviews = await reviewViews(deps.db, scope, res.hits.map((h) => h.source.reviewId), q.aspectId);
  return {
    reviews,
    pagination: { total, size: q.size, offset: q.offset, page: Math.floor(q.offset / q.size) + 1, totalPages: Math.ceil(total / q.size) },
  };
}

/** The q words as a search query, with the company's synonyms, as unified search reads them (null without words). */
async function wordsQuery(db: Exec, scope: Scope, words: string | undefined): Promise<Query | null> {
  return words ? textQuery(await queryConcepts(db, scope.companyId, words), REVIEW_SEARCH_FIELDS, 'tier') : null;
}

/** Aspect a's keys with those of the aspects merged into it: the phrases that now count for it. */
const aspectKeysSql = sql`a.keys || coalesce((SELECT array_agg(k) FROM aspects m, unnest(m.keys) k
  WHERE m.rival_id = a.rival_id AND m.merged_into_id = a.id), '{}')`;

type ReviewRow = {
  id: number;
  title: string | null;
  rating: number;
  site: string;
  permalink: string;
  published_at: Date | string;
  text: string;
  reviewer_role: string | null;
  company_size: string | null;
  bookmarked: boolean;
  analysis: StoredReviewAnalysis;
  aspects: { id: number; title: string; sentiment: Polarity; keys: string[] }[];
};

/** Reviews by id in the given order, as the list shows them; quotes favour the sentences about `aspectId`. */
export async function reviewViews(db: Exec, scope: Scope, ids: number[], aspectId?: number): Promise<ReviewView[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<ReviewRow>(
    db,
    sql`SELECT r.id, r.title, r.rating, r.site, r.permalink, r.published_at, r.text, r.reviewer_role, r.company_size, r.bookmarked, r.analysis,
          coalesce((SELECT json_agg(json_build_object('id', a.id, 'title', coalesce(a.custom_title, a.title), 'sentiment', ra.polarity,
                      'keys', ${aspectKeysSql})
                      ORDER BY a.review_count DESC, a.id)
                    FROM review_aspects ra JOIN aspects a ON a.id = ra.aspect_id
                    WHERE ra.review_id = r.id AND a.state = 'none'), '[]') AS aspects
        FROM reviews r WHERE r.id = ANY(${sql.param(ids)}::int[]) AND r.company_id = ${scope.companyId}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [reviewView(r, aspectId)] : [];
  });
}

function reviewView(r: ReviewRow, aspectId?: number): ReviewView {
  const site = reviewSiteByKey(r.site);
  return {
    id: r.id,
    type: 'review',
    title: r.title,
    rating: Number(r.rating),
    source: {
      permalink: r.permalink,
      name: site?.name ?? r.site,
      key: r.site,
      siteType: site?.type ?? 'product',
      domain: site?.domains[0] ?? r.site,
      publishedAt: new Date(r.published_at).toISOString(),
    },
    quotes: quotesOf(r, aspectId),
    aspects: r.aspects.map(({ id, title, sentiment }) => ({ id, title, sentiment })),
    bookmarked: r.bookmarked,
    text: r.text,
    reviewerRole: r.reviewer_role,
    companySize: r.company_size,
  };
}

/** The sentences that judge the review's aspects, those about `aspectId` first, then the most opinionated; in text order. */
function quotesOf(r: ReviewRow, aspectId?: number): ReviewView['quotes'] {
  const focus = new Set(r.aspects.find((a) => a.id === aspectId)?.keys ?? []);
  const known = new Set(r.aspects.flatMap((a) => a.keys));
  const { sentences, mentions } = analysisOf(r, r.analysis, 0);
  const score = new Map<number, number>();
  for (const m of mentions) {
    if (!m.evaluated || !known.has(m.key)) continue;
    const s = Math.abs(sentences[m.sentence].sentiment) + (focus.has(m.key) ? 2 : 0);
    score.set(m.sentence, Math.max(score.get(m.sentence) ?? 0, s));
  }
  return [...score]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, INSIGHTS.reviewQuotes)
    .sort((a, b) => a[0] - b[0])
    .map(([i]) => ({ text: sentences[i].text, sentiment: sentences[i].sentiment }));
}

/** Pins or unpins a review for the company. */
export async function bookmarkReview(db: Db, scope: Scope, reviewId: number, bookmark: boolean): Promise<ReviewView> {
  const { rows } = await db.execute(sql`UPDATE reviews SET bookmarked = ${bookmark} WHERE id = ${reviewId} AND company_id = ${scope.companyId} RETURNING id`);
  if (!rows.length) throw apiError('review_not_found');
  const [view] = await reviewViews(db, scope, [reviewId]);
  return view;
}

type AspectRow = { id: number; title: string; state: 'none' | 'hidden'; review_count: number };

/**
 * A rival's aspects with their counts under the filters, in pages: visible ones (state none, 100 a page) or hidden
 * ones (50). Aspects merged into another are never listed.
 */
export async function listAspects(deps: InsightsDeps, scope: Scope, rivalId: number, q: AspectListQuery): Promise<AspectListResponse> {
  await requireSupportedRival(deps.db, scope, rivalId);
  const rows = await rowsOf<AspectRow>(
    deps.db,
    sql`SELECT id, coalesce(custom_title, title) AS title, state, review_count FROM aspects
        WHERE rival_id = ${rivalId} AND company_id = ${scope.companyId} AND merged_into_id IS NULL AND state = ${q.state}`,
  );
  const res = await deps.engine.search('reviews', aspectCountsRequest(scope, rivalId, q, Math.max(rows.length, 1) * 2, await wordsQuery(deps.db, scope, q.q)));
  const count = (name: string) => new Map((res.aggregations?.[name] as TermsAggregate | undefined)?.buckets.map((b) => [Number(b.key), b.doc_count]) ?? []);
  const [all, positive, negative] = [count('aspects'), count('positive'), count('negative')];
  // Hidden aspects are listed whatever the filters (that list is where they are restored); visible ones only when
  // a filtered review judges them.
  const views: AspectView[] = rows
    .filter((r) => q.state === 'hidden' || (all.get(r.id) ?? 0) > 0)
    .map((r) => {
      const reviewCount = all.get(r.id) ?? 0;
      const pos = positive.get(r.id) ?? 0;
      const neg = negative.get(r.id) ?? 0;
      return { id: r.id, title: r.title, state: r.state, reviewCount, positive: pos, negative: neg, neutral: reviewCount - pos - neg };
    });
  const lean = (a: AspectView) => (a.positive - a.negative) / Math.max(1, a.reviewCount);
  const order: Record<AspectListQuery['sort'], (a: AspectView, b: AspectView) => number> = {
    popular: (a, b) => b.reviewCount - a.reviewCount,
    positive: (a, b) => lean(b) - lean(a) || b.reviewCount - a.reviewCount,
    negative: (a, b) => lean(a) - lean(b) || b.reviewCount - a.reviewCount,
  };
  views.sort((a, b) => order[q.sort](a, b) || a.title.localeCompare(b.title) || a.id - b.id);
  const size = q.size ?? (q.state === 'hidden' ? INSIGHTS.aspectsHiddenSize : INSIGHTS.aspectsVisibleSize);
  const page = views.slice(q.offset, q.offset + size);
  const next = q.offset + size;
  return { aspects: page, pagination: { total: views.length, size, offset: q.offset, nextOffset: next < views.length ? next : null } };
}

/**
 * A curator's edit of an aspect: state, title (null restores the found one), or a merge into another aspect of the
 * same rival (refused into itself, into a merged aspect, or across rivals). Merges and hides take effect on the
 * reviews and insights at the next generation, which the caller queues.
 */
export async function patchAspect(db: Db, scope: Scope, aspectId: number, body: { state?: 'none' | 'hidden'; title?: string | null; mergeInto?: number }): Promise<AspectDetail & { rivalId: number }> {
  return db.transaction(async (tx) => {
    const [aspect] = await rowsOf<{ id: number; rival_id: number }>(tx, sql`SELECT id, rival_id FROM aspects WHERE id = ${aspectId} AND company_id = ${scope.companyId} FOR UPDATE`);
    if (!aspect) throw apiError('aspect_not_found');
    if (body.mergeInto !== undefined) {
      if (body.mergeInto === aspectId) throw fieldError('aspect_merge_self', 'mergeInto');
      const [into] = await rowsOf<{ merged_into_id: number | null; rival_id: number }>(
        tx,
        sql`SELECT merged_into_id, rival_id FROM aspects WHERE id = ${body.mergeInto} AND company_id = ${scope.companyId}`,
      );
      if (!into || into.rival_id !== aspect.rival_id) throw fieldError('aspect_merge_other_rival', 'mergeInto');
      if (into.merged_into_id !== null) throw fieldError('aspect_merge_merged', 'mergeInto');
      // Aspects merged into this one follow it.
      await tx.execute(sql`UPDATE aspects SET merged_into_id = ${body.mergeInto} WHERE id = ${aspectId} OR merged_into_id = ${aspectId}`);
    }
    if (body.state !== undefined) await tx.execute(sql`UPDATE aspects SET state = ${body.state} WHERE id = ${aspectId}`);
    if (body.title !== undefined) await tx.execute(sql`UPDATE aspects SET custom_title = ${body.title} WHERE id = ${aspectId}`);
    await tx.execute(sql`UPDATE aspects SET updated_at = now() WHERE id = ${aspectId}`);
    return readAspect(tx, scope, aspectId);
  });
}

export async function readAspect(db: Exec, scope: Scope, aspectId: number): Promise<AspectDetail & { rivalId: number }> {
  const [row] = await rowsOf<AspectDetail & { rivalId: number }>(
    db,
    sql`SELECT id, rival_id AS "rivalId", coalesce(custom_title, title) AS title, title AS "foundTitle", state,
          merged_into_id AS "mergedIntoId", review_count AS "reviewCount"
        FROM aspects WHERE id = ${aspectId} AND company_id = ${scope.companyId}`,
  );
  if (!row) throw apiError('aspect_not_found');
  return row;
}

/**
 * An aspect's summary: its counts, chart and the sentences that best say what reviewers think of it, with the
 * model's summary of those quotes (cited [n]); made at most once a day (part 3 §9) and dropped by each generation.
 * Without one the screen writes a line of the counts in its reader's language: the answer is cached for the whole
 * company (and by its URL in the browser), so it holds no words of one language. When the model fails, the answer
 * is not kept, so it is tried again.
 */
export async function aspectSummary(db: Db, scope: Scope, aspectId: number, model: SummaryModel = { llm: null }, now = new Date()): Promise<AspectSummaryResponse> {
  const [row] = await rowsOf<{ id: number; rival_id: number; rival: string; title: string; keys: string[]; review_count: number; positive: number; negative: number; neutral: number;
    timeline: AspectSummaryResponse['timeline']; summary: AspectSummaryResponse | null; summary_at: Date | string | null }>(
    db,
    sql`SELECT a.id, a.rival_id, (SELECT name FROM rivals WHERE id = a.rival_id) AS rival, coalesce(a.custom_title, a.title) AS title,
          ${aspectKeysSql} AS keys,
          a.review_count, a.positive, a.negative, a.neutral, a.timeline, a.summary, a.summary_at
        FROM aspects a WHERE a.id = ${aspectId} AND a.company_id = ${scope.companyId}`,
  );
  if (!row) throw apiError('aspect_not_found');
  const fresh = row.summary && row.summary_at && now.getTime() - new Date(row.summary_at).getTime() < INSIGHTS.summaryCacheSeconds * 1000;
  if (fresh && row.summary!.aspect.title === row.title) return row.summary!;

  const reviews = await rowsOf<{ id: number; title: string | null; text: string; analysis: StoredReviewAnalysis; site: string; permalink: string; published_at: Date | string }>(
    db,
    sql`SELECT r.id, r.title, r.text, r.analysis, r.site, r.permalink, r.published_at FROM review_aspects ra JOIN reviews r ON r.id = ra.review_id
        WHERE ra.aspect_id = ${aspectId} AND r.company_id = ${scope.companyId}`,
  );
  const group = { id: String(row.id), title: row.title, keys: row.keys, reviewCount: 0, evaluatedReviewCount: 0, mentionCount: 0, positive: 0, negative: 0, neutral: 0, meanSentiment: 0 };
  const sentences = aspectSentences([group], reviews.map((r) => ({ reviewId: String(r.id), analysis: analysisOf(r, r.analysis, 0) }))).get(group.id) ?? [];
  const byId = new Map(reviews.map((r) => [String(r.id), r]));
  const polarity = row.positive >= row.negative ? 'positive' : 'negative';
  const other = polarity === 'positive' ? 'negative' : 'positive';
  const picked = [...extractiveSummary(sentences, polarity, 2), ...extractiveSummary(sentences, other, 1)];
  const quotes: InsightQuote[] = picked.map((s) => {
    const r = byId.get(s.reviewId)!;
    return { reviewId: r.id, text: s.text, sentiment: s.sentiment, site: reviewSiteByKey(r.site)?.name ?? r.site, permalink: r.permalink, publishedAt: new Date(r.published_at).toISOString() };
  });
  const written = model.llm && quotes.length ? await writtenSummary(model.llm, model.logger, { rival: row.rival, aspect: row.title, kind: null }, quotes) : null;
  const summary: AspectSummaryResponse = {
    aspect: { id: row.id, title: row.title, reviewCount: row.review_count, positive: row.positive, negative: row.negative, neutral: row.neutral },
    summary: written,
    quotes,
    timeline: row.timeline,
    generatedAt: now.toISOString(),
  };
  if (written || !model.llm || !quotes.length) {
    await db.execute(sql`UPDATE aspects SET summary = ${JSON.stringify(summary)}::jsonb, summary_at = ${now.toISOString()} WHERE id = ${aspectId}`);
  }
  return summary;
}
