// One concrete index: immutable segments plus a pending buffer of whole batches. A refresh turns
// the buffer into new segments and publishes a new snapshot (segments + live-doc masks) with one
// reference swap, so readers never see part of a batch. Large refreshes build their segments on
// worker threads while writes continue; refreshes still publish in the order they were taken.
// Merges rewrite small segments together.
import { ENGINE_LIMITS, type BulkItemResult, type BulkOp, type BulkResult, type IndexDefinition, type Query, type SearchRequest, type SearchResponse, type StoredDoc, type SuggestOption, type SuggestRequest, type VersionPage } from '../../port.ts';
import { EngineQueryError } from '../../errors.ts';
import { validateSearchRequest, validateSuggestRequest } from '../../validate.ts';
import { Stats } from '../query/bm25.ts';
import { QueryCaches } from '../query/caches.ts';
import { compileQuery } from '../query/compile.ts';
import { filterLive, intersect } from '../query/docset.ts';
import { soleScorer } from '../query/multi-match.ts';
import type { CompileContext } from '../query/node.ts';
import { aggregate, type SegmentMatches } from '../search/aggs.ts';
import { compileSort, needsScores, TopCollector } from '../search/collect.ts';
import { highlightDoc } from '../search/highlight.ts';
import { ResponseCache } from '../search/response-cache.ts';
import { suggestCompletion } from '../search/suggest.ts';
import type { SourceFiles } from '../storage/source-files.ts';
import { encodeIndex } from '../storage/snapshot.ts';
import { Batch, docsRange, ownDocs } from './batch.ts';
import type { BuildPool } from './build-pool.ts';
import { DocTable } from './doctable.ts';
import { mergeInputs, type MergeResult, type MergeTarget } from './merge.ts';
import { compileSchema, unknownDocField, type Schema } from './schema.ts';
import { buildSegment } from './segment-builder.ts';
import { newSegmentId, readSource, type Segment, type SegmentView } from './segment.ts';

/** Docs per segment built at refresh: bounds builder memory and lets merges work in steps. */
export const MAX_BUILD_DOCS = 131_072;
/** Segments per size tier before they are merged together. */
const MERGE_FACTOR = 8;
/** Refreshes with fewer docs build in this thread: a worker round trip is not worth it. */
export const WORKER_MIN_DOCS = 2048;
/** Pending docs that start a refresh on their own, as a full indexing buffer flushes in Lucene. */
export const AUTO_REFRESH_DOCS = 32_768;
/** A bulk load waits until at most this many refreshes are building: the build threads work on one while the loader fills the next. */
export const MAX_BUILDING_REFRESHES = 1;

export interface Snapshot {
  views: SegmentView[];
  generation: number;
}

const utf8 = new TextDecoder();

export class IndexStore {
  readonly schema: Schema;
  snapshot: Snapshot = { views: [], generation: 0 };
  private readonly responses: ResponseCache | null;
  /** Latest applied version per id (tombstones and unrefreshed writes included) and where each visible doc lives. */
  private readonly docs = new DocTable();
  private pending = new Batch();
  /** Batches taken by refreshes still building, oldest first (real-time get reads them), each with its publish. */
  private building: { batch: Batch; published: Promise<void> }[] = [];
  /** Settles when every refresh taken so far is published. */
  private published: Promise<void> = Promise.resolve();
  private sortedIds: { generation: number; ids: string[] } | null = null;
  private mutations = 0;
  /** The merge running, if any (one at a time per index). */
  merging: Promise<void> | null = null;

  constructor(
    readonly name: string,
    readonly def: IndexDefinition,
    private readonly pool: BuildPool | null = null,
    /** Where segments keep their stored sources; null keeps them in memory. */
    readonly files: SourceFiles | null = null,
    /** The engine's caches (a store on its own, in tests, has its own). */
    private readonly caches: QueryCaches = new QueryCaches(),
    requestCache = true,
  ) {
    this.responses = requestCache ? new ResponseCache() : null;
    this.schema = compileSchema(def);
  }

  get docCount(): number {
    let n = 0;
    for (const v of this.snapshot.views) n += v.liveCount;
    return n;
  }

  // ---------------------------------------------------------------- writes

