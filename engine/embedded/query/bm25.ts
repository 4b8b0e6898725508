// BM25 as Lucene 9 computes it (k1 1.2, b 0.75, no (k1+1) factor) over index-wide statistics, as a
// one-shard OpenSearch index scores, with field lengths read from the one-byte norms (index/norms.ts).
import { LENGTH_TABLE } from '../index/norms.ts';
import { termOrd, type SegmentView } from '../index/segment.ts';

const K1 = 1.2;
const B = 0.75;

export function idf(docFreq: number, docCount: number): number {
  return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
}

/** k1 * (1 - b + b * dl / avgdl) for each of the 256 norm bytes. */
export function normCache(avgdl: number): Float32Array {
  const c = new Float32Array(256);
  for (let i = 0; i < 256; i++) c[i] = K1 * (1 - B + (B * LENGTH_TABLE[i]) / avgdl);
  return c;
}

/** Index-wide term statistics over a snapshot's segments (deleted docs count, as in Lucene). */
export class Stats {
  private readonly fieldCache = new Map<string, { docCount: number; sumTTF: number; norms: Float32Array }>();
  constructor(readonly views: SegmentView[]) {}

  field(path: string): { docCount: number; sumTTF: number; norms: Float32Array } {
    let s = this.fieldCache.get(path);
    if (!s) {
      let docCount = 0;
      let sumTTF = 0;
      for (const v of this.views) {
        const inv = v.seg.inverted.get(path);
        if (inv) {
          docCount += inv.docCount;
          sumTTF += inv.sumTTF;
        }
      }
      const avgdl = docCount > 0 ? sumTTF / docCount : 1;
      s = { docCount, sumTTF, norms: normCache(avgdl) };
      this.fieldCache.set(path, s);
    }
    return s;
  }

  docFreq(path: string, term: string): number {
    let df = 0;
    for (const v of this.views) {
      const inv = v.seg.inverted.get(path);
      const o = inv && termOrd(inv, term);
      if (inv && o !== undefined) df += inv.start[o + 1] - inv.start[o];
    }
    return df;
  }
}

/**
 * Score of a `term` query on a keyword-like field: BM25 with tf 1 and no norms. `docFreq` defaults
 * to the term's own; cross_fields passes a blended one (cross-fields.ts).
 */
export function exactTermScore(stats: Stats, path: string, term: string, boost: number, docFreq = stats.docFreq(path, term)): number {
  const st = stats.field(path);
  const avgdl = st.docCount > 0 ? st.sumTTF / st.docCount : 1;
  const norm = K1 * (1 - B + (B * LENGTH_TABLE[1]) / avgdl);
  return (idf(docFreq, st.docCount) * boost) / (1 + norm);
}

/** Term frequencies below this are scored from a per-term table instead of a division. */
const TABLE_TF = 4;

/**
 * A term's BM25 score for each (tf, norm byte) pair with tf < TABLE_TF, at index tf << 8 | norm:
 * the same double the formula gives, read instead of divided for the most common postings.
 */
export function scoreTable(weight: number, norms: Float32Array): Float64Array {
  const t = new Float64Array(TABLE_TF << 8);
  for (let tf = 1; tf < TABLE_TF; tf++) for (let n = 0; n < 256; n++) t[(tf << 8) | n] = (weight * tf) / (tf + norms[n]);
  return t;
}

/** BM25 of one posting: from the term's table for common frequencies, else by the formula. */
export function postingScore(table: Float64Array, weight: number, norms: Float32Array, tf: number, normByte: number): number {
  return tf < TABLE_TF ? table[(tf << 8) | normByte] : (weight * tf) / (tf + norms[normByte]);
}
