// Top-k collection across segments: by score or by doc-value columns, ties broken by id ascending.
// A bounded heap keeps the k best; most docs are rejected by comparing one primary key.
import type { SortClause } from '../port.ts';
import { maskOf, type DocSet } from './docset.ts';
import type { SegmentView } from './query.ts';
import type { Segment } from './segment.ts';
import type { Schema } from './schema.ts';

type Key = number | string | null;

interface SortKey {
  kind: 'score' | 'number' | 'string';
  field: string;
  desc: boolean;
  /** For multi-valued fields: min when ascending, max when descending (OpenSearch defaults). */
  useMax: boolean;
  missingFirst: boolean;
}

export interface Candidate {
  view: SegmentView;
  doc: number;
  score: number;
  keys: Key[];
  id: string;
}

export function compileSort(schema: Schema, sort: SortClause[] | undefined): SortKey[] {
  if (!sort || sort.length === 0) return [{ kind: 'score', field: '_score', desc: true, useMax: false, missingFirst: false }];
  return sort.map((s) => {
    let name: string;
    let order: 'asc' | 'desc' | undefined;
    let mode: 'min' | 'max' | undefined;
    let missing: '_first' | '_last' | undefined;
    if (typeof s === 'string') name = s;
    else {
      const [k, v] = Object.entries(s)[0];
      name = k;
      if (typeof v === 'string') order = v;
      else {
        order = v.order;
        mode = v.mode;
        missing = v.missing;
      }
    }
    if (name === '_score') return { kind: 'score', field: name, desc: order !== 'asc', useMax: false, missingFirst: false };
    const f = schema.fields.get(name)!;
    const desc = order === 'desc';
    const kind = f.kind === 'keyword' ? 'string' : 'number';
    return { kind, field: name, desc, useMax: mode ? mode === 'max' : desc, missingFirst: missing === '_first' };
  });
}

export function needsScores(keys: SortKey[]): boolean {
  return keys.some((k) => k.kind === 'score');
}

type Getter = (doc: number, score: number) => Key;

/** Below this many matches a plain scan is as cheap as walking the sort order. */
const SORTED_WALK_MIN = 4096;

/** What a sort order depends on. */
type OrderKey = Pick<SortKey, 'field' | 'desc' | 'useMax' | 'missingFirst'>;
const orderName = (k: OrderKey): string => JSON.stringify([k.field, k.desc, k.useMax, k.missingFirst]);

// Doc ids of a segment in the order of a numeric sort key (Lucene's index sorting, done per key
// used), built on first use: segments are immutable. Kept in the snapshot and rebuilt by merges
// for the keys their inputs had, since a million docs take ~0.2 s to order and that lands on a
// query.
const orders = new WeakMap<Segment, Map<string, Uint32Array>>();

function sortedOrder(v: SegmentView, k: OrderKey): Uint32Array {
  let cache = orders.get(v.seg);
  if (!cache) orders.set(v.seg, (cache = new Map()));
  const name = orderName(k);
  let order = cache.get(name);
  if (!order) cache.set(name, (order = orderOf(v.seg, k)));
  return order;
}

function orderOf(seg: Segment, k: OrderKey): Uint32Array {
  const col = seg.numeric.get(k.field);
  const maxDoc = seg.maxDoc;
  const vals = col ? (k.useMax ? col.max : col.min) : new Float64Array(maxDoc).fill(NaN);
  const present = new Uint32Array(maxDoc);
  const missing = new Uint32Array(maxDoc);
  let np = 0;
  let nm = 0;
  for (let d = 0; d < maxDoc; d++) {
    if (vals[d] === vals[d]) present[np++] = d;
    else missing[nm++] = d;
  }
  const sorted = sortByValue(present.subarray(0, np), vals, k.desc);
  const order = new Uint32Array(maxDoc);
  order.set(k.missingFirst ? missing.subarray(0, nm) : sorted, 0);
  order.set(k.missingFirst ? sorted : missing.subarray(0, nm), k.missingFirst ? nm : np);
  return order;
}

/** The sort orders a segment has built, by name (for the snapshot). */
export function sortOrders(seg: Segment): [string, Uint32Array][] {
  return [...(orders.get(seg) ?? [])];
}

