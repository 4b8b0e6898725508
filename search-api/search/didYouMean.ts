// "Did you mean": a word of the query that no card the reader may see contains as typed is looked
// up among the words those cards do contain within its typo budget (the most frequent of them in
// the cards that match it with typos, read from their highlights as typed); the corrected query is
// offered when it finds clearly more cards as typed than the query does, and not when the search would
// list the same cards for both.
import type { Query, SearchEngine } from '../../engine/port.ts';
import type { Exec } from '../../db/client.ts';
import { asTyped } from '../../documents/index.ts';
import { visibilityFilter, type Viewer } from '../visibility/index.ts';
import { CARD_SEARCH_FIELDS, cardTextQuery, MARK_CLOSE, MARK_OPEN } from './request.ts';
import { queryConcepts } from './synonyms.ts';
import { editDistance, everyConceptLiterally, typoBudget, typosOnly, words, type Concept } from './text.ts';

/** The corrected query must find at least this many times the cards the typed one finds… */
const CLEARLY_MORE = 2;
/** …and at least this many. */
const MIN_CORRECTED = 3;
/** Cards read for the words a mistyped word stands for. */
const SAMPLE = 20;

export type DidYouMean = { query: string; nr_results: number };

export async function didYouMean(db: Exec, engine: SearchEngine, viewer: Viewer, query: string, cs: Concept[]): Promise<DidYouMean | null> {
  // Words the company's vocabulary knows, and words too short to forgive a typo in, are taken as meant.
  const suspect = (c: Concept) => (!c.alternatives.length || c.typoOf) && !c.text.includes(' ') && typoBudget(c.text) > 0;
  const suspects = cs.filter(suspect).map((c) => c.text);
  const known = new Map(cs.flatMap((c) => (c.typoOf ? [[c.text, c.typoOf] as const] : [])));
  if (!suspects.length) return null;
  const scope = visibilityFilter(viewer);
  const literal = (c: Concept[]) => everyConceptLiterally(c, CARD_SEARCH_FIELDS);
  const counts = await engine.search('cards', {
    query: { bool: { filter: scope } },
    size: 0,
    track_total_hits: true,
    aggs: {
      // As typed: a typo's synonyms (those of the word it misspells) do not count.
      typed: { filter: literal(cs.map((c) => (c.typoOf ? { text: c.text, alternatives: [] } : c))) },
      ...Object.fromEntries(suspects.map((w, i) => [`w${i}`, { filter: literal([{ text: w, alternatives: [] }]) }])),
    },
  });
  const docCount = (name: string) => (counts.aggregations?.[name] as { doc_count: number }).doc_count;
  const unknown = suspects.filter((_, i) => docCount(`w${i}`) === 0);
  if (!unknown.length) return null;

  const corrections = new Map<string, string>();
  for (const word of unknown) {
    const meant = known.get(word) ?? (await likeliestWord(engine, scope, word));
    if (meant) corrections.set(word, meant);
  }
  if (!corrections.size) return null;
  const corrected = words(query)
    .map((w) => corrections.get(w) ?? w)
    .join(' ');
  const correctedConcepts = await queryConcepts(db, viewer.companyId, corrected);
  // What each query finds as the search does: a correction that lists the very cards the typed query lists
  // (its typos, or stemming, found them already) tells the reader nothing.
  const finds = { typed: cardTextQuery(cs, 'tier')!, corrected: cardTextQuery(correctedConcepts, 'tier')! };
  const found = await engine.search('cards', {
    query: { bool: { filter: scope } },
    size: 0,
    track_total_hits: true,
    aggs: {
      literal: { filter: literal(correctedConcepts) },
      onlyCorrected: { filter: { bool: { filter: [finds.corrected], must_not: [finds.typed] } } },
      onlyTyped: { filter: { bool: { filter: [finds.typed], must_not: [finds.corrected] } } },
    },
  });
  const count = (name: string) => (found.aggregations?.[name] as { doc_count: number }).doc_count;
  if (count('onlyCorrected') === 0 && count('onlyTyped') === 0) return null;
  const n = count('literal');
  return n >= MIN_CORRECTED && n >= CLEARLY_MORE * docCount('typed') ? { query: corrected, nr_results: n } : null;
}

/** The word, as cards write it, that the visible cards matching `word` with typos contain most often. */
async function likeliestWord(engine: SearchEngine, scope: Query[], word: string): Promise<string | null> {
  const typos = typosOnly(word, CARD_SEARCH_FIELDS);
  if (!typos) return null;
  const fields = asTyped(['title', 'text', 'tags.name', 'board.name', 'rival.name']);
  const res = await engine.search('cards', {
    query: { bool: { must: [typos], filter: scope } },
    size: SAMPLE,
    _source: ['id'],
    highlight: { pre_tags: [MARK_OPEN], post_tags: [MARK_CLOSE], fields: Object.fromEntries(fields.map((f) => [f, { number_of_fragments: 0 }])) },
  });
  const seen = new Map<string, number>();
  const marked = new RegExp(`${MARK_OPEN}([^${MARK_CLOSE}]*)${MARK_CLOSE}`, 'g');
  for (const hit of res.hits) {
    for (const fragment of Object.values(hit.highlight ?? {}).flat()) {
      for (const [, text] of fragment.matchAll(marked)) {
        const w = words(text).join(' ');
        if (w && w !== word && editDistance(word, w, typoBudget(word)) <= typoBudget(word)) seen.set(w, (seen.get(w) ?? 0) + 1);
      }
    }
  }
  const best = [...seen].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  return best?.[0] ?? null;
}
