// What an aspect's key is made of: which words of a noun phrase name an aspect, as lemmas, and which name none.
import type { PartOfSpeech } from 'wink-nlp';
import { lexeme, type Lexeme, type Pipeline } from './model.ts';
import type { Tokens } from './tokens.ts';
import { lemma, type Unit } from './units.ts';

/** Nouns that stand for an amount, a group, an unnamed thing or a feeling ("a lot of", "a group of", "the best
 * thing", "mixed feelings", "does the job"): never part of a key. */
const PLACEHOLDER_NOUNS = new Set([
  'thing', 'lot', 'bit', 'way', 'kind', 'sort', 'type', 'stuff', 'part', 'rest', 'number', 'couple', 'deal',
  'plenty', 'one', 'thanks', 'everything', 'anything', 'something', 'nothing', 'everyone', 'anyone', 'someone',
  'piece', 'fact', 'reason', 'example', 'point', 'case', 'pro', 'con', 'overall', 'feeling', 'job', 'group',
  'set', 'handful', 'range', 'variety',
]);

/**
 * Nouns reviewers use for their verdict on the purchase rather than for a part or quality of the product ("a great
 * choice", "worth the investment", "a real strength", "a nice touch", "a huge time saver", "live with its gaps",
 * "avoid the headache", "The catch: …"). They judge and name nothing, so they are never part of a key; their opinion
 * still counts.
 */
const VERDICT_NOUNS = new Set([
  'choice', 'investment', 'money', 'saver', 'purchase', 'win', 'strength', 'weakness', 'highlight', 'improvement',
  'touch', 'gap', 'caveat', 'catch', 'downside', 'upside', 'drawback', 'headache', 'hassle', 'mess', 'waste',
  'gimmick', 'afterthought', 'struggle', 'nightmare', 'surprise', 'confidence', 'edge',
]);

/** Nouns for the reviewed product itself or one of its kind ("the tool", "the best BI tool", "a reporting platform"):
 * no aspect, alone or in a compound. */
export const PRODUCT_NOUNS = new Set(['product', 'tool', 'software', 'platform', 'solution']);

/**
 * Nouns that name the reviewer's side (their data too), the review itself or a span of time. Alone or after an
 * adjective they are no aspect ("our team", "the data", "a real problem", "a week"); they still head compounds that
 * are ("support team", "response time").
 */
const BARE_NOUNS = new Set([
  'system', 'company', 'business', 'vendor', 'team', 'datum', 'user', 'customer', 'people', 'person', 'experience',
  'review', 'rating', 'star', 'issue', 'problem', 'work', 'time', 'day', 'week', 'month', 'quarter', 'year', 'hour',
  'minute', 'morning', 'afternoon', 'evening', 'night', 'weekend',
]);

/** Nouns for some part of the product, which a noun before them names: "AI features" are the AI, "security
 * settings" the security. Alone they are an aspect ("the features", "settings"). */
export const PART_NOUNS = new Set(['feature', 'functionality', 'capability', 'option', 'setting']);

/** Whether a noun is generic: no aspect alone, and in a compound named by what comes before it ("support team"). */
export const isBareNoun = (lemma: string) => BARE_NOUNS.has(lemma);

/** Stop words and words of closed classes, which the model sometimes tags as nouns ("on the plus side", "simple
 * tasks like renaming"): they name nothing. */
const CLOSED_CLASSES = new Set<PartOfSpeech>(['ADP', 'DET', 'PRON', 'CCONJ', 'SCONJ', 'AUX', 'PART']);
const isFunctionWord = (word: Lexeme) => word.stopWord || CLOSED_CLASSES.has(word.pos);

/** Whether every unit is written with a capital, not all of them as acronyms ("Google Workspace", not "SSO"). */
export function isName(t: Tokens, units: Unit[]): boolean {
  let acronyms = true;
  for (const unit of units) {
    const written = t.values[unit.last];
    if (written.charAt(0) === t.words[unit.last].charAt(0)) return false;
    acronyms &&= ACRONYM.test(written);
  }
  return !acronyms;
}

const ACRONYM = /^[\p{Lu}\d]+s?$/u;

/** A unit's word in a key, or null when it has no place there. */
export function keyWordOf(p: Pipeline, t: Tokens, unit: Unit): string | null {
  // Abbreviations ("reps.", "etc.", "in.") are read whole, so their words are unreliable.
  if (t.name[unit.last] || unit.word.length < 2 || /\d/.test(unit.word) || t.values[unit.last].endsWith('.')) return null;
  // Adjectives that judge ("great support", "user-friendly UI") or only quantify ("many clicks") stay out.
  if (unit.pos === 'ADJ') {
    const written = unit.first === unit.last ? unit.word : t.words.slice(unit.first, unit.last + 1).join('');
    const alone = lexeme(p, written);
    if (alone.polarity !== 0 || alone.stopWord || p.cues.has(written)) return null;
  }
  const base = lemma(p, t, unit);
  if (PLACEHOLDER_NOUNS.has(base) || VERDICT_NOUNS.has(base) || (unit.first === unit.last && isFunctionWord(lexeme(p, unit.word)))) return null;
  // Gerunds share their stem with the noun they come from: "pricing" → "price", "reporting" → "report".
  return base.endsWith('ing') && unit.first === unit.last ? lexeme(p, base).stem : base;
}