/** Gives a loaded segment the orders its snapshot kept. */
export function restoreSortOrders(seg: Segment, list: [string, Uint32Array][]): void {
  if (list.length > 0) orders.set(seg, new Map(list));
}

/** Builds, for a merged segment, the orders any of its inputs had: one per step. */
export function* carrySortOrders(seg: Segment, inputs: Segment[]): Generator<void> {
  const names = new Set(inputs.flatMap((s) => [...(orders.get(s)?.keys() ?? [])]));
  for (const name of names) {
    const [field, desc, useMax, missingFirst] = JSON.parse(name) as [string, boolean, boolean, boolean];
    sortedOrder({ seg, live: null, liveCount: seg.maxDoc }, { field, desc, useMax, missingFirst });
    yield;
  }
}

/**
 * Docs (ascending) ordered by their values, none NaN, ascending or descending, ties by doc: an LSD
 * radix sort on the values' bits in 16-bit digits, skipping a digit every doc shares: 75-100 ms for
 * 500k dates where a comparator sort took 400-470 ms, in the path of the first query sorted by
 * that field after a restart or a merge.
 */
export function sortByValue(docs: Uint32Array, vals: Float64Array, desc: boolean): Uint32Array {
  const n = docs.length;
  // Each value's bits as two words that compare as unsigned integers in the wanted order.
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const f = new Float64Array(1);
  const w = new Uint32Array(f.buffer);
  const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  for (let i = 0; i < n; i++) {
    const x = vals[docs[i]];
    f[0] = x === 0 ? 0 : x; // -0 ties with 0
    let h = little ? w[1] : w[0];
    let l = little ? w[0] : w[1];
    if (h & 0x80000000) {
      h = ~h;
      l = ~l;
    } else h |= 0x80000000;
    if (desc) {
      h = ~h;
      l = ~l;
    }
    hi[i] = h >>> 0;
    lo[i] = l >>> 0;
  }
  // Keys move with their docs, so every pass reads its input front to back.
  let keyHi = hi;
  let keyLo = lo;
  let doc = docs.slice();
  let nextHi = new Uint32Array(n);
  let nextLo = new Uint32Array(n);
  let nextDoc = new Uint32Array(n);
  const count = new Uint32Array(1 << 16);
  for (let pass = 0; pass < 4; pass++) {
    const shift = pass % 2 === 0 ? 0 : 16;
    const words = pass < 2 ? keyLo : keyHi;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(words[i] >>> shift) & 0xffff]++;
    if (n === 0 || count[(words[0] >>> shift) & 0xffff] === n) continue;
    let sum = 0;
    for (let b = 0; b < count.length; b++) {
      const c = count[b];
      count[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const at = count[(words[i] >>> shift) & 0xffff]++;
      nextHi[at] = keyHi[i];
      nextLo[at] = keyLo[i];
      nextDoc[at] = doc[i];
    }
    [keyHi, nextHi] = [nextHi, keyHi];
    [keyLo, nextLo] = [nextLo, keyLo];
    [doc, nextDoc] = [nextDoc, doc];
  }
  return doc;
}

/** Resolves a sort key's column for one segment once, so the per-doc read is an array access. */
function getter(k: SortKey, v: SegmentView): Getter {
  if (k.kind === 'score') return (_d, score) => score;
  if (k.kind === 'number') {
    const col = v.seg.numeric.get(k.field);
    if (!col) return () => null;
    const vals = k.useMax ? col.max : col.min;
    return (d) => {
      const x = vals[d];
      return x === x ? x : null; // NaN = missing
    };
  }
  const inv = v.seg.inverted.get(k.field);
  if (!inv || !inv.dvStart) return () => null;
  const st = inv.dvStart;
  const ords = inv.dvOrds!;
  const terms = inv.terms;
  return (d) => {
    const s = st[d];
    const e = st[d + 1];
    return e === s ? null : terms.at(ords[k.useMax ? e - 1 : s]);
  };
}

