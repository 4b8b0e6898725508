// How a rep's words become the text part of an engine request, for card search, intel search and
// Ask's retrieval alike (the README's "How search matches" says the same in plain words):
// - the words are grouped into concepts: a phrase the company's synonyms know ("single sign on",
//   "on prem") is one concept, any other word is one; words that carry no meaning in a question
//   ("how", "do", "they", "on") are dropped, unless nothing else is left;
// - a concept matches a document when its words all match, each in any of the searched fields
//   (cross_fields, so "mobile" in the title and "offline" in the body meet), or when one of its
//   synonyms matches, or with typos: none in words under 5 letters, one from 5, two from 9, never
//   in the first letter (so "pricng" finds "pricing" and not "bring", and "sso" stays "sso");
// - a concept naming the document's rival counts half a tier more, and beside other concepts only
//   picks the rival's documents: the other concepts order them;
// - a document matching more concepts comes before one matching fewer (the tier: a phrase counts one
//   per word, matched whole or through a synonym, else per word found alone); within a tier,
//   fewer typos come first (exactness); then the caller's sort decides: by score (literal matches
//   above synonyms, which synonymWeights.ts keeps true for rarer synonyms) or by date.
import { normalizeTerm, type SynonymEntry } from '../../contracts/synonyms.ts';
import type { Query, SortClause } from '../../engine/port.ts';

/** A phrase or word of the company's vocabulary → what else it finds. */
export type Thesaurus = { readonly alternatives: ReadonlyMap<string, readonly string[]>; readonly longest: number };

/**
 * `typoOf`: the word of the company's vocabulary the typed word is a typo of, if so.
 * `synonymWeights`: each alternative's weight beside SYNONYM_WEIGHT (synonymWeights.ts), 1 when absent.
 */
export type Concept = { text: string; alternatives: string[]; typoOf?: string; synonymWeights?: readonly number[] };

/** How the text query scores: text relevance within tiers (`score`), or the tier alone (`tier`). */
export type Ranking = 'score' | 'tier';

/**
 * Words that carry no meaning in a rep's question: English stop words (which the analyzer drops
 * anyway, so they could never match), the words questions are made of, and their contractions.
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with ' +
    'how do does did done we us our ours them theirs what who whom whose which why when where can could should would may might ' +
    'you your i me my were have has had get got about vs versus against tell give show any some anything too very really ' +
    "just also please know need want way we're they're you're i'm it's what's who's how's there's don't doesn't isn't aren't can't won't"
  ).split(' '),
);

/** A question opening with one of these ("does X support Y", "do they offer Z")… */
const AUXILIARIES = new Set('do does did can could will would is are has have'.split(' '));
/** …uses these as its verb, which says nothing about what is asked. */
const QUESTION_VERBS = new Set('support supports offer offers provide provides allow allows include includes have has use uses'.split(' '));

/** Synonym scores count this much of a literal match's, so literal matches rank first within a tier. */
export const SYNONYM_WEIGHT = 0.8;
/** A typo-tolerant match's text relevance counts this much of a literal one's. */
export const TYPO_WEIGHT = 0.2;
/** A concept's words all in one field add this much of that field's relevance. */
const TOGETHER_WEIGHT = 0.2;
/**
 * A score is laid out as tier × TIER_WEIGHT + exactness × EXACTNESS_WEIGHT + text relevance: each
 * concept matched adds a tier (a phrase one per word), each concept matched with fewer typos adds
 * exactness (literal 2, one typo 1, two typos 0; a phrase per word too), and text relevance stays
 * below EXACTNESS_WEIGHT, so the keys never mix.
 */
export const TIER_WEIGHT = 10_000;
export const EXACTNESS_WEIGHT = 100;
/** Typos forgiven in a word at most. */
const MAX_TYPOS = 2;
/** A concept naming the document's rival counts this much more: "lumenary pricing" puts Lumenary's cards first. */
export const RIVAL_TIER_BONUS = 0.5;

/** The fields a text query searches: as analyzed in English (stems), and as typed for typos. */
export type TextFields = { readonly literal: readonly string[]; readonly typo: readonly string[] };

/** Typos forgiven in a word, by its length (Meilisearch's defaults): none under 5 letters, one from 5, two from 9. */
export function typoBudget(word: string): number {
  const n = [...word].length;
  return n < 5 ? 0 : n < 9 ? 1 : MAX_TYPOS;
}

