// Dynamic pruning of a best_fields multi_match that ranks a query alone, by score: its top k found
// with MaxScore over windows of docs, each posting list bounded by block-max impacts. Every doc it
// scores gets the score `BestFieldsNode.exec` gives it.
import type { InvertedField, SegmentView } from '../index/segment.ts';
import { postingScore } from './bm25.ts';
import type { QueryCaches } from './caches.ts';
import { gallop, maskOf } from './docset.ts';
import type { BestFieldsNode } from './multi-match.ts';
import { postingCount } from './postings.ts';

/** Lists pruned together at most; beyond (long fuzzy expansions) the exhaustive path is as fast. */
export const MAX_PRUNED_LISTS = 12;

/**
 * The k best-scoring docs among `accepted` (the query's matches after filters and deletes), with
 * MaxScore pruning (Turtle and Flood), window by window as Lucene's MaxScoreBulkScorer: once the
 * k-th best score exceeds what the lowest-scoring lists could add up to on their own, those lists
 * stop proposing candidates. The other (essential) lists add their scores into a window of docs;
 * a doc whose partial score plus the bounds of the rest reaches the k-th score is scored exactly.
 * A list's bound is its term's weight at the list's highest tf and shortest field. When few docs
 * are accepted, they are scored directly. Each doc scored gets exactly the score `exec` gives
 * it. Returns false when the query has too many lists to prune.
 */
