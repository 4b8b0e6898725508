// Strengths and weaknesses of a supported rival from its aspects, each with the reviews that support it and an
// extractive summary: the review sentences that say it best, quoted and attributed. No model runs here.
import { polarityOf, type Polarity, type ReviewAnalysis } from './analyze.ts';
import { compare, type AspectGroup } from './aspects.ts';

/** A review sentence that judges an aspect. */
export interface AspectSentence {
  reviewId: string;
  /** Index into the review's ReviewAnalysis.sentences, to show the quote in place. */
  sentence: number;
  text: string;
  /** How the sentence judges the aspect (the mention's sentiment). */
  sentiment: number;
}

export type InsightType = 'strengths' | 'weaknesses';

export interface Insight {
  /** `${type}:${aspect id}`. */
  id: string;
  type: InsightType;
  title: string;
  aspects: { id: string; title: string }[];
  /** Reviews with a sentence of the insight's polarity about the aspect; also reviewIds.length. */
  reviewCount: number;
  /** Share of the aspect's polar mentions that have the insight's polarity… */
  share: number;
  /** …of this many (its opinions), and the share of the rival's polar mentions that lean this way (its usual share). */
  opinions: number;
  usualShare: number;
  /** Wilson lower bound (95%) of that share: how sure the lean is, given the volume. */
  confidence: number;
  /** Most clearly polar first. */
  reviewIds: string[];
  quotes: AspectSentence[];
}

export interface InsightOptions {
  /** An aspect leans clearly one way when this share of its polar mentions has that polarity (0.65). */
  minShare?: number;
  /** …and at least this many reviews say so (5). */
  minReviews?: number;
  /** Quotes per insight (3). */
  quotes?: number;
  /**
   * The share of the rival's polar mentions that are positive, which a strength's positive share must clearly beat
   * (a weakness's negative share, 1 − baseline); by default that of the groups given.
   */
  baseline?: number;
}

const INSIGHT_DEFAULTS: Required<Omit<InsightOptions, 'baseline'>> = { minShare: 0.65, minReviews: 5, quotes: 3 };

/** The most an aspect must beat of the rival's usual share, so that a rival praised (or panned) for everything
 * still has its clearest strengths (weaknesses). */
const MAX_BASELINE = 0.8;

/** z for a 95% Wilson interval. */
const Z = 1.96;

/** Quotes between these word counts: shorter say too little to stand alone, longer bury the point. */
const QUOTE_WORDS = { min: 5, max: 40 } as const;

/** Two quotes sharing this share of their words say the same thing. */
const DUPLICATE_OVERLAP = 0.6;

/**
 * The sentences that judge each aspect (by group id), one per review sentence even when it mentions the aspect
 * twice; a sentence that only names the aspect is no evidence for or against it.
 */
export function aspectSentences(
  groups: readonly AspectGroup[], reviews: Iterable<{ reviewId: string; analysis: ReviewAnalysis }>,
): Map<string, AspectSentence[]> {
  const groupOfKey = new Map<string, string>();
  for (const group of groups) for (const key of group.keys) groupOfKey.set(key, group.id);
  const out = new Map<string, AspectSentence[]>(groups.map((g) => [g.id, []]));
  for (const { reviewId, analysis } of reviews) {
    const seen = new Set<string>();
    for (const mention of analysis.mentions) {
      const id = groupOfKey.get(mention.key);
      if (id === undefined || !mention.evaluated || seen.has(`${id} ${mention.sentence}`)) continue;
      seen.add(`${id} ${mention.sentence}`);
      out.get(id)!.push({ reviewId, sentence: mention.sentence, text: analysis.sentences[mention.sentence].text, sentiment: mention.sentiment });
    }
  }
  return out;
}

/**
 * An aspect is a strength when at least minShare of its polar mentions are positive, at least minReviews reviews
 * praise it, and it stands out: the Wilson lower bound of its positive share is above the rival's baseline (up to
 * MAX_BASELINE), so an aspect praised as often as everything else about the rival is no strength (most reviews are
 * favourable, and most aspects of a well-rated rival would be). A weakness likewise with negative. Neutral mentions
 * do not count either way, so a mixed aspect is neither. Each list is ranked by reviewCount × confidence: volume,
 * discounted by how sure the lean is.
 */
