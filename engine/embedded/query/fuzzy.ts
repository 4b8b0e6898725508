// Typo tolerance: bounded Damerau (optimal string alignment) edit distance over the sorted term
// dictionary, as Lucene's FuzzyQuery (transpositions on, max 50 expansions).
import type { Fuzziness } from '../../port.ts';

/** AUTO: 0 edits for 1-2 characters, 1 for 3-5, 2 above. */
export function maxEdits(fuzziness: Fuzziness | undefined, term: string): number {
  if (fuzziness === undefined) return 0;
  if (fuzziness === 'AUTO') {
    const n = [...term].length;
    return n <= 2 ? 0 : n <= 5 ? 1 : 2;
  }
  return Number(fuzziness);
}

export interface Expansion {
  term: string;
  edits: number;
}

/**
 * Sorted terms as the walk reads them: UTF-16 units copied into a scratch array, so a packed
 * dictionary is walked without making a string per term.
 */
export interface SortedTerms {
  readonly length: number;
  at(i: number): string;
  /** At least the number of UTF-16 units of term i. */
  bound(i: number): number;
  /** Writes term i's UTF-16 units into `out` from 0; returns how many. */
  units(i: number, out: Uint16Array): number;
  /** Index after the run of terms from i (before end) that share the first `depth` UTF-16 units of term i. */
  prefixEnd(i: number, depth: number, end: number): number;
}

// Scratch of the walk, which runs synchronously and writes each row before reading it: nothing
// passes from one call, or engine, to the next.
let rows = new Int32Array(0);
let bestAt = new Int32Array(0);
let cur = new Uint16Array(64);
let prev = new Uint16Array(64);

/** The units of term i in `cur` (grown to fit). */
function load(terms: SortedTerms, i: number): number {
  const need = terms.bound(i);
  if (cur.length < need) cur = new Uint16Array(need * 2);
  return terms.units(i, cur);
}

/**
 * Walks sorted terms [from, to) as a trie against `query` (Lucene intersects an automaton with its
 * term index to the same effect): the table rows of a shared prefix are reused, and once a row
 * exceeds k every term under that prefix is settled at once, so the cost follows the prefixes
 * near the query, not the dictionary's size. `visit(i, edits)` gets each term within k edits: of
 * the whole query against the whole term, or with `prefix`, against the term's closest prefix.
 */
function walk(terms: SortedTerms, from: number, to: number, query: string, k: number, prefix: boolean, visit: (i: number, edits: number) => void): void {
  const m = query.length;
  const w = m + 1;
  if (rows.length < w * 2) rows = new Int32Array(w * 64);
  for (let j = 0; j <= m; j++) rows[j] = j;
  if (bestAt.length < 1) bestAt = new Int32Array(64);
  bestAt[0] = m;
  let valid = 0; // rows 0..valid are computed for the previous term's prefix (in prev)
  let i = from;
  while (i < to) {
    const tLen = load(terms, i);
    const t = cur;
    let d = 0;
    const limit = Math.min(valid, tLen);
    while (d < limit && t[d] === prev[d]) d++;
    if ((tLen + 1) * w > rows.length) {
      const grown = new Int32Array((tLen + 1) * w * 2);
      grown.set(rows);
      rows = grown;
    }
    if (tLen + 1 > bestAt.length) {
      const grown = new Int32Array((tLen + 1) * 2);
      grown.set(bestAt);
      bestAt = grown;
    }
    let pruned = 0;
    for (; d < tLen; d++) {
      const c = t[d];
      const up = d * w;
      const at = up + w;
      rows[at] = d + 1;
      let rowMin = d + 1;
      for (let j = 1; j <= m; j++) {
        const q = query.charCodeAt(j - 1);
        let v = rows[up + j - 1] + (q === c ? 0 : 1);
        const del = rows[up + j] + 1;
        const ins = rows[at + j - 1] + 1;
        if (del < v) v = del;
        if (ins < v) v = ins;
        if (d > 0 && j > 1 && q === t[d - 1] && query.charCodeAt(j - 2) === c) {
          const tr = rows[up - w + j - 2] + 1;
          if (tr < v) v = tr;
        }
        rows[at + j] = v;
        if (v < rowMin) rowMin = v;
      }
      bestAt[d + 1] = Math.min(bestAt[d], rows[at + m]);
      // No longer term can come back under k (a transposition never beats the row above it).
      if (rowMin > k) {
        pruned = d + 1;
        break;
      }
    }
    // The current term becomes the previous one (swap, no copy).
    cur = prev;
    prev = t;
    if (pruned > 0) {
      valid = pruned - 1;
      const end = terms.prefixEnd(i, pruned, to);
      if (prefix && bestAt[pruned] <= k) for (let x = i; x < end; x++) visit(x, bestAt[pruned]);
      i = end;
      continue;
    }
    valid = tLen;
    const edits = prefix ? bestAt[tLen] : rows[tLen * w + m];
    if (edits <= k) visit(i, edits);
    i++;
  }
}

/** Dictionary terms within k edits of `term`, closest first, at most maxExpansions. */
export function expandFuzzy(terms: SortedTerms, term: string, k: number, maxExpansions = 50, prefixLength = 0): Expansion[] {
  const out: Expansion[] = [];
  // A kept prefix narrows the walk to the terms that start with it (edits count in the rest only).
  const head = term.slice(0, prefixLength);
  const from = head ? lowerBound(terms, head) : 0;
  const to = head ? lowerBound(terms, head, true) : terms.length;
  walk(terms, from, to, term, k, false, (i, edits) => out.push({ term: terms.at(i), edits }));
  out.sort((a, b) => a.edits - b.edits || (a.term < b.term ? -1 : 1));
  return out.slice(0, maxExpansions);
}

/** The first index whose term is not below `head` (`past`: that does not start with it or sort below it). */
function lowerBound(terms: SortedTerms, head: string, past = false): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = terms.at(mid);
    if (t < head || (past && t.startsWith(head))) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorted keys in [from, to) with a prefix within k edits of `prefix` (fuzzy completion), in key order. */
export function fuzzyPrefixMatches(keys: SortedTerms, from: number, to: number, prefix: string, k: number, visit: (i: number, edits: number) => void): void {
  walk(keys, from, to, prefix, k, true, visit);
}