export function maxScoreTopK(
  node: BestFieldsNode,
  v: SegmentView,
  accepted: Uint32Array,
  offer: (doc: number, score: number) => void,
  threshold: () => number,
): boolean {
  const lists = node.lists(v);
  const L = lists.length;
  if (L > MAX_PRUNED_LISTS) return false;
  const { tieBreaker, boost, clauses } = node;
  const nf = clauses.length;
  const look = Int32Array.from(lists, (l) => l.start); // cursors of the exact scoring, by ascending doc
  const fieldSum = new Float64Array(nf);
  const fieldCount = new Int32Array(nf);
  const lastTag = new Int32Array(nf);
  // The exact score of doc d (docs asked in ascending order), summed in the order `exec` sums it.
  const scoreDoc = (d: number): number => {
    fieldSum.fill(0);
    fieldCount.fill(0);
    lastTag.fill(0);
    for (let j = 0; j < L; j++) {
      const l = lists[j];
      const docs = l.inv.docs;
      let c = look[j];
      if (c < l.end && docs[c] < d) c = look[j] = gallop(docs, c, d, l.end);
      if (c >= l.end || docs[c] !== d) continue;
      fieldSum[l.field] = Math.fround(fieldSum[l.field] + postingScore(l.table, l.weight, clauses[l.field].norms, l.inv.freqs![c], l.inv.norms![d]));
      if (lastTag[l.field] !== l.tag) {
        lastTag[l.field] = l.tag;
        fieldCount[l.field]++;
      }
    }
    let best = 0;
    let all = 0;
    for (let fi = 0; fi < nf; fi++) {
      if (fieldCount[fi] < clauses[fi].need) continue;
      const x = fieldSum[fi] * clauses[fi].boost;
      all += x;
      if (x > best) best = x;
    }
    return Math.fround((best + tieBreaker * (all - best)) * boost);
  };
  // The k-th score as the caller ranks (it may scale and round ours), lowered a hair so a doc
  // that ties with it after rounding is still offered.
  const floor = () => threshold() * (1 - 1e-6);
  let theta = floor();
  // Bounds are in final score units: field boost and node boost applied, with a margin for the
  // float32 rounding of the sums.
  const scale = lists.map((l) => clauses[l.field].boost * boost * (1 + 1e-6));
  const bound = lists.map((l, j) => {
    const { maxTf, minNorm } = impactOf(node.caches, l.inv, l.start, l.end);
    return ((l.weight * maxTf) / (maxTf + clauses[l.field].norms[minNorm])) * scale[j];
  });
  // A doc's score is (1 - tie_breaker) * its best field's + tie_breaker * the sum of its fields',
  // which grows with each field's: bounding every field bounds the doc.
  const combine = (perField: Float64Array): number => {
    let best = 0;
    let all = 0;
    for (let fi = 0; fi < nf; fi++) {
      all += perField[fi];
      if (perField[fi] > best) best = perField[fi];
    }
    return (1 - tieBreaker) * best + tieBreaker * all;
  };
  /** Per field, the bounds of the lists that no longer propose candidates. */
  const rest = new Float64Array(nf);
  const upper = new Float64Array(nf);
  /**
   * With lists in ascending order of `bounds`, how many (from the first, `from` of them already
   * in `rest`) together cannot reach the current k-th score: they stop proposing candidates.
   */
  const nonEssential = (order: ArrayLike<number>, bounds: ArrayLike<number>, from: number): number => {
    let n = from;
    for (; n < L; n++) {
      const j = order[n];
      rest[lists[j].field] += bounds[j];
      if (combine(rest) >= theta) {
        rest[lists[j].field] -= bounds[j];
        break;
      }
    }
    return n;
  };
  if (accepted.length * 8 < postingCount(lists)) {
    // Few accepted docs: score them directly, but once some lists are pruned, bound each doc by
    // its postings in the essential lists first (a common term's long list is then not searched
    // for docs that cannot make the top k).
    const byBound = [...bound.keys()].sort((x, y) => bound[x] - bound[y]);
    const probe = Int32Array.from(lists, (l) => l.start);
    let pruned = nonEssential(byBound, bound, 0);
    for (let i = 0; i < accepted.length; i++) {
      const d = accepted[i];
      if (pruned > 0) {
        for (let fi = 0; fi < nf; fi++) upper[fi] = rest[fi];
        for (let e = pruned; e < L; e++) {
          const j = byBound[e];
          const l = lists[j];
          const docs = l.inv.docs;
          let c = probe[j];
          if (c < l.end && docs[c] < d) c = probe[j] = gallop(docs, c, d, l.end);
          if (c < l.end && docs[c] === d) upper[l.field] += postingScore(l.table, l.weight, clauses[l.field].norms, l.inv.freqs![c], l.inv.norms![d]) * scale[j];
        }
        if (combine(upper) < theta) continue;
      }
      const score = scoreDoc(d);
      if (score >= theta) {
        offer(d, score);
        theta = floor();
        pruned = nonEssential(byBound, bound, pruned);
        if (pruned === L) return true;
      }
    }
    return true;
  }
  const maxDoc = v.seg.maxDoc;
  const accept = maskOf(accepted, maxDoc);
  const cursor = Int32Array.from(lists, (l) => l.start);
  const partial = windowScratch(nf);
  const hit = windowHits();
  // Per window, each list's bound there (Lucene's block-max impacts): a common term's long list
  // usually scores well below its global maximum in most windows, so it stops proposing
  // candidates window by window long before the k-th score passes its global bound.
  const local = lists.map((l) => (l.end - l.start >= WINDOW ? windowImpactsOf(node.caches, l.inv, l.start, l.end) : null));
  const windowBound = new Float64Array(L);
  const order = Int32Array.from(lists.keys());
  for (let base = 0, w = 0; base < maxDoc; base += WINDOW, w++) {
    for (let j = 0; j < L; j++) {
      const imp = local[j];
      if (!imp) windowBound[j] = bound[j];
      else {
        const tf = w < imp.maxTf.length ? imp.maxTf[w] : 0;
        windowBound[j] = tf === 0 ? 0 : ((lists[j].weight * tf) / (tf + clauses[lists[j].field].norms[imp.minNorm[w]])) * scale[j];
      }
    }
    // Lists by ascending bound (insertion sort: a dozen lists at most); the lowest ones that
    // together cannot reach the k-th score propose no candidates in this window.
    for (let a = 1; a < L; a++) {
      const j = order[a];
      let b = a;
      for (; b > 0 && windowBound[order[b - 1]] > windowBound[j]; b--) order[b] = order[b - 1];
      order[b] = j;
    }
    rest.fill(0);
    const skipped = nonEssential(order, windowBound, 0);
    if (skipped === L) continue;
    const top = Math.min(base + WINDOW, maxDoc);
    for (let e = skipped; e < L; e++) {
      const j = order[e];
      const l = lists[j];
      const { docs, freqs, norms } = l.inv;
      const { table, weight, end } = l;
      const cache = clauses[l.field].norms;
      const sc = scale[j];
      const into = partial[l.field];
      let c = cursor[j];
      if (c < end && docs[c] < base) c = gallop(docs, c, base, end);
      for (; c < end; c++) {
        const d = docs[c];
        if (d >= top) break;
        if (accept[d] === 0) continue;
        const x = d - base;
        into[x] += postingScore(table, weight, cache, freqs![c], norms![d]) * sc;
        hit[x >>> 5] |= 1 << (x & 31);
      }
      cursor[j] = c;
    }
    // The window's candidates in ascending order, from the set bits (a few words per window
    // rather than a byte per doc).
    for (let wi = 0; wi < HIT_WORDS; wi++) {
      let word = hit[wi];
      if (word === 0) continue;
      hit[wi] = 0;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const i = (wi << 5) + 31 - Math.clz32(low);
        for (let fi = 0; fi < nf; fi++) {
          upper[fi] = partial[fi][i] + rest[fi];
          partial[fi][i] = 0;
        }
        if (combine(upper) < theta) continue;
        const score = scoreDoc(base + i);
        if (score >= theta) {
          offer(base + i, score);
          theta = floor();
        }
      }
    }
  }
  return true;
}

