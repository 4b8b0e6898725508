// Opinion words and sentiment: which words of a review judge, and how a span of a sentence leans, in [-1, 1].
import type { PartOfSpeech } from 'wink-nlp';
import { lexeme, type Pipeline } from './model.ts';
import type { Tokens } from './tokens.ts';

/** Weights of the opinions before and after a "but" (VADER's). */
const CONTRAST_BEFORE = 0.5;
const CONTRAST_AFTER = 1.5;

/** Modals that make "be" + a positive comparative a wish, so a complaint ("could be better", "should be faster"). */
const WISHING_MODALS = new Set(['could', 'should', 'would', 'might']);

/** "too" before an adjective or adverb is a complaint of excess ("too expensive", "too many clicks"). */
const EXCESS_CUE = -0.4;

/** Negations wink's negation scope misses ("zero downtime", "nothing to complain about", "nobody trusts it"); like
 * its own, they reach to the end of the clause. */
const NEGATING_QUANTIFIERS = new Set(['zero', 'nothing', 'none', 'nobody']);

/** Parts of speech that carry opinions ("great", "love", "nightmare", "badly", "wow"). */
const OPINION_POS = new Set<PartOfSpeech>(['ADJ', 'ADV', 'VERB', 'NOUN', 'PROPN', 'INTJ']);

/** Opinion words: scored by the model's sentiment lexicon, review cues, and "too" before an adjective or adverb; a
 * wished-for comparative is a complaint. */
export function markOpinions(p: Pipeline, t: Tokens): void {
  for (let i = 0; i < t.words.length; i += 1) {
    const word = t.words[i];
    const cue = p.cues.get(word);
    if (cue !== undefined) t.opinion[i] = cue;
    else if (word === 'too' && (t.pos[i + 1] === 'ADJ' || t.pos[i + 1] === 'ADV')) t.opinion[i] = EXCESS_CUE;
    else if (OPINION_POS.has(t.pos[i])) t.opinion[i] = lexeme(p, word).polarity;
    if (t.opinion[i] > 0 && word.endsWith('er') && t.words[i - 1] === 'be' && WISHING_MODALS.has(t.words[i - 2])) t.opinion[i] = -t.opinion[i];
  }
}

/**
 * The mean opinion of the opinion words of tokens first..last, negation applied, leaving out the words that name an
 * aspect: "support" is in the lexicon, but "support is slow" is no praise. After "but" is what the reviewer means:
 * opinions before the last one count CONTRAST_BEFORE, those after it CONTRAST_AFTER ("good, but it could be
 * better"). In [-1, 1].
 */
export function sentenceSentiment(t: Tokens, first: number, last: number): number {
  let but = -1;
  for (let i = last; i >= first && but < 0; i -= 1) if (t.words[i] === 'but' && t.pos[i] === 'CCONJ') but = i;
  let sum = 0;
  let votes = 0;
  let quantified = false;
  for (let i = first; i <= last; i += 1) {
    if (NEGATING_QUANTIFIERS.has(t.words[i])) quantified = true;
    else if (t.pos[i] === 'PUNCT' || t.pos[i] === 'CCONJ' || t.pos[i] === 'SCONJ') quantified = false;
    if (t.opinion[i] === 0 || t.aspect[i]) continue;
    const weight = but < 0 ? 1 : i < but ? CONTRAST_BEFORE : CONTRAST_AFTER;
    sum += weight * (t.negated[i] !== quantified ? -t.opinion[i] : t.opinion[i]);
    votes += weight;
  }
  return votes ? Math.max(-1, Math.min(1, sum / votes)) : 0;
}
