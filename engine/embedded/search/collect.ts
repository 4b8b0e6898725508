// Top-k collection across segments: by score or by doc-value columns, ties broken by id ascending.
// A bounded heap keeps the k best; most docs are rejected by comparing one primary key.
import type { SortClause } from '../../port.ts';
import type { Schema } from '../index/schema.ts';
import type { SegmentView } from '../index/segment.ts';
import { sortedOrder, type OrderKey } from '../index/sort-orders.ts';
import { maskOf, type DocSet } from '../query/docset.ts';

type Key = number | string | null;

interface SortKey extends OrderKey {
  kind: 'score' | 'number' | 'string';
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
    const order = sortedOrder(v.seg, this.keys[0]);
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
