// A supported rival's aspect mentions, grouped into a manageable set of aspects with a canonical title. Mentions
// are aggregated by key first (a rival with 100k reviews has hundreds of thousands of mentions but a few thousand
// keys), so the merging works on keys only.
import { polarityOf } from './analyze.ts';
import { isBareNoun } from './keys.ts';
import type { MentionForm } from './mentions.ts';

export interface MentionInput {
  key: string;
  surface: string;
  reviewId: string;
  sentiment: number;
  /** Titles prefer noun phrases ("Ease of use") to judgements ("easy to use"); absent means 'noun'. */
  form?: MentionForm;
  /** Whether the mention's clause judges it (see AspectMention); absent means true. A mention that is not judged
   * counts as neutral, whatever its sentence's sentiment. */
  evaluated?: boolean;
  /** The mention's sentence in its review (AspectMention.sentence): a sentence naming several keys of a group counts
   * once for it. Absent, each mention counts. */
  sentence?: number;
}

export interface AspectGroup {
  /** Stable for a rival's data: the key word the group is anchored on ("support", "price"). */
  id: string;
  title: string;
  /** Member keys, most reviewed first. */
  keys: string[];
  reviewCount: number;
  /** Reviews that judge the aspect (an evaluated mention): what the minimum, the order and the cap go by. */
  evaluatedReviewCount: number;
  mentionCount: number;
  positive: number;
  negative: number;
  /** Mentions neither positive nor negative, those not judged included. */
  neutral: number;
  /** Over the evaluated mentions. */
  meanSentiment: number;
}

export interface GroupOptions {
  /** A group needs evaluated mentions in at least this many distinct reviews; 3 by default, so no single review's
   * phrasing nor a coincidence of two becomes an aspect, and a noun reviewers only name ("our reps") is none. */
  minReviews?: number;
  /** …and in at least this share of the reviews that mention any aspect (0.005: 500 of 100k reviews), so that a
   * large rival's aspects are the ones its reviewers keep judging. */
  minReviewShare?: number;
  /** At most this many groups, most judged first (40 by default: what a screen of aspect chips can show). */
  maxAspects?: number;
}

const GROUP_DEFAULTS: Required<GroupOptions> = { minReviews: 3, minReviewShare: 0.005, maxAspects: 40 };

interface Surface {
  count: number;
  noun: boolean;
  /** Count per spelling as written ("Customer support", "customer support"). */
  spellings: Map<string, number>;
}

interface KeyStats {
  key: string;
  words: string[];
  reviews: Set<string>;
  evaluatedReviews: Set<string>;
  /** The sentence of each mention that has one (numbered as SENTENCES_PER_REVIEW says; the analysis gives a key once
   * per sentence), and its sentiment when it is judged, NaN when it only names the key. */
  sentences: number[];
  sentiments: number[];
  /** Mentions without a sentence, counted one by one. */
  loose: Tally;
  surfaces: Map<string, Surface>;
}

interface Tally {
  mentions: number;
  evaluated: number;
  positive: number;
  negative: number;
  sentimentSum: number;
}

/**
 * Groups mentions into aspects. Keys sharing a head word are one aspect ("customer support", "quality support",
 * "support"); the analysis already gives "price", "prices" and "pricing" the head "price". A compound whose
 * modifier is a more reviewed aspect on its own than its head joins that one instead ("report module" → report), and
 * one headed by a generic noun always goes by its modifiers ("support team" → support, "sales team" → sales).
 * Deterministic: the output depends only on the multiset of mentions.
 */
