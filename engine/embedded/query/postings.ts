// Posting lists as query nodes read them: a term's doc ids, and (multi_match) one query term
// variant's postings in one field with what scores them.
import type { InvertedField } from '../index/segment.ts';

/** Term `ord`'s doc ids. */
export function postings(inv: InvertedField, ord: number): Uint32Array {
  return inv.docs.subarray(inv.start[ord], inv.start[ord + 1]);
}

/** One query term variant's postings in one field of a segment. */
export interface PostingList {
  /** Its field's index among the multi_match's field clauses. */
  field: number;
  /** Query term index + 1 within the field (variants of one term share it). */
  tag: number;
  /** Variants of this query term in the field (1: a doc appears at most once per term). */
  variants: number;
  /** The variant's BM25 weight, and its score table (see `scoreTable`). */
  weight: number;
  table: Float64Array;
  inv: InvertedField;
  start: number;
  end: number;
}

/** Postings in all the lists. */
export function postingCount(lists: PostingList[]): number {
  let n = 0;
  for (const l of lists) n += l.end - l.start;
  return n;
}
