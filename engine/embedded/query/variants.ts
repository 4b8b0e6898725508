// A text query term's variants: the dictionary terms it stands for, each with its BM25 weight. Without
// fuzziness that is the term itself; with it, the closest terms within the edit budget in any
// segment's dictionary (at most 50, as Lucene's FuzzyQuery), weighted by blended statistics and
// similarity. Expansions and merged dictionaries are kept in the engine's caches.
import type { MatchParams } from '../../port.ts';
import { comparePacked, PackedBuilder, type PackedStrings } from '../index/packed.ts';
import type { SchemaField } from '../index/schema.ts';
import type { SegmentView } from '../index/segment.ts';
import { idf } from './bm25.ts';
import type { QueryCaches } from './caches.ts';
import { expandFuzzy, maxEdits, type Expansion } from './fuzzy.ts';
import { remember, type CompileContext } from './node.ts';

export type Variant = { term: string; weight: number };

/** A text term's weighted dictionary terms: itself, or its expansions within the fuzziness. */
export function termVariants(
  ctx: CompileContext,
  f: SchemaField,
  term: string,
  { fuzziness, prefix_length: prefixLength = 0 }: Pick<MatchParams, 'fuzziness' | 'prefix_length'>,
  boost: number,
): Variant[] {
  const st = ctx.stats.field(f.path);
  const k = maxEdits(fuzziness, term);
  let variants: Variant[];
  if (k === 0) {
    const w = idf(ctx.stats.docFreq(f.path, term), st.docCount) * boost;
    variants = [{ term, weight: w }];
  } else {
    const found = new Map<string, number>();
    for (const dict of fuzzyDictionaries(ctx.caches, ctx.stats.views, f.path)) {
      for (const e of expansions(ctx.caches, dict, term, k, prefixLength)) if (!found.has(e.term)) found.set(e.term, e.edits);
    }
    const list = [...found].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 50);
    // Lucene blends the statistics of the expansions (max doc freq) and boosts by similarity.
    let df = 0;
    for (const [t] of list) df = Math.max(df, ctx.stats.docFreq(f.path, t));
    const w = idf(df, st.docCount) * boost;
    variants = list.map(([t, edits]) => ({ term: t, weight: w * (1 - edits / Math.min(t.length, term.length)) }));
  }
  remember(ctx, f.path, variants.map((x) => x.term));
  return variants;
}

/** Dictionary terms within k edits of `term` (see `expandFuzzy`), once per dictionary and term. */
export function expansions(caches: QueryCaches, terms: PackedStrings, term: string, k: number, prefixLength = 0): Expansion[] {
  let cache = caches.expansions.get(terms);
  if (!cache) caches.expansions.set(terms, (cache = new Map()));
  const key = `${k}:${prefixLength}:${term}`;
  let exp = cache.get(key);
  if (!exp) {
    exp = expandFuzzy(terms, term, k, 50, prefixLength);
    if (cache.size > 1000) cache.clear();
    cache.set(key, exp);
  }
  return exp;
}

/** Segments at least this large share one merged dictionary per field for fuzzy expansion. */
const MERGED_DICTIONARY_MIN_DOCS = 65_536;

/**
 * The sorted term lists a fuzzy term is expanded against: each small segment's own, and one
 * list merged from the large segments' (one walk instead of one per segment; the closest 50 of
 * the union are the same either way).
 */
export function fuzzyDictionaries(caches: QueryCaches, views: SegmentView[], path: string, mergeMinDocs = MERGED_DICTIONARY_MIN_DOCS): PackedStrings[] {
  const small: PackedStrings[] = [];
  const large: { id: number; terms: PackedStrings }[] = [];
  for (const v of views) {
    const inv = v.seg.inverted.get(path);
    if (!inv) continue;
    if (v.seg.maxDoc >= mergeMinDocs) large.push({ id: v.seg.id, terms: inv.terms });
    else small.push(inv.terms);
  }
  if (large.length <= 1) return [...small, ...large.map((l) => l.terms)];
  const key = `${path}\u0000${large.map((l) => l.id).join(',')}`;
  // Large segments change only when merges swap them: their merged dictionary is kept for that set.
  let merged = caches.mergedDictionaries.get(key);
  if (!merged) {
    let lists = large.map((l) => l.terms);
    while (lists.length > 1) {
      const next: PackedStrings[] = [];
      for (let i = 0; i < lists.length; i += 2) next.push(i + 1 < lists.length ? mergeSorted(lists[i], lists[i + 1]) : lists[i]);
      lists = next;
    }
    merged = lists[0];
    if (caches.mergedDictionaries.size >= 16) caches.mergedDictionaries.clear();
    caches.mergedDictionaries.set(key, merged);
  }
  return [...small, merged];
}

/** The distinct strings of two sorted lists, sorted. */
function mergeSorted(a: PackedStrings, b: PackedStrings): PackedStrings {
  const out = new PackedBuilder(a.length + b.length, a.bytes.length + b.bytes.length);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = comparePacked(a, i, b, j);
    if (c < 0) out.copy(a, i++);
    else if (c > 0) out.copy(b, j++);
    else {
      out.copy(a, i++);
      j++;
    }
  }
  while (i < a.length) out.copy(a, i++);
  while (j < b.length) out.copy(b, j++);
  return out.finish();
}
