// Typo tolerance: bounded Damerau (optimal string alignment) edit distance over the sorted term
// dictionary, as Lucene's FuzzyQuery (transpositions on, max 50 expansions).
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

let rows = new Int32Array(0);

/** Index after the run of terms (from i) that start with terms[i].slice(0, depth). */
function skipPrefix(terms: string[], i: number, depth: number): number {
  const p = terms[i].slice(0, depth);
  let lo = i + 1;
  let step = 1;
  let hi = lo;
  while (hi < terms.length && terms[hi].startsWith(p)) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > terms.length) hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid].startsWith(p)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Dictionary terms within k edits of `term`, closest first, at most maxExpansions. Walks the sorted
 * dictionary as a trie (Lucene intersects an automaton with its term index to the same effect): the
 * table rows of a shared prefix are reused, and once a row exceeds k every term under that prefix
 * is skipped, so the cost follows the few prefixes near the term, not the dictionary's size.
 */
export function expandFuzzy(terms: string[], term: string, k: number, maxExpansions = 50): Expansion[] {
  const out: Expansion[] = [];
  const m = term.length;
  const w = m + 1;
  let prev = '';
  let valid = 0; // rows 0..valid are computed for prev's prefix
  if (rows.length < w) rows = new Int32Array(w * 64);
  for (let j = 0; j <= m; j++) rows[j] = j;
  let i = 0;
  while (i < terms.length) {
    const t = terms[i];
    let d = 0;
    const limit = Math.min(valid, t.length);
    while (d < limit && t.charCodeAt(d) === prev.charCodeAt(d)) d++;
    if ((t.length + 1) * w > rows.length) {
      const grown = new Int32Array((t.length + 1) * w * 2);
      grown.set(rows);
      rows = grown;
    }
    let pruned = 0;
    for (; d < t.length; d++) {
      const c = t.charCodeAt(d);
      const up = d * w;
      const at = up + w;
      rows[at] = d + 1;
      let rowMin = d + 1;
      for (let j = 1; j <= m; j++) {
        const q = term.charCodeAt(j - 1);
        let v = rows[up + j - 1] + (q === c ? 0 : 1);
        const del = rows[up + j] + 1;
        const ins = rows[at + j - 1] + 1;
        if (del < v) v = del;
        if (ins < v) v = ins;
        if (d > 0 && j > 1 && q === t.charCodeAt(d - 1) && term.charCodeAt(j - 2) === c) {
          const tr = rows[up - w + j - 2] + 1;
          if (tr < v) v = tr;
        }
        rows[at + j] = v;
        if (v < rowMin) rowMin = v;
      }
      if (rowMin > k) {
        pruned = d + 1;
        break;
      }
    }
    prev = t;
    if (pruned > 0) {
      valid = pruned - 1;
      i = skipPrefix(terms, i, pruned);
      continue;
    }
    valid = t.length;
    const dist = rows[t.length * w + m];
    if (dist <= k) out.push({ term: t, edits: dist });
    i++;
  }
  out.sort((a, b) => a.edits - b.edits || (a.term < b.term ? -1 : 1));
  return out.slice(0, maxExpansions);
}
