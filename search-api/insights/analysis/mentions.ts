// The aspect mentions of a sentence (noun phrases, "easy to use") and how the clause of each judges it.
import type { PartOfSpeech } from 'wink-nlp';
import { isBareNoun, isName, keyWordOf, PART_NOUNS, PRODUCT_NOUNS } from './keys.ts';
import type { Pipeline } from './model.ts';
import { sentenceSentiment } from './sentiment.ts';
import type { Tokens } from './tokens.ts';
import { isClauseBreak, isNominal, isVerbal, lemma, POSSESSIVES, SUBORDINATORS, units, type Unit } from './units.ts';

/** 'noun' for a noun phrase ("customer support"); 'adjective' for a judgement of an action ("easy to set up"). */
export type MentionForm = 'noun' | 'adjective';

/** Prepositions whose object is what the sentence is about ("an issue with the mobile app", "complaints about
 * billing"); the objects of the others are circumstances ("on older phones", "during busy hours", "by 20 percent"). */
const TOPIC_PREPOSITIONS = new Set(['with', 'about', 'of']);

/** Prepositions whose object an opinion word just before them is about ("impressed by the audit trail",
 * "frustrated by the editor"). */
const OPINION_PREPOSITIONS = new Set(['by']);

/** Words that make "of" a circumstance ("instead of pasting links", "ahead of plan", "out of the box"). */
const NOT_TOPIC_OF = new Set(['instead', 'because', 'ahead', 'out']);

/** Determiners of a frequency ("every Monday morning", "each release"): the noun phrase is when, not what. */
const FREQUENCY_DETERMINERS = new Set(['every', 'each']);

/** What the reviewer calls theirs is their own world, not the product's ("our reps", "my team", "our industry"). */
const FIRST_PERSON = new Set(['my', 'our']);

/** Particles of phrasal verbs, which are no prepositions ("set up the dashboards") and which the noun writes as one
 * word ("easy to set up" → "setup"). "in", "on" and "over" are left out: after a verb they are mostly prepositions. */
const PARTICLES = new Set(['up', 'out', 'off', 'down', 'back']);

/** Pronouns that can be the subject of "easy to use" ("it is easy to use", not "we were happy to switch"). */
const THING_PRONOUNS = new Set(['it', 'this', 'that']);

/** Key of an adjective-led mention: "easy to use" and "hard to use" both judge the ease of use. */
const EASE = 'ease';

interface Found {
  key: string;
  form: MentionForm;
  evaluated: boolean;
  /** How its clause judges it. */
  sentiment: number;
  /** Tokens of the mention's surface. */
  first: number;
  last: number;
  /** Units the mention's phrase spans, whose clause tells whether it is judged. */
  from: number;
  to: number;
}

/** Words between a preposition and its object's noun phrase ("on [all of] our older phones"). */
const isDeterminerLike = (unit: Unit) => unit.pos === 'DET' || unit.pos === 'NUM' || unit.pos === 'ADV' || POSSESSIVES.has(unit.word);

/**
 * The last index of the noun phrase starting at u (adjectives, then nouns), or -1 when it has no noun. A word with
 * a full stop ends it: wink keeps abbreviations whole ("reps.", "etc.").
 */
function nounPhraseEnd(t: Tokens, us: Unit[], u: number): number {
  let head = -1;
  for (let v = u; v < us.length; v += 1) {
    if (isNominal(us[v])) head = v;
    else if (us[v].pos !== 'ADJ' || head >= 0) break;
    if (t.values[us[v].last].endsWith('.')) break;
  }
  return head;
}

/**
 * Whether the last noun of us[u..head] is the clause's verb, mis-tagged ("the mobile app crashes constantly",
 * "integrations with Gmail work flawlessly", "the bill changes every month", "whenever a field changes"): the clause
 * has no other verb, and an adverb, a particle or an object pronoun follows, a determiner after a verb's -s, or the
 * clause is a subordinate one, which needs a verb.
 */