  bulk(ops: BulkOp[]): BulkResult {
    const items: BulkItemResult[] = [];
    let errors = false;
    for (const op of ops) {
      const r = this.apply(op);
      if (r.status === 'error') errors = true;
      items.push(r);
    }
    return { errors, items };
  }

  private apply(op: BulkOp): BulkItemResult {
    const id = String(op.id);
    if (!Number.isFinite(op.version)) return { id, status: 'error', error: 'version must be a finite number' };
    const slot = this.docs.slotOf(id);
    if (slot >= 0 && this.docs.versionAt(slot) >= op.version) return { id, status: 'stale' };
    const existed = slot >= 0 && !this.docs.deletedAt(slot);
    if (op.op === 'delete') {
      this.docs.record(slot, id, op.version, true);
      this.pending.delete(id, op.version);
      this.mutations++;
      return { id, status: existed ? 'deleted' : 'not_found' };
    }
    const doc = op.doc;
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { id, status: 'error', error: 'doc must be an object' };
    if (this.def.mappings.dynamic === 'strict') {
      const bad = unknownDocField(this.schema, doc);
      if (bad) return { id, status: 'error', error: `strict_dynamic_mapping_exception: field [${bad}] is not mapped` };
    }
    let json: string;
    try {
      json = JSON.stringify(doc);
    } catch (e) {
      return { id, status: 'error', error: `doc is not serializable: ${(e as Error).message}` };
    }
    this.docs.record(slot, id, op.version, false);
    this.pending.upsert(id, op.version, json);
    this.mutations++;
    return { id, status: existed ? 'updated' : 'created' };
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Publishes every completed batch: new segments for upserts, tombstones for replaced docs. Builds
   * of successive refreshes may run at once; each publishes after the ones taken before it.
   */
  refresh(): Promise<void> {
    if (this.pending.size === 0) return this.published;
    const batch = this.pending;
    // A bulk load's batches are alike: the next one's log starts at this one's size.
    this.pending = new Batch(Math.max(1 << 16, Math.ceil(batch.bytes * 1.25)));
    const built = this.buildSegments(batch);
    const before = this.published;
    this.published = (async () => {
      await before.catch(() => undefined);
      try {
        this.publishBatch(batch, await built);
      } finally {
        this.building.shift();
      }
    })();
    this.building.push({ batch, published: this.published });
    return this.published;
  }

  get buildingCount(): number {
    return this.building.length;
  }

  /** Waits until at most `n` refreshes are still building (a bulk load's backpressure). */
  async drainBuilds(n: number): Promise<void> {
    while (this.building.length > n) await this.building[0].published.catch(() => undefined);
  }

  /** Settles when the refreshes taken so far are published. */
  settled(): Promise<void> {
    return this.published.catch(() => undefined);
  }

  private async buildSegments(batch: Batch): Promise<Segment[]> {
    const docs = batch.docs();
    const n = docs.ids.length;
    const pool = n >= WORKER_MIN_DOCS ? this.pool : null;
    // Chunks spread one refresh over the threads; each is one segment.
    const chunk = pool ? Math.min(MAX_BUILD_DOCS, Math.max(WORKER_MIN_DOCS, Math.ceil(n / pool.size))) : MAX_BUILD_DOCS;
    const parts: Promise<Segment>[] = [];
    for (let i = 0; i < n; i += chunk) {
      const part = docsRange(docs, i, Math.min(n, i + chunk));
      const id = newSegmentId();
      // A failed thread's part is built here, from the batch (what went to the thread is gone).
      const here = () => buildSegment(this.schema, part, id, this.sourcePath(id));
      parts.push(pool ? pool.build(this.def, id, ownDocs(part), this.sourcePath(id)).catch(here) : Promise.resolve(here()));
    }
    return Promise.all(parts);
  }

  private sourcePath(segmentId: number): string | null {
    return this.files?.pathFor(segmentId) ?? null;
  }

  private publishBatch(batch: Batch, built: Segment[]): void {
    const masks = new Map<Segment, Uint8Array>();
    const views = new Map(this.snapshot.views.map((v) => [v.seg, v]));
    for (const id of batch.written()) {
      const loc = this.docs.location(id);
      if (!loc) continue;
      let mask = masks.get(loc.seg);
      if (!mask) {
        const v = views.get(loc.seg)!;
        mask = v.live ? v.live.slice() : new Uint8Array(loc.seg.maxDoc).fill(1);
        masks.set(loc.seg, mask);
      }
      mask[loc.doc] = 0;
      this.docs.clearLocation(id);
    }
    const next: SegmentView[] = [];
    for (const v of this.snapshot.views) {
      const mask = masks.get(v.seg);
      if (!mask) next.push(v);
      else {
        let live = 0;
        for (let i = 0; i < mask.length; i++) live += mask[i];
        if (live > 0) next.push({ seg: v.seg, live: mask, liveCount: live });
      }
    }
    for (const seg of built) {
      for (let d = 0; d < seg.maxDoc; d++) this.docs.setLocation(seg.ids[d], seg, d);
      next.push({ seg, live: null, liveCount: seg.maxDoc });
    }
    this.publish(next);
  }

  private publish(views: SegmentView[]): void {
    const kept = new Set(views.map((v) => v.seg));
    for (const v of this.snapshot.views) if (!kept.has(v.seg)) this.files?.retire(v.seg);
    this.snapshot = { views, generation: this.snapshot.generation + 1 };
    this.docs.retainSegments(kept);
  }

  /** The index is deleted or replaced: its segments' files can go. */
  dispose(): void {
    for (const v of this.snapshot.views) this.files?.retire(v.seg);
  }

  /**
   * Segments worth merging: one segment with over 40 % deleted docs (to expunge them), or, once
   * MERGE_FACTOR small segments exist, the smallest ones up to MAX_BUILD_DOCS docs in total.
   * Merged segments stay at most MAX_BUILD_DOCS so one merge never blocks for long.
   */
  mergeCandidates(force = false): SegmentView[] | null {
    const views = this.snapshot.views;
    for (const v of views) if (v.seg.maxDoc > 1000 && v.liveCount < v.seg.maxDoc * 0.6) return [v];
    const small = views.filter((v) => v.liveCount <= MAX_BUILD_DOCS / 2).sort((a, b) => a.liveCount - b.liveCount);
    if (small.length < (force ? 2 : MERGE_FACTOR)) return null;
    const group: SegmentView[] = [];
    let total = 0;
    for (const v of small) {
      if (total + v.liveCount > MAX_BUILD_DOCS) break;
      group.push(v);
      total += v.liveCount;
    }
    return group.length >= 2 ? group : null;
  }

  /** A new segment id for a merge's output, with the file for its stored sources. */
  mergeTarget(): MergeTarget {
    const id = newSegmentId();
    return { id, sourcePath: this.sourcePath(id) };
  }

  /**
   * Merges `group` on a build thread. The inputs a build thread made are in shared memory already;
   * others (loaded from a snapshot, merged here) go over as a copy in the snapshot encoding. Null
   * without build threads, for a small merge, or when the thread failed.
   */
  async mergeOnThread(group: SegmentView[], target: MergeTarget): Promise<MergeResult | null> {
    if (!this.pool || group.reduce((n, v) => n + v.liveCount, 0) < WORKER_MIN_DOCS) return null;
    try {
      const inputs = group.map(({ seg, live }) => ({
        image: seg.image ?? (encodeIndex({ segments: [{ seg, live: null }], tombstones: [] }, true).buffer as SharedArrayBuffer),
        live,
      }));
      const seg = await this.pool.merge(target.id, inputs, this.files?.dir ?? null, target.sourcePath);
      return { seg, inputs: mergeInputs(group).list };
    } catch {
      return null;
    }
  }

  /**
   * Swaps a finished merge in. Docs deleted or replaced while it ran stay deleted in the merged
   * segment; if an input left the snapshot meanwhile, the merge is dropped (false).
   */
  commitMerge(group: SegmentView[], { seg, inputs }: MergeResult): boolean {
    const current = new Map(this.snapshot.views.map((v) => [v.seg, v]));
    if (!group.every((v) => current.has(v.seg))) {
      this.files?.retire(seg);
      return false;
    }
    let live: Uint8Array | null = null;
    group.forEach((v, i) => {
      const now = current.get(v.seg)!.live;
      if (now === v.live) return;
      const map = inputs[i].docMap;
      for (let d = 0; d < map.length; d++) {
        if (map[d] < 0 || now![d] === 1) continue;
        live ??= new Uint8Array(seg.maxDoc).fill(1);
        live[map[d]] = 0;
      }
    });
    const drop = new Set(group.map((v) => v.seg));
    const next = this.snapshot.views.filter((v) => !drop.has(v.seg));
    let liveCount = 0;
    for (let d = 0; d < seg.maxDoc; d++) {
      if (live && live[d] === 0) continue;
      this.docs.setLocation(seg.ids[d], seg, d);
      liveCount++;
    }
    if (liveCount > 0) next.push({ seg, live, liveCount });
    else this.files?.retire(seg);
    this.publish(next);
    return true;
  }

  /** Restores from a snapshot on disk. */
  load(segments: { seg: Segment; live: Uint8Array | null }[], tombstones: [string, number][]): void {
    const views: SegmentView[] = [];
    for (const { seg, live } of segments) {
      let liveCount = seg.maxDoc;
      if (live) {
        liveCount = 0;
        for (let i = 0; i < live.length; i++) liveCount += live[i];
      }
      views.push({ seg, live, liveCount });
      for (let d = 0; d < seg.maxDoc; d++) {
        if (live && live[d] === 0) continue;
        this.docs.setLocation(seg.ids[d], seg, d);
        this.docs.setVersion(seg.ids[d], seg.versions[d], false);
      }
    }
    for (const [id, version] of tombstones) this.docs.setVersion(id, version, true);
    this.publish(views);
  }

  tombstones(): [string, number][] {
    const out: [string, number][] = [];
    for (const [id, version, deleted] of this.docs.entries()) if (deleted) out.push([id, version]);
    return out;
  }

  // ---------------------------------------------------------------- reads

  /** Real-time get: sees writes not yet refreshed, as OpenSearch's GET does. */
  get(id: string): StoredDoc | null {
    let p = this.pending.find(id);
    for (let i = this.building.length - 1; i >= 0 && !p; i--) p = this.building[i].batch.find(id);
    if (p) return p.json ? { id, version: p.version, source: JSON.parse(utf8.decode(p.json)) as Record<string, unknown> } : null;
    const loc = this.docs.location(id);
    if (!loc) return null;
    return { id, version: loc.seg.versions[loc.doc], source: readSource(loc.seg, loc.doc) };
  }

  listVersions(after: string | undefined, size: number): VersionPage {
    if (!this.sortedIds || this.sortedIds.generation !== this.mutations) {
      const ids: string[] = [];
      for (const [id, , deleted] of this.docs.entries()) if (!deleted) ids.push(id);
      ids.sort();
      this.sortedIds = { generation: this.mutations, ids };
    }
    const ids = this.sortedIds.ids;
    let lo = 0;
    if (after !== undefined) {
      let hi = ids.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (ids[mid] <= after) lo = mid + 1;
        else hi = mid;
      }
    }
    const slice = ids.slice(lo, lo + size);
    const items = slice.map((id) => ({ id, version: this.docs.versionOf(id)!.version }));
    return lo + size < ids.length ? { items, next: slice[slice.length - 1] } : { items };
  }

