// The words of a review that name the rival or one of its products, which are no aspects.
import type { Tokens } from './tokens.ts';

/** A rival's names as words, lower case; brands are the first words of names ("Harbor" of "Harbor BI"). */
interface RivalNames {
  names: readonly string[];
  phrases: string[][];
  words: Set<string>;
  brands: Set<string>;
}

/** The last rival's names, kept while its reviews are analysed one after the other. */
let rival: RivalNames = { names: [], phrases: [], words: new Set(), brands: new Set() };

/** The rival's names as words. */
export function rivalNames(names: readonly string[]): RivalNames {
  const last = rival.names;
  if (last !== names && (last.length !== names.length || names.some((name, i) => name !== last[i]))) {
    const phrases = names.map((name) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)).filter((words) => words.length > 0);
    rival = { names, phrases, words: new Set(phrases.flat()), brands: new Set(phrases.map((words) => words[0])) };
  }
  return rival;
}

/**
 * Marks the words that name the rival or a product: a whole name ("Vantapoint Reports"), a brand in any case, and
 * another word of a name where it is written with a capital inside a sentence. A product named with common words
 * leaves them to mean what they mean elsewhere ("the reports", "Reports are slow").
 */
export function markNames(t: Tokens, names: RivalNames, spans: [number, number][]): void {
  if (names.phrases.length === 0) return;
  let span = 0;
  for (let i = 0; i < t.words.length; i += 1) {
    while (span < spans.length - 1 && spans[span][0] < i) span += 1;
    const word = t.words[i];
    if (!names.words.has(word)) continue;
    for (const phrase of names.phrases) {
      if (phrase[0] !== word) continue;
      // Punctuation inside a name is not matched ("Chartwell Assist (preview)").
      let j = i;
      let k = 0;
      for (; k < phrase.length && j < t.words.length; j += 1) {
        if (t.pos[j] === 'PUNCT' && k > 0) continue;
        if (t.words[j] !== phrase[k]) break;
        k += 1;
      }
      if (k === phrase.length) for (let n = i; n < j; n += 1) t.name[n] = 1;
    }
    const capitalised = t.values[i].charAt(0) !== word.charAt(0);
    if (names.brands.has(word) || (capitalised && spans[span]?.[0] !== i)) t.name[i] = 1;
  }
}