export function rankInsights(
  groups: readonly AspectGroup[], sentencesByAspect: ReadonlyMap<string, readonly AspectSentence[]>, opts: InsightOptions = {},
): { strengths: Insight[]; weaknesses: Insight[] } {
  const { minShare, minReviews, quotes } = { ...INSIGHT_DEFAULTS, ...opts };
  const baseline = opts.baseline ?? positiveShare(groups);
  const strengths: Insight[] = [];
  const weaknesses: Insight[] = [];
  for (const group of groups) {
    const polar = group.positive + group.negative;
    if (polar === 0) continue;
    const type: InsightType = group.positive >= group.negative ? 'strengths' : 'weaknesses';
    const polarity: Polarity = type === 'strengths' ? 'positive' : 'negative';
    const leaning = type === 'strengths' ? group.positive : group.negative;
    const share = leaning / polar;
    const confidence = wilsonLowerBound(leaning, polar);
    const usual = type === 'strengths' ? baseline : 1 - baseline;
    if (share < minShare || confidence <= Math.min(MAX_BASELINE, usual)) continue;
    const sentences = sentencesByAspect.get(group.id) ?? [];
    const reviewIds = supportingReviews(sentences, polarity);
    if (reviewIds.length < minReviews) continue;
    const insight: Insight = {
      id: `${type}:${group.id}`,
      type,
      title: group.title,
      aspects: [{ id: group.id, title: group.title }],
      reviewCount: reviewIds.length,
      share,
      opinions: polar,
      usualShare: usual,
      confidence,
      reviewIds,
      quotes: extractiveSummary(sentences, polarity, quotes),
    };
    (type === 'strengths' ? strengths : weaknesses).push(insight);
  }
  const rank = (a: Insight, b: Insight) => b.reviewCount * b.confidence - a.reviewCount * a.confidence || compare(a.id, b.id);
  return { strengths: strengths.sort(rank), weaknesses: weaknesses.sort(rank) };
}

/** The positive share of the groups' polar mentions; one half when there are none. */
function positiveShare(groups: readonly AspectGroup[]): number {
  let positive = 0;
  let polar = 0;
  for (const g of groups) {
    positive += g.positive;
    polar += g.positive + g.negative;
  }
  return polar ? positive / polar : 0.5;
}

export function wilsonLowerBound(successes: number, trials: number): number {
  if (trials === 0) return 0;
  const p = successes / trials;
  const z2 = Z * Z;
  return (p + z2 / (2 * trials) - Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
}

/** Reviews with a sentence of this polarity, the one with the most clearly polar sentence first. */
function supportingReviews(sentences: readonly AspectSentence[], polarity: Polarity): string[] {
  const strongest = new Map<string, number>();
  for (const s of sentences) {
    if (polarityOf(s.sentiment) !== polarity) continue;
    const strength = Math.abs(s.sentiment);
    if (strength > (strongest.get(s.reviewId) ?? -1)) strongest.set(s.reviewId, strength);
  }
  return [...strongest].sort((a, b) => b[1] - a[1] || compare(a[0], b[0])).map(([id]) => id);
}

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

/** An aspect's sentences read for its summary: an evenly spaced sample beyond this, as the centroid of a few
 * thousand sentences is as good as that of all and a rival's largest aspects have tens of thousands. */
const SUMMARY_POOL = 4000;

/**
 * The k sentences of an aspect that best represent one polarity: closest (cosine of tf-idf vectors) to the centroid
 * of that polarity's sentences, weighted by how clearly polar each is. Inverse document frequency is taken over all
 * the aspect's sentences, so words every sentence uses (articles, the aspect's own name) weigh nothing. At most one
 * quote per review, no near-duplicates, QUOTE_WORDS long.
 */
export function extractiveSummary(sentences: readonly AspectSentence[], polarity: Exclude<Polarity, 'neutral'>, k = INSIGHT_DEFAULTS.quotes): AspectSentence[] {
  const step = Math.max(1, sentences.length / SUMMARY_POOL);
  const pool: { sentence: AspectSentence; words: string[] }[] = [];
  for (let i = 0; i < sentences.length; i = Math.floor(pool.length * step)) {
    pool.push({ sentence: sentences[i], words: sentences[i].text.toLowerCase().match(WORD) ?? [] });
  }
  const df = new Map<string, number>();
  for (const { words } of pool) for (const w of new Set(words)) df.set(w, (df.get(w) ?? 0) + 1);

  const candidates: { sentence: AspectSentence; vector: Map<string, number>; score: number }[] = [];
  const centroid = new Map<string, number>();
  for (const { sentence, words } of pool) {
    if (polarityOf(sentence.sentiment) !== polarity || words.length < QUOTE_WORDS.min || words.length > QUOTE_WORDS.max) continue;
    const vector = new Map<string, number>();
    for (const w of words) vector.set(w, (vector.get(w) ?? 0) + Math.log(pool.length / df.get(w)!));
    let norm = 0;
    for (const x of vector.values()) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (const [w, x] of vector) {
      vector.set(w, x / norm);
      centroid.set(w, (centroid.get(w) ?? 0) + x / norm);
    }
    candidates.push({ sentence, vector, score: 0 });
  }
  for (const c of candidates) {
    let dot = 0;
    for (const [w, x] of c.vector) dot += x * centroid.get(w)!;
    c.score = dot * (0.5 + Math.abs(c.sentence.sentiment) / 2);
  }
  candidates.sort((a, b) => b.score - a.score || compare(a.sentence.reviewId, b.sentence.reviewId) || compare(a.sentence.text, b.sentence.text));

  const picked: { sentence: AspectSentence; words: Set<string> }[] = [];
  for (const { sentence, vector } of candidates) {
    if (picked.length === k) break;
    const words = new Set(vector.keys());
    if (picked.some((p) => p.sentence.reviewId === sentence.reviewId || overlap(p.words, words) >= DUPLICATE_OVERLAP)) continue;
    picked.push({ sentence, words });
  }
  return picked.map((p) => p.sentence);
}

/** Jaccard overlap of two word sets. */
function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / (a.size + b.size - shared);
}
