// Review insights: review imports, reviews, aspects and insights.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ASPECT_STATES, INSIGHT_KINDS, REVIEW_IMPORT_STATES, type InsightQuote } from '../../contracts/insights.ts';
import type { ReviewInput } from '../../contracts/reviews.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { users } from './accounts.ts';
import { rivals } from './competitors.ts';

// ---- Review insights (part 3 §3 Supported rival, Review, Aspect, Insight): reviews, their aspects and insights ----

/**
 * A file of reviews (or a batch posted through the API) on its way in. The rows wait in review_import_rows while a
 * job analyses them; the last step moves them into reviews in one transaction, so an import lands whole or not at all.
 */
export const reviewImports = pgTable(
  'review_imports',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    fileName: text('file_name'),
    /** 'file' for an upload or a post, else the review site a fetcher read. */
    source: text('source').notNull(),
    state: text('state', { enum: REVIEW_IMPORT_STATES }).notNull().default('analysing'),
    /** Rows in the file, duplicates within it left out. */
    total: integer('total').notNull(),
    /** Rows that became reviews; the others were already there (same permalink). */
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    jobId: integer('job_id'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('review_imports_company_idx').on(t.companyId, t.createdAt)],
);

/** An imported row waiting for its analysis. */
export const reviewImportRows = pgTable('review_import_rows', {
  id: id(),
  importId: integer('import_id')
    .notNull()
    .references(() => reviewImports.id, { onDelete: 'cascade' }),
  review: jsonb('review').$type<ReviewInput>().notNull(),
});

/**
 * A staged row's analysis, inserted by the import's chunk that analysed it: an insert costs far less than rewriting
 * the staged row. No foreign key (a check per row at 5,000 rows a second): the import's last step deletes these with
 * its staged rows.
 */
export const reviewImportAnalyses = pgTable('review_import_analyses', {
  rowId: integer('row_id').primaryKey(),
  analysis: jsonb('analysis').$type<StoredReviewAnalysis & { sentiment: number }>().notNull(),
});

/**
 * What the analysis keeps of a review: its sentences (quotes) and aspect mentions (grouped per rival later). A
 * sentence is kept by its offsets into the review's title or text, not written out again (analysisOf reads it back):
 * the text was a third of every analysis an import writes. Analyses stored before kept a `text` too, which is ignored.
 */
export type StoredReviewAnalysis = {
  sentences: { field: 'title' | 'text'; start: number; end: number; sentiment: number }[];
  mentions: { key: string; surface: string; form: 'noun' | 'adjective'; evaluated: boolean; sentence: number; sentiment: number }[];
};

/** A review of a rival from a review site; bookmarked is the company's pin. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    // No foreign keys to the company or the import: a check per row cost a fifth of an import's landing, and the
    // landing takes both from the import row, which has them. The rival's key stays, and its cascade deletes a
    // rival's reviews (a company's, through its rivals).
    companyId: integer('company_id').notNull(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    importId: integer('import_id'),
    /** A review-site key (contracts/reviews.ts REVIEW_SITES). */
    site: text('site').notNull(),
    permalink: text('permalink').notNull(),
    /** normalizePermalink(permalink): the same review linked twice (utm tags, a trailing slash) is one review. */
    permalinkKey: text('permalink_key').notNull(),
    title: text('title'),
    text: text('text').notNull(),
    rating: real('rating').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    reviewerRole: text('reviewer_role'),
    companySize: text('company_size'),
    /** Mean sentiment of its opinionated sentences, in [-1, 1]. */
    sentiment: real('sentiment').notNull().default(0),
    analysis: jsonb('analysis').$type<StoredReviewAnalysis>().notNull(),
    bookmarked: boolean('bookmarked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reviews_permalink_unique').on(t.companyId, t.permalinkKey), index('reviews_rival_idx').on(t.rivalId, t.id)],
);

