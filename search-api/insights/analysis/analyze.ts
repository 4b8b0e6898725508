// Review analysis, run once per review at import: sentences with offsets and sentiment, and aspect mentions with a
// normalised key that groupAspects can merge per rival and the judgement of their clause. wink-nlp's English model
// does the linguistics (sentence boundaries, part of speech, lemmas, stems, negation scope, its sentiment lexicon);
// this module reads its output.
import { createRequire } from 'node:module';
import type { ItemToken, ItsFunction, Model, PartOfSpeech, Sentences, WinkMethods } from 'wink-nlp';

import { polarityOf, type Polarity } from '../../../contracts/reviews.ts';

/** The lean of a sentiment is the product's one rule (contracts/reviews.ts), which the reviews index also applies. */
export { polarityOf, type Polarity };

export interface ReviewSentence {
  /** The title is analysed with the text; its offsets are into the title. */
  field: 'title' | 'text';
  start: number;
  end: number;
  text: string;
  /** In [-1, 1]. */
  sentiment: number;
}

/** 'noun' for a noun phrase ("customer support"); 'adjective' for a judgement of an action ("easy to set up"). */
export type MentionForm = 'noun' | 'adjective';

export interface AspectMention {
  /** Lemmas of the phrase's content words, head last, lower case: what groupAspects merges on. */
  key: string;
  /** The phrase as written, from its first kept word to its head ("mobile app", "ease of use", "easy to use"). */
  surface: string;
  form: MentionForm;
  /**
   * The clause that mentions the aspect also judges something (an opinion word outside the phrase, or the phrase is
   * a judgement itself). "Most reps gave up on it" in a sentence about crashes names reps without judging them.
   */
  evaluated: boolean;
  /** Index into ReviewAnalysis.sentences. */
  sentence: number;
  /**
   * How the mention's clause judges the aspect, in [-1, 1]: the sentence's sentiment narrowed to the clause, so that
   * "Reporting is great, but the dashboards are slow" and "Great dashboards, weak pricing" judge each aspect their
   * own way. The sentence's sentiment when the mention is not evaluated.
   */
  sentiment: number;
}

export interface ReviewAnalysis {
  sentences: ReviewSentence[];
  mentions: AspectMention[];
  /** Mean of the sentences that are not neutral (0 when none is). */
  sentiment: number;
}

export interface AnalyzeOptions {
  /** The supported rival's name and product names: the product itself is no aspect of itself. */
  rivalNames?: readonly string[];
}

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
const PRODUCT_NOUNS = new Set(['product', 'tool', 'software', 'platform', 'solution']);

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
const PART_NOUNS = new Set(['feature', 'functionality', 'capability', 'option', 'setting']);

/** Whether a noun is generic: no aspect alone, and in a compound named by what comes before it ("support team"). */
export const isBareNoun = (lemma: string) => BARE_NOUNS.has(lemma);

/** Prepositions whose object is what the sentence is about ("an issue with the mobile app", "complaints about
 * billing"); the objects of the others are circumstances ("on older phones", "during busy hours", "by 20 percent"). */
const TOPIC_PREPOSITIONS = new Set(['with', 'about', 'of']);

/** Prepositions whose object an opinion word just before them is about ("impressed by the audit trail",
 * "frustrated by the editor"). */
const OPINION_PREPOSITIONS = new Set(['by']);

/** Words that make "of" a circumstance ("instead of pasting links", "ahead of plan", "out of the box"). */
const NOT_TOPIC_OF = new Set(['instead', 'because', 'ahead', 'out']);

/** Verbs whose gerund forms one verb with the verb after it ("getting started", "keeps crashing", "going live"). */
const CHAINING_VERBS = new Set(['get', 'keep', 'go']);

/** Words that open a subordinate clause, which the model may tag as adverbs ("whenever a field changes"). */
const SUBORDINATORS = new Set(['when', 'whenever', 'once', 'because', 'if', 'until', 'while', 'since', 'although', 'though']);

/** Relative pronouns, which the model may tag as determiners. */
const RELATIVES = new Set(['which', 'that', 'who']);

/** Determiners of a frequency ("every Monday morning", "each release"): the noun phrase is when, not what. */
const FREQUENCY_DETERMINERS = new Set(['every', 'each']);

/** Possessive determiners: a gerund after one is a noun ("their onboarding"). */
const POSSESSIVES = new Set(['my', 'our', 'your', 'their', 'its', 'his', 'her']);

/** What the reviewer calls theirs is their own world, not the product's ("our reps", "my team", "our industry"). */
const FIRST_PERSON = new Set(['my', 'our']);

/** Particles of phrasal verbs, which are no prepositions ("set up the dashboards") and which the noun writes as one
 * word ("easy to set up" → "setup"). "in", "on" and "over" are left out: after a verb they are mostly prepositions. */
