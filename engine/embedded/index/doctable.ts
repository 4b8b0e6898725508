// Per-index table of every id ever written: its latest version (tombstones included) and where
// its visible copy lives. One Map from id to a slot plus typed-array columns, instead of an
// object per document (about 60 bytes per id instead of ~200).
import type { Segment } from './segment.ts';

const NOWHERE = -1;
/** Segment-local doc ids fit in 24 bits; the rest of the double holds the segment id. */
const DOC_BITS = 2 ** 24;

export class DocTable {
  private readonly slots = new Map<string, number>();
  private version = new Float64Array(1024);
  private deleted = new Uint8Array(1024);
  private where = new Float64Array(1024).fill(NOWHERE);
  private readonly segments = new Map<number, Segment>();

  get size(): number {
    return this.slots.size;
  }

  private slot(id: string): number {
    let s = this.slots.get(id);
    if (s === undefined) {
      s = this.slots.size;
      if (s >= this.version.length) {
        const n = this.version.length * 2;
        const v = new Float64Array(n);
        v.set(this.version);
        this.version = v;
        const d = new Uint8Array(n);
        d.set(this.deleted);
        this.deleted = d;
        const w = new Float64Array(n).fill(NOWHERE);
        w.set(this.where);
        this.where = w;
      }
      this.slots.set(id, s);
    }
    return s;
  }

  /** The slot of `id`, or -1 for an id never written (one lookup per write: see `record`). */
  slotOf(id: string): number {
    return this.slots.get(id) ?? -1;
  }

  versionAt(slot: number): number {
    return this.version[slot];
  }

  deletedAt(slot: number): boolean {
    return this.deleted[slot] === 1;
  }

  /** Records a write to `id`, whose slot `slotOf` gave (-1 creates it). */
  record(slot: number, id: string, version: number, deleted: boolean): void {
    const s = slot >= 0 ? slot : this.slot(id);
    this.version[s] = version;
    this.deleted[s] = deleted ? 1 : 0;
  }

  /** Latest version and whether it is a delete, or undefined for an unknown id. */
  versionOf(id: string): { version: number; deleted: boolean } | undefined {
    const s = this.slots.get(id);
    return s === undefined ? undefined : { version: this.version[s], deleted: this.deleted[s] === 1 };
  }

  setVersion(id: string, version: number, deleted: boolean): void {
    this.record(-1, id, version, deleted);
  }

  /** The visible copy of a doc, if any. */
  location(id: string): { seg: Segment; doc: number } | undefined {
    const s = this.slots.get(id);
    if (s === undefined || this.where[s] === NOWHERE) return undefined;
    const w = this.where[s];
    const seg = this.segments.get(Math.floor(w / DOC_BITS));
    return seg ? { seg, doc: w % DOC_BITS } : undefined;
  }

  setLocation(id: string, seg: Segment, doc: number): void {
    this.segments.set(seg.id, seg);
    // The slot first: creating it may grow the columns, and `this.where` must be read after that.
    const s = this.slot(id);
    this.where[s] = seg.id * DOC_BITS + doc;
  }

  clearLocation(id: string): void {
    const s = this.slots.get(id);
    if (s !== undefined) this.where[s] = NOWHERE;
  }

  /** Forgets segments that left the snapshot (their docs were moved or deleted). */
  retainSegments(live: Set<Segment>): void {
    for (const [id, seg] of this.segments) if (!live.has(seg)) this.segments.delete(id);
  }

  *entries(): Generator<[string, number, boolean]> {
    for (const [id, s] of this.slots) yield [id, this.version[s], this.deleted[s] === 1];
  }
}