export function groupAspects(mentions: Iterable<MentionInput>, opts: GroupOptions = {}): AspectGroup[] {
  const { minReviews, minReviewShare, maxAspects } = { ...GROUP_DEFAULTS, ...opts };
  const byKey = new Map<string, KeyStats>();
  // Reviews numbered in order of appearance, to number sentences.
  const allReviews = new Map<string, number>();
  for (const mention of mentions) {
    let stats = byKey.get(mention.key);
    if (!stats) {
      stats = {
        key: mention.key, words: mention.key.split(' '), reviews: new Set(), evaluatedReviews: new Set(), sentences: [], sentiments: [],
        loose: { mentions: 0, evaluated: 0, positive: 0, negative: 0, sentimentSum: 0 }, surfaces: new Map(),
      };
      byKey.set(mention.key, stats);
    }
    stats.reviews.add(mention.reviewId);
    let review = allReviews.get(mention.reviewId);
    if (review === undefined) allReviews.set(mention.reviewId, (review = allReviews.size));
    const evaluated = mention.evaluated ?? true;
    if (evaluated) stats.evaluatedReviews.add(mention.reviewId);
    if (mention.sentence === undefined) add(stats.loose, evaluated ? mention.sentiment : NaN);
    else {
      stats.sentences.push(review * SENTENCES_PER_REVIEW + mention.sentence);
      stats.sentiments.push(evaluated ? mention.sentiment : NaN);
    }
    countSurface(stats.surfaces, mention.surface, (mention.form ?? 'noun') === 'noun');
  }

  const alone = new Map<string, number>();
  for (const stats of byKey.values()) if (stats.words.length === 1) alone.set(stats.key, stats.reviews.size);
  const members = new Map<string, KeyStats[]>();
  for (const key of [...byKey.keys()].sort()) {
    const stats = byKey.get(key)!;
    const anchor = anchorOf(stats.words, alone);
    const list = members.get(anchor);
    if (list) list.push(stats);
    else members.set(anchor, [stats]);
  }

  const minimum = Math.max(minReviews, Math.ceil(minReviewShare * allReviews.size));
  const groups: AspectGroup[] = [];
  for (const [id, keys] of members) {
    const evaluated = union(keys.map((k) => k.evaluatedReviews));
    if (evaluated.size < minimum) continue;
    const reviews = union(keys.map((k) => k.reviews));
    keys.sort((a, b) => b.reviews.size - a.reviews.size || compare(a.key, b.key));
    const tally = tallyOf(keys);
    groups.push({
      id,
      title: titleOf(keys),
      keys: keys.map((k) => k.key),
      reviewCount: reviews.size,
      evaluatedReviewCount: evaluated.size,
      mentionCount: tally.mentions,
      positive: tally.positive,
      negative: tally.negative,
      neutral: tally.mentions - tally.positive - tally.negative,
      meanSentiment: tally.evaluated ? tally.sentimentSum / tally.evaluated : 0,
    });
  }
  groups.sort((a, b) => b.evaluatedReviewCount - a.evaluatedReviewCount || b.reviewCount - a.reviewCount || compare(a.id, b.id));
  return groups.slice(0, maxAspects);
}

/**
 * A group's mentions: a sentence counts once however many of the group's keys it names, by its clearest judgement
 * (keys judged in different clauses of it).
 */
function tallyOf(keys: KeyStats[]): Tally {
  const tally: Tally = { mentions: 0, evaluated: 0, positive: 0, negative: 0, sentimentSum: 0 };
  for (const { loose } of keys) {
    tally.mentions += loose.mentions;
    tally.evaluated += loose.evaluated;
    tally.positive += loose.positive;
    tally.negative += loose.negative;
    tally.sentimentSum += loose.sentimentSum;
  }
  if (keys.length === 1) {
    for (const sentiment of keys[0].sentiments) add(tally, sentiment);
    return tally;
  }
  const bySentence = new Map<number, number>();
  for (const { sentences, sentiments } of keys) {
    for (let i = 0; i < sentences.length; i += 1) {
      const before = bySentence.get(sentences[i]);
      if (before === undefined || clearer(sentiments[i], before)) bySentence.set(sentences[i], sentiments[i]);
    }
  }
  for (const sentiment of bySentence.values()) add(tally, sentiment);
  return tally;
}

