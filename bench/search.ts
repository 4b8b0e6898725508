// Search API benchmark, HTTP end to end with a signed-in session, side by side for each engine
// available: the embedded engine always (with its request cache, and again with it off: what a read costs right
// after a refresh), OpenSearch when OPENSEARCH_URL is set. Rows: card search, suggestions, and a dynamic board's
// results (a saved search run for its reader; target p95 ≤ 30 ms at 100k cards).
//
//   npm run bench:search                      # demo data (about 500 cards, 5,000 intel items)
//   npm run bench:search -- --scale 100 --cards-only   # 100k cards in Scale Co, searched by its users
//   npm run bench:search -- --seconds 20 --connections 8
//
// Latencies are measured per request by the client (sequential requests per connection, in a worker
// thread so the client does not share the server's event loop), so the percentiles are exact. Prints a table, one RESULT line per engine and endpoint, and writes
// bench/results/search-<date>.md.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import pino from 'pino';
import { connect } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { seedScale } from '../db/seed/scale.ts';
import { createEmbeddedEngine } from '../engine/embedded/index.ts';
import type { SearchEngine } from '../engine/port.ts';
import { prepareIndexes } from '../indexer/bootstrap.ts';
import { createApp } from '../search-api/app.ts';
import { loadConfig } from '../server-shared/config.ts';
import { load, signIn, type Latency } from './lib/http.ts';

const opts = new Command()
  .option('--scale <n>', 'add N×1,000 cards (and N×10,000 intel items unless --cards-only) in Scale Co, and search as its users', '0')
  .option('--cards-only', 'with --scale: seed cards only')
  .option('--seconds <n>', 'seconds per endpoint and engine', '10')
  .option('--connections <n>', 'concurrent connections', '4')
  .parse()
  .opts<{ scale: string; seconds: string; connections: string; cardsOnly?: boolean }>();
const seconds = Number(opts.seconds);
const connections = Number(opts.connections);

const TERMS = ['pricing', 'sso', 'security review', 'dashboards', 'migration', 'onboarding support', 'embedded analytics',
  'soc 2', 'connectors', 'discount', 'roadmap', 'ai assistant', 'renewal', 'enterprise plan', 'performance'];
const PREFIXES = ['pri', 'sec', 'dash', 'lum', 'emb', 'mig', 'onb', 'ent', 'conn', 'disc'];
const COUNTERS = 'countersFor=tags.id,board.id,board.rival_id';

function searchUrls(): string[] {
  const sorts = ['newest', 'relevance', 'alpha'];
  return TERMS.flatMap((t, i) => [
    `/api/search.json?query=${encodeURIComponent(t)}&${COUNTERS}&sort=${sorts[i % 3]}`,
    `/api/search.json?query=${encodeURIComponent(t)}&${COUNTERS}&updated_start=last90Days&offset=10`,
  ]);
}
const suggestUrls = () => PREFIXES.map((p) => `/api/suggest.json?query=${p}&mode=completions`);

/**
 * Published dynamic boards of the searched company, saved searches like the ones above (terms, the company's first
 * tags as criteria on every other board, sorts and a date preset), and the urls reading them: the first page, a
 * later page, and the saved period overridden.
 */
async function dynamicBoardUrls(db: ReturnType<typeof connect>, email: string): Promise<string[]> {
  const { rows } = await db.execute(sql`
    WITH co AS (SELECT company_id AS id FROM users WHERE email = ${email}),
    tag AS (SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM tags WHERE company_id = (SELECT id FROM co) ORDER BY id LIMIT 3) t)
    INSERT INTO dynamic_boards (company_id, name, query, filters, updated_start, sort, is_draft)
    SELECT co.id, 'Bench ' || term, term,
           CASE WHEN n % 2 = 0 THEN coalesce((SELECT jsonb_agg(jsonb_build_object('field', 'tag', 'value', t, 'type', 'should')) FROM unnest(tag.ids) t), '[]') ELSE '[]' END,
           CASE WHEN n % 3 = 0 THEN 'last90Days' ELSE 'allTime' END, (ARRAY['newest', 'relevance', 'alpha'])[(n % 3 + 1)::int], false
    FROM co, tag, unnest(${sql.param(TERMS.slice(0, 6))}::text[]) WITH ORDINALITY AS x(term, n)
    RETURNING id`);
  return (rows as { id: number }[]).flatMap(({ id }) => [
    `/api/dynamic_boards/${id}.json`,
    `/api/dynamic_boards/${id}.json?offset=10`,
    `/api/dynamic_boards/${id}.json?updated_start=last30Days`,
  ]);
}