function endsInVerb(us: Unit[], u: number, head: number): boolean {
  const next = us[head + 1];
  // The noun follows another ("the bill changes") or an adjective after one ("something useful lands").
  const afterPronoun = head - 1 === u && us[u].pos === 'ADJ' && (isNominal(us[u - 1]) || us[u - 1]?.pos === 'PRON');
  if (head === u || !(isNominal(us[head - 1]) || afterPronoun)) return false;
  let start = u - 1;
  while (start >= 0 && us[start].pos === 'DET') start -= 1;
  const subordinate = start >= 0 && (us[start].pos === 'SCONJ' || SUBORDINATORS.has(us[start].word));
  const object = next?.pos === 'PRON' || (next?.pos === 'DET' && us[head].word.endsWith('s'));
  if (!(subordinate || object || next?.pos === 'ADV' || (next?.pos === 'ADP' && PARTICLES.has(next.word)))) return false;
  for (let v = u - 1; v >= 0 && !isClauseBreak(us[v]) && !SUBORDINATORS.has(us[v].word); v -= 1) if (isVerbal(us[v])) return false;
  for (let v = head + 1; v < us.length && !isClauseBreak(us[v]); v += 1) if (isVerbal(us[v])) return false;
  return true;
}

/**
 * Whether the noun phrase us[u..head] describes rather than names an aspect: a predicate without a definite article
 * ("it was a nightmare", "a big win", "is buggy"), or a counted plural ("3 dashboards", "200 employees").
 */
function describes(p: Pipeline, t: Tokens, us: Unit[], u: number, head: number): boolean {
  let v = u - 1;
  const counted = us[v]?.pos === 'NUM';
  if (us[v]?.word === 'a' || us[v]?.word === 'an') v -= 1;
  while (v >= 0 && us[v].pos === 'ADV') v -= 1;
  if (v >= 0 && us[v].pos === 'AUX' && lemma(p, t, us[v]) === 'be') return true;
  return counted && lemma(p, t, us[head]) !== us[head].word;
}

/** The aspect mentions of the sentence first..last; marks the words of their keys in t.aspect. */
export function sentenceMentions(p: Pipeline, t: Tokens, first: number, last: number): Found[] {
  const us = units(p, t, first, last);
  const found: Found[] = [];
  // Whether the next noun phrase is the object of a circumstantial preposition, and so no aspect.
  let circumstance = false;
  for (let u = 0; u < us.length; ) {
    const unit = us[u];
    if (unit.pos === 'ADP') {
      // A verb's particle is no preposition ("set up the dashboards").
      const before = us[u - 1];
      circumstance = (!TOPIC_PREPOSITIONS.has(unit.word) || (unit.word === 'of' && NOT_TOPIC_OF.has(before?.word ?? '')))
        && !(PARTICLES.has(unit.word) && before?.pos === 'VERB')
        && !(OPINION_PREPOSITIONS.has(unit.word) && before !== undefined && t.opinion[before.last] !== 0);
      u += 1;
      continue;
    }
    const ease = unit.pos === 'ADJ' ? easeMention(p, t, us, u) : null;
    if (ease) {
      found.push(ease);
      circumstance = false;
      u = ease.to + 1;
      continue;
    }
    let head = unit.pos === 'ADJ' || isNominal(unit) ? nounPhraseEnd(t, us, u) : -1;
    if (head < 0) {
      // A circumstance's gerund takes its object with it ("instead of pasting links"), and a participle is its
      // adjective ("from annoyed stakeholders").
      const carries = circumstance && unit.pos === 'VERB' && (unit.word.endsWith('ing') || isNominal(us[u + 1]));
      if (!isDeterminerLike(unit) && !carries) circumstance = false;
      u += 1;
      continue;
    }
    const verb = endsInVerb(us, u, head);
    if (verb) {
      us[head].pos = 'VERB';
      head -= 1;
    }
    // "X of Y" is about Y, qualified by X ("ease of use", "quality of the support", "lots of features").
    let objectAt = head + 2;
    const of = us[head + 1]?.word === 'of';
    while (of && objectAt < us.length && (us[objectAt].pos === 'DET' || POSSESSIVES.has(us[objectAt].word))) objectAt += 1;
    const objectHead = of && objectAt < us.length ? nounPhraseEnd(t, us, objectAt) : -1;
    const end = objectHead < 0 ? head : objectHead;
    const determiner = us[u - 1]?.word ?? '';
    if (!circumstance && !FIRST_PERSON.has(determiner) && !FREQUENCY_DETERMINERS.has(determiner) && !describes(p, t, us, u, head)) {
      const ours = objectHead >= 0 && FIRST_PERSON.has(us[objectAt - 1].word);
      const phrase = nounPhrase(p, t, us, u, head, objectHead < 0 || ours ? null : [objectAt, objectHead]);
      if (phrase) found.push(phrase);
    }
    // A coordinated noun phrase shares the preposition ("on older phones and tablets").
    circumstance &&= us[end + 1]?.pos === 'CCONJ';
    u = end + 1 + (circumstance || verb ? 1 : 0);
  }
  const clauses = clausesOf(us);
  for (const f of found) judge(t, us, clauses, f);
  return found.filter((f) => f.form === 'noun' || !judgesMention(us, found, f));
}

