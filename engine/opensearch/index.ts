// The OpenSearch adapter of the search-engine port (engine/port.ts).
//
// - Names: the port speaks logical names (`cards`, `cards_v3`); this adapter prefixes every name
//   with `indexPrefix` on the way in and strips it on the way out, so tests and tenants can share
//   a cluster without seeing each other.
// - Versioned indexes behind aliases: `cards` is an alias of `cards_v3`. A zero-downtime reindex
//   is createIndexVersion → bulk into it → swapAlias (one atomic _aliases call) → deleteIndex(old).
// - Writes use external versioning (version_type=external): a write older than or equal to the
//   stored version gets a 409 from OpenSearch and is reported as `stale` (ignored), so replays are
//   idempotent. Deletes leave tombstones that keep their version for `index.gc_deletes`.
// - Bulk retries whole requests on 429/502/503/504 and connection errors, and single items
//   rejected with 429/503, with exponential backoff and jitter; other item failures are reported
//   per item.
// - Requests pass through (the DSL mirrors OpenSearch JSON) after the same validation as the
//   embedded engine (engine/validate.ts) when the index definition is known.
// See docs/OPENSEARCH.md.
import { Client, type ApiResponse } from '@opensearch-project/opensearch';
import { EngineError, EngineIndexNotFound, EngineQueryError, EngineUnavailable } from '../errors.ts';
import {
  concreteIndexName,
  isVersionOf,
  ENGINE_LIMITS,
  type Aggregate,
  type BulkItemResult,
  type BulkOp,
  type BulkOptions,
  type BulkResult,
  type EngineHealth,
  type EnsureIndexResult,
  type Hit,
  type IndexDefinition,
  type Query,
  type SearchEngine,
  type SearchRequest,
  type SearchResponse,
  type StoredDoc,
  type SuggestOption,
  type SuggestRequest,
  type SuggestResponse,
  type VersionPage,
} from '../port.ts';
import { validateSearchRequest, validateSuggestRequest } from '../validate.ts';
import { describeOsError, isRetryable, mapOsError } from './errors.ts';

export interface OpenSearchEngineOptions {
  /** One node URL, or several (requests are spread over them; dead nodes are skipped). */
  url: string | string[];
  /** Prepended to every index and alias name (lowercase), e.g. `rs_test_1a2b_` for an isolated test run. */
  indexPrefix?: string;
  /** Index definitions known up front, used to validate requests like the embedded engine does. */
  indexes?: IndexDefinition[];
  /** Per-request timeout (default 30 s). */
  requestTimeoutMs?: number;
  /** Retries of a bulk request or of rejected bulk items on 429/503 (default 5). */
  bulkMaxRetries?: number;
  /** First backoff delay; doubles on each retry, with jitter (default 100 ms). */
  bulkBackoffMs?: number;
  /** Upper bound of one bulk request body; larger batches are split (default 8 MiB). */
  bulkMaxBytes?: number;
  /** `refresh: true` bulks use `true` (refresh now, default) or `wait_for` (wait for the periodic refresh). */
  refreshPolicy?: 'true' | 'wait_for';
  /** Overrides the definitions' number_of_replicas (e.g. 1 on a 3-node cluster). */
  numberOfReplicas?: number;
  /** Overrides the definitions' number_of_shards. */
  numberOfShards?: number;
  /** How long delete tombstones keep their version, so stale upserts after a delete stay ignored (default `1h`). */
  gcDeletes?: string;
  /** Retries of reads on connection errors and 502/503/504, handled by the client (default 2). */
  maxRetries?: number;
  /**
   * Searches ask for the shard request cache (default true): whole responses, hits included, kept until the
   * next refresh, as the embedded engine's request cache. OpenSearch caches only size-0 requests unless asked.
   */
  requestCache?: boolean;
}

type Json = Record<string, unknown>;

/** How long a force merge may take: about a minute per million reviews on two cores, with room to spare. */
const FORCE_MERGE_TIMEOUT_MS = 30 * 60_000;

interface OsBulkItem {
  _id?: string;
  status: number;
  result?: string;
  error?: { type?: string; reason?: string; caused_by?: { type?: string; reason?: string } };
}

interface OsHit {
  _id: string;
  _score: number | null;
  _source?: Json;
  _version?: number;
  highlight?: Record<string, string[]>;
  sort?: (string | number | null)[];
}

