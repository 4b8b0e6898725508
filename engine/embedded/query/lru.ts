// Least-recently-used caches bounded by bytes, shared by all segments: a key starts with the cache id
// of its segment, so the entries of a segment merged away simply age out.
export class ByteLru<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;
  constructor(private readonly budget: number) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  set(key: string, value: V, bytes: number): void {
    const old = this.map.get(key);
    if (old) {
      this.map.delete(key);
      this.bytes -= old.bytes;
    }
    if (bytes > this.budget) return;
    this.map.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.map) {
      if (this.bytes <= this.budget) break;
      this.map.delete(k);
      this.bytes -= e.bytes;
    }
  }
}

const ids = new WeakMap<object, number>();
let nextId = 1;
/** A process-wide id for a segment or its parts (segment ids repeat across snapshots loaded in one process). */
export function cacheId(segment: object): number {
  let id = ids.get(segment);
  if (id === undefined) ids.set(segment, (id = nextId++));
  return id;
}