/** The words of a text, lower case, apostrophes kept inside a word ("we're") and a possessive 's dropped. */
export const words = (text: string): string[] =>
  (normalizeTerm(text).replace(/’/g, "'").match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/'s$/, ''));

export function thesaurusOf(entries: readonly SynonymEntry[]): Thesaurus {
  const alternatives = new Map<string, Set<string>>();
  const add = (from: string, to: string[]) => {
    const key = words(from).join(' ');
    const set = alternatives.get(key) ?? new Set<string>();
    for (const t of to) if (words(t).join(' ') !== key) set.add(t);
    alternatives.set(key, set);
  };
  for (const e of entries) for (const t of e.terms) add(t, e.mapsTo.length ? e.mapsTo : e.terms);
  const longest = Math.max(1, ...[...alternatives.keys()].map((k) => k.split(' ').length));
  return { alternatives: new Map([...alternatives].map(([k, v]) => [k, [...v]])), longest };
}

/**
 * The concepts of a query: the longest known phrase at each position, else the word (with the
 * synonyms of the known word it is a typo of, if any).
 */
export function concepts(query: string, thesaurus: Thesaurus): Concept[] {
  const ws = words(query);
  const question = AUXILIARIES.has(ws[0]);
  const found: (Concept & { meaningful: boolean })[] = [];
  for (let i = 0; i < ws.length; ) {
    let len = Math.min(thesaurus.longest, ws.length - i);
    for (; len > 1 && !thesaurus.alternatives.has(ws.slice(i, i + len).join(' ')); len--);
    const text = ws.slice(i, i + len).join(' ');
    // A plural or third person of a known word ("wins", "integrations") finds what the word finds.
    const known = thesaurus.alternatives.get(text) ?? (len === 1 && /[^s]s$/.test(text) ? thesaurus.alternatives.get(text.slice(0, -1)) : undefined);
    const typoOf = known || len > 1 ? null : closestKnown(text, thesaurus);
    const alternatives = known ? [...known] : typoOf ? [typoOf, ...thesaurus.alternatives.get(typoOf)!] : [];
    const filler = len === 1 && ((QUESTION_WORDS.has(text) && !known) || (question && QUESTION_VERBS.has(text)));
    found.push({ text, alternatives, ...(typoOf ? { typoOf } : {}), meaningful: !filler });
    i += len;
  }
  const kept = found.some((c) => c.meaningful) ? found.filter((c) => c.meaningful) : found;
  const seen = new Set<string>();
  return kept.filter((c) => !seen.has(c.text) && seen.add(c.text)).map(({ meaningful: _, ...c }) => c);
}

/** The one-word phrase of the thesaurus a word is a typo of: same first letter, one edit (two past 5 letters). */
function closestKnown(word: string, thesaurus: Thesaurus): string | null {
  if (word.length < 5 || QUESTION_WORDS.has(word)) return null;
  const max = word.length > 5 ? 2 : 1;
  let best: { key: string; d: number } | null = null;
  for (const key of thesaurus.alternatives.keys()) {
    if (key[0] !== word[0] || key.includes(' ') || Math.abs(key.length - word.length) > max) continue;
    const d = editDistance(word, key, max);
    if (d <= max && (!best || d < best.d || (d === best.d && key < best.key))) best = { key, d };
  }
  return best?.key ?? null;
}

/** Optimal string alignment distance (a swap of two letters is one edit, as the engine's fuzzy matching counts). */
export function editDistance(a: string, b: string, max: number): number {
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], prev2[j - 2] + 1);
    }
    if (Math.min(...row) > max) return max + 1;
    [prev2, prev] = [prev, row];
  }
  return prev[b.length];
}

/**
 * A concept's matches, fewest typos first: its words across the fields or one of its synonyms (the
 * best of them scores, so a card naming five synonyms does not outrank one naming the word; the
 * known word a typo misspells scores as if typed), then the words with one typo each, then with
 * two, as the words' lengths allow.
 */
function conceptLevels(c: Concept, f: TextFields): Query[] {
  const cross = (query: string, boost = 1): Query => matchesAcrossFields(query, f, boost);
  // Its words together in one field add a little ("implementation weeks" in one sentence of the
  // body beats "implementation" in a tag and "weeks" in the body).
  const together: Query = { multi_match: { query: c.text, fields: [...f.literal], type: 'best_fields', operator: 'and', tie_breaker: 0.2, boost: TOGETHER_WEIGHT } };
  const literal: Query = { bool: { must: [cross(c.text)], should: [together] } };
  const typos = Math.min(...words(c.text).map(typoBudget));
  const typo = (n: 1 | 2): Query => ({
    multi_match: { query: c.text, fields: [...f.typo], type: 'best_fields', operator: 'and', fuzziness: n, prefix_length: 1, tie_breaker: 0.2, boost: TYPO_WEIGHT },
  });
  return [
    c.alternatives.length ? { dis_max: { queries: [literal, ...c.alternatives.map((a, i) => cross(a, a === c.typoOf ? 1 : SYNONYM_WEIGHT * (c.synonymWeights?.[i] ?? 1)))] } } : literal,
    ...(typos >= 1 ? [typo(1)] : []),
    ...(typos >= 2 ? [typo(2)] : []),
  ];
}

/** Documents holding every word of `text`, each in any of the fields. */
export const matchesAcrossFields = (text: string, f: TextFields, boost = 1): Query => ({
  multi_match: { query: text, fields: [...f.literal], type: 'cross_fields', operator: 'and', boost },
});