/**
 * Whether an "easy to use" judges an aspect named before it, its subject ("the API is well documented and easy to
 * automate", "SSO with Okta was easy to set up"): the mention has the judgement, and the action alone would be an
 * aspect of its own for every verb ("ease of forecast"). After "it", a name or nothing, the action is the aspect.
 */
function judgesMention(us: Unit[], found: Found[], ease: Found): boolean {
  // Back to the clause's start or its verb; a participle after "is" is a predicate ("is well designed").
  let v = ease.from - 1;
  while (v >= 0 && !((us[v].pos === 'VERB' && !afterAuxiliary(us, v)) || us[v].pos === 'SCONJ' || isSentencePunct(us[v]))) v -= 1;
  const from = us[v + 1]?.first ?? Infinity;
  const to = us[ease.from].first;
  return found.some((f) => f.form === 'noun' && f.last >= from && f.last < to);
}

const isSentencePunct = (unit: Unit) => unit.pos === 'PUNCT' && unit.word !== ',';

function afterAuxiliary(us: Unit[], v: number): boolean {
  let w = v - 1;
  while (w >= 0 && us[w].pos === 'ADV') w -= 1;
  return w >= 0 && us[w].pos === 'AUX';
}

/**
 * The clause of each unit, numbered. A comma or conjunction ends a clause only once it has a verb, so a list stays
 * in its clause ("security features like SSO and audit logs are solid"); other punctuation and subordinators always
 * do. A clause without a verb belongs to the one before it ("several outages, always at the worst possible time"),
 * and so does a comment on it (", which was frustrating").
 */
function clausesOf(us: Unit[]): Int32Array {
  const clauses = new Int32Array(us.length);
  let clause = 0;
  let verb = false;
  let start = 0;
  // The number the clause before this one ended with, once there is one.
  let previous = -1;
  for (let u = 0; u <= us.length; u += 1) {
    const unit = us[u];
    const listing = unit !== undefined && (unit.pos === 'CCONJ' || unit.word === ',');
    const comment = unit !== undefined && unit.word === ',' && us[u + 1]?.word === 'which';
    const subordinator = unit !== undefined && (unit.pos === 'SCONJ' || SUBORDINATORS.has(unit.word));
    if (unit === undefined || subordinator || (unit.pos === 'PUNCT' && !listing) || (listing && verb && !comment)) {
      if (!verb && previous >= 0) clauses.fill(previous, start, u);
      else previous = clause;
      if (unit === undefined) break;
      clause += 1;
      verb = false;
      start = u;
    }
    clauses[u] = clause;
    verb ||= isVerbal(unit);
  }
  return clauses;
}

/**
 * How the mention's clause judges it: whether the clause has an opinion word that is neither in the mention nor an
 * aspect's word (an "easy to use" is a judgement itself), and its sentiment. In a clause without a verb, each item of
 * a list is judged on its own ("Great dashboards, weak pricing"), unless the judgement is shared ("Reporting and
 * dashboards: all solid").
 */
function judge(t: Tokens, us: Unit[], clauses: Int32Array, f: Found): void {
  let from = f.from;
  while (from > 0 && clauses[from - 1] === clauses[f.from]) from -= 1;
  let to = f.to;
  while (to < us.length - 1 && clauses[to + 1] === clauses[f.to]) to += 1;
  let verb = false;
  for (let v = from; v <= to && !verb; v += 1) verb = isVerbal(us[v]);
  if (!verb) {
    let itemFrom = f.from;
    while (itemFrom > from && !isListBreak(us[itemFrom - 1])) itemFrom -= 1;
    let itemTo = f.to;
    while (itemTo < to && !isListBreak(us[itemTo + 1])) itemTo += 1;
    if (hasOpinion(t, f, us[itemFrom].first, us[itemTo].last)) [from, to] = [itemFrom, itemTo];
  }
  if (f.form === 'noun') f.evaluated = hasOpinion(t, f, us[from].first, us[to].last);
  f.sentiment = sentenceSentiment(t, us[from].first, us[to].last);
}

const isListBreak = (unit: Unit) => unit.pos === 'CCONJ' || unit.word === ',';

/** Whether tokens first..last have an opinion word outside the mention that names no aspect. */
function hasOpinion(t: Tokens, f: Found, first: number, last: number): boolean {
  for (let i = first; i <= last; i += 1) if (t.opinion[i] !== 0 && !t.aspect[i] && (i < f.first || i > f.last)) return true;
  return false;
}