interface OsSearchBody {
  took?: number;
  hits: { total?: { value: number; relation: 'eq' | 'gte' }; max_score: number | null; hits: OsHit[] };
  aggregations?: Record<string, Aggregate>;
  suggest?: Record<string, { options: (OsHit & { text: string })[] }[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createOpenSearchEngine(options: OpenSearchEngineOptions): SearchEngine {
  return new OpenSearchEngine(options);
}

class OpenSearchEngine implements SearchEngine {
  readonly kind = 'opensearch' as const;

  private readonly client: Client;
  private readonly prefix: string;
  private readonly opts: Required<Pick<OpenSearchEngineOptions, 'bulkMaxRetries' | 'bulkBackoffMs' | 'bulkMaxBytes' | 'refreshPolicy' | 'gcDeletes'>> &
    OpenSearchEngineOptions;
  /** Definitions by logical alias name and by logical concrete index name. */
  private readonly defs = new Map<string, IndexDefinition>();
  /** Prefixed names (aliases or indexes) known to exist, so bulks never auto-create an index. */
  private readonly known = new Set<string>();
  /** Prefixed names known to be aliases: bulks to them carry require_alias, so a vanished alias fails instead of auto-creating an index. */
  private readonly aliasNames = new Set<string>();
  private closed = false;

  constructor(options: OpenSearchEngineOptions) {
    const prefix = options.indexPrefix ?? '';
    if (prefix !== prefix.toLowerCase() || /[\\/*?"<>| ,#:]/.test(prefix) || /^[-_+.]/.test(prefix)) {
      throw new EngineError(`invalid OpenSearch index prefix [${prefix}]: lowercase, no spaces or \\/*?"<>|,#:, not starting with - _ + .`);
    }
    this.prefix = prefix;
    this.opts = {
      ...options,
      bulkMaxRetries: options.bulkMaxRetries ?? 5,
      bulkBackoffMs: options.bulkBackoffMs ?? 100,
      bulkMaxBytes: options.bulkMaxBytes ?? 8 * 1024 * 1024,
      refreshPolicy: options.refreshPolicy ?? 'true',
      gcDeletes: options.gcDeletes ?? '1h',
    };
    this.client = new Client({
      node: options.url,
      maxRetries: options.maxRetries ?? 2,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      // A node that refused a connection is retried after a ping, not dropped for good.
      resurrectStrategy: 'ping',
    });
    for (const def of options.indexes ?? []) this.registerDef(def);
  }

  // ------------------------------------------------------------ names

  private p(name: string): string {
    return this.prefix + name;
  }

  private strip = (name: string): string =>
    this.prefix && name.startsWith(this.prefix) ? name.slice(this.prefix.length) : name;

  private registerDef(def: IndexDefinition, build?: string): void {
    this.defs.set(def.name, def);
    this.defs.set(concreteIndexName(def, build), def);
  }

  // ------------------------------------------------------------ transport

  private async req<T = Json>(
    context: string,
    params: { method: string; path: string; body?: unknown; bulkBody?: unknown[]; querystring?: Record<string, unknown> },
    opts: { ignore?: number[]; maxRetries?: number; index?: string; requestTimeout?: number } = {},
  ): Promise<{ statusCode: number | null; body: T }> {
    if (this.closed) throw new EngineUnavailable('the OpenSearch engine is closed');
    try {
      const res: ApiResponse = await this.client.transport.request(params as never, {
        ignore: opts.ignore,
        ...(opts.maxRetries !== undefined ? { maxRetries: opts.maxRetries } : {}),
        ...(opts.requestTimeout !== undefined ? { requestTimeout: opts.requestTimeout } : {}),
      });
      return { statusCode: res.statusCode, body: res.body as T };
    } catch (err) {
      throw mapOsError(err, context, this.strip, opts.index);
    }
  }

  private static path(...parts: string[]): string {
    return '/' + parts.map((x) => encodeURIComponent(x)).join('/');
  }

  /** Concrete (prefixed) index names an alias points to; [] when the alias does not exist. */
  private async aliasTargets(prefixedAlias: string): Promise<string[]> {
    const res = await this.req<Record<string, { aliases: Record<string, { is_write_index?: boolean }> }>>(
      `get alias ${this.strip(prefixedAlias)}`,
      { method: 'GET', path: `/_alias/${encodeURIComponent(prefixedAlias)}` },
      { ignore: [404] },
    );
    if (res.statusCode === 404) return [];
    const body = res.body as Record<string, { aliases?: Record<string, { is_write_index?: boolean }> }>;
    return Object.keys(body)
      .filter((idx) => body[idx]?.aliases && prefixedAlias in (body[idx].aliases ?? {}))
      .sort((a, b) => {
        const wa = body[a].aliases?.[prefixedAlias]?.is_write_index ? 0 : 1;
        const wb = body[b].aliases?.[prefixedAlias]?.is_write_index ? 0 : 1;
        return wa - wb || a.localeCompare(b);
      });
  }

  private async exists(prefixedName: string): Promise<boolean> {
    const res = await this.req(`check ${this.strip(prefixedName)}`, { method: 'HEAD', path: OpenSearchEngine.path(prefixedName) }, { ignore: [404] });
    return res.statusCode === 200;
  }

  private async requireExisting(name: string): Promise<string> {
    const pn = this.p(name);
    if (this.known.has(pn)) return pn;
    if (!(await this.exists(pn))) throw new EngineIndexNotFound(name);
    this.known.add(pn);
    return pn;
  }

  private defFor(name: string): IndexDefinition | undefined {
    return this.defs.get(name);
  }

  // ------------------------------------------------------------ index lifecycle

  private indexBody(def: IndexDefinition): Json {
    const settings: Json = { ...def.settings };
    if (this.opts.numberOfReplicas !== undefined) settings.number_of_replicas = this.opts.numberOfReplicas;
    if (this.opts.numberOfShards !== undefined) settings.number_of_shards = this.opts.numberOfShards;
    settings.gc_deletes = this.opts.gcDeletes;
    return { settings, mappings: def.mappings };
  }

  /** Creates the concrete index; true when created, false when it already existed. */
  private async createConcrete(def: IndexDefinition, build?: string): Promise<boolean> {
    const name = concreteIndexName(def, build);
    const res = await this.req<Json>(
      `create index ${name}`,
      { method: 'PUT', path: OpenSearchEngine.path(this.p(name)), body: this.indexBody(def), querystring: { wait_for_active_shards: '1' } },
      { ignore: [400] },
    );
    if (res.statusCode === 400) {
      const type = (res.body as { error?: { type?: string } }).error?.type;
      if (type !== 'resource_already_exists_exception') {
        throw new EngineQueryError(`cannot create index ${name}: ${describeOsError(res.body)}`);
      }
      this.known.add(this.p(name));
      return false;
    }
    this.known.add(this.p(name));
    return true;
  }

  async ensureIndex(def: IndexDefinition): Promise<EnsureIndexResult> {
    this.registerDef(def);
    const alias = def.name;
    const concrete = concreteIndexName(def);
    const targets = await this.aliasTargets(this.p(alias));
    if (targets.length > 0) {
      const index = this.strip(targets[0]);
      this.known.add(this.p(alias));
      this.aliasNames.add(this.p(alias));
      return { alias, index, created: false, upToDate: isVersionOf(index, def), needsRebuild: false };
    }
    if (await this.exists(this.p(alias))) {
      // A concrete index squats the alias name (e.g. auto-created by a stray write).
      throw new EngineError(`an index named [${alias}] exists where the alias should be; delete it and retry`);
    }
    const created = await this.createConcrete(def);
    await this.req(`add alias ${alias}`, {
      method: 'POST',
      path: '/_aliases',
      body: { actions: [{ add: { index: this.p(concrete), alias: this.p(alias) } }] },
    });
    this.known.add(this.p(alias));
    this.aliasNames.add(this.p(alias));
    // A new index is empty: the indexer fills it from PostgreSQL. (The embedded engine remembers
    // this until the alias is swapped; here it is reported by the call that created the index.)
    return { alias, index: concrete, created, upToDate: true, needsRebuild: created };
  }

  async createIndexVersion(def: IndexDefinition, build?: string): Promise<string> {
    this.registerDef(def, build);
    const name = concreteIndexName(def, build);
    const pn = this.p(name);
    if (!(await this.createConcrete(def, build))) {
      // It exists: refuse if searches use it, else start over (a restarted reindex starts empty).
      const live = await this.req<Record<string, { aliases?: Record<string, unknown> }>>(
        `aliases of ${name}`,
        { method: 'GET', path: `${OpenSearchEngine.path(pn)}/_alias` },
        { index: name },
      );
      if (Object.keys(live.body[pn]?.aliases ?? {}).length > 0) throw new EngineQueryError(`index [${name}] is live behind an alias`);
      await this.deleteIndex(name);
      if (!(await this.createConcrete(def, build))) throw new EngineError(`index [${name}] was re-created concurrently`);
    }
    return name;
  }

  async swapAlias(alias: string, index: string): Promise<{ previous: string | null }> {
    const pa = this.p(alias);
    const pi = this.p(index);
    if (!(await this.exists(pi))) throw new EngineIndexNotFound(index);
    const targets = await this.aliasTargets(pa);
    const actions: Json[] = targets.filter((t) => t !== pi).map((t) => ({ remove: { index: t, alias: pa } }));
    actions.push({ add: { index: pi, alias: pa } });
    // One _aliases call: searches see the old index or the new one, never neither.
    await this.req(`swap alias ${alias} → ${index}`, { method: 'POST', path: '/_aliases', body: { actions } }, { index });
    this.known.add(pa);
    this.aliasNames.add(pa);
    const def = this.defs.get(index);
    if (def) this.defs.set(alias, def);
    return { previous: targets.length > 0 ? this.strip(targets[0]) : null };
  }

  async aliasTarget(alias: string): Promise<string | null> {
    const targets = await this.aliasTargets(this.p(alias));
    return targets.length > 0 ? this.strip(targets[0]) : null;
  }

  async deleteIndex(index: string): Promise<void> {
    const pi = this.p(index);
    const res = await this.req<Json>(
      `delete index ${index}`,
      { method: 'DELETE', path: OpenSearchEngine.path(pi) },
      { ignore: [404], index },
    );
    this.known.delete(pi);
    if (res.statusCode === 404) throw new EngineIndexNotFound(index);
  }

  // ------------------------------------------------------------ writes

  async bulk(index: string, ops: BulkOp[], options: BulkOptions = {}): Promise<BulkResult> {
    const items: BulkItemResult[] = new Array(ops.length);
    if (ops.length === 0) return { errors: false, items };
    const target = await this.requireExisting(index);

    // Lines per op, serialised once; invalid ops are answered here and never sent.
    const lines: (string[] | null)[] = ops.map((op, i) => {
      const problem = checkOp(op);
      if (problem) {
        items[i] = { id: String(op?.id ?? ''), status: 'error', error: problem };
        return null;
      }
      const meta = JSON.stringify({ [op.op === 'upsert' ? 'index' : 'delete']: { _id: op.id, version: op.version, version_type: 'external' } });
      return op.op === 'upsert' ? [meta, JSON.stringify(op.doc)] : [meta];
    });

    let pending = ops.map((_, i) => i).filter((i) => lines[i] !== null);
    const refresh = options.refresh ? this.opts.refreshPolicy : 'false';
    for (let attempt = 0; pending.length > 0; attempt++) {
      const retry: number[] = [];
      for (const chunk of this.chunks(pending, lines)) {
        const res = await this.bulkRequest(target, index, chunk, lines, refresh);
        res.forEach((item, j) => {
          const i = chunk[j];
          const op = ops[i];
          if (item.status === 429 || item.status === 503) {
            retry.push(i);
            return;
          }
          items[i] = itemResult(op, item);
        });
      }
      if (retry.length === 0) break;
      if (attempt >= this.opts.bulkMaxRetries) {
        for (const i of retry) items[i] = { id: ops[i].id, status: 'error', error: `rejected by OpenSearch (429/503) after ${attempt + 1} attempts` };
        break;
      }
      await sleep(this.backoff(attempt));
      pending = retry;
    }
    return { errors: items.some((x) => x.status === 'error'), items };
  }

  private *chunks(pending: number[], lines: (string[] | null)[]): Generator<number[]> {
    let chunk: number[] = [];
    let bytes = 0;
    for (const i of pending) {
      const size = (lines[i] as string[]).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
      if (chunk.length > 0 && bytes + size > this.opts.bulkMaxBytes) {
        yield chunk;
        chunk = [];
        bytes = 0;
      }
      chunk.push(i);
      bytes += size;
    }
    if (chunk.length > 0) yield chunk;
  }

  private backoff(attempt: number): number {
    const base = this.opts.bulkBackoffMs * 2 ** attempt;
    return Math.min(10_000, base / 2 + Math.random() * base);
  }

  /** One _bulk call, retried as a whole on 429 / 5xx-unavailable / connection errors. */
  private async bulkRequest(
    target: string,
    index: string,
    chunk: number[],
    lines: (string[] | null)[],
    refresh: string,
  ): Promise<OsBulkItem[]> {
    const body = chunk.flatMap((i) => lines[i] as string[]).join('\n') + '\n';
    for (let attempt = 0; ; attempt++) {
      if (this.closed) throw new EngineUnavailable('the OpenSearch engine is closed');
      try {
        const res = await this.client.transport.request(
          {
            method: 'POST',
            path: `${OpenSearchEngine.path(target)}/_bulk`,
            querystring: this.aliasNames.has(target) ? { refresh, require_alias: 'true' } : { refresh },
            bulkBody: body,
          },
          { maxRetries: 0 },
        );
        const out = (res.body as { items: Record<string, OsBulkItem>[] }).items.map((x) => Object.values(x)[0]);
        if (out.length !== chunk.length) throw new EngineError(`bulk answered ${out.length} items for ${chunk.length} operations`);
        if (out.every((x) => x.error?.type === 'index_not_found_exception')) {
          // The alias or index vanished behind our back (require_alias kept it from being auto-created).
          this.known.delete(target);
          this.aliasNames.delete(target);
          throw new EngineIndexNotFound(index);
        }
        return out;
      } catch (err) {
        if (isRetryable(err) && attempt < this.opts.bulkMaxRetries) {
          await sleep(this.backoff(attempt));
          continue;
        }
        throw mapOsError(err, `bulk into ${index}`, this.strip, index);
      }
    }
  }

  async refresh(index: string): Promise<void> {
    await this.req(`refresh ${index}`, { method: 'POST', path: `${OpenSearchEngine.path(this.p(index))}/_refresh` }, { index });
  }

  async forceMerge(index: string): Promise<void> {
    await this.refresh(index);
    // A large index takes minutes to merge; the call waits for it, past the per-request timeout.
    await this.req(
      `force merge ${index}`,
      { method: 'POST', path: `${OpenSearchEngine.path(this.p(index))}/_forcemerge`, querystring: { max_num_segments: 1 } },
      { index, requestTimeout: FORCE_MERGE_TIMEOUT_MS, maxRetries: 0 },
    );
    // Searches move to the merged segment at the next refresh.
    await this.refresh(index);
  }

  // ------------------------------------------------------------ reads

  async get<S = Record<string, unknown>>(index: string, id: string): Promise<StoredDoc<S> | null> {
    const res = await this.req<{ found?: boolean; _version?: number; _source?: S; error?: unknown }>(
      `get ${index}/${id}`,
      { method: 'GET', path: `${OpenSearchEngine.path(this.p(index))}/_doc/${encodeURIComponent(id)}` },
      { ignore: [404], index },
    );
    if (res.statusCode === 404) {
      // found: false → no such document; an error body → no such index.
      if (res.body?.error) throw new EngineIndexNotFound(index);
      return null;
    }
    if (!res.body.found) return null;
    return { id, version: res.body._version ?? 0, source: (res.body._source ?? {}) as S };
  }

  async count(index: string, query?: Query): Promise<number> {
    const def = this.defFor(index);
    if (def && query) validateSearchRequest(def, { query, size: 0 });
    const res = await this.req<{ count: number }>(
      `count ${index}`,
      { method: 'POST', path: `${OpenSearchEngine.path(this.p(index))}/_count`, body: query ? { query } : {} },
      { index },
    );
    return res.body.count;
  }

  async search<S = Record<string, unknown>>(index: string, request: SearchRequest): Promise<SearchResponse<S>> {
    const def = this.defFor(index);
    if (def) validateSearchRequest(def, request);
    const res = await this.req<OsSearchBody>(
      `search ${index}`,
      { method: 'POST', path: `${OpenSearchEngine.path(this.p(index))}/_search`, querystring: { request_cache: this.opts.requestCache !== false }, body: request },
      { index },
    );
    const b = res.body;
    const hits: Hit<S>[] = b.hits.hits.map((h) => {
      const hit: Hit<S> = { id: h._id, score: h._score ?? null, source: (h._source ?? {}) as S };
      if (h.highlight) hit.highlight = h.highlight;
      if (h.sort) hit.sort = h.sort;
      return hit;
    });
    const out: SearchResponse<S> = {
      // track_total_hits: false → OpenSearch sends no total; report it as the embedded engine does.
      total: b.hits.total ?? { value: 0, relation: hits.length === 0 && (request.from ?? 0) === 0 && (request.size ?? 10) > 0 ? 'eq' : 'gte' },
      max_score: b.hits.max_score ?? null,
      hits,
      took_ms: b.took,
    };
    if (b.aggregations) out.aggregations = b.aggregations;
    return out;
  }

  async suggest<S = Record<string, unknown>>(index: string, request: SuggestRequest): Promise<SuggestResponse<S>> {
    const def = this.defFor(index);
    if (def) validateSuggestRequest(def, request);
    const res = await this.req<OsSearchBody>(
      `suggest ${index}`,
      { method: 'POST', path: `${OpenSearchEngine.path(this.p(index))}/_search`, body: { size: 0, suggest: request } },
      { index },
    );
    const out: SuggestResponse<S> = {};
    for (const name of Object.keys(request)) {
      const entries = res.body.suggest?.[name] ?? [];
      out[name] = entries.flatMap((e) =>
        e.options.map((o): SuggestOption<S> => ({ text: o.text, id: o._id, score: o._score ?? 0, source: (o._source ?? {}) as S })),
      );
    }
    return out;
  }

  async listVersions(index: string, page: { after?: string; size?: number } = {}): Promise<VersionPage> {
    const size = Math.max(1, Math.min(page.size ?? 1000, ENGINE_LIMITS.maxResultWindow));
    const body: Json = {
      size,
      query: { match_all: {} },
      // Sorting on _id uses its fielddata (deprecated but supported through 2.x).
      sort: [{ _id: 'asc' }],
      _source: false,
      version: true,
      track_total_hits: false,
    };
    if (page.after !== undefined) body.search_after = [page.after];
    const res = await this.req<OsSearchBody>(
      `list versions of ${index}`,
      { method: 'POST', path: `${OpenSearchEngine.path(this.p(index))}/_search`, body },
      { index },
    );
    const items = res.body.hits.hits.map((h) => ({ id: h._id, version: h._version ?? 0 }));
    return items.length === size ? { items, next: items[items.length - 1].id } : { items };
  }

  // ------------------------------------------------------------ ops

  async health(): Promise<EngineHealth> {
    const pattern = this.prefix ? `${this.prefix}*` : '*';
    const [health, cat, aliases] = await Promise.all([
      this.req<{ status: 'green' | 'yellow' | 'red' }>('cluster health', {
        method: 'GET',
        path: this.prefix ? `/_cluster/health/${encodeURIComponent(pattern)}` : '/_cluster/health',
      }),
      this.req<{ index: string; 'docs.count': string | null; 'segments.count': string | null }[]>('list indexes', {
        method: 'GET',
        path: `/_cat/indices/${encodeURIComponent(pattern)}`,
        querystring: { format: 'json', h: 'index,docs.count,segments.count', expand_wildcards: 'open' },
      }),
      this.req<Record<string, { aliases: Record<string, unknown> }>>(
        'list aliases',
        { method: 'GET', path: `/${encodeURIComponent(pattern)}/_alias`, querystring: { expand_wildcards: 'open' } },
        { ignore: [404] },
      ),
    ]);
    const indices: EngineHealth['indices'] = {};
    for (const row of cat.body) {
      if (row.index.startsWith('.')) continue;
      const alias = Object.keys(aliases.statusCode === 200 ? (aliases.body[row.index]?.aliases ?? {}) : {})[0];
      indices[this.strip(row.index)] = { alias: alias ? this.strip(alias) : null, docs: Number(row['docs.count'] ?? 0), segments: Number(row['segments.count'] ?? 0) };
    }
    return { status: health.body.status, engine: 'opensearch', indices };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close();
  }
}

function checkOp(op: BulkOp): string | undefined {
  if (!op || (op.op !== 'upsert' && op.op !== 'delete')) return `unknown bulk op [${String((op as { op?: unknown })?.op)}]`;
  if (typeof op.id !== 'string' || op.id === '') return 'id must be a non-empty string';
  if (Buffer.byteLength(op.id) > 512) return 'id is longer than 512 bytes';
  if (!Number.isSafeInteger(op.version) || op.version < 0) return `version must be a non-negative integer, got [${String(op.version)}]`;
  if (op.op === 'upsert' && (op.doc === null || typeof op.doc !== 'object' || Array.isArray(op.doc))) return 'doc must be an object';
  return undefined;
}

function itemResult(op: BulkOp, item: OsBulkItem): BulkItemResult {
  const id = op.id;
  if (item.error) {
    if (item.status === 409 && item.error.type === 'version_conflict_engine_exception') return { id, status: 'stale' };
    const cause = item.error.caused_by?.reason ? ` (${item.error.caused_by.reason})` : '';
    return { id, status: 'error', error: `${item.error.type ?? 'error'}: ${item.error.reason ?? 'failed'}${cause}` };
  }
  if (op.op === 'delete') return { id, status: item.result === 'deleted' ? 'deleted' : 'not_found' };
  return { id, status: item.result === 'created' ? 'created' : 'updated' };
}