const PARTICLES = new Set(['up', 'out', 'off', 'down', 'back']);

/** Pronouns that can be the subject of "easy to use" ("it is easy to use", not "we were happy to switch"). */
const THING_PRONOUNS = new Set(['it', 'this', 'that']);

/** Abbreviations that come before a name, where a capital is no sentence start ("Dr. Smith", "vs. Salesforce"). */
const BEFORE_NAMES = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'vs']);

/** Key of an adjective-led mention: "easy to use" and "hard to use" both judge the ease of use. */
const EASE = 'ease';

/** A word as the model reads it alone: its most likely part of speech, lemma, stem, lexicon polarity and whether
 * it is a stop word. */
interface Lexeme {
  pos: PartOfSpeech;
  lemma: string;
  stem: string;
  polarity: number;
  stopWord: boolean;
}

interface Pipeline {
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
  /** The last rival's names. */
  rival: RivalNames;
}

let pipeline: Pipeline | undefined;

/** Loading the model takes ~0.3 s and ~60 MB: once per process, on first use. */
function nlp(): Pipeline {
  if (pipeline) return pipeline;
  const load = createRequire(import.meta.url);
  const winkNLP = load('wink-nlp') as (model: Model, pipe: string[]) => WinkMethods;
  const model = load('wink-eng-lite-web-model') as Model;
  // Reviews skip named entities (noun phrases come from POS) and sentiment, which is scored per word so that the
  // words naming an aspect ("support", "security") are no opinion of it; each skipped stage is 10–15% of readDoc.
  const reviews = winkNLP(model, ['sbd', 'negation', 'pos']);
  const words = winkNLP(model, ['sentiment', 'pos']);
  const { lemma, stem } = reviews.its as unknown as Record<'lemma' | 'stem', ItsFunction<string>>;
  pipeline = {
    reviews, words, lemma, stem, cues: new Map(), lexemes: new Map(), lemmas: new Map(),
    rival: { names: [], phrases: [], words: new Set(), brands: new Set() },
  };
  for (const [word, cue] of Object.entries(REVIEW_CUES)) if (lexeme(pipeline, word).polarity === 0) pipeline.cues.set(word, cue);
  return pipeline;
}

/** Distinct words in reviews stay in the tens of thousands; past this a memo starts over. */
const MEMO_LIMIT = 100_000;