/** What may follow an action whose object is missing ("easy to use, …", "easy to use for beginners"). */
const AFTER_GAP = new Set<PartOfSpeech>(['PUNCT', 'CCONJ', 'SCONJ', 'ADP', 'ADV']);

/** "easy to use", "not simple to set up", "an easy-to-use interface": the judged action is the aspect. */
function easeMention(p: Pipeline, t: Tokens, us: Unit[], u: number): Found | null {
  const to = us[u + 1];
  const verb = us[u + 2];
  if (to?.word !== 'to' || !verb || !(verb.pos === 'VERB' || verb.hyphenated)) return null;
  const particle = us[u + 3] && PARTICLES.has(us[u + 3].word) && us[u + 3].pos === 'ADP' ? us[u + 3] : null;
  const after = us[u + (particle ? 4 : 3)];
  const before = precedingClauseWord(us, u);
  // The action's object must be missing ("easy to use", not "glad to recommend it") unless the phrase is
  // attributive ("an easy to use interface"), and the subject must not be a person ("we were happy to switch").
  const gap = after === undefined || AFTER_GAP.has(after.pos) || (isNominal(after) && (verb.hyphenated || before?.pos === 'DET'));
  const subjectOk = before?.pos !== 'PRON' || THING_PRONOUNS.has(before.word);
  if (!gap || !subjectOk) return null;
  const end = particle ?? verb;
  for (let i = verb.first; i <= end.last; i += 1) t.aspect[i] = 1;
  const action = particle ? verb.word + particle.word : lemma(p, t, verb);
  return {
    key: `${EASE} ${action}`, form: 'adjective', evaluated: true, sentiment: 0, first: us[u].first, last: end.last,
    from: u, to: u + (particle ? 3 : 2),
  };
}

/** The nearest word before u in its clause that is not an adverb, auxiliary or "not", or undefined at its start. */
function precedingClauseWord(us: Unit[], u: number): Unit | undefined {
  for (let v = u - 1; v >= 0 && !isClauseBreak(us[v]); v -= 1) {
    const pos = us[v].pos;
    if (pos !== 'ADV' && pos !== 'AUX' && pos !== 'PART') return us[v];
  }
  return undefined;
}

/** The mention of the noun phrase us[from..head] (and its "of" object), or null when nothing of it is an aspect;
 * whether it is judged is for the caller to tell. */
function nounPhrase(p: Pipeline, t: Tokens, us: Unit[], from: number, head: number, object: [number, number] | null): Found | null {
  const words: string[] = [];
  const kept: Unit[] = [];
  const ranges: [number, number][] = object ? [[from, head], object] : [[from, head]];
  for (const [start, end] of ranges) {
    const before = words.length;
    for (let v = start; v <= end; v += 1) {
      const word = keyWordOf(p, t, us[v]);
      if (word === null) continue;
      words.push(word);
      kept.push(us[v]);
    }
    // Without its head ("the quality of Acme" without "Acme"), or headed by the product ("the best BI tool"), a range
    // adds nothing: "X of" stands alone.
    if (kept[kept.length - 1] !== us[end] || PRODUCT_NOUNS.has(words[words.length - 1])) {
      words.length = before;
      kept.length = before;
    }
  }
  if (words.length === 0) return null;
  let modified = false;
  for (let k = 0; k < kept.length - 1 && !modified; k += 1) modified = isNominal(kept[k]);
  if (isBareNoun(words[words.length - 1]) && !modified) return null;
  // The key of "AI features" is that of the AI; the surface keeps the head.
  const keyWords = modified && PART_NOUNS.has(words[words.length - 1]) ? words.slice(0, -1) : words;
  // A name written with capitals inside a sentence is a person or another product ("Priya", "Google Workspace"): an
  // aspect only in a compound ("the Salesforce integration"); acronyms are aspects alone ("SSO").
  if (kept[0].first !== us[0].first && isName(t, kept)) return null;
  // A review cue stays an opinion where it names the aspect too ("zero downtime", "the bugs").
  for (const unit of kept) for (let i = unit.first; i <= unit.last; i += 1) t.aspect[i] = p.cues.has(t.words[i]) ? 0 : 1;
  return {
    key: keyWords.join(' '), form: 'noun', evaluated: false, sentiment: 0, first: kept[0].first, last: kept[kept.length - 1].last,
    from, to: object ? object[1] : head,
  };
}
