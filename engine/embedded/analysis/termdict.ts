// The terms one analyzer has produced in this thread, shared by every segment the thread builds.
// A bulk load's segments see the same vocabulary again and again: each one used to re-learn it (a
// string, a Map entry and an analysis per distinct token) and sort it. Here a raw token is analyzed
// once per thread, and a segment's dictionary is sorted from the ranks of terms already in order.
import { tokenHash, type Analyzer } from './analysis.ts';
import { compareCodePoints, codePointOrder } from '../index/packed.ts';

/** Raw tokens a dictionary holds before the next segment starts a fresh one (memory bound). */
export const MAX_DICTIONARY_TOKENS = 500_000;

const MISSING = -2;
/** Longer raw tokens (a keyword tokenizer's whole value) are analyzed each time rather than kept. */
const MAX_TOKEN = 0xffff;

/**
 * Raw token text → value without making the token's string: open addressing over [hash, entry]
 * slots, each entry one run of a Uint16Array (length, value, then the UTF-16 units), so a lookup
 * touches two cache lines: the slot and the entry.
 */
class TokenTable {
  private pool = new Uint16Array(1 << 16);
  private poolLen = 0;
  private n = 0;
  /** Slot i is [hash, entry offset + 1] at 2i, 2i + 1; 0 marks it empty. */
  private slots = new Int32Array(2 << 12);
  private mask = (1 << 12) - 1;
  private lastHash = 0;

  get size(): number {
    return this.n;
  }

  /** The value of text[s, e) (whose tokenHash is `h`), or MISSING (then `add` may follow for the same token). */
  get(text: string, s: number, e: number, h: number): number {
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    const len = e - s;
    const { slots, mask, pool } = this;
    let slot = h & mask;
    for (;;) {
      const at = slots[2 * slot + 1];
      if (at === 0) {
        this.lastHash = h;
        return MISSING;
      }
      if (slots[2 * slot] === h && pool[at - 1] === len) {
        const st = at + 2;
        let i = 0;
        while (i < len && pool[st + i] === text.charCodeAt(s + i)) i++;
        if (i === len) return (pool[at] | (pool[at + 1] << 16)) - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Adds text[s, e) (at most MAX_TOKEN units) with `value` (≥ -1) right after a `get` of the same token returned MISSING. */
  add(text: string, s: number, e: number, value: number): void {
    const len = e - s;
    const need = this.poolLen + len + 3;
    if (need > this.pool.length) {
      const p = new Uint16Array(Math.max(this.pool.length * 2, need));
      p.set(this.pool.subarray(0, this.poolLen));
      this.pool = p;
    }
    const at = this.poolLen;
    const v = value + 1;
    this.pool[at] = len;
    this.pool[at + 1] = v & 0xffff;
    this.pool[at + 2] = v >>> 16;
    for (let i = 0; i < len; i++) this.pool[at + 3 + i] = text.charCodeAt(s + i);
    this.poolLen = need;
    this.n++;
    if (this.n * 2 > this.slots.length / 2) {
      const old = this.slots;
      this.slots = new Int32Array(old.length * 2);
      this.mask = this.slots.length / 2 - 1;
      for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== 0) this.place(old[i], old[i + 1]);
    }
    this.place(this.lastHash, at + 1);
  }

  private place(hash: number, entry: number): void {
    let slot = hash & this.mask;
    while (this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & this.mask;
    this.slots[2 * slot] = hash;
    this.slots[2 * slot + 1] = entry;
  }
}

export class TermDictionary {
  /** The term of each id, in order of first appearance. */
  readonly terms: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly raw = new TokenTable();
  /** Ids in code point order of their terms, as of the last `sortedIds`. */
  private sorted = new Uint32Array(0);

  constructor(private readonly analyzer: Analyzer) {}

  get rawTokens(): number {
    return this.raw.size;
  }

  /** The term id of raw token text[s, e), or -1 when the analyzer drops it. */
  id(text: string, s: number, e: number, hash = tokenHash(text, s, e)): number {
    if (e - s > MAX_TOKEN) return this.termId(this.analyzer.filter(text.slice(s, e)));
    const known = this.raw.get(text, s, e, hash);
    if (known !== MISSING) return known;
    const id = this.termId(this.analyzer.filter(text.slice(s, e)));
    this.raw.add(text, s, e, id);
    return id;
  }

  private termId(term: string | null): number {
    if (term === null) return -1;
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.ids.set(term, id);
    }
    return id;
  }

  /** Ids in code point order of their terms; ids added since the last call are merged in. */
  sortedIds(): Uint32Array {
    const done = this.sorted.length;
    const n = this.terms.length;
    if (done === n) return this.sorted;
    const terms = this.terms;
    const added = codePointOrder(terms.slice(done));
    const prev = this.sorted;
    const next = new Uint32Array(n);
    let i = 0;
    let j = 0;
    for (let k = 0; k < n; k++) {
      const takePrev = j === added.length || (i < done && compareCodePoints(terms[prev[i]], terms[done + added[j]]) < 0);
      next[k] = takePrev ? prev[i++] : done + added[j++];
    }
    return (this.sorted = next);
  }
}

const dictionaries = new WeakMap<Analyzer, TermDictionary>();

/**
 * The dictionary of `analyzer` for a segment about to be built. One grown past the bound is left to
 * the segments still using it and a fresh one starts, so memory stays bounded on vocabularies that
 * never stop growing (ids, numbers, URLs).
 */
export function dictionaryFor(analyzer: Analyzer): TermDictionary {
  let d = dictionaries.get(analyzer);
  if (!d || d.rawTokens > MAX_DICTIONARY_TOKENS) dictionaries.set(analyzer, (d = new TermDictionary(analyzer)));
  return d;
}
