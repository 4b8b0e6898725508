// A sentence as units: words with hyphenated compounds joined, retagged by their neighbours, and their lemmas.
import type { PartOfSpeech } from 'wink-nlp';
import { lexeme, MEMO_LIMIT, type Pipeline } from './model.ts';
import { endOf, type Tokens } from './tokens.ts';

/** Verbs whose gerund forms one verb with the verb after it ("getting started", "keeps crashing", "going live"). */
const CHAINING_VERBS = new Set(['get', 'keep', 'go']);

/** Words that open a subordinate clause, which the model may tag as adverbs ("whenever a field changes"). */
export const SUBORDINATORS = new Set(['when', 'whenever', 'once', 'because', 'if', 'until', 'while', 'since', 'although', 'though']);

/** Relative pronouns, which the model may tag as determiners. */
const RELATIVES = new Set(['which', 'that', 'who']);

/** Possessive determiners: a gerund after one is a noun ("their onboarding"). */
export const POSSESSIVES = new Set(['my', 'our', 'your', 'their', 'its', 'his', 'her']);

/** A word of a sentence; hyphenated words are one unit ("set-up" → "setup", "add-on"). */
export interface Unit {
  pos: PartOfSpeech;
  first: number;
  last: number;
  /** Normalised (lower case), hyphens removed. */
  word: string;
  /** Written with a hyphen to the previous unit but not merged ("easy-to-use"). */
  hyphenated: boolean;
}

/** Whether token i is a hyphen inside a word of the sentence first..last ("set-up"). */
function inWord(t: Tokens, first: number, last: number, i: number): boolean {
  return t.values[i] === '-' && i > first && i < last && t.starts[i] === endOf(t, i - 1) && t.starts[i + 1] === t.starts[i] + 1;
}

export function units(p: Pipeline, t: Tokens, first: number, last: number): Unit[] {
  const out: Unit[] = [];
  for (let i = first; i <= last; i += 1) {
    if (inWord(t, first, last, i)) continue;
    const pos = t.pos[i];
    const word = t.words[i];
    const hyphenated = i > first && inWord(t, first, last, i - 1);
    const prev = out[out.length - 1];
    if (hyphenated && prev.word !== 'to' && word !== 'to') {
      // A hyphenated compound takes the part of speech of its last part; "set-up", "log-in" are nouns.
      prev.pos = pos === 'ADP' ? 'NOUN' : pos;
      prev.word += word;
      prev.last = i;
    } else {
      out.push({ pos, first: i, last: i, word, hyphenated });
    }
  }
  // A gerund after a determiner or possessive, or as a clause's subject or first in a list, names an activity
  // ("the onboarding", "onboarding took weeks", "reporting, dashboards and alerts"), unless it chains to the next
  // verb ("getting started"). A verb with "of" after it where no subject comes before is a noun ("but ease of use").
  for (let u = 0; u < out.length; u += 1) {
    const unit = out[u];
    const before = out[u - 1];
    const after = out[u + 1];
    const opensClause = before === undefined || isClauseBreak(before);
    // Between a pronoun and an object, a noun is a verb ("which worries our team", "helped us design our model"),
    // and so is a gerund opening a clause before its object ("Building interactive dashboards is quick").
    const objectAfter = after !== undefined && (after.pos === 'DET' || after.pos === 'PRON' || POSSESSIVES.has(after.word));
    const afterPronoun = before !== undefined && (before.pos === 'PRON' || RELATIVES.has(before.word));
    const gerundWithObject = opensClause && unit.word.endsWith('ing') && (objectAfter || after?.pos === 'ADJ');
    if (unit.pos === 'NOUN' && ((afterPronoun && objectAfter) || gerundWithObject)) {
      unit.pos = 'VERB';
      continue;
    }
    if (unit.pos !== 'VERB') continue;
    if ((opensClause || before.pos === 'ADJ' || before.pos === 'DET') && after?.word === 'of') {
      unit.pos = 'NOUN';
      continue;
    }
    if (!unit.word.endsWith('ing')) continue;
    const determined = before !== undefined && (before.pos === 'DET' || POSSESSIVES.has(before.word));
    const subject = opensClause && (after === undefined || after.pos === 'PUNCT' || after.pos === 'CCONJ'
      || (isVerbal(after) && !CHAINING_VERBS.has(lemma(p, t, unit))));
    if (determined || subject) unit.pos = 'NOUN';
  }
  return out;
}

export const isNominal = (unit: Unit | undefined) => unit !== undefined && (unit.pos === 'NOUN' || unit.pos === 'PROPN');
export const isVerbal = (unit: Unit) => unit.pos === 'VERB' || unit.pos === 'AUX';
export const isClauseBreak = (unit: Unit) => unit.pos === 'PUNCT' || unit.pos === 'CCONJ' || unit.pos === 'SCONJ';

/** The lemma of a unit; a hyphenated compound keeps its first parts as written ("add-ons" → "addon"). */
export function lemma(p: Pipeline, t: Tokens, unit: Unit): string {
  const i = unit.last;
  let base: string;
  if (t.capitalised[i]) base = lexeme(p, t.words[i]).lemma;
  else {
    const key = `${t.pos[i]} ${t.words[i]}`;
    base = p.lemmas.get(key) ?? '';
    if (!base) {
      if (p.lemmas.size >= MEMO_LIMIT) p.lemmas.clear();
      base = t.items.itemAt(i).out(p.lemma);
      p.lemmas.set(key, base);
    }
  }
  return unit.first === i ? base : unit.word.slice(0, unit.word.length - t.words[i].length) + base;
}