type Row = { engine: string; endpoint: string } & Latency;

async function benchEngine(name: string, engine: SearchEngine, db: ReturnType<typeof connect>): Promise<Row[]> {
  const started = performance.now();
  await prepareIndexes(db, engine);
  console.error(`${name}: indexes built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const app = createApp({ db, config, logger: pino({ level: 'silent' }), search: { engine, indexer: null } });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const rows: Row[] = [];
    const accounts = Number(opts.scale) > 0
      ? ([['curator', 'scale-admin@scale.test'], ['seller', 'scale-seller@scale.test']] as const)
      : ([['curator', 'curator@demo.test'], ['seller', 'seller@demo.test']] as const);
    const boards = await dynamicBoardUrls(db, accounts[0][1]);
    for (const [who, email] of accounts) {
      const { cookie } = await signIn(base, email);
      await load(base, cookie, searchUrls().slice(0, 5), seconds, connections); // warm-up
      rows.push({ engine: name, endpoint: `search.json (${who})`, ...(await load(base, cookie, searchUrls(), seconds, connections)) });
      rows.push({ engine: name, endpoint: `suggest.json (${who})`, ...(await load(base, cookie, suggestUrls(), seconds, connections)) });
      rows.push({ engine: name, endpoint: `dynamic_boards/{id}.json (${who})`, ...(await load(base, cookie, boards, seconds, connections)) });
    }
    await db.execute(sql`DELETE FROM dynamic_boards WHERE name LIKE 'Bench %'`);
    return rows;
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await engine.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-search-'));
const pg = await startEmbeddedPostgres(dataDir, { persistent: false });
const db = connect(pg.url, 20);
try {
  await migrateDatabase(db);
  await seedDemo(db);
  if (Number(opts.scale) > 0) await seedScale(db, { scale: Number(opts.scale), intel: !opts.cardsOnly });
  const rows: Row[] = [];
  rows.push(...(await benchEngine('embedded', await createEmbeddedEngine({ persistIntervalMs: -1 }), db)));
  // The same reads answered afresh each time: what a search costs right after a refresh emptied the request cache.
  rows.push(...(await benchEngine('embedded, request cache off', await createEmbeddedEngine({ persistIntervalMs: -1, requestCache: false }), db)));
  if (process.env.OPENSEARCH_URL) {
    const { createOpenSearchEngine } = await import('../engine/opensearch/index.ts');
    const prefix = `bench${Date.now()}_`;
    rows.push(...(await benchEngine('opensearch', createOpenSearchEngine({ url: process.env.OPENSEARCH_URL, indexPrefix: prefix }), db)));
    const off = createOpenSearchEngine({ url: process.env.OPENSEARCH_URL, indexPrefix: `${prefix}off_`, requestCache: false });
    rows.push(...(await benchEngine('opensearch, request cache off', off, db)));
  } else {
    console.error('opensearch: not run (OPENSEARCH_URL is not set; start one with npm run opensearch:local)');
  }
  print(rows);
} finally {
  await db.$client.end();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function print(rows: Row[]) {
  const header = '| engine | endpoint | requests | errors | p50 ms | p95 ms | p99 ms |';
  const lines = [header, '|---|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.engine} | ${r.endpoint} | ${r.requests} | ${r.errors} | ${r.p50} | ${r.p95} | ${r.p99} |`);
  const table = lines.join('\n');
  console.log(`\nSearch API, ${connections} connections, ${seconds} s per row, scale ${opts.scale}\n\n${table}\n`);
  for (const r of rows) {
    const endpoint = r.endpoint.replace(/[ (){}]/g, (c) => (c === ' ' ? ':' : '')).replace('.json', '');
    console.log(`RESULT bench=search engine=${r.engine.replace(/[ ,]+/g, '-')} endpoint=${endpoint} requests=${r.requests} errors=${r.errors} p50_ms=${r.p50} p95_ms=${r.p95} p99_ms=${r.p99}`);
  }
  const out = path.join(import.meta.dirname, 'results', `search-${new Date().toISOString().slice(0, 10)}.md`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `# Search API benchmark\n\n${os.cpus().length} cores, ${connections} connections, ${seconds} s per row, scale ${opts.scale}\n\n${table}\n`);
}
