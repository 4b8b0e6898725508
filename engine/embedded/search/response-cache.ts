// The request cache: whole search responses for an index's current snapshot, as OpenSearch's shard request cache
// keeps them until the next refresh. A refresh (or a merge) publishes a new snapshot and empties the cache, so an
// answer is never older than what the search itself would read. Date math rounded to the day is keyed by the UTC
// day; a request whose answer moves with the clock within a day (unrounded `now`, or a time zone) is not cached.
import { ENGINE_LIMITS, type SearchRequest, type SearchResponse } from '../../port.ts';

/** Responses kept per index: the distinct searches read between two refreshes (saved searches, pages, counters). */
const ENTRIES = 256;
/** Deep pages and exports are read once: only responses of at most this many hits are kept. */
const MAX_HITS = 100;
const DAY_MS = 86_400_000;
const NOW = /"now[^"]*"/g;

export class ResponseCache {
  private snapshot: object | null = null;
  private readonly entries = new Map<string, SearchResponse>();

  /** The request's key, or null when its answer must be computed each time. */
  keyOf(req: SearchRequest, now: number): string | null {
    if ((req.from ?? 0) + (req.size ?? ENGINE_LIMITS.defaultSize) > MAX_HITS) return null;
    const json = JSON.stringify(req);
    const nows = json.match(NOW);
    if (!nows) return json;
    if (json.includes('"time_zone"') || !nows.every((m) => m.endsWith('/d"'))) return null;
    return `${Math.floor(now / DAY_MS)}|${json}`;
  }

  /** A copy of the response cached for `key` on this snapshot (the caller may set its own fields, such as took_ms). */
  get(snapshot: object, key: string): SearchResponse | undefined {
    if (snapshot !== this.snapshot) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return { ...hit };
  }

  set(snapshot: object, key: string, res: SearchResponse): void {
    if (snapshot !== this.snapshot) {
      this.entries.clear();
      this.snapshot = snapshot;
    }
    this.entries.set(key, { ...res });
    if (this.entries.size > ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
