// Field lengths as Lucene's lossy one-byte norms (SmallFloat.intToByte4): one byte per doc and text
// field, written at index time and read by BM25 (query/bm25.ts), so scores track OpenSearch closely.

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

/** The field length each norm byte stands for. */
export const LENGTH_TABLE = new Float64Array(256);
for (let i = 0; i < 256; i++) LENGTH_TABLE[i] = i < NUM_FREE_VALUES ? i : NUM_FREE_VALUES + int4ToLong(i - NUM_FREE_VALUES);