/** Counts a mention: its sentiment when it is judged, NaN when it only names the aspect. */
function add(tally: Tally, sentiment: number): void {
  tally.mentions += 1;
  if (Number.isNaN(sentiment)) return;
  tally.evaluated += 1;
  tally.sentimentSum += sentiment;
  const polarity = polarityOf(sentiment);
  if (polarity === 'positive') tally.positive += 1;
  else if (polarity === 'negative') tally.negative += 1;
}

/** Whether judgement a is clearer than b: judged rather than named (NaN), further from neutral, the more positive
 * when as far, so that the order of keys does not matter. */
const clearer = (a: number, b: number) =>
  !Number.isNaN(a) && (Number.isNaN(b) || Math.abs(a) > Math.abs(b) || (Math.abs(a) === Math.abs(b) && a > b));

/** A sentence's number: its review's, times this, plus its index (a review of a million sentences is none). */
const SENTENCES_PER_REVIEW = 2 ** 20;

function union(sets: Set<string>[]): Set<string> {
  const out = new Set(sets[0]);
  for (let i = 1; i < sets.length; i += 1) for (const id of sets[i]) out.add(id);
  return out;
}

/**
 * The head, unless a modifier is an aspect on its own with more reviews ("report module" → "report"). A generic
 * head ("team") goes by its most reviewed modifier, or by its modifiers together when none is an aspect alone
 * ("customer success team" → "customer success").
 */
function anchorOf(words: string[], alone: Map<string, number>): string {
  const head = words[words.length - 1];
  const generic = words.length > 1 && isBareNoun(head);
  let anchor = generic ? words.slice(0, -1).join(' ') : head;
  let best = generic ? 0 : (alone.get(head) ?? 0);
  for (let i = 0; i < words.length - 1; i += 1) {
    const reviews = alone.get(words[i]) ?? 0;
    if (reviews > best) {
      anchor = words[i];
      best = reviews;
    }
  }
  return anchor;
}

function countSurface(surfaces: Map<string, Surface>, written: string, noun: boolean): void {
  const lower = written.toLowerCase();
  let surface = surfaces.get(lower);
  if (!surface) {
    surface = { count: 0, noun, spellings: new Map() };
    surfaces.set(lower, surface);
  }
  surface.count += 1;
  surface.spellings.set(written, (surface.spellings.get(written) ?? 0) + 1);
}

/**
 * The most frequent surface across the group's keys, noun phrases first, in its most frequent spelling with a
 * capital first letter: "ease of use" → "Ease of use", "UI" stays "UI", "Salesforce integration" and "iPad app" keep
 * their case.
 */
function titleOf(keys: KeyStats[]): string {
  const surfaces = new Map<string, Surface>();
  for (const k of keys) {
    for (const [lower, s] of k.surfaces) {
      const into = surfaces.get(lower);
      if (!into) surfaces.set(lower, { count: s.count, noun: s.noun, spellings: new Map(s.spellings) });
      else {
        into.count += s.count;
        for (const [spelling, n] of s.spellings) into.spellings.set(spelling, (into.spellings.get(spelling) ?? 0) + n);
      }
    }
  }
  const [, best] = mostFrequent(surfaces, (s) => s.count, (s) => s.noun);
  const [spelling] = mostFrequent(best.spellings, (n) => n, () => true);
  // A name with a capital inside keeps its first letter ("iPad app").
  return /^\p{Ll}\p{Lu}/u.test(spelling) ? spelling : spelling.charAt(0).toUpperCase() + spelling.slice(1);
}

/** The entry with the highest count among those preferred (all entries when none is), ties by key. */
function mostFrequent<V>(entries: Map<string, V>, count: (v: V) => number, preferred: (v: V) => boolean): [string, V] {
  const anyPreferred = [...entries.values()].some(preferred);
  let best: [string, V] | undefined;
  for (const entry of entries) {
    if (anyPreferred && !preferred(entry[1])) continue;
    if (!best || count(entry[1]) > count(best[1]) || (count(entry[1]) === count(best[1]) && compare(entry[0], best[0]) < 0)) best = entry;
  }
  return best!;
}

/** Code-point order, independent of the process's locale: the order of groups and insights must not vary. */
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
