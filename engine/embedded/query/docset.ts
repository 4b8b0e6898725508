// Sets of matching docs within a segment: ascending doc ids with optional scores.
// Boolean algebra is done by merging sorted arrays, or with a dense accumulator (a bitmap plus a
// score array over the segment) when the inputs are large relative to the segment.

export interface DocSet {
  docs: Uint32Array;
  /** Parallel to docs; null in filter context. */
  scores: Float32Array | null;
}

export const EMPTY: DocSet = { docs: new Uint32Array(0), scores: null };

// Doc ids 0..n-1 for every segment from one array, grown as needed. Never written once filled, so
// sharing it across engines carries no state.
let iota = new Uint32Array(0);
export function iotaOf(n: number): Uint32Array {
  if (iota.length < n) {
    iota = new Uint32Array(Math.max(n, iota.length * 2));
    for (let i = 0; i < iota.length; i++) iota[i] = i;
  }
  return iota.subarray(0, n);
}

/** Smallest index i in [from, end) with arr[i] >= target, or end (galloping then binary search). */
export function gallop(arr: Uint32Array, from: number, target: number, end = arr.length): number {
  let step = 1;
  let lo = from;
  let hi = from;
  const n = end;
  while (hi < n && arr[hi] < target) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > n) hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Docs in both; scores add (a filter side contributes nothing). */
export function intersect(a: DocSet, b: DocSet, scoring: boolean): DocSet {
  if (a.docs.length > b.docs.length) [a, b] = [b, a];
  const out = new Uint32Array(a.docs.length);
  const sc = scoring && (a.scores || b.scores) ? new Float32Array(a.docs.length) : null;
  let n = 0;
  let j = 0;
  const ad = a.docs;
  const bd = b.docs;
  for (let i = 0; i < ad.length && j < bd.length; i++) {
    const d = ad[i];
    if (bd[j] < d) j = gallop(bd, j, d);
    if (j < bd.length && bd[j] === d) {
      out[n] = d;
      if (sc) sc[n] = (a.scores ? a.scores[i] : 0) + (b.scores ? b.scores[j] : 0);
      n++;
      j++;
    }
  }
  return { docs: out.subarray(0, n), scores: sc ? sc.subarray(0, n) : null };
}

/** Docs of a not in b (scores of a kept). */
export function subtract(a: DocSet, b: DocSet): DocSet {
  if (b.docs.length === 0 || a.docs.length === 0) return a;
  const out = new Uint32Array(a.docs.length);
  const sc = a.scores ? new Float32Array(a.docs.length) : null;
  let n = 0;
  let j = 0;
  const bd = b.docs;
  for (let i = 0; i < a.docs.length; i++) {
    const d = a.docs[i];
    if (j < bd.length && bd[j] < d) j = gallop(bd, j, d);
    if (j < bd.length && bd[j] === d) continue;
    out[n] = d;
    if (sc) sc[n] = a.scores![i];
    n++;
  }
  return { docs: out.subarray(0, n), scores: sc ? sc.subarray(0, n) : null };
}

export type Combine = 'sum' | 'max';

interface Scratch {
  counts: Uint8Array;
  sum: Float32Array;
  max: Float32Array;
}

// Dense accumulators reused across unions (evaluation is synchronous), sized for the largest
// segment seen; only the entries a union touched are cleared afterwards, so they are all zero
// between unions and carry nothing from one engine's query to another's.
let shared: Scratch = { counts: new Uint8Array(0), sum: new Float32Array(0), max: new Float32Array(0) };
function scratch(maxDoc: number): Scratch {
  if (shared.counts.length < maxDoc) shared = { counts: new Uint8Array(maxDoc), sum: new Float32Array(maxDoc), max: new Float32Array(maxDoc) };
  return shared;
}

/**
 * Union of sets keeping docs matched by at least `minMatch` of them. Scores combine by sum, or
 * by max plus tieBreaker times the others (dis_max).
 */
