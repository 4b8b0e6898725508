// Typo tolerance: bounded Damerau (optimal string alignment) edit distance over candidate terms of
// the sorted dictionary, as Lucene's FuzzyQuery (transpositions on, max 50 expansions).
import type { Fuzziness } from '../port.ts';

/** AUTO: 0 edits for 1-2 characters, 1 for 3-5, 2 above. */
export function maxEdits(fuzziness: Fuzziness | undefined, term: string): number {
  if (fuzziness === undefined) return 0;
  if (fuzziness === 'AUTO') {
    const n = [...term].length;
    return n <= 2 ? 0 : n <= 5 ? 1 : 2;
  }
  return Number(fuzziness);
}

const rowA = new Int32Array(258);
const rowB = new Int32Array(258);
const rowC = new Int32Array(258);

/**
 * The last row of the optimal-string-alignment table of `a` against the first `m` characters of
 * `b`, or null once every cell of a row exceeds k (no alignment can come back under it).
 */
function lastRow(a: string, b: string, m: number, k: number): Int32Array | null {
  const n = a.length;
  let prev2 = rowC;
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1] + (ca === cb ? 0 : 1);
      const del = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      if (del < v) v = del;
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        const t = prev2[j - 2] + 1;
        if (t < v) v = t;
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > k) return null;
    const tmp = prev2;
    prev2 = prev;
    prev = cur;
    cur = tmp;
  }
  return prev;
}

/** Edit distance if it is <= k, else k + 1 (stops early once every cell exceeds k). */
export function boundedDistance(a: string, b: string, k: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > k) return k + 1;
  if (n > 256 || m > 256) return k + 1;
  const row = lastRow(a, b, m, k);
  return row ? Math.min(row[m], k + 1) : k + 1;
}

/**
 * Smallest edit distance between `prefix` and any prefix of `text` (for fuzzy completion),
 * or k + 1 when above k.
 */
export function prefixDistance(prefix: string, text: string, k: number): number {
  const n = prefix.length;
  const m = Math.min(text.length, n + k);
  if (n > 256) return k + 1;
  const row = lastRow(prefix, text, m, k);
  if (!row) return k + 1;
  let best = k + 1;
  for (let j = 0; j <= m; j++) if (row[j] < best) best = row[j];
  return best;
}

export interface Expansion {
  term: string;
  edits: number;
}

// Pattern bitmasks by UTF-16 code unit, reset after each use.
const peq = new Int32Array(65536);

/**
 * Damerau (optimal string alignment) distance between a pattern of at most 31 code units and
 * each candidate, bit-parallel (Hyyrö 2003): one pass of ~15 word operations per candidate char.
 */
function osaDistance(m: number, text: string): number {
  const high = 1 << (m - 1);
  let pv = m === 32 ? -1 : (1 << m) - 1;
  let mv = 0;
  let score = m;
  let d0prev = 0;
  let pmPrev = 0;
  for (let j = 0; j < text.length; j++) {
    const pm = peq[text.charCodeAt(j)];
    const tr = (((~d0prev & pm) << 1) & pmPrev);
    const d0 = ((((pm & pv) + pv) ^ pv) | pm | mv | tr);
    let hp = mv | ~(d0 | pv);
    let hn = d0 & pv;
    if (hp & high) score++;
    else if (hn & high) score--;
    hp = (hp << 1) | 1;
    hn <<= 1;
    pv = hn | ~(d0 | hp);
    mv = hp & d0;
    d0prev = d0;
    pmPrev = pm;
  }
  return score;
}

const byLength = new WeakMap<string[], Map<number, number[]>>();
function lengthIndex(terms: string[]): Map<number, number[]> {
  let idx = byLength.get(terms);
  if (!idx) {
    idx = new Map();
    for (let i = 0; i < terms.length; i++) {
      const l = terms[i].length;
      let list = idx.get(l);
      if (!list) idx.set(l, (list = []));
      list.push(i);
    }
    byLength.set(terms, idx);
  }
  return idx;
}

/** Dictionary terms within k edits of `term`, closest first, at most maxExpansions. */
export function expandFuzzy(terms: string[], term: string, k: number, maxExpansions = 50): Expansion[] {
  const out: Expansion[] = [];
  const len = term.length;
  const idx = lengthIndex(terms);
  const bitParallel = len > 0 && len <= 31;
  if (bitParallel) for (let i = 0; i < len; i++) peq[term.charCodeAt(i)] |= 1 << i;
  try {
    for (let l = Math.max(0, len - k); l <= len + k; l++) {
      const list = idx.get(l);
      if (!list) continue;
      for (const i of list) {
        const t = terms[i];
        const d = bitParallel ? osaDistance(len, t) : boundedDistance(term, t, k);
        if (d <= k) out.push({ term: t, edits: d });
      }
    }
  } finally {
    if (bitParallel) for (let i = 0; i < len; i++) peq[term.charCodeAt(i)] = 0;
  }
  out.sort((a, b) => a.edits - b.edits || (a.term < b.term ? -1 : 1));
  return out.slice(0, maxExpansions);
}