/** Negative when key a sorts before key b. */
function compareKey(k: SortKey, a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === null) return k.missingFirst ? -1 : 1;
  if (b === null) return k.missingFirst ? 1 : -1;
  const c = a < b ? -1 : a > b ? 1 : 0;
  return k.desc ? -c : c;
}

export class TopCollector {
  private readonly heap: Candidate[] = [];
  maxScore = -Infinity;
  /** Sort-key readers of the segment last offered from one doc at a time. */
  private getterView: SegmentView | null = null;
  private getters: Getter[] = [];
  constructor(
    private readonly keys: SortKey[],
    readonly k: number,
  ) {}

  private compare(a: Candidate, b: Candidate): number {
    for (let i = 0; i < this.keys.length; i++) {
      const c = compareKey(this.keys[i], a.keys[i], b.keys[i]);
      if (c !== 0) return c;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  }

  collect(v: SegmentView, set: DocSet): void {
    const { docs, scores } = set;
    if (scores) for (let i = 0; i < scores.length; i++) if (scores[i] > this.maxScore) this.maxScore = scores[i];
    if (this.k === 0) return;
    const getters = this.keys.map((k) => getter(k, v));
    const primary = this.keys[0];
    if (primary.kind === 'number' && docs.length >= SORTED_WALK_MIN) {
      this.collectInOrder(v, docs, getters);
      return;
    }
    for (let i = 0; i < docs.length; i++) this.offer(v, docs[i], scores ? scores[i] : 0, getters);
  }

  /**
   * Walks the segment's docs in sort order (a cached permutation of the column, Lucene's index
   * sorting done lazily) and stops at the first match worse than the k-th kept: cost follows k
   * and the share of docs matching, not the number of matches.
   */
  private collectInOrder(v: SegmentView, docs: Uint32Array, getters: Getter[]): void {
    const order = sortedOrder(v, this.keys[0]);
    const mask = maskOf(docs, v.seg.maxDoc);
    for (let i = 0; i < order.length; i++) {
      const d = order[i];
      if (mask[d] === 0) continue;
      if (!this.offer(v, d, 0, getters)) break;
    }
  }

  /**
   * The score a doc must reach to be kept (the k-th kept score; a tie may still enter on a later
   * key), or -Infinity while fewer than k are kept. Only meaningful when sorting by score first.
   */
  threshold(): number {
    return this.heap.length === this.k && this.k > 0 ? this.heap[0].score : -Infinity;
  }

  /** Offers one scored doc (pruned top-k collection proposes its docs one at a time). */
  offerScored(v: SegmentView, doc: number, score: number): void {
    if (score > this.maxScore) this.maxScore = score;
    if (this.k === 0) return;
    if (this.getterView !== v) {
      this.getterView = v;
      this.getters = this.keys.map((k) => getter(k, v));
    }
    this.offer(v, doc, score, this.getters);
  }
  /** Keeps the doc if it ranks among the k best; false when its primary key is worse than the k-th. */
  private offer(v: SegmentView, doc: number, score: number, getters: Getter[]): boolean {
    const heap = this.heap;
    if (heap.length === this.k) {
      // Cheap rejection on the primary key against the worst kept candidate.
      const c = compareKey(this.keys[0], getters[0](doc, score), heap[0].keys[0]);
      if (c > 0) return false;
    }
    const keys: Key[] = new Array(getters.length);
    for (let j = 0; j < getters.length; j++) keys[j] = getters[j](doc, score);
    const cand: Candidate = { view: v, doc, score, keys, id: v.seg.ids[doc] };
    if (heap.length < this.k) {
      heap.push(cand);
      this.siftUp(heap.length - 1);
    } else if (this.compare(cand, heap[0]) < 0) {
      heap[0] = cand;
      this.siftDown(0);
    }
    return true;
  }

  /** Kept candidates, best first. */
  results(): Candidate[] {
    return [...this.heap].sort((a, b) => this.compare(a, b));
  }

  // Max-heap on "worse": the root is the worst kept candidate.
  private siftUp(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.compare(h[i], h[p]) <= 0) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }
  private siftDown(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.compare(h[l], h[m]) > 0) m = l;
      if (r < h.length && this.compare(h[r], h[m]) > 0) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }
}