/** Docs per window of the pruned top-k: its partial scores stay in the L1/L2 cache. */
const WINDOW = 4096;
const HIT_WORDS = WINDOW / 32;
// Window scratch reused by every top-k (each runs synchronously), all zero between uses: nothing
// passes from one search, or engine, to the next.
const windowPartials: Float64Array[] = [];
let windowHitMarks: Int32Array | null = null;
/** Per field, the window's partial scores (all zero between uses). */
function windowScratch(nFields: number): Float64Array[] {
  while (windowPartials.length < nFields) windowPartials.push(new Float64Array(WINDOW));
  return windowPartials;
}
/** The window's candidates, a bit per doc (all zero between uses). */
function windowHits(): Int32Array {
  return (windowHitMarks ??= new Int32Array(HIT_WORDS));
}

/**
 * The largest term frequency and the shortest field length (norm byte) in a posting list: its best
 * possible BM25 score is tf / (tf + norm) at those.
 */
export interface Impact {
  maxTf: number;
  minNorm: number;
}

/** A posting list's impact, computed on first use per segment and kept in the engine's caches. */
function impactOf(caches: QueryCaches, inv: InvertedField, start: number, end: number): Impact {
  let byList = caches.impacts.get(inv);
  if (!byList) caches.impacts.set(inv, (byList = new Map()));
  let imp = byList.get(start);
  if (!imp) {
    const { docs, freqs, norms } = inv;
    let maxTf = 1;
    let minNorm = 255;
    if (end - start >= WINDOW) {
      // A long list's windows are needed anyway by the pruned top-k: its bound is theirs.
      const w = windowImpactsOf(caches, inv, start, end);
      for (let i = 0; i < w.maxTf.length; i++) {
        if (w.maxTf[i] > maxTf) maxTf = w.maxTf[i];
        if (w.minNorm[i] < minNorm) minNorm = w.minNorm[i];
      }
    } else {
      for (let i = start; i < end; i++) {
        if (freqs![i] > maxTf) maxTf = freqs![i];
        if (norms![docs[i]] < minNorm) minNorm = norms![docs[i]];
      }
    }
    if (byList.size >= MAX_IMPACTS) byList.clear();
    byList.set(start, (imp = { maxTf, minNorm }));
  }
  return imp;
}
const MAX_IMPACTS = 4096;

/** Per window of WINDOW docs, a posting list's largest tf and shortest field (maxTf 0: no posting there). */
export interface WindowImpacts {
  maxTf: Uint16Array;
  minNorm: Uint8Array;
}
function windowImpactsOf(caches: QueryCaches, inv: InvertedField, start: number, end: number): WindowImpacts {
  let byList = caches.windowImpacts.get(inv);
  if (!byList) caches.windowImpacts.set(inv, (byList = new Map()));
  let imp = byList.get(start);
  if (!imp) {
    const { docs, freqs, norms } = inv;
    const windows = ((docs[end - 1] / WINDOW) | 0) + 1;
    imp = { maxTf: new Uint16Array(windows), minNorm: new Uint8Array(windows).fill(255) };
    for (let i = start; i < end; i++) {
      const d = docs[i];
      const w = (d / WINDOW) | 0;
      if (freqs![i] > imp.maxTf[w]) imp.maxTf[w] = freqs![i];
      if (norms![d] < imp.minNorm[w]) imp.minNorm[w] = norms![d];
    }
    if (byList.size >= MAX_IMPACTS) byList.clear();
    byList.set(start, imp);
  }
  return imp;
}
