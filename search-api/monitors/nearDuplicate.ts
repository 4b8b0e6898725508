// Near-duplicate intel: the same story from two feeds (reworded a little, with other boilerplate) becomes one item.
// A 64-bit SimHash of the text's word pairs (lower case, punctuation dropped; the title's pairs weigh more; pairs,
// because a few changed words move fewer of them than of 3-shingles, and single words make unrelated stories close):
// similar texts differ in few bits. The database keeps the hash and its four 16-bit bands in indexed columns and asks
// for the items sharing a band (two hashes within NEAR_DISTANCE bits differ in at most that many bands, so they share
// one), then keeps those within NEAR_DISTANCE bits.
import { tokenHash } from '../../engine/embedded/analysis/analysis.ts';
import { words } from '../search/text.ts';

/** Bits two near-duplicates differ in at most. */
export const NEAR_DISTANCE = 3;
/** A title shingle counts as this many of the text's: the headline says what the story is. */
const TITLE_WEIGHT = 3;
const SHINGLE = 2;

/** The SimHash of a story, an unsigned 64-bit integer (BigInt.asIntN(64, h) for a bigint column). */
export function simhash(text: string, title = ''): bigint {
  const votes = new Int32Array(64);
  const vote = (ws: string[], weight: number) => {
    // A text shorter than a shingle is one shingle.
    const n = Math.max(1, ws.length - SHINGLE + 1);
    for (let i = 0; i < n && ws.length; i++) {
      const shingle = ws.slice(i, i + SHINGLE).join(' ');
      const h = tokenHash(shingle, 0, shingle.length);
      const lo = fmix32(h ^ 0x9e3779b9);
      const hi = fmix32(h ^ 0x85ebca6b);
      for (let bit = 0; bit < 32; bit++) {
        votes[bit] += (lo >>> bit) & 1 ? weight : -weight;
        votes[32 + bit] += (hi >>> bit) & 1 ? weight : -weight;
      }
    }
  };
  vote(words(title), TITLE_WEIGHT);
  vote(words(text), 1);
  let lo = 0;
  let hi = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (votes[bit] > 0) lo |= 1 << bit;
    if (votes[32 + bit] > 0) hi |= 1 << bit;
  }
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

/** Bits in which two hashes differ. */
export function hamming(a: bigint, b: bigint): number {
  const x = BigInt.asUintN(64, a ^ b);
  return popcount32(Number(x & 0xffffffffn)) + popcount32(Number(x >> 32n));
}

/** The four 16-bit bands of a hash, lowest bits first: the values the database indexes and looks candidates up by. */
export function bands(hash: bigint): [number, number, number, number] {
  const h = BigInt.asUintN(64, hash);
  return [Number(h & 0xffffn), Number((h >> 16n) & 0xffffn), Number((h >> 32n) & 0xffffn), Number((h >> 48n) & 0xffffn)];
}

export const isNearDuplicate = (a: bigint, b: bigint, maxDistance = NEAR_DISTANCE): boolean => hamming(a, b) <= maxDistance;

/** MurmurHash3's finalizer: spreads the bits of the engine's FNV-1a token hash over the whole word, so each bit of a shingle's hash is a fair vote. */
function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
