// Faults with real processes: PostgreSQL stopped under a serving product, the embedded engine's snapshot
// deleted, OpenSearch unreachable. The product answers 503 with a message while a part is gone, keeps
// PostgreSQL writes, and recovers by itself when the part returns.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded.ts';
import { createOpenSearchEngine } from '../../engine/opensearch/index.ts';
import { allIndexes } from '../../documents/index.ts';
import { OPENSEARCH_NOT_RUN } from '../helpers/engines.ts';
import { recordFigure } from './figures.ts';
import { httpSession, startFaultServer, until, type FaultServer } from './server.ts';

const ms = (n: number) => `${Math.round(n)} ms`;

/** Renames one card to carry a unique word, straight in PostgreSQL (the write path under test is the indexer's). */
async function markCard(f: FaultServer, word: string): Promise<number> {
  const { rows } = await f.server.db.execute(
    sql`UPDATE cards SET name = name || ' ' || ${word} WHERE id = (SELECT min(id) FROM cards WHERE all_access AND NOT is_draft) RETURNING id`,
  );
  return (rows[0] as { id: number }).id;
}

const hits = async (get: (u: string) => Promise<Response>, word: string) => {
  const res = await get(`/api/search.json?query=${word}`);
  return res.status === 200 ? ((await res.json()) as { nr_results: number }).nr_results : -1;
};

describe('embedded engine', () => {
  let f: FaultServer;
  beforeAll(async () => {
    f = await startFaultServer();
  }, 180_000);
  afterAll(() => f?.close());

  it('answers 503 with a message while PostgreSQL is stopped, and recovers by itself when it returns', async () => {
    const curator = await httpSession(() => f.server.url, 'curator@demo.test');
    expect((await curator.get('/api/search.json?query=pricing')).status).toBe(200);

    await f.stopDatabase();
    const started = performance.now();
    const down = await curator.get('/api/search.json?query=pricing');
    recordFigure('PostgreSQL stopped: time to a 503', ms(performance.now() - started));
    expect(down.status).toBe(503);
    expect((await down.json()).error).toMatch(/database is unavailable/i);
    const health = await fetch(`${f.server.url}/api/health`);
    expect(health.status).toBe(503);

    await f.startDatabase();
    const recovery = await until(async () => (await curator.get('/api/search.json?query=pricing')).status === 200, 'recovery');
    recordFigure('PostgreSQL back: time to serve again', ms(recovery));

    // The indexer reconnected too: a change made after the outage becomes searchable.
    const word = `phoenix${crypto.randomBytes(3).toString('hex')}`;
    await markCard(f, word);
    const lag = await until(async () => (await hits(curator.get, word)) === 1, 'the change to be indexed');
    recordFigure('PostgreSQL back: change searchable after', ms(lag));
  }, 120_000);

  it('rebuilds a deleted snapshot from PostgreSQL on restart and serves the same results', async () => {
    const curator = await httpSession(() => f.server.url, 'curator@demo.test');
    const word = `snapshot${crypto.randomBytes(3).toString('hex')}`;
    await markCard(f, word);
    await until(async () => (await hits(curator.get, word)) === 1, 'the change to be indexed');
    const before = await (await curator.get('/api/search.json?query=&size=1')).json();

    await f.server.close();
    fs.rmSync(path.join(f.dataDir, 'engine'), { recursive: true, force: true });
    const started = performance.now();
    await f.restartServer();
    recordFigure('Embedded snapshot deleted: restart with rebuild', ms(performance.now() - started));

    const again = await httpSession(() => f.server.url, 'curator@demo.test');
    expect(await hits(again.get, word)).toBe(1);
    const after = await (await again.get('/api/search.json?query=&size=1')).json();
    expect(after.nr_results).toBe(before.nr_results);
  }, 180_000);
});

/** A TCP proxy in front of OpenSearch that the test can cut and restore: OpenSearch "stopped" for this server only. */
async function cuttableProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 80), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  await open();
  return { url: `http://127.0.0.1:${port}`, cut, restore: open };
}

const opensearchUrl = process.env.OPENSEARCH_URL;
if (!opensearchUrl) console.warn(`${OPENSEARCH_NOT_RUN} (fault test: OpenSearch unreachable)`);

describe.runIf(opensearchUrl)('OpenSearch', () => {
  let f: FaultServer;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  const prefix = `faults${crypto.randomBytes(3).toString('hex')}_`;
  beforeAll(async () => {
    proxy = await cuttableProxy(new URL(opensearchUrl!));
    f = await startFaultServer({ SEARCH_ENGINE: 'opensearch', OPENSEARCH_URL: proxy.url, OPENSEARCH_INDEX_PREFIX: prefix });
  }, 300_000);
  afterAll(async () => {
    await f?.close();
    await proxy?.cut();
    const engine = createOpenSearchEngine({ url: opensearchUrl!, indexPrefix: prefix });
    for (const def of allIndexes) {
      const target = await engine.aliasTarget(def.name).catch(() => null);
      if (target) await engine.deleteIndex(target).catch(() => {});
    }
    await engine.close();
  });

  it('answers 503 while OpenSearch is unreachable, keeps writes, and indexes them when it returns', async () => {
    const curator = await httpSession(() => f.server.url, 'curator@demo.test');
    expect((await curator.get('/api/search.json?query=pricing')).status).toBe(200);

    await proxy.cut();
    const down = await curator.get('/api/search.json?query=pricing');
    expect(down.status).toBe(503);
    expect((await down.json()).error).toMatch(/search is unavailable/i);

    // Writes go to PostgreSQL regardless.
    const word = `outage${crypto.randomBytes(3).toString('hex')}`;
    const id = await markCard(f, word);
    const { rows } = await f.server.db.execute(sql`SELECT name FROM cards WHERE id = ${id}`);
    expect((rows[0] as { name: string }).name).toContain(word);

    await proxy.restore();
    const lag = await until(async () => (await hits(curator.get, word)) === 1, 'the outage write to be indexed', 90_000);
    recordFigure('OpenSearch back: outage write searchable after', ms(lag));
  }, 180_000);
});
