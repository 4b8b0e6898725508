// What an import keeps of a review's analysis (the reviews.analysis column) and its overall sentiment.
import type { StoredReviewAnalysis } from '../../../db/schema.ts';
import { analyzeReview } from './analyze.ts';

export type AnalysisInput = { title?: string | null; text: string };
export type StoredAnalysis = StoredReviewAnalysis & { sentiment: number };

/** Sentiments are kept to three decimals: the scorer is no finer, and full doubles made a tenth of every row. */
const kept = (x: number) => Math.round(x * 1000) / 1000;

export function storedAnalysis(review: AnalysisInput, rivalNames: string[]): StoredAnalysis {
  const a = analyzeReview({ title: review.title ?? null, text: review.text }, { rivalNames });
  return {
    sentiment: kept(a.sentiment),
    sentences: a.sentences.map((s) => ({ field: s.field, start: s.start, end: s.end, text: s.text, sentiment: kept(s.sentiment) })),
    mentions: a.mentions.map((m) => ({ key: m.key, surface: m.surface, form: m.form, evaluated: m.evaluated, sentence: m.sentence, sentiment: kept(m.sentiment) })),
  };
}

/** Each review's stored analysis as JSON, in order: what crosses threads, and goes to PostgreSQL as it is. */
export const analysesJson = (reviews: AnalysisInput[], rivalNames: string[]): string[] =>
  reviews.map((r) => JSON.stringify(storedAnalysis(r, rivalNames)));

/** Staged rows' ids with their analyses (JSON, in the same order) as the JSON array of { id, analysis } an import's chunk inserts. */
export const analysedRowsJson = (ids: number[], analyses: string[]): string =>
  `[${ids.map((id, i) => `{"id":${id},"analysis":${analyses[i]}}`).join(',')}]`;
