// The caches of one engine instance, shared by the searches of its indices. Each engine bounds its
// own: two engines in one process never evict, admit or answer for each other. Entries are keyed by
// segment (its process-wide cache id, or its arrays in WeakMaps), so those of a segment merged away
// age out or are collected with it.
import type { PackedStrings } from '../index/packed.ts';
import type { CompletionField, InvertedField, SegmentView } from '../index/segment.ts';
import type { Expansion } from './fuzzy.ts';
import { ByteLru, cacheId } from './lru.ts';
import type { Impact, WindowImpacts } from './max-score.ts';
import type { QueryNode } from './node.ts';

const QUERY_CACHE_BYTES = 64 * 1024 * 1024;
const RECENT_KEYS = 1024;
const AGGS_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The query-cache key of the docs passing every `filter` node and no `mustNot` node. Clauses that select the
 * same docs share it (a bool's filter part, a constant_score's filter), so they share one cache entry.
 */
export function filterKeyOf(filter: readonly QueryNode[], mustNot: readonly QueryNode[] = []): string {
  const k = (ns: readonly QueryNode[]) => ns.map((n) => n.key).join(',');
  return `f(${k(filter)};${k(mustNot)})`;
}

export class QueryCaches {
  // LRU of non-scoring results per segment (Lucene's query cache): filters, and whole queries used
  // more than once. Segments are immutable, so an entry stays valid for the segment's life; deletes
  // are applied afterwards from the live mask. Bounded by bytes (docs plus a possible mask).
  private readonly filters = new ByteLru<Uint32Array>(QUERY_CACHE_BYTES);
  // Recent uses of query keys: a whole query is cached from its second use, as Lucene admits only
  // queries seen repeatedly (one-off searches would just evict useful entries).
  private readonly recentUses = new Map<string, number>();
  // Segment and filter keys computed once within a bool's filters only (filterWithin).
  private readonly restrictedMisses = new Set<string>();
  /** Aggregation results per segment and query key, like OpenSearch's request cache (search/aggs.ts). */
  readonly aggs = new ByteLru<{ live: Uint8Array | null; value: Int32Array }>(AGGS_CACHE_BYTES);
  /** A field's column of one ordinal per doc, or null when it has none (search/aggs.ts). */
  readonly singleOrds = new WeakMap<InvertedField, Uint8Array | Uint16Array | null>();
  /** Fuzzy expansions per dictionary (a segment's terms, or a merged list) and query term (variants.ts). */
  readonly expansions = new WeakMap<PackedStrings, Map<string, Expansion[]>>();
  /** Dictionaries merged from large segments' terms, by field and segment set (variants.ts). */
  readonly mergedDictionaries = new Map<string, PackedStrings>();
  /** Posting lists' score bounds, whole and per window, by where the list starts (max-score.ts). */
  readonly impacts = new WeakMap<InvertedField, Map<number, Impact>>();
  readonly windowImpacts = new WeakMap<InvertedField, Map<number, WindowImpacts>>();
  /** Whether a completion field's entries all weigh the same (search/suggest.ts). */
  readonly uniformWeights = new WeakMap<CompletionField, boolean>();

  /** A segment's docs for `key` through the query cache; `admit` false only reads it. */
  filter(v: SegmentView, key: string, compute: () => Uint32Array, admit = true): Uint32Array {
    const ck = `${cacheId(v.seg)}\u0000${key}`;
    let docs = this.filters.get(ck);
    if (docs) return docs;
    docs = compute();
    // Computed within a bool's filters, the docs may be only those that pass them: not the segment's answer.
    if (admit && !v.within) this.filters.set(ck, docs, docs.byteLength + v.seg.maxDoc + ck.length);
    return docs;
  }

  /**
   * A segment's docs for `key` where a bool's filters pass few docs (`v.within`): the cached docs if there are any;
   * else, the first time, `within()` (which may hold only the docs the filters pass, so it is not cached), and
   * from the second, as a query repeats, the segment's `whole()`, cached.
   */
  filterWithin(v: SegmentView, key: string, whole: () => Uint32Array, within: () => Uint32Array): Uint32Array {
    const ck = `${cacheId(v.seg)}\u0000${key}`;
    const docs = this.filters.get(ck);
    if (docs) return docs;
    if (this.restrictedMisses.has(ck)) {
      this.restrictedMisses.delete(ck);
      return this.filter({ ...v, within: undefined }, key, whole);
    }
    if (this.restrictedMisses.size >= RECENT_KEYS) this.restrictedMisses.clear();
    this.restrictedMisses.add(ck);
    return within();
  }

  /** The docs of a segment matching a query in filter context (no scores), through the query cache. */
  matches(v: SegmentView, node: QueryNode, firstUseInSearch: boolean): Uint32Array {
    let uses = this.recentUses.get(node.key) ?? 0;
    if (firstUseInSearch) {
      if (this.recentUses.size >= RECENT_KEYS) this.recentUses.clear();
      this.recentUses.set(node.key, ++uses);
    }
    return this.filter(v, `q:${node.key}`, () => node.exec(v, false).docs, uses >= 2);
  }
}
