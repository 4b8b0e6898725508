// Maps raw token text to an id without allocating the token string: an open-addressing hash table
// whose keys are UTF-16 code units in one pooled Uint16Array. The indexing hot path costs one
// hash and one compare per token; only unseen tokens are sliced and analyzed.

export const MISSING = -2;

export class TokenTable {
  private pool = new Uint16Array(1 << 16);
  private poolLen = 0;
  private kStart = new Int32Array(1024);
  private kLen = new Int32Array(1024);
  private kHash = new Int32Array(1024);
  private kVal = new Int32Array(1024);
  private n = 0;
  private slots = new Int32Array(1 << 12).fill(-1);
  private mask = (1 << 12) - 1;
  private lastHash = 0;

  get size(): number {
    return this.n;
  }

  /** The value of text[s, e), or MISSING (then `add` may follow for the same token). */
  get(text: string, s: number, e: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = s; i < e; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    const len = e - s;
    const { slots, mask, kHash, kLen, kStart, pool } = this;
    let slot = h & mask;
    for (;;) {
      const k = slots[slot];
      if (k < 0) {
        this.lastHash = h;
        return MISSING;
      }
      if (kHash[k] === h && kLen[k] === len) {
        const st = kStart[k];
        let i = 0;
        while (i < len && pool[st + i] === text.charCodeAt(s + i)) i++;
        if (i === len) return this.kVal[k];
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Adds text[s, e) right after a `get` of the same token returned MISSING. */
  add(text: string, s: number, e: number, value: number): void {
    const len = e - s;
    if (this.poolLen + len > this.pool.length) {
      const p = new Uint16Array(Math.max(this.pool.length * 2, this.poolLen + len));
      p.set(this.pool);
      this.pool = p;
    }
    for (let i = 0; i < len; i++) this.pool[this.poolLen + i] = text.charCodeAt(s + i);
    const k = this.n++;
    if (k >= this.kStart.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.kStart = grow(this.kStart);
      this.kLen = grow(this.kLen);
      this.kHash = grow(this.kHash);
      this.kVal = grow(this.kVal);
    }
    this.kStart[k] = this.poolLen;
    this.kLen[k] = len;
    this.kHash[k] = this.lastHash;
    this.kVal[k] = value;
    this.poolLen += len;
    if (this.n * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2).fill(-1);
      this.mask = this.slots.length - 1;
      for (let j = 0; j < this.n; j++) this.place(j);
    } else this.place(k);
  }

  private place(k: number): void {
    let slot = this.kHash[k] & this.mask;
    while (this.slots[slot] >= 0) slot = (slot + 1) & this.mask;
    this.slots[slot] = k;
  }
}
