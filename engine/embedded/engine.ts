// The embedded engine: in-process indices behind aliases, periodic refresh, merges between
// requests, and a snapshot on disk under `dataDir` (loaded at start, written on persist/close).
import { EngineIndexNotFound, EngineQueryError, EngineSnapshotError, EngineUnavailable } from '../errors.ts';
import {
  concreteIndexName,
  isVersionOf,
  type BulkOp,
  type BulkOptions,
  type BulkResult,
  type EngineHealth,
  type EnsureIndexResult,
  type IndexDefinition,
  type Query,
  type SearchEngine,
  type SearchRequest,
  type SearchResponse,
  type StoredDoc,
  type SuggestRequest,
  type SuggestResponse,
  type VersionPage,
} from '../port.ts';
import { availableParallelism } from 'node:os';
import { BuildPool } from './index/build-pool.ts';
import { mergeSteps, type MergeResult, type MergeTarget } from './index/merge.ts';
import type { SegmentView } from './index/segment.ts';
import { AUTO_REFRESH_DOCS, IndexStore, MAX_BUILDING_REFRESHES } from './index/store.ts';
import { QueryCaches } from './query/caches.ts';
import { filesOf, SourceFiles } from './storage/source-files.ts';
import { readSnapshot, writeSnapshot, type IndexImage } from './storage/snapshot.ts';

export interface EmbeddedEngineOptions {
  /** Directory for the snapshot (e.g. `${DATA_DIR}/engine`); none keeps everything in memory. */
  dataDir?: string;
  /** Definitions to ensure at start (aliases and concrete indices). */
  indexes?: IndexDefinition[];
  /** Automatic refresh period; -1 disables it (refresh explicitly). Default 1000 ms, as OpenSearch. */
  refreshIntervalMs?: number;
  /** Periodic snapshot when something changed; -1 disables it. Default 60 s (only with dataDir). */
  persistIntervalMs?: number;
  /** Merge small segments in the background. Default true. */
  merges?: boolean;
  /** Worker threads that build the segments of large refreshes; 0 builds in this thread. Default: one per core (at most 4). */
  buildThreads?: number;
  /** Answer a repeated search from the index's request cache until the next refresh. Default true. */
  requestCache?: boolean;
}

type SnapshotState = NonNullable<EngineHealth['snapshot']>;

/** Longest stretch a background merge runs before letting other work in. */
const MERGE_SLICE_MS = 10;

export class EmbeddedEngine implements SearchEngine {
  readonly kind = 'embedded' as const;
  private readonly stores = new Map<string, IndexStore>();
  private readonly aliases = new Map<string, string>();
  /** Indices that must be filled from PostgreSQL (new, or their snapshot file was bad). */
  private readonly needsRebuild = new Set<string>();
  private snapshotState: SnapshotState = { state: 'disabled' };
  private timers: NodeJS.Timeout[] = [];
  private closed = false;
  private dirty = false;
  private persisting: Promise<void> | null = null;
  private readonly pool: BuildPool | null;
  /** Segments' stored sources live in files under dataDir (in memory without one). */
  private readonly files: SourceFiles | null;
  /** What its searches cache (query cache, aggregations, fuzzy expansions, score bounds), for all its indices. */
  private readonly caches = new QueryCaches();

  constructor(private readonly options: EmbeddedEngineOptions = {}) {
    const threads = options.buildThreads ?? Math.min(4, availableParallelism());
    this.pool = threads > 0 ? new BuildPool(threads) : null;
    this.files = options.dataDir ? new SourceFiles(options.dataDir) : null;
  }

  private newStore(name: string, def: IndexDefinition): IndexStore {
    return new IndexStore(name, def, this.pool, this.files, this.caches, this.options.requestCache ?? true);
  }

  /** Loads the snapshot (if any) and ensures the configured indices. */
  async open(): Promise<void> {
    const { dataDir } = this.options;
    if (dataDir) {
      try {
        const snap = await readSnapshot(dataDir);
        for (const [name, { def, image }] of snap.indices) this.restore(name, def, image);
        for (const [name, { def, reason }] of snap.broken) {
          this.stores.set(name, this.newStore(name, def));
          this.needsRebuild.add(name);
          this.snapshotState = { state: 'corrupt', detail: `${name}: ${reason}` };
        }
        for (const [alias, target] of Object.entries(snap.aliases)) if (this.stores.has(target)) this.aliases.set(alias, target);
        if (this.snapshotState.state !== 'corrupt') this.snapshotState = { state: 'loaded' };
      } catch (e) {
        if (!(e instanceof EngineSnapshotError)) throw e;
        this.snapshotState = { state: e.state, detail: e.message };
      }
      await this.files!.adopt(filesOf(this.segments()));
    }
    for (const def of this.options.indexes ?? []) await this.ensureIndex(def);
    const refreshMs = this.options.refreshIntervalMs ?? 1000;
    if (refreshMs > 0) this.timers.push(setInterval(() => this.refreshAll(), refreshMs).unref());
    const persistMs = this.options.persistIntervalMs ?? 60_000;
    if (dataDir && persistMs > 0) {
      this.timers.push(setInterval(() => void (this.dirty ? this.persist().catch(() => undefined) : undefined), persistMs).unref());
    }
  }

