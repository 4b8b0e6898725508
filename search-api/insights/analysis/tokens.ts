// A review as wink's document, token-aligned: offsets, parts of speech corrected where case misleads, sentences.
import type { ItemToken, PartOfSpeech, Sentences } from 'wink-nlp';
import { lexeme, type Pipeline } from './model.ts';

/** Abbreviations that come before a name, where a capital is no sentence start ("Dr. Smith", "vs. Salesforce"). */
const BEFORE_NAMES = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'vs']);

/** What one review's analysis reads from wink's document, token-aligned. */
export interface Tokens {
  items: { itemAt(k: number): ItemToken };
  /** As written, for offsets. */
  values: string[];
  /** Normalised: lower case, contractions spelled out ("n't" → "not"). */
  words: string[];
  pos: PartOfSpeech[];
  negated: boolean[];
  starts: Int32Array;
  /** Tagged PROPN by the model but read alone for part of speech and lemma (see retag). */
  capitalised: Uint8Array;
  /** The word's opinion, negation not applied; 0 for none. */
  opinion: Float32Array;
  /** The word is in an aspect's key, so it names the aspect rather than judges it. */
  aspect: Uint8Array;
  /** The word is part of the rival's or a product's name. */
  name: Uint8Array;
}

/** A text as wink's document and its tokens, nothing marked yet. */
export function readTokens(p: Pipeline, text: string): { doc: ReturnType<Pipeline['reviews']['readDoc']>; t: Tokens } {
  const { its } = p.reviews;
  const doc = p.reviews.readDoc(text);
  const items = doc.tokens();
  const values = items.out(its.value) as string[];
  const t: Tokens = {
    items,
    values,
    words: items.out(its.normal) as string[],
    pos: items.out(its.pos) as PartOfSpeech[],
    negated: items.out(its.negationFlag) as unknown as boolean[],
    starts: offsets(text, values),
    capitalised: new Uint8Array(values.length),
    opinion: new Float32Array(values.length),
    aspect: new Uint8Array(values.length),
    name: new Uint8Array(values.length),
  };
  return { doc, t };
}

export const endOf = (t: Tokens, token: number) => t.starts[token] + t.values[token].length;

/** Character offset of every token: wink keeps each token's text as written, in order. */
export function offsets(text: string, values: string[]): Int32Array {
  const starts = new Int32Array(values.length);
  let cursor = 0;
  for (let i = 0; i < values.length; i += 1) {
    const at = text.indexOf(values[i], cursor);
    starts[i] = at < 0 ? cursor : at;
    cursor = starts[i] + values[i].length;
  }
  return starts;
}

/**
 * The text is read as written because sentence boundaries depend on case ("etc. The" ends a sentence, "etc. the"
 * does not); the price is that capitalised words are tagged as proper nouns ("Pricing is", "Easy to use",
 * "Integrations"). Those take the part of speech and lemma the model gives the word alone; one that reads as a noun
 * right before an adjective is an intensifier ("Super easy"), and a gerund is a verb, which units() makes a noun
 * where it names an activity ("Onboarding was smooth", not "Building dashboards is quick"). A noun first in its
 * sentence right before a determiner is a verb whose subject is left out ("Love the reports"). A pronoun in capitals
 * before a noun is an acronym ("our IT department").
 */
export function retag(p: Pipeline, t: Tokens): void {
  for (let i = 0; i < t.pos.length; i += 1) {
    if (t.pos[i] === 'PRON' && t.values[i].length > 1 && t.values[i] === t.values[i].toUpperCase() && t.pos[i + 1] === 'NOUN') t.pos[i] = 'NOUN';
    if (t.pos[i] === 'PROPN') {
      const alone = lexeme(p, t.words[i]).pos;
      if (alone !== 'PROPN') {
        t.capitalised[i] = 1;
        if (alone === 'NOUN' && t.pos[i + 1] === 'ADJ') t.pos[i] = 'ADV';
        else t.pos[i] = (alone === 'NOUN' || alone === 'VERB') && t.words[i].endsWith('ing') ? 'VERB' : alone;
      }
    }
    const first = i === 0 || t.pos[i - 1] === 'SPACE' || (t.pos[i - 1] === 'PUNCT' && /[.!?]/.test(t.values[i - 1]));
    if (first && t.pos[i] === 'NOUN' && t.pos[i + 1] === 'DET') t.pos[i] = 'VERB';
  }
}

/**
 * wink's sentences, split where the text starts after the title (wink mostly ends a sentence at a blank line, but
 * not always), and where it read an abbreviation's full stop as no sentence end although a capitalised word follows
 * ("logged in. Onboarding was smooth", "our reps. Security is solid").
 */
export function sentenceSpans(p: Pipeline, t: Tokens, sentences: { out: Sentences['out'] }, textAt: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [first, last] of sentences.out(p.reviews.its.span) as unknown as [number, number][]) {
    let from = first;
    for (let i = first; i < last; i += 1) {
      const value = t.values[i];
      const next = t.values[i + 1];
      const titleEnds = t.starts[i] < textAt && t.starts[i + 1] >= textAt;
      const abbreviationEnds = value.length > 1 && value.indexOf('.') === value.length - 1 && !BEFORE_NAMES.has(t.words[i].slice(0, -1))
        && next.charAt(0) !== next.charAt(0).toLowerCase();
      if (!titleEnds && !abbreviationEnds) continue;
      out.push([from, i]);
      from = i + 1;
    }
    if (last >= from) out.push([from, last]);
  }
  // Line breaks and tabs are tokens of their own; a sentence neither starts nor ends with one, nor is only that.
  const trimmed: [number, number][] = [];
  for (let [first, last] of out) {
    while (first <= last && t.pos[first] === 'SPACE') first += 1;
    while (last >= first && t.pos[last] === 'SPACE') last -= 1;
    if (first <= last) trimmed.push([first, last]);
  }
  return trimmed;
}
