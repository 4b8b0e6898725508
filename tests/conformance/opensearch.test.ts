// Runs the engine conformance suite against a real OpenSearch, plus the adapter's own checks
// (bulk retries on rejections, error mapping, name isolation).
//
//   npm run test:opensearch                       # starts a local OpenSearch, runs this, stops it
//   OPENSEARCH_URL=http://127.0.0.1:9201 npx vitest run tests/conformance/opensearch.test.ts
//
// Without OPENSEARCH_URL the suite does not run and says so (never a silent skip).
import http from 'node:http';
import net from 'node:net';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineIndexNotFound, EngineQueryError, EngineUnavailable } from '../../engine/errors.ts';
import { createOpenSearchEngine } from '../../engine/opensearch/index.ts';
import type { IndexDefinition } from '../../engine/port.ts';
import { cardsIndex } from '../../documents/cards.ts';
import { runConformance } from './suite.ts';

const url = process.env.OPENSEARCH_URL;
const NOT_RUN = 'OpenSearch conformance not run: OPENSEARCH_URL is not set (start one with npm run opensearch:local)';

/** Unique per run: every index and alias this file creates starts with it, and is deleted at the end. */
const runPrefix = `rsconf_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}_`;

if (!url) {
  describe('engine conformance: opensearch', () => {
    it(NOT_RUN, () => {
      console.warn(NOT_RUN);
    });
  });
} else {
  runConformance('opensearch', async () => createOpenSearchEngine({ url, indexPrefix: `${runPrefix}suite_` }), { prefix: 'conf' });

  afterAll(async () => {
    const client = new Client({ node: url });
    try {
      await client.indices.delete({ index: `${runPrefix}*`, ignore_unavailable: true, allow_no_indices: true } as never);
    } finally {
      await client.close();
    }
  });
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('opensearch adapter: no cluster', () => {
  it('maps connection refused to EngineUnavailable', async () => {
    const engine = createOpenSearchEngine({ url: `http://127.0.0.1:${await closedPort()}`, maxRetries: 0, bulkMaxRetries: 1, bulkBackoffMs: 1 });
    try {
      await expect(engine.search('cards', {})).rejects.toBeInstanceOf(EngineUnavailable);
      await expect(engine.health()).rejects.toBeInstanceOf(EngineUnavailable);
    } finally {
      await engine.close();
    }
  });
});

describe.skipIf(!url)('opensearch adapter: against a real cluster', () => {
  const def: IndexDefinition = { ...cardsIndex, name: 'cards', version: 1 };
  const doc = (id: string, title: string) => ({ id, title, company_id: 1, isDraft: false, allAccess: true });

  it('isolates names by prefix and strips the prefix from what it returns', async () => {
    const engine = createOpenSearchEngine({ url: url!, indexPrefix: `${runPrefix}names_` });
    try {
      const e = await engine.ensureIndex(def);
      expect(e).toEqual({ alias: 'cards', index: 'cards_v1', created: true, upToDate: true, needsRebuild: true });
      expect(await engine.aliasTarget('cards')).toBe('cards_v1');
      const h = await engine.health();
      expect(h.engine).toBe('opensearch');
      expect(h.status).toBe('green');
      expect(h.indices).toEqual({ cards_v1: { alias: 'cards', docs: 0, segments: 0 } });
      // A second ensureIndex finds the alias.
      expect((await engine.ensureIndex(def)).created).toBe(false);
    } finally {
      await engine.close();
    }
  });

  it('never auto-creates an index on a bulk to a missing name, and refuses to recreate a live index', async () => {
    const engine = createOpenSearchEngine({ url: url!, indexPrefix: `${runPrefix}missing_` });
    try {
      await expect(engine.bulk('nothing', [{ op: 'upsert', id: '1', version: 1, doc: { id: '1' } }])).rejects.toBeInstanceOf(EngineIndexNotFound);
      await expect(engine.search('nothing', {})).rejects.toBeInstanceOf(EngineIndexNotFound);
      await expect(engine.deleteIndex('nothing_v1')).rejects.toBeInstanceOf(EngineIndexNotFound);
      expect(await engine.aliasTarget('nothing')).toBeNull();
      expect((await engine.health()).indices).toEqual({});
      await engine.ensureIndex(def);
      await expect(engine.createIndexVersion(def)).rejects.toBeInstanceOf(EngineQueryError);
      // The index behind a known alias disappears: the bulk fails, and nothing is auto-created.
      await engine.deleteIndex('cards_v1');
      await expect(engine.bulk('cards', [{ op: 'upsert', id: '1', version: 1, doc: { id: '1' } }])).rejects.toBeInstanceOf(EngineIndexNotFound);
      expect((await engine.health()).indices).toEqual({});
    } finally {
      await engine.close();
    }
  });

  it('answers a search with hits from the shard request cache until the next refresh, unless told not to', async () => {
    const client = new Client({ node: url! });
    const cached = async (engine: ReturnType<typeof createOpenSearchEngine>, prefix: string) => {
      const stats = async () => {
        const res = await client.indices.stats({ index: `${prefix}cards_v1`, metric: 'request_cache' } as never);
        return (res.body as { _all: { primaries: { request_cache: { hit_count: number; miss_count: number } } } })._all.primaries.request_cache;
      };
      await engine.ensureIndex(def);
      await engine.bulk('cards', [{ op: 'upsert', id: '1', version: 1, doc: doc('1', 'Pricing tiers') }], { refresh: true });
      const request = { query: { match: { title: 'pricing' } }, size: 5 };
      const before = await stats();
      const first = await engine.search('cards', request);
      const second = await engine.search('cards', request);
      expect(second.hits.map((h) => h.id)).toEqual(first.hits.map((h) => h.id));
      const after = await stats();
      // A refresh that publishes a change empties it: the new doc is found.
      await engine.bulk('cards', [{ op: 'upsert', id: '2', version: 1, doc: doc('2', 'Pricing model') }], { refresh: true });
      expect((await engine.search('cards', request)).hits.map((h) => h.id).sort()).toEqual(['1', '2']);
      return { hits: after.hit_count - before.hit_count, misses: after.miss_count - before.miss_count };
    };
    const on = createOpenSearchEngine({ url: url!, indexPrefix: `${runPrefix}rcache_` });
    const off = createOpenSearchEngine({ url: url!, indexPrefix: `${runPrefix}nocache_`, requestCache: false });
    try {
      expect(await cached(on, `${runPrefix}rcache_`)).toEqual({ hits: 1, misses: 1 });
      expect(await cached(off, `${runPrefix}nocache_`)).toEqual({ hits: 0, misses: 0 });
    } finally {
      await Promise.all([on.close(), off.close(), client.close()]);
    }
  });

  it("maps OpenSearch's own 400s to EngineQueryError when the definition is not known locally", async () => {
    const writer = createOpenSearchEngine({ url: url!, indexPrefix: `${runPrefix}native_` });
    const reader = createOpenSearchEngine({ url: url!, indexPrefix: `${runPrefix}native_` });
    try {
      await writer.ensureIndex(def);
      // The reader never saw the definition, so the request reaches OpenSearch unvalidated.
      await expect(reader.search('cards', { sort: [{ title: 'asc' }] })).rejects.toBeInstanceOf(EngineQueryError);
      await expect(reader.search('cards', { query: { range: { createdAt: { gte: 'now-7x/d' } } } })).rejects.toBeInstanceOf(EngineQueryError);
      // The refusal engine/validate.ts copies: OpenSearch's own, with its message.
      const fuzzy = reader.search('cards', { query: { multi_match: { query: 'acme', fields: ['title', 'text'], type: 'cross_fields', fuzziness: 'AUTO' } } });
      await expect(fuzzy).rejects.toBeInstanceOf(EngineQueryError);
      await expect(fuzzy).rejects.toThrow(/Fuzziness not allowed for type \[cross_fields\]/);
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it('retries a rejected bulk (429) and rejected items with backoff, and reports per item', async () => {
    // A pass-through proxy speaking OpenSearch's wire format: it rejects the first _bulk whole
    // (HTTP 429), then rejects the first item of the second _bulk (item status 429) without
    // forwarding it; everything else goes to the real cluster.
    let bulkCalls = 0;
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        let body = Buffer.concat(chunks).toString('utf8');
        const isBulk = /\/_bulk(\?|$)/.test(req.url ?? '');
        let rejectedItem: string | undefined;
        if (isBulk) {
          bulkCalls++;
          if (bulkCalls === 1) {
            res.writeHead(429, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { type: 'rejected_execution_exception', reason: 'rejected execution of bulk' }, status: 429 }));
            return;
          }
          if (bulkCalls === 2) {
            const lines = body.split('\n').filter(Boolean);
            const first = JSON.parse(lines[0]) as Record<string, { _id: string }>;
            rejectedItem = Object.values(first)[0]._id;
            const drop = 'index' in first ? 2 : 1;
            body = lines.slice(drop).join('\n') + '\n';
          }
        }
        const upstream = await fetch(new URL(req.url ?? '/', url), {
          method: req.method,
          headers: { 'content-type': String(req.headers['content-type'] ?? 'application/json') },
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
        });
        let text = await upstream.text();
        if (rejectedItem !== undefined) {
          const parsed = JSON.parse(text) as { errors: boolean; items: unknown[] };
          parsed.items.unshift({
            index: { _id: rejectedItem, status: 429, error: { type: 'rejected_execution_exception', reason: 'rejected execution of bulk item' } },
          });
          parsed.errors = true;
          text = JSON.stringify(parsed);
        }
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(req.method === 'HEAD' ? undefined : text);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    const port = (proxy.address() as net.AddressInfo).port;
    const engine = createOpenSearchEngine({ url: `http://127.0.0.1:${port}`, indexPrefix: `${runPrefix}retry_`, bulkBackoffMs: 10 });
    try {
      await engine.ensureIndex(def);
      const r = await engine.bulk(
        'cards',
        [
          { op: 'upsert', id: 'a', version: 1, doc: doc('a', 'Alpha') },
          { op: 'upsert', id: 'b', version: 1, doc: doc('b', 'Beta') },
          { op: 'upsert', id: 'c', version: 1, doc: { id: 'c', unmapped: true } },
          { op: 'delete', id: 'd', version: 1 },
        ],
        { refresh: true },
      );
      expect(bulkCalls).toBe(3);
      expect(r.items.map((i) => [i.id, i.status])).toEqual([['a', 'created'], ['b', 'created'], ['c', 'error'], ['d', 'not_found']]);
      expect(r.items[2].error).toMatch(/strict_dynamic_mapping_exception/);
      expect(r.errors).toBe(true);
      expect(await engine.count('cards')).toBe(2);
    } finally {
      await engine.close();
      await new Promise((r) => proxy.close(r));
    }
  });
});
