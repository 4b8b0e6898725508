// What an import keeps of a review's analysis (the reviews.analysis column) and its overall sentiment.
import type { StoredReviewAnalysis } from '../../../db/schema.ts';
import { analyzeReview, type ReviewAnalysis } from './analyze.ts';

export type AnalysisInput = { title?: string | null; text: string };
export type StoredAnalysis = StoredReviewAnalysis & { sentiment: number };

/** Sentiments are kept to three decimals: the scorer is no finer, and full doubles made a tenth of every row. */
const kept = (x: number) => Math.round(x * 1000) / 1000;

export function storedAnalysis(review: AnalysisInput, rivalNames: string[]): StoredAnalysis {
  const a = analyzeReview({ title: review.title ?? null, text: review.text }, { rivalNames });
  return {
    sentiment: kept(a.sentiment),
    sentences: a.sentences.map((s) => ({ field: s.field, start: s.start, end: s.end, sentiment: kept(s.sentiment) })),
    mentions: a.mentions.map((m) => ({ key: m.key, surface: m.surface, form: m.form, evaluated: m.evaluated, sentence: m.sentence, sentiment: kept(m.sentiment) })),
  };
}

/** A review's stored analysis read back whole, each sentence's text cut from the review it was found in. */
export function analysisOf(review: AnalysisInput, stored: StoredReviewAnalysis, sentiment: number): ReviewAnalysis {
  const source = { title: review.title ?? '', text: review.text };
  return {
    sentiment,
    mentions: stored.mentions,
    sentences: stored.sentences.map((s) => ({ field: s.field, start: s.start, end: s.end, text: source[s.field].slice(s.start, s.end), sentiment: s.sentiment })),
  };
}

/** Each review's stored analysis as JSON, in order: what crosses threads, and goes to PostgreSQL as it is. */
export const analysesJson = (reviews: AnalysisInput[], rivalNames: string[]): string[] =>
  reviews.map((r) => JSON.stringify(storedAnalysis(r, rivalNames)));

/** Staged rows' ids with their analyses (JSON, in the same order) as the JSON array of { id, analysis } an import's chunk inserts. */
export const analysedRowsJson = (ids: number[], analyses: string[]): string =>
  `[${ids.map((id, i) => `{"id":${id},"analysis":${analyses[i]}}`).join(',')}]`;