  /** A search's response, from the request cache when the same request was answered on this snapshot. */
  search(req: SearchRequest, now = Date.now()): SearchResponse {
    const snap = this.snapshot;
    const cache = this.responses;
    const key = cache?.keyOf(req, now) ?? null;
    if (!cache || key === null) return this.execute(req, now, snap);
    const cached = cache.get(snap, key);
    if (cached) return cached;
    const res = this.execute(req, now, snap);
    cache.set(snap, key, res);
    return res;
  }

  private execute(req: SearchRequest, now: number, snap: Snapshot): SearchResponse {
    validateSearchRequest(this.def, req, now);
    const ctx: CompileContext = { schema: this.schema, stats: new Stats(snap.views), now, highlightTerms: new Map(), caches: this.caches };
    const query = compileQuery(ctx, req.query ?? { match_all: {} });
    const post = req.post_filter ? compileQuery(ctx, req.post_filter) : null;
    // A highlight query is compiled for its terms alone.
    const highlightTerms = req.highlight?.highlight_query ? highlightTermsOf({ ...ctx, highlightTerms: new Map() }, req.highlight.highlight_query) : ctx.highlightTerms;
    const from = req.from ?? 0;
    const size = req.size ?? ENGINE_LIMITS.defaultSize;
    const keys = compileSort(this.schema, req.sort);
    const scoring = needsScores(keys);
    const collector = new TopCollector(keys, from + size);
    const matches: SegmentMatches[] = [];
    let total = 0;
    // Ranked by one multi_match's scores: the matches are found without scoring, and only the
    // docs that can still reach the top k are scored (MaxScore).
    const scorer = scoring && keys[0].kind === 'score' && keys[0].desc ? soleScorer(query) : null;
    const pruned = scorer && scorer.boost > 0 ? scorer : null;
    // Without hits to return (size 0), nothing needs a score.
    const scoreAll = scoring && collector.k > 0 && !pruned;
    snap.views.forEach((v, i) => {
      let set = filterLive(scoreAll ? query.exec(v, true) : { docs: this.caches.matches(v, query, i === 0), scores: null }, v.live);
      if (req.aggs) matches.push({ view: v, docs: set.docs, key: query.key });
      const posted = post ? post.exec(v, false) : null;
      if (posted) set = intersect(set, posted, scoring);
      total += set.docs.length;
      if (!pruned || collector.k === 0) return collector.collect(v, set);
      if (set.docs.length === 0) return;
      const { node, boost } = pruned;
      const offer = (d: number, score: number) => collector.offerScored(v, d, boost === 1 ? score : Math.fround(score * boost));
      if (node.topK(v, set.docs, offer, () => collector.threshold() / boost)) return;
      const exhaustive = filterLive(query.exec(v, true), v.live);
      collector.collect(v, posted ? intersect(exhaustive, posted, true) : exhaustive);
    });
    const top = collector.results().slice(from);
    const track = req.track_total_hits ?? ENGINE_LIMITS.trackTotalHitsDefault;
    const limit = track === true ? Infinity : track === false ? 0 : track;
    const hits = top.map((c) => {
      // Without a source or highlight to return, the stored document is not read at all (id-only paging).
      let source = req._source === false && !req.highlight ? {} : readSource(c.view.seg, c.doc);
      const highlight = req.highlight ? highlightDoc(this.schema, req.highlight, highlightTerms, source) : undefined;
      if (req._source === false) source = {};
      else if (Array.isArray(req._source)) source = pick(source, req._source);
      return {
        id: c.id,
        score: scoring ? c.score : null,
        source,
        ...(highlight ? { highlight } : {}),
        ...(req.sort ? { sort: c.keys } : {}),
      };
    });
    return {
      total: total > limit ? { value: limit, relation: 'gte' } : { value: total, relation: 'eq' },
      max_score: scoring && collector.maxScore > -Infinity ? collector.maxScore : null,
      hits,
      ...(req.aggs ? { aggregations: aggregate(ctx, req.aggs, matches) } : {}),
    };
  }

