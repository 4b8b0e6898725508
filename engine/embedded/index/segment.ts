// An immutable segment: per-field postings (sorted term dictionary, doc ids, term freqs, norms),
// doc-value columns (ordinals for keyword/number/boolean, float64 for numbers and dates),
// completion entries, and the stored sources as UTF-8 bytes decoded only for returned hits.
// Built by segment-builder.ts, rewritten by merge.ts.
import { sourceJson, type StoredSources } from '../storage/sources.ts';
import type { PackedStrings } from './packed.ts';
import type { SchemaField } from './schema.ts';

export interface InvertedField {
  /** Sorted terms (by code point); a term's ordinal is its index (see termOrd). */
  terms: PackedStrings;
  /** Postings of term t are docs[start[t] .. start[t+1]). */
  start: Uint32Array;
  docs: Uint32Array;
  /** Term frequencies (text fields only; capped at 65535). */
  freqs: Uint16Array | null;
  /** One-byte encoded field length per doc (text only); 0 when the doc has no tokens. */
  norms: Uint8Array | null;
  /** Docs having the field, and the sum of term frequencies (BM25 statistics). */
  docCount: number;
  sumTTF: number;
  /** Per-doc ordinals (keyword, number, boolean; null when no doc has the field): ords[dvStart[d] .. dvStart[d+1]), ascending. */
  dvStart: Uint32Array | null;
  dvOrds: Uint32Array | null;
}

export interface NumericColumn {
  /** Smallest and largest value per doc; NaN when the doc has none. */
  min: Float64Array;
  max: Float64Array;
  /** All values, only when some doc has several (values[start[d] .. start[d+1])). */
  multiStart: Uint32Array | null;
  multiValues: Float64Array | null;
}

/** A completion field's entries, packed as bytes rather than held as millions of heap strings. */
export interface CompletionField {
  /** Analyzed inputs (tokens joined by \u001f), sorted by code point (then doc). */
  keys: PackedStrings;
  /** The original input text of each entry. */
  texts: PackedStrings;
  docs: Uint32Array;
  weights: Float64Array;
  /** Entry i's context values (`name\u0000value`) are contextValues[contextStarts[i] .. contextStarts[i + 1]). */
  contextStarts: Uint32Array;
  contextValues: PackedStrings;
}

export interface Segment {
  id: number;
  maxDoc: number;
  ids: string[];
  versions: Float64Array;
  /** Stored sources: each doc's JSON. */
  source: StoredSources;
  inverted: Map<string, InvertedField>;
  numeric: Map<string, NumericColumn>;
  completion: Map<string, CompletionField>;
  /**
   * Shared memory holding this segment alone in the snapshot encoding, for a segment a build thread
   * made: a merge on a thread reads the segment there rather than from a copy.
   */
  image?: SharedArrayBuffer;
}

/** A segment as one snapshot of its index sees it: with the deletions published so far. */
export interface SegmentView {
  seg: Segment;
  /** One byte per doc (1 = live); null when the segment has no deletions. */
  live: Uint8Array | null;
  liveCount: number;
  /**
   * Set by a bool for its scoring clauses when its filters pass few docs (one byte per doc, 1 = passes): a node
   * may then leave the other docs out of what it returns, as the bool drops them anyway. Results must stay exact
   * for the docs it marks, and nothing computed under it may be cached for the segment.
   */
  within?: Uint8Array;
}

export function readSource(seg: Segment, doc: number): Record<string, unknown> {
  return JSON.parse(sourceJson(seg.source, doc)) as Record<string, unknown>;
}

/**
 * The ordinal of a term in a field's dictionary, found by binary search: a hash map per field and
 * segment would hold millions of entries on the heap for a few lookups per query.
 */
export function termOrd(inv: InvertedField, term: string): number | undefined {
  return inv.terms.indexOf(term);
}

let nextSegmentId = 1;
export function newSegmentId(): number {
  return nextSegmentId++;
}
export function bumpSegmentId(seen: number): void {
  if (seen >= nextSegmentId) nextSegmentId = seen + 1;
}

/** Canonical term of a keyword/number/boolean value, or null when it is not indexable. */
export function exactTerm(f: SchemaField, v: unknown): string | null {
  switch (f.kind) {
    case 'keyword': {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return null;
      const s = String(v);
      if (f.ignoreAbove !== undefined && s.length > f.ignoreAbove) return null;
      return f.normalize ? f.normalize(s) : s;
    }
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (!Number.isFinite(n)) return null;
      return String(f.integer ? Math.trunc(n) : n);
    }
    case 'boolean':
      if (v === true || v === 'true') return 'true';
      if (v === false || v === 'false') return 'false';
      return null;
    default:
      return null;
  }
}

/** Entry i's context values, or null when it has none. */
export function completionContexts(c: CompletionField, i: number): string[] | null {
  const from = c.contextStarts[i];
  const to = c.contextStarts[i + 1];
  if (from === to) return null;
  const out: string[] = [];
  for (let j = from; j < to; j++) out.push(c.contextValues.at(j));
  return out;
}
