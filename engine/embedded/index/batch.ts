// The writes an index has taken since its last refresh, kept as rows rather than an object per
// write: a bulk load holds tens of thousands of them at once, and objects that live that long are
// copied by every young-generation collection until they are promoted.
import { ByteBuffer, Growable } from './growable.ts';

/**
 * A refresh's writes in arrival order: one row per write (id, version, where its JSON ends). An
 * upsert's JSON is kept as UTF-8 in one log: off the JS heap, a copy the caller can no longer
 * change, and the form a build thread takes (a chunk of docs is one range of the log).
 */
export class Batch {
  private readonly log: ByteBuffer;
  private readonly ids: string[] = [];
  private readonly versions = new Growable(Float64Array);
  /** Row r's JSON is log[ends[r - 1], ends[r]) (from 0 for row 0); empty for a delete. */
  private readonly ends = new Growable(Uint32Array);
  /** Each id's latest row: a later write to an id in the same batch replaces the earlier one. */
  private readonly latest = new Map<string, number>();

  /** `capacity`: log bytes to start with (a bulk load's batches are alike: the last one's size). */
  constructor(capacity = 1 << 16) {
    this.log = new ByteBuffer(capacity);
  }

  /** Ids written (each once). */
  get size(): number {
    return this.latest.size;
  }

  get bytes(): number {
    return this.log.length;
  }

  upsert(id: string, version: number, json: string): void {
    this.log.appendString(json);
    this.push(id, version);
  }

  delete(id: string, version: number): void {
    this.push(id, version);
  }

  private push(id: string, version: number): void {
    this.latest.set(id, this.ids.length);
    this.ids.push(id);
    this.versions.push(version);
    this.ends.push(this.log.length);
  }

  /** The latest write to `id`: undefined when there is none, `json` null for a delete. */
  find(id: string): { version: number; json: Uint8Array | null } | undefined {
    const r = this.latest.get(id);
    if (r === undefined) return undefined;
    const from = this.start(r);
    const to = this.ends.data[r];
    return { version: this.versions.data[r], json: from === to ? null : this.log.data.subarray(from, to) };
  }

  /** Every id written. */
  written(): IterableIterator<string> {
    return this.latest.keys();
  }

  /** The documents to build: the upserts no later write in the batch replaced, in order. */
  docs(): BatchDocs {
    const n = this.ids.length;
    // Without an id written twice, only deletes are left out (no lookups).
    const rewritten = this.latest.size < n;
    const ends = this.ends.data;
    const out = { ids: [] as string[], versions: new Float64Array(n), bytes: this.log.data, starts: new Uint32Array(n), ends: new Uint32Array(n) };
    let k = 0;
    for (let r = 0; r < n; r++) {
      const start = this.start(r);
      if (start === ends[r] || (rewritten && this.latest.get(this.ids[r]) !== r)) continue;
      out.ids.push(this.ids[r]);
      out.versions[k] = this.versions.data[r];
      out.starts[k] = start;
      out.ends[k++] = ends[r];
    }
    return { ...out, versions: out.versions.subarray(0, k), starts: out.starts.subarray(0, k), ends: out.ends.subarray(0, k) };
  }

  private start(r: number): number {
    return r === 0 ? 0 : this.ends.data[r - 1];
  }
}

/** Documents as their JSON in UTF-8: doc i is bytes[starts[i], ends[i]). */
export interface BatchDocs {
  ids: string[];
  versions: Float64Array;
  bytes: Uint8Array;
  starts: Uint32Array;
  ends: Uint32Array;
}

/** Docs [from, to) of `docs`, as views of its buffers. */
export function docsRange(docs: BatchDocs, from: number, to: number): BatchDocs {
  return {
    ids: docs.ids.slice(from, to),
    versions: docs.versions.subarray(from, to),
    bytes: docs.bytes,
    starts: docs.starts.subarray(from, to),
    ends: docs.ends.subarray(from, to),
  };
}

/**
 * `docs` in buffers of their own, for a build thread to take over (transferred, so the caller's
 * become unusable): their bytes are one range of the log, copied at once.
 */
export function ownDocs(docs: BatchDocs): BatchDocs {
  const n = docs.ids.length;
  const first = n > 0 ? docs.starts[0] : 0;
  const starts = docs.starts.slice();
  const ends = docs.ends.slice();
  for (let i = 0; i < n; i++) {
    starts[i] -= first;
    ends[i] -= first;
  }
  return { ids: docs.ids, versions: docs.versions.slice(), bytes: docs.bytes.slice(first, n > 0 ? ends[n - 1] + first : first), starts, ends };
}
