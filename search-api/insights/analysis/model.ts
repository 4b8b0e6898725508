// wink-nlp's English model, loaded once per process, and single words as it reads them alone, review cues included.
import { createRequire } from 'node:module';
import type { ItsFunction, Model, PartOfSpeech, WinkMethods } from 'wink-nlp';

/**
 * Software-review words that the model's general lexicon leaves neutral (it scores "crash" but not "crashes",
 * "reliable" but not "intuitive"). A cue counts only where the lexicon is silent (checked when the model loads), so
 * no word is counted twice; wink's negation scope flips it like any lexicon word.
 */
const REVIEW_CUES: Readonly<Record<string, number>> = {
  intuitive: 0.4, painless: 0.4, straightforward: 0.4, quick: 0.4, quickly: 0.4, fast: 0.4, faster: 0.4,
  snappy: 0.4, smoothly: 0.4, customizable: 0.4, flexible: 0.4, efficient: 0.4, worked: 0.2, answered: 0.2,
  answers: 0.2, responds: 0.2, responded: 0.2,
  expensive: -0.4, pricey: -0.4, overpriced: -0.6, clunky: -0.4, slow: -0.4, slower: -0.4, slowly: -0.4,
  laggy: -0.4, buggy: -0.4, bug: -0.4, bugs: -0.4, glitch: -0.4, glitches: -0.4, glitchy: -0.4, crashes: -0.4,
  crashed: -0.4, crashing: -0.4, freeze: -0.4, freezes: -0.4, froze: -0.4, outdated: -0.4, dated: -0.4,
  unintuitive: -0.4, steep: -0.4, lacking: -0.4, lacks: -0.4, unresponsive: -0.4, downtime: -0.4, issue: -0.4,
  issues: -0.4, complicated: -0.4, tedious: -0.4, workaround: -0.4, workarounds: -0.4, mediocre: -0.4,
  nightmare: -0.6, overwhelming: -0.4, inconsistent: -0.4, delays: -0.4, gimmicky: -0.4, thin: -0.4, cramped: -0.4,
};

/** A word as the model reads it alone: its most likely part of speech, lemma, stem, lexicon polarity and whether
 * it is a stop word. */
export interface Lexeme {
  pos: PartOfSpeech;
  lemma: string;
  stem: string;
  polarity: number;
  stopWord: boolean;
}

export interface Pipeline {
  /** Reads reviews: sentences, negation scope, part of speech. */
  reviews: WinkMethods;
  /** Reads single words, with the sentiment lexicon. */
  words: WinkMethods;
  // Typed as token functions: wink's declarations give the model-addon helpers a signature `out` does not accept.
  lemma: ItsFunction<string>;
  stem: ItsFunction<string>;
  cues: Map<string, number>;
  lexemes: Map<string, Lexeme>;
  /** Lemmas by part of speech and word: wink's lemmatiser reads nothing else, and reading a token costs more. */
  lemmas: Map<string, string>;
}

let pipeline: Pipeline | undefined;

/** Loading the model takes ~0.3 s and ~60 MB: once per process, on first use. */
export function nlp(): Pipeline {
  if (pipeline) return pipeline;
  const load = createRequire(import.meta.url);
  const winkNLP = load('wink-nlp') as (model: Model, pipe: string[]) => WinkMethods;
  const model = load('wink-eng-lite-web-model') as Model;
  // Reviews skip named entities (noun phrases come from POS) and sentiment, which is scored per word so that the
  // words naming an aspect ("support", "security") are no opinion of it; each skipped stage is 10–15% of readDoc.
  const reviews = winkNLP(model, ['sbd', 'negation', 'pos']);
  const words = winkNLP(model, ['sentiment', 'pos']);
  const { lemma, stem } = reviews.its as unknown as Record<'lemma' | 'stem', ItsFunction<string>>;
  pipeline = { reviews, words, lemma, stem, cues: new Map(), lexemes: new Map(), lemmas: new Map() };
  for (const [word, cue] of Object.entries(REVIEW_CUES)) if (lexeme(pipeline, word).polarity === 0) pipeline.cues.set(word, cue);
  return pipeline;
}

/** Distinct words in reviews stay in the tens of thousands; past this a memo starts over. */
export const MEMO_LIMIT = 100_000;

export function lexeme(p: Pipeline, word: string): Lexeme {
  let found = p.lexemes.get(word);
  if (!found) {
    if (p.lexemes.size >= MEMO_LIMIT) p.lexemes.clear();
    const doc = p.words.readDoc(word);
    const tokens = doc.tokens();
    const last = tokens.itemAt(tokens.length() - 1);
    found = {
      pos: last.out(p.words.its.pos) as PartOfSpeech,
      lemma: last.out(p.lemma),
      stem: last.out(p.stem),
      polarity: doc.out(p.words.its.sentiment) as unknown as number,
      stopWord: last.out(p.words.its.stopWordFlag) as unknown as boolean,
    };
    p.lexemes.set(word, found);
  }
  return found;
}