  private restore(name: string, def: IndexDefinition, image: IndexImage): void {
    const store = this.newStore(name, def);
    store.load(image.segments, image.tombstones);
    this.stores.set(name, store);
  }

  private check(): void {
    if (this.closed) throw new EngineUnavailable('engine is closed');
  }

  private store(index: string): IndexStore {
    this.check();
    const s = this.stores.get(this.aliases.get(index) ?? index);
    if (!s) throw new EngineIndexNotFound(index);
    return s;
  }

  // ---------------------------------------------------------------- indices and aliases

  async ensureIndex(def: IndexDefinition): Promise<EnsureIndexResult> {
    this.check();
    const target = this.aliases.get(def.name);
    const concrete = concreteIndexName(def);
    if (target) {
      return { alias: def.name, index: target, created: false, upToDate: isVersionOf(target, def), needsRebuild: this.needsRebuild.has(target) };
    }
    let created = false;
    if (!this.stores.has(concrete)) {
      this.stores.set(concrete, this.newStore(concrete, def));
      this.needsRebuild.add(concrete);
      created = true;
    }
    this.aliases.set(def.name, concrete);
    this.dirty = true;
    return { alias: def.name, index: concrete, created, upToDate: true, needsRebuild: this.needsRebuild.has(concrete) };
  }

  async createIndexVersion(def: IndexDefinition, build?: string): Promise<string> {
    this.check();
    const concrete = concreteIndexName(def, build);
    if ([...this.aliases.values()].includes(concrete)) throw new EngineQueryError(`index [${concrete}] is live behind an alias`);
    // A restarted reindex starts from an empty index.
    this.stores.get(concrete)?.dispose();
    this.stores.set(concrete, this.newStore(concrete, def));
    this.needsRebuild.add(concrete);
    this.dirty = true;
    return concrete;
  }

  async swapAlias(alias: string, index: string): Promise<{ previous: string | null }> {
    this.check();
    const store = this.stores.get(index);
    if (!store) throw new EngineIndexNotFound(index);
    await store.refresh();
    const previous = this.aliases.get(alias) ?? null;
    this.aliases.set(alias, index);
    // Being swapped in means the reindex that filled it has finished.
    this.needsRebuild.delete(index);
    this.dirty = true;
    return { previous };
  }

  async aliasTarget(alias: string): Promise<string | null> {
    this.check();
    return this.aliases.get(alias) ?? null;
  }

  async deleteIndex(index: string): Promise<void> {
    this.check();
    if (!this.stores.has(index)) throw new EngineIndexNotFound(index);
    for (const [a, t] of this.aliases) if (t === index) this.aliases.delete(a);
    this.stores.get(index)!.dispose();
    this.stores.delete(index);
    this.needsRebuild.delete(index);
    this.dirty = true;
  }

  /** Marks an index as filled from PostgreSQL (after an in-place rebuild without alias swap). */
  markRebuilt(index: string): void {
    this.needsRebuild.delete(this.aliases.get(index) ?? index);
  }

  // ---------------------------------------------------------------- writes

  async bulk(index: string, ops: BulkOp[], options: BulkOptions = {}): Promise<BulkResult> {
    const store = this.store(index);
    const result = store.bulk(ops);
    this.dirty = true;
    if (options.refresh) await this.refreshStore(store);
    // A bulk load refreshes in steps on its own, and waits when it outpaces the builders, so the
    // documents held in memory stay bounded.
    else if (store.pendingCount >= AUTO_REFRESH_DOCS) {
      void this.refreshStore(store).catch(() => undefined);
      await store.drainBuilds(MAX_BUILDING_REFRESHES);
    }
    return result;
  }

  async refresh(index: string): Promise<void> {
    await this.refreshStore(this.store(index));
  }

  private refreshAll(): void {
    if (this.closed) return;
    for (const s of this.stores.values()) if (s.pendingCount > 0) void this.refreshStore(s).catch(() => undefined);
  }

  private async refreshStore(store: IndexStore): Promise<void> {
    await store.refresh();
    this.scheduleMerge(store);
  }

  /** One background merge at a time per index; when it ends, the next one the policy wants starts. */
  private scheduleMerge(store: IndexStore): void {
    if (this.options.merges === false || store.merging) return;
    const group = store.mergeCandidates();
    if (!group) return;
    store.merging = this.merge(store, group).finally(() => {
      store.merging = null;
      if (!this.closed && this.stores.get(store.name) === store) this.scheduleMerge(store);
    });
  }

