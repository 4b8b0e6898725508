// The answer without a model (is_llm_fallback): the best sentences of the retrieved passages, each
// followed by the [n] of its passage. Sentences are scored by BM25 over the question's terms among
// all candidate sentences (questions and fragments are not candidates; a term most sentences share
// does not rank them), with a small bonus for the passage's search rank; the best sentence of
// each passage is taken first, so the answer draws on several sources.
import type { Passage } from './retrieval.ts';

export const EXTRACTIVE_MAX_SENTENCES = 5;
const MIN_SENTENCE_CHARS = 25;
/** Fewer words is a label or a fragment ("Source: acme.test/pricing"), not a statement. */
const MIN_SENTENCE_WORDS = 6;
/** A question term found in more than this share of the sentences (a rival's name) does not rank them. */
const COMMON_TERM_SHARE = 0.5;
const MAX_SENTENCE_CHARS = 400;
const BM25_K1 = 1.2;
const BM25_B = 0.75;
const RANK_BONUS = 0.05;

export const NOTHING_FOUND = 'I could not find anything about this in the content you can see. Try other words, or ask about a specific competitor.';

const STOPWORDS = new Set(
  ('a an and are as at be by can could do does for from has have how i in into is it its me my of on or our should so that the their them ' +
    'they this to us was we what when where which who why will with would you your about vs versus against tell give').split(' '),
);

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w) && w.length > 1).map(stem);
}

/** A light English stem, enough to match "prices" with "pricing" and "integrations" with "integrate". */
function stem(w: string): string {
  return w.length > 4 ? w.replace(/(ations?|ings?|ed|es|s|e)$/, '') : w;
}

export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((block) => block.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])/u))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= MIN_SENTENCE_CHARS && s.length <= MAX_SENTENCE_CHARS && !s.endsWith('?'))
    .filter((s) => (s.match(/[\p{L}\p{N}]+/gu) ?? []).length >= MIN_SENTENCE_WORDS);
}

export type ExtractiveAnswer = { text: string; cited: Passage[] };

export function extractiveAnswer(question: string, passages: Passage[]): ExtractiveAnswer {
  const candidates = passages.flatMap((p, rank) => sentences(p.text).map((s) => ({ passage: p, rank, sentence: s, terms: terms(s) })));
  const asked = [...new Set(terms(question))];
  const rare = asked.filter((q) => candidates.filter((c) => c.terms.includes(q)).length <= COMMON_TERM_SHARE * candidates.length);
  const query = rare.length ? rare : asked;
  if (!query.length || !candidates.length) return { text: NOTHING_FOUND, cited: [] };

  const avgLen = candidates.reduce((s, c) => s + c.terms.length, 0) / candidates.length || 1;
  const df = new Map(query.map((q) => [q, candidates.filter((c) => c.terms.includes(q)).length]));
  const n = candidates.length;
  const scored = candidates
    .map((c) => {
      let score = 0;
      for (const q of query) {
        const tf = c.terms.filter((t) => t === q).length;
        if (!tf) continue;
        const idf = Math.log(1 + (n - df.get(q)! + 0.5) / (df.get(q)! + 0.5));
        score += (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * c.terms.length) / avgLen));
      }
      return { ...c, score: score > 0 ? score + RANK_BONUS * (passages.length - c.rank) : 0 };
    })
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.rank - b.rank);

  // The best sentence of each passage first, then further good sentences; no sentence twice.
  const picked: typeof scored = [];
  const usedPassages = new Set<Passage>();
  const seen = new Set<string>();
  for (const pass of [true, false]) {
    for (const c of scored) {
      if (picked.length >= EXTRACTIVE_MAX_SENTENCES) break;
      if (seen.has(c.sentence.toLowerCase()) || (pass && usedPassages.has(c.passage))) continue;
      picked.push(c);
      usedPassages.add(c.passage);
      seen.add(c.sentence.toLowerCase());
    }
  }
  if (!picked.length) return { text: NOTHING_FOUND, cited: [] };

  const cited: Passage[] = [];
  const refOf = (p: Passage) => (cited.includes(p) ? cited.indexOf(p) : cited.push(p) - 1) + 1;
  const text = picked.map((c) => `${c.sentence} [${refOf(c.passage)}]`).join('\n\n');
  return { text, cited };
}