  count(req: SearchRequest): number {
    const r = this.search({ query: req.query, size: 0, track_total_hits: true });
    return r.total.value;
  }

  suggest(req: SuggestRequest): Record<string, SuggestOption[]> {
    validateSuggestRequest(this.def, req);
    const views = this.snapshot.views;
    const out: Record<string, SuggestOption[]> = {};
    for (const [name, s] of Object.entries(req)) out[name] = suggestCompletion(this.caches, this.schema, views, s);
    return out;
  }
}

function pick(source: Record<string, unknown>, paths: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of paths) {
    if (p.includes('*')) throw new EngineQueryError(`wildcards in _source are not supported [${p}]`, '_source');
    const parts = p.split('.');
    let src: unknown = source;
    for (const k of parts) src = src !== null && typeof src === 'object' ? (src as Record<string, unknown>)[k] : undefined;
    if (src === undefined) continue;
    let dst = out;
    for (let i = 0; i < parts.length - 1; i++) {
      dst[parts[i]] ??= {};
      dst = dst[parts[i]] as Record<string, unknown>;
    }
    dst[parts[parts.length - 1]] = src;
  }
  return out;
}

/** The terms a query marks in a highlight, per field. */
function highlightTermsOf(ctx: CompileContext, q: Query): Map<string, Set<string>> {
  compileQuery(ctx, q);
  return ctx.highlightTerms;
}
