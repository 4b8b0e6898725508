// A small seeded PRNG (sfc32 seeded through splitmix32) and the helpers the seeders draw from.
// Same seed → same sequence on every machine and Node version; nothing here reads the clock.

const DAY_MS = 86_400_000;

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Hashes a string to a 32-bit seed (FNV-1a), so seeds can be named: new Rng(seedOf('intel')). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    const mix = splitmix32(typeof seed === 'string' ? seedOf(seed) : seed);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** A child generator whose sequence depends only on this one's seed and the label. */
  fork(label: string): Rng {
    return new Rng((this.nextUint32() ^ seedOf(label)) >>> 0);
  }

  nextUint32(): number {
    // sfc32
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4_294_967_296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: weighted([['a', 3], ['b', 1]]) returns 'a' three times as often as 'b'. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** k distinct items, in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(k, items.length)));
  }

  /** k distinct items, keeping their original order (for ordered lists such as card templates). */
  sampleInOrder<T>(items: readonly T[], k: number): T[] {
    const chosen = new Set(this.sample(items.map((_, i) => i), k));
    return items.filter((_, i) => chosen.has(i));
  }

  /** A moment uniformly within the last `days` days before `now`. */
  dateWithinDays(now: Date, days: number): Date {
    return new Date(now.getTime() - Math.floor(this.next() * days * DAY_MS));
  }

  /**
   * A moment within the last `days` days, denser towards `now`: the age is days × u^skew,
   * so skew 1 is uniform and larger values pile up recent moments.
   */
  recentDate(now: Date, days: number, skew = 1.6): Date {
    return new Date(now.getTime() - Math.floor(Math.pow(this.next(), skew) * days * DAY_MS));
  }

  /** A moment between `from` and `to` (to defaults to from when earlier). */
  between(from: Date, to: Date): Date {
    const a = from.getTime();
    const b = Math.max(a, to.getTime());
    return new Date(a + Math.floor(this.next() * (b - a)));
  }
}

export const DAY = DAY_MS;

/** Splits a list into chunks of at most `size` items. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Lower-case, hyphenated, ascii-only slug for URLs. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Replaces {key} placeholders; unknown keys are left as they are. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}

/** Picks from a fixed list by weight (negative weights count as none), in O(log n). */
export class Picker<T> {
  private readonly cum: number[] = [];
  constructor(readonly items: readonly T[], weights: readonly number[]) {
    let total = 0;
    for (const w of weights) this.cum.push((total += Math.max(0, w)));
  }
  get empty() {
    return this.items.length === 0 || this.cum[this.cum.length - 1] <= 0;
  }
  pick(rng: Rng): T {
    const r = rng.next() * this.cum[this.cum.length - 1];
    let lo = 0;
    let hi = this.cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cum[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}