/** A document matching the concept in any of its ways. */
const conceptMatch = (c: Concept, f: TextFields): Query => {
  const levels = conceptLevels(c, f);
  return levels.length === 1 ? levels[0] : { bool: { should: levels, minimum_should_match: 1 } };
};

/**
 * The text query: documents matching at least one concept, scored as the score layout above says
 * (`score`), or as the tier with exactness as its fraction (`tier`, for sorts by date that keep the
 * tiers and exactness first: a concept adds 1 per word, less 0.01 per typo); a concept naming the
 * document's rival (`rivalField`) counts RIVAL_TIER_BONUS of a tier more. Null when the query has no
 * words.
 */
export function textQuery(cs: Concept[], f: TextFields, ranking: Ranking, rivalField?: string): Query | null {
  if (!cs.length) return null;
  const unit = ranking === 'score' ? TIER_WEIGHT : 1;
  const constant = (boost: number, filter: Query): Query => ({ constant_score: { filter, boost } });
  // The best level a document reaches counts: a literal match also matches within one typo. A level
  // scores its relevance plus, through a constant_score of the same query (its matches come from the
  // query cache), its tier and exactness; constant scores keep the cost to the docs that match.
  const tier = (typos: number) => TIER_WEIGHT + (MAX_TYPOS - typos) * EXACTNESS_WEIGHT;
  const level = (q: Query, typos: number, tiers = 1): Query =>
    ranking === 'score' ? { bool: { must: [q, constant(tiers * tier(typos), q)] } } : constant(tiers * (1 - typos / 100), q);
  const should = cs.flatMap((c): Query[] => {
    // A phrase counts a tier per word it holds: matched whole (or through a synonym) it counts them
    // all, else each of its words found alone counts one, so "free trial" lists the cards saying
    // "free" after those saying "free trial" or "freemium" instead of leaving them out.
    const ws = meaningfulWords(c);
    const levels = conceptLevels(c, f).map((q, typos) => level(q, typos, ws.length));
    if (ws.length > 1) levels.push({ bool: { should: ws.map((w) => level(matchesAcrossFields(w, f), 0)) } });
    const matched = levels.length === 1 ? levels[0] : { dis_max: { queries: levels } };
    if (!rivalField) return [matched];
    const namesRival: Query = { match: { [rivalField]: { query: c.text, operator: 'and' } } };
    // Beside other concepts, a concept naming the document's rival picks the rival's documents and says
    // nothing about which of them answers ("quantive pricing": Quantive in a title is no better than
    // Quantive as the rival), so it scores its tier and exactness alone and the other concepts order them.
    const picked: Query =
      ranking === 'score' && cs.length > 1
        ? { bool: { should: [{ bool: { must: [matched], must_not: [namesRival] } }, constant(tier(0), namesRival)], minimum_should_match: 1 } }
        : matched;
    return [picked, constant(unit * RIVAL_TIER_BONUS, namesRival)];
  });
  return should.length === 1 ? should[0] : { bool: { should, minimum_should_match: 1 } };
}

/** The words of a concept that count a tier each: a phrase's words, less those of a question ("on prem" counts one). */
const meaningfulWords = (c: Concept): string[] => {
  const ws = words(c.text).filter((w) => !QUESTION_WORDS.has(w));
  return ws.length ? ws : [c.text];
};

/** The tiers a query's text can reach: one per concept, a phrase's per word. */
export const tierCount = (cs: Concept[]): number => cs.reduce((n, c) => n + meaningfulWords(c).length, 0);

/** A sort beside a `tier`-ranked text query: the tier (the score) first, so sorts by a field keep the tiers. */
export function tierFirst(clauses: SortClause[], cs: Concept[], ranking: Ranking): SortClause[] {
  return cs.length && ranking === 'tier' ? ['_score', ...clauses] : clauses;
}

/** A `score`-ranked hit's score as its tier (concepts matched), exactness (fewer typos) and text relevance. */
export function splitScore(score: number): { tier: number; exactness: number; relevance: number } {
  const tier = Math.floor(score / TIER_WEIGHT);
  const exactness = Math.floor((score - tier * TIER_WEIGHT) / EXACTNESS_WEIGHT);
  return { tier, exactness, relevance: score - tier * TIER_WEIGHT - exactness * EXACTNESS_WEIGHT };
}

/** Documents matching every concept as typed (its words or a synonym, no typo). */
export function everyConceptLiterally(cs: Concept[], f: TextFields): Query {
  return { bool: { filter: cs.map((c) => conceptLevels(c, f)[0]) } };
}

/** Documents matching a word only with its typos (within its budget), not as typed. */
export function typosOnly(word: string, f: TextFields): Query | null {
  const [literal, ...typos] = conceptLevels({ text: word, alternatives: [] }, f);
  return typos.length ? { bool: { must: [typos[typos.length - 1]], must_not: [literal] } } : null;
}

/** Documents matching every concept: the first tier. */
export function everyConcept(cs: Concept[], f: TextFields): Query {
  return { bool: { filter: cs.map((c) => conceptMatch(c, f)) } };
}