  /**
   * Merges `group` and swaps the result in: on a build thread when it is large enough, otherwise in
   * this thread in slices of a few milliseconds between other macrotasks, so searches and writes
   * are not held up. A merge whose inputs left the index meanwhile is dropped.
   */
  private async merge(store: IndexStore, group: SegmentView[]): Promise<void> {
    const target = store.mergeTarget();
    try {
      const result = (await store.mergeOnThread(group, target)) ?? (await this.mergeInSlices(group, target));
      if (!result) return;
      if (!this.closed && this.stores.get(store.name) === store) store.commitMerge(group, result);
      else this.files?.retire(result.seg);
    } catch {
      // An input's stored sources went with its index (deleted or replaced) while the merge ran.
    }
  }

  private mergeInSlices(group: SegmentView[], target: MergeTarget): Promise<MergeResult | null> {
    const steps = mergeSteps(group, target);
    return new Promise((resolve, reject) => {
      const step = () => {
        if (this.closed) return resolve(null);
        const until = performance.now() + MERGE_SLICE_MS;
        try {
          let r = steps.next();
          while (!r.done && performance.now() < until) r = steps.next();
          if (r.done) resolve(r.value);
          else setImmediate(step);
        } catch (e) {
          reject(e);
        }
      };
      setImmediate(step);
    });
  }

  /** Merges small segments together, up to the size a merge stops at (MAX_BUILD_DOCS), until none are left to merge. */
  async forceMerge(index: string): Promise<void> {
    const store = this.store(index);
    await store.refresh();
    for (;;) {
      while (store.merging) await store.merging;
      const group = store.mergeCandidates(true);
      if (!group) return;
      store.merging = this.merge(store, group).finally(() => (store.merging = null));
    }
  }

  // ---------------------------------------------------------------- reads

  async get<S = Record<string, unknown>>(index: string, id: string): Promise<StoredDoc<S> | null> {
    return this.store(index).get(String(id)) as StoredDoc<S> | null;
  }

  async count(index: string, query?: Query): Promise<number> {
    return this.store(index).count({ query });
  }

  async search<S = Record<string, unknown>>(index: string, request: SearchRequest): Promise<SearchResponse<S>> {
    const t0 = performance.now();
    const r = this.store(index).search(request) as SearchResponse<S>;
    r.took_ms = performance.now() - t0;
    return r;
  }

  async suggest<S = Record<string, unknown>>(index: string, request: SuggestRequest): Promise<SuggestResponse<S>> {
    return this.store(index).suggest(request) as SuggestResponse<S>;
  }

  async listVersions(index: string, page: { after?: string; size?: number } = {}): Promise<VersionPage> {
    return this.store(index).listVersions(page.after, page.size ?? 1000);
  }

  async health(): Promise<EngineHealth> {
    const indices: EngineHealth['indices'] = {};
    for (const [name, s] of this.stores) {
      const alias = [...this.aliases].find(([, t]) => t === name)?.[0] ?? null;
      indices[name] = { alias, docs: s.docCount, segments: s.snapshot.views.length, needsRebuild: this.needsRebuild.has(name) };
    }
    const status = this.closed ? 'red' : this.snapshotState.state === 'corrupt' ? 'yellow' : 'green';
    return { status, engine: 'embedded', indices, snapshot: this.snapshotState };
  }

  // ---------------------------------------------------------------- persistence

  /** Refreshes and writes the snapshot now (no-op without dataDir). */
  async persist(): Promise<void> {
    const dir = this.options.dataDir;
    if (!dir) return;
    if (this.persisting) await this.persisting;
    this.dirty = false;
    const images = new Map<string, { def: IndexDefinition; image: IndexImage }>();
    for (const s of this.stores.values()) await s.refresh();
    // Taken in one go, so no segment of the image can be merged away before its file is pinned.
    for (const [name, s] of this.stores) {
      images.set(name, {
        def: s.def,
        image: { segments: s.snapshot.views.map((v) => ({ seg: v.seg, live: v.live })), tombstones: s.tombstones() },
      });
    }
    this.files!.pin(filesOf(this.segments()));
    this.persisting = writeSnapshot(dir, Object.fromEntries(this.aliases), images).then(
      () => this.files!.snapshotDone(true),
      (e: unknown) => {
        this.files!.snapshotDone(false);
        throw e;
      },
    );
    await this.persisting.finally(() => {
      this.persisting = null;
    });
  }

  private *segments() {
    for (const s of this.stores.values()) for (const v of s.snapshot.views) yield v.seg;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.options.dataDir) await this.persist();
    else await Promise.all([...this.stores.values()].map((s) => s.settled()));
    this.closed = true;
    this.files?.close();
    await this.pool?.close();
  }
}