/**
 * An aspect of a supported rival: a group of phrases reviewers judge ("Customer support"). `anchor` is the grouping's
 * stable key, so regrouping after an import keeps ids, curators' titles, hidden states and merges.
 */
export const aspects = pgTable(
  'aspects',
  {
    id: id(),
    companyId: companyId(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    anchor: text('anchor').notNull(),
    /** The grouping's canonical title; customTitle, when a curator renamed it, wins. */
    title: text('title').notNull(),
    customTitle: text('custom_title'),
    state: text('state', { enum: ASPECT_STATES }).notNull().default('none'),
    /** A merged aspect's reviews count for this one. */
    mergedIntoId: integer('merged_into_id'),
    keys: text('keys').array().notNull().default(sql`'{}'::text[]`),
    reviewCount: integer('review_count').notNull().default(0),
    positive: integer('positive').notNull().default(0),
    negative: integer('negative').notNull().default(0),
    neutral: integer('neutral').notNull().default(0),
    /** Reviews of the aspect per month and polarity, for its chart. */
    timeline: jsonb('timeline').$type<{ month: string; positive: number; negative: number; neutral: number }[]>().notNull().default([]),
    /** The cached summary (GET aspects/{id}/summary) and when it was made; a day old is stale. */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    summaryAt: timestamp('summary_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('aspects_rival_anchor_unique').on(t.rivalId, t.anchor),
    index('aspects_company_idx').on(t.companyId),
    // Reading an aspect with the keys of those merged into it (every review card's aspect chips).
    index('aspects_merged_into_idx').on(t.mergedIntoId).where(sql`${t.mergedIntoId} IS NOT NULL`),
  ],
);

/** A review's judgement of an aspect (after merges): what the reviews index filters and counts on. */
export const reviewAspects = pgTable(
  'review_aspects',
  {
    companyId: companyId(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    aspectId: integer('aspect_id')
      .notNull()
      .references(() => aspects.id, { onDelete: 'cascade' }),
    polarity: text('polarity', { enum: ['positive', 'negative', 'neutral'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.aspectId] }), index('review_aspects_aspect_idx').on(t.aspectId)],
);

/** A strength or weakness (or win/loss reason) of a supported rival, kept by (rival, kind, aspect) across regenerations. */
export const insights = pgTable(
  'insights',
  {
    id: id(),
    companyId: companyId(),
    rivalId: integer('rival_id')
      .notNull()
      .references(() => rivals.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INSIGHT_KINDS }).notNull(),
    aspectId: integer('aspect_id')
      .notNull()
      .references(() => aspects.id, { onDelete: 'cascade' }),
    /**
     * Its title is its aspect's. The summary a model wrote from its quotes (cited [n]); null while there is none, and
     * readers get a line of its figures in their language (search-api/insights/summary.ts).
     */
    summary: text('summary'),
    /** md5 of the quotes (as jsonb text) a model wrote the summary from; null while there is no such summary. */
    summaryWrittenFrom: text('summary_written_from'),
    reviewCount: integer('review_count').notNull(),
    winLossCount: integer('win_loss_count').notNull().default(0),
    /** Share of the aspect's polar mentions that lean the insight's way, of how many (opinions), against the share
     * of the rival's polar mentions that lean that way (usualShare). */
    share: real('share').notNull(),
    opinions: integer('opinions').notNull(),
    usualShare: real('usual_share').notNull(),
    confidence: real('confidence').notNull(),
    rank: integer('rank').notNull(),
    quotes: jsonb('quotes').$type<InsightQuote[]>().notNull().default([]),
    /** Out of the current set since the last generation (kept so its id and cards stay valid). */
    stale: boolean('stale').notNull().default(false),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('insights_rival_kind_aspect_unique').on(t.rivalId, t.kind, t.aspectId)],
);

/** The reviews an insight stands on, most clearly polar first. */
export const insightSources = pgTable(
  'insight_sources',
  {
    insightId: integer('insight_id')
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.insightId, t.reviewId] }), index('insight_sources_rank_idx').on(t.insightId, t.rank)],
);