export function union(sets: DocSet[], maxDoc: number, minMatch: number, scoring: boolean, combine: Combine = 'sum', tieBreaker = 0): DocSet {
  const live = sets.filter((s) => s.docs.length > 0);
  if (live.length < minMatch || live.length === 0) return EMPTY;
  if (live.length === 1 && minMatch <= 1) return scoring ? live[0] : { docs: live[0].docs, scores: null };
  let total = 0;
  for (const s of live) total += s.docs.length;
  const { counts, sum, max } = scratch(maxDoc);
  const useMax = scoring && combine === 'max';
  for (const s of live) {
    const docs = s.docs;
    const scores = s.scores;
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i];
      counts[d]++;
      if (scoring && scores) {
        const x = scores[i];
        sum[d] += x;
        if (useMax && x > max[d]) max[d] = x;
      }
    }
  }
  const need = Math.max(1, minMatch);
  if (total * 8 >= maxDoc) {
    // Dense: one sweep over the segment emits docs and scores, then memset clears the scratch.
    const cap = Math.min(total, maxDoc);
    const docs = new Uint32Array(cap);
    const scores = scoring ? new Float32Array(cap) : null;
    let n = 0;
    for (let d = 0; d < maxDoc; d++) {
      if (counts[d] >= need) {
        docs[n] = d;
        if (scores) scores[n] = useMax ? max[d] + tieBreaker * (sum[d] - max[d]) : sum[d];
        n++;
      }
    }
    counts.fill(0, 0, maxDoc);
    if (scoring) sum.fill(0, 0, maxDoc);
    if (useMax) max.fill(0, 0, maxDoc);
    return { docs: docs.subarray(0, n), scores: scores ? scores.subarray(0, n) : null };
  }
  // Sparse: collect the distinct qualifying docs, sort them, then read scores and clear.
  const tmp = new Uint32Array(total);
  let n = 0;
  for (const s of live) {
    for (let i = 0; i < s.docs.length; i++) {
      const d = s.docs[i];
      if (counts[d] >= need) {
        tmp[n++] = d;
        counts[d] = 0; // emit once
      }
    }
  }
  const docs = tmp.subarray(0, n).sort();
  let scores: Float32Array | null = null;
  if (scoring) {
    scores = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const d = docs[i];
      scores[i] = useMax ? max[d] + tieBreaker * (sum[d] - max[d]) : sum[d];
    }
  }
  for (const s of live) {
    const ds = s.docs;
    for (let i = 0; i < ds.length; i++) {
      const d = ds[i];
      counts[d] = 0;
      sum[d] = 0;
      max[d] = 0;
    }
  }
  return { docs, scores };
}

// Match sets are never modified once built, and cached ones come back as the same array: a set's
// membership mask (one byte per doc) is built once and kept with it (and collected with it): it is
// part of the set, not state an engine keeps.
const masks = new WeakMap<Uint32Array, Uint8Array>();
export function maskOf(docs: Uint32Array, maxDoc: number): Uint8Array {
  let mask = masks.get(docs);
  if (!mask) {
    mask = new Uint8Array(maxDoc);
    for (let i = 0; i < docs.length; i++) mask[docs[i]] = 1;
    masks.set(docs, mask);
  }
  return mask;
}

/** Keeps docs whose mask byte is 1. */
export function applyMask(s: DocSet, mask: Uint8Array): DocSet {
  const out = new Uint32Array(s.docs.length);
  const sc = s.scores ? new Float32Array(s.docs.length) : null;
  let n = 0;
  // Branch-free: every doc is written and the count advances by its mask byte (0 or 1).
  if (sc) {
    const scores = s.scores!;
    for (let i = 0; i < s.docs.length; i++) {
      const d = s.docs[i];
      out[n] = d;
      sc[n] = scores[i];
      n += mask[d];
    }
  } else {
    for (let i = 0; i < s.docs.length; i++) {
      const d = s.docs[i];
      out[n] = d;
      n += mask[d];
    }
  }
  return { docs: out.subarray(0, n), scores: sc ? sc.subarray(0, n) : null };
}

/** The docs a bool's filters pass (`SegmentView.within`), when it set them; else all of them. */
export function keepWithin(docs: Uint32Array, within: Uint8Array | undefined): Uint32Array {
  return within ? applyMask({ docs, scores: null }, within).docs : docs;
}

export function scale(s: DocSet, boost: number): DocSet {
  if (!s.scores || boost === 1) return s;
  const out = new Float32Array(s.scores.length);
  for (let i = 0; i < out.length; i++) out[i] = s.scores[i] * boost;
  return { docs: s.docs, scores: out };
}

export function constantScore(s: DocSet, score: number): DocSet {
  return { docs: s.docs, scores: new Float32Array(s.docs.length).fill(score) };
}

/** Keeps docs marked live (one byte per doc; null means no deletions). */
export function filterLive(s: DocSet, live: Uint8Array | null): DocSet {
  return live ? applyMask(s, live) : s;
}