function lexeme(p: Pipeline, word: string): Lexeme {
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

/** What one review's analysis reads from wink's document, token-aligned. */
interface Tokens {
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

const NO_NAMES: readonly string[] = [];

export function analyzeReview(review: { title?: string | null; text: string }, opts: AnalyzeOptions = {}): ReviewAnalysis {
  const p = nlp();
  const { its } = p.reviews;
  const title = review.title?.trim() ? review.title : '';
  // One document for both: a second readDoc would cost more than the title's few words.
  const textAt = title ? title.length + 2 : 0;
  const written = title ? `${title}\n\n${review.text}` : review.text;
  const doc = p.reviews.readDoc(written);
  const items = doc.tokens();
  const values = items.out(its.value) as string[];
  const t: Tokens = {
    items,
    values,
    words: items.out(its.normal) as string[],
    pos: items.out(its.pos) as PartOfSpeech[],
    negated: items.out(its.negationFlag) as unknown as boolean[],
    starts: offsets(written, values),
    capitalised: new Uint8Array(values.length),
    opinion: new Float32Array(values.length),
    aspect: new Uint8Array(values.length),
    name: new Uint8Array(values.length),
  };
  retag(p, t);
  markOpinions(p, t);
  const spans = sentenceSpans(p, t, doc.sentences(), textAt);
  markNames(t, rivalNames(p, opts.rivalNames ?? NO_NAMES), spans);

  const sentences: ReviewSentence[] = [];
  const mentions: AspectMention[] = [];
  let polarSum = 0;
  let polarCount = 0;
  for (const [first, last] of spans) {
    const start = t.starts[first];
    const end = endOf(t, last);
    const text = written.slice(start, end);
    const found = sentenceMentions(p, t, first, last);
    const sentiment = sentenceSentiment(t, first, last);
    const field = start >= textAt ? 'text' : 'title';
    const base = field === 'text' ? textAt : 0;
    const index = sentences.length;
    sentences.push({ field, start: start - base, end: end - base, text, sentiment });
    if (polarityOf(sentiment) !== 'neutral') {
      polarSum += sentiment;
      polarCount += 1;
    }
    const firstMention = mentions.length;
    for (const f of found) {
      if (mentions.some((m, i) => i >= firstMention && m.key === f.key)) continue;
      const surface = written.slice(t.starts[f.first], endOf(t, f.last));
      mentions.push({ key: f.key, surface, form: f.form, evaluated: f.evaluated, sentence: index, sentiment: f.evaluated ? f.sentiment : sentiment });
    }
  }
  return { sentences, mentions, sentiment: polarCount ? polarSum / polarCount : 0 };
}

const endOf = (t: Tokens, token: number) => t.starts[token] + t.values[token].length;

/** Character offset of every token: wink keeps each token's text as written, in order. */
function offsets(text: string, values: string[]): Int32Array {
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
function retag(p: Pipeline, t: Tokens): void {
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

/** Opinion words: scored by the model's sentiment lexicon, review cues, and "too" before an adjective or adverb; a
 * wished-for comparative is a complaint. */
function markOpinions(p: Pipeline, t: Tokens): void {
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
 * wink's sentences, split where the text starts after the title (wink mostly ends a sentence at a blank line, but
 * not always), and where it read an abbreviation's full stop as no sentence end although a capitalised word follows
 * ("logged in. Onboarding was smooth", "our reps. Security is solid").
 */
function sentenceSpans(p: Pipeline, t: Tokens, sentences: { out: Sentences['out'] }, textAt: number): [number, number][] {
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

/** A rival's names as words, lower case; brands are the first words of names ("Harbor" of "Harbor BI"). */
interface RivalNames {
  names: readonly string[];
  phrases: string[][];
  words: Set<string>;
  brands: Set<string>;
}

/** The rival's names, kept while its reviews are analysed one after the other. */
function rivalNames(p: Pipeline, names: readonly string[]): RivalNames {
  const last = p.rival.names;
  if (last !== names && (last.length !== names.length || names.some((name, i) => name !== last[i]))) {
    const phrases = names.map((name) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)).filter((words) => words.length > 0);
    p.rival = { names, phrases, words: new Set(phrases.flat()), brands: new Set(phrases.map((words) => words[0])) };
  }
  return p.rival;
}

/**
 * Marks the words that name the rival or a product: a whole name ("Vantapoint Reports"), a brand in any case, and
 * another word of a name where it is written with a capital inside a sentence. A product named with common words
 * leaves them to mean what they mean elsewhere ("the reports", "Reports are slow").
 */
function markNames(t: Tokens, names: RivalNames, spans: [number, number][]): void {
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

/**
 * The mean opinion of the opinion words of tokens first..last, negation applied, leaving out the words that name an
 * aspect: "support" is in the lexicon, but "support is slow" is no praise. After "but" is what the reviewer means:
 * opinions before the last one count CONTRAST_BEFORE, those after it CONTRAST_AFTER ("good, but it could be
 * better"). In [-1, 1].
 */
function sentenceSentiment(t: Tokens, first: number, last: number): number {
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

/** A word of a sentence; hyphenated words are one unit ("set-up" → "setup", "add-on"). */
interface Unit {
  pos: PartOfSpeech;
  first: number;
  last: number;
  /** Normalised (lower case), hyphens removed. */
  word: string;
  /** Written with a hyphen to the previous unit but not merged ("easy-to-use"). */
  hyphenated: boolean;
}

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

/** Whether token i is a hyphen inside a word of the sentence first..last ("set-up"). */
function inWord(t: Tokens, first: number, last: number, i: number): boolean {
  return t.values[i] === '-' && i > first && i < last && t.starts[i] === endOf(t, i - 1) && t.starts[i + 1] === t.starts[i] + 1;
}

function units(p: Pipeline, t: Tokens, first: number, last: number): Unit[] {
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

const isNominal = (unit: Unit | undefined) => unit !== undefined && (unit.pos === 'NOUN' || unit.pos === 'PROPN');
const isVerbal = (unit: Unit) => unit.pos === 'VERB' || unit.pos === 'AUX';
const isClauseBreak = (unit: Unit) => unit.pos === 'PUNCT' || unit.pos === 'CCONJ' || unit.pos === 'SCONJ';
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
function sentenceMentions(p: Pipeline, t: Tokens, first: number, last: number): Found[] {
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

/** The lemma of a unit; a hyphenated compound keeps its first parts as written ("add-ons" → "addon"). */
function lemma(p: Pipeline, t: Tokens, unit: Unit): string {
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
  if (BARE_NOUNS.has(words[words.length - 1]) && !modified) return null;
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

/** Stop words and words of closed classes, which the model sometimes tags as nouns ("on the plus side", "simple
 * tasks like renaming"): they name nothing. */
const CLOSED_CLASSES = new Set<PartOfSpeech>(['ADP', 'DET', 'PRON', 'CCONJ', 'SCONJ', 'AUX', 'PART']);
const isFunctionWord = (word: Lexeme) => word.stopWord || CLOSED_CLASSES.has(word.pos);

/** Whether every unit is written with a capital, not all of them as acronyms ("Google Workspace", not "SSO"). */
function isName(t: Tokens, units: Unit[]): boolean {
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
function keyWordOf(p: Pipeline, t: Tokens, unit: Unit): string | null {
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
