// A list of strings packed as UTF-8 in one byte array, with the end offset of each, instead of a
// JS string per entry: a million-doc index holds millions of dictionary terms, and as heap
// objects they made every major garbage collection walk them (tens of ms, in a query's path).
// Term dictionaries are sorted by code point, which is the order of their UTF-8 bytes, so lookups
// compare bytes without decoding (Lucene's term blocks do the same).
import { ByteBuffer, Growable } from './growable.ts';

const encoder = new TextEncoder();

export class PackedStrings {
  private readonly view: Buffer;
  constructor(
    readonly bytes: Uint8Array,
    /** ends[i] is where string i's bytes end; it starts where string i - 1 ends. */
    readonly ends: Uint32Array,
  ) {
    this.view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  static of(list: readonly string[]): PackedStrings {
    const b = new PackedBuilder();
    for (const s of list) b.push(s);
    return b.finish();
  }

  get length(): number {
    return this.ends.length;
  }

  start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1];
  }

  at(i: number): string {
    return this.view.toString('utf8', this.start(i), this.ends[i]);
  }

  /** At least the number of UTF-16 units of string i (its UTF-8 byte count). */
  bound(i: number): number {
    return this.ends[i] - this.start(i);
  }

  /** Decodes string i's UTF-8 into `out` as UTF-16 units (no string made); returns how many. */
  units(i: number, out: Uint16Array): number {
    const b = this.bytes;
    const e = this.ends[i];
    let n = 0;
    for (let k = this.start(i); k < e; ) {
      const x = b[k];
      if (x < 0x80) {
        out[n++] = x;
        k++;
      } else if (x < 0xe0) {
        out[n++] = ((x & 0x1f) << 6) | (b[k + 1] & 0x3f);
        k += 2;
      } else if (x < 0xf0) {
        out[n++] = ((x & 0x0f) << 12) | ((b[k + 1] & 0x3f) << 6) | (b[k + 2] & 0x3f);
        k += 3;
      } else {
        const cp = (((x & 0x07) << 18) | ((b[k + 1] & 0x3f) << 12) | ((b[k + 2] & 0x3f) << 6) | (b[k + 3] & 0x3f)) - 0x10000;
        out[n++] = 0xd800 + (cp >> 10);
        out[n++] = 0xdc00 + (cp & 0x3ff);
        k += 4;
      }
    }
    return n;
  }

  /** Index after the run of strings from i (before end) sharing the first `depth` UTF-16 units of string i, compared as bytes. */
  prefixEnd(i: number, depth: number, end: number): number {
    const b = this.bytes;
    const s = this.start(i);
    let k = s;
    let u = 0;
    while (u < depth) {
      const x = b[k];
      const len = x < 0x80 ? 1 : x < 0xe0 ? 2 : x < 0xf0 ? 3 : 4;
      u += len === 4 ? 2 : 1;
      k += len;
    }
    // A prefix that splits a surrogate pair has no byte prefix: compare decoded units instead.
    if (u > depth) {
      const p = this.at(i).slice(0, depth);
      return runEnd(i, end, (j) => this.at(j).startsWith(p));
    }
    const prefix = b.subarray(s, k);
    return runEnd(i, end, (j) => this.hasPrefix(j, prefix));
  }

  *[Symbol.iterator](): Generator<string> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  /** String i against the UTF-8 `key`: negative, zero or positive as it sorts before, equal or after. */
  compare(i: number, key: Uint8Array): number {
    const s = this.start(i);
    return compareBytes(this.bytes, s, this.ends[i] - s, key, 0, key.length);
  }

  /** Whether string i starts with the UTF-8 `prefix`. */
  hasPrefix(i: number, prefix: Uint8Array): boolean {
    const s = this.start(i);
    if (this.ends[i] - s < prefix.length) return false;
    for (let k = 0; k < prefix.length; k++) if (this.bytes[s + k] !== prefix[k]) return false;
    return true;
  }

  /** Sorted lists: the first index whose string is not below `key`. */
  lowerBound(key: string | Uint8Array): number {
    const k = typeof key === 'string' ? encoder.encode(key) : key;
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, k) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Sorted lists: the index of `key`, or undefined. */
  indexOf(key: string): number | undefined {
    const k = encoder.encode(key);
    const o = this.lowerBound(k);
    return o < this.length && this.compare(o, k) === 0 ? o : undefined;
  }

  /** Sorted lists: [from, to) of the strings starting with `prefix`, both by bisection. */
  prefixRange(prefix: string): [number, number] {
    const p = encoder.encode(prefix);
    // No UTF-8 byte is 0xFF: every string with the prefix sorts below prefix + 0xFF, every other one after it does not.
    const past = new Uint8Array(p.length + 1);
    past.set(p);
    past[p.length] = 0xff;
    return [this.lowerBound(p), this.lowerBound(past)];
  }
}

/** Index after the run of sorted items from i (before end) for which `shares` holds (galloping, then bisection). */
export function runEnd(i: number, end: number, shares: (j: number) => boolean): number {
  let lo = i + 1;
  let step = 1;
  let hi = lo;
  while (hi < end && shares(hi)) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > end) hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (shares(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** String i of `a` against string j of `b`, by bytes. */
export function comparePacked(a: PackedStrings, i: number, b: PackedStrings, j: number): number {
  const as = a.start(i);
  const bs = b.start(j);
  return compareBytes(a.bytes, as, a.ends[i] - as, b.bytes, bs, b.ends[j] - bs);
}

/** x[xs, xs + xn) against y[ys, ys + yn), unsigned bytes, shorter first on a shared prefix. */
function compareBytes(x: Uint8Array, xs: number, xn: number, y: Uint8Array, ys: number, yn: number): number {
  for (let k = 0, m = Math.min(xn, yn); k < m; k++) {
    const d = x[xs + k] - y[ys + k];
    if (d !== 0) return d;
  }
  return xn - yn;
}

export class PackedBuilder {
  private readonly bytes: ByteBuffer;
  private readonly ends: Growable<Uint32Array>;

  /** Capacities up front spare a merge the growth by doubling. */
  constructor(strings = 1024, bytes = 1 << 16) {
    this.bytes = new ByteBuffer(Math.max(bytes, 16));
    this.ends = new Growable(Uint32Array, Math.max(strings, 16));
  }

  get length(): number {
    return this.ends.length;
  }

  push(s: string): void {
    this.bytes.appendString(s);
    this.ends.push(this.bytes.length);
  }

  /** Appends string i of `from` without decoding it. */
  copy(from: PackedStrings, i: number): void {
    this.bytes.appendBytes(from.bytes.subarray(from.start(i), from.ends[i]));
    this.ends.push(this.bytes.length);
  }

  finish(): PackedStrings {
    return new PackedStrings(this.bytes.finish(), this.ends.finish());
  }
}

/**
 * a against b by code point, the order of their UTF-8 bytes. JS compares UTF-16 units, which
 * differs only where a surrogate (a character above U+FFFF) meets a unit in U+E000-U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}
const rank = (u: number) => (u < 0xd800 ? u : u < 0xe000 ? u + 0x2000 : u - 0x800);
const SURROGATE = /[\ud800-\udfff]/;

/** Indexes of `list` in code point order (the native sort unless a string has a surrogate). */
export function codePointOrder(list: readonly string[]): number[] {
  const order = list.map((_, i) => i);
  if (list.some((s) => SURROGATE.test(s))) return order.sort((a, b) => compareCodePoints(list[a], list[b]));
  return order.sort((a, b) => (list[a] < list[b] ? -1 : list[a] > list[b] ? 1 : 0));
}
