// BM25 as Lucene 9 computes it (k1 1.2, b 0.75, no (k1+1) factor), with field lengths stored as
// Lucene's lossy one-byte norms (SmallFloat.intToByte4) so scores track OpenSearch closely.

export const K1 = 1.2;
export const B = 0.75;

function longToInt4(i: number): number {
  const numBits = 32 - Math.clz32(i);
  if (numBits < 4) return i;
  const shift = numBits - 4;
  return ((i >>> shift) & 0x07) | ((shift + 1) << 3);
}

function int4ToLong(i: number): number {
  const bits = i & 0x07;
  const shift = (i >>> 3) - 1;
  return shift === -1 ? bits : (bits | 0x08) * 2 ** shift;
}

const NUM_FREE_VALUES = 255 - longToInt4(0x7fffffff);

/** Encodes a field length (number of tokens) into one byte. */
export function lengthToNorm(len: number): number {
  if (len < NUM_FREE_VALUES) return len;
  return NUM_FREE_VALUES + longToInt4(len - NUM_FREE_VALUES);
}

export const LENGTH_TABLE = new Float64Array(256);
for (let i = 0; i < 256; i++) LENGTH_TABLE[i] = i < NUM_FREE_VALUES ? i : NUM_FREE_VALUES + int4ToLong(i - NUM_FREE_VALUES);

export function idf(docFreq: number, docCount: number): number {
  return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
}

/** k1 * (1 - b + b * dl / avgdl) for each of the 256 norm bytes. */
export function normCache(avgdl: number): Float32Array {
  const c = new Float32Array(256);
  for (let i = 0; i < 256; i++) c[i] = K1 * (1 - B + (B * LENGTH_TABLE[i]) / avgdl);
  return c;
}
