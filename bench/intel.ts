// Intel feed benchmark: GET /api/intel/v1 with three aggregations (HTTP end to end, signed in as a curator), and the
// sellers' feed of published intel (GET /api/feed.json: first pages, searches, filters, a deep page), on
// the embedded engine and on OpenSearch when OPENSEARCH_URL is set; then a bulk update of up to 100k items as a
// job (the pg-boss runner, 1,000-item chunks), with items/s and how its progress advanced; then an updateAll of
// most of the company's items: how long its request took, and how long until its job had found the items.
//
//   npm run bench:intel                      # demo data (about 5,000 intel items)
//   npm run bench:intel -- --scale 100       # 1M intel items in Scale Co (10k per scale unit)
//   npm run bench:intel -- --scale 10 --seconds 10 --bulk 100000
//
// Prints a table and RESULT lines, and writes bench/results/intel.md. Targets: p95 ≤ 80 ms at 1M (the feed: ≤ 50 ms);
// bulk ≥ 5k items/s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { connect, type Db } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { seedScale } from '../db/seed/scale.ts';
import { createEmbeddedEngine } from '../engine/embedded/index.ts';
import type { SearchEngine } from '../engine/port.ts';
import { prepareIndexes } from '../indexer/bootstrap.ts';
import { intelUpdateJob } from '../search-api/intel/bulk.ts';
import { JobRunner } from '../search-api/jobs/runner.ts';
import { load, signIn, type Latency } from './lib/http.ts';
import { serveApi } from './lib/serve.ts';

const opts = new Command()
  .option('--scale <n>', 'add N×10,000 intel items (and N×1,000 cards) in Scale Co and work as its admin', '0')
  .option('--seconds <n>', 'seconds per endpoint and engine', '10')
  .option('--connections <n>', 'concurrent connections', '4')
  .option('--bulk <n>', 'items in the bulk update', '100000')
  .parse()
  .opts<{ scale: string; seconds: string; connections: string; bulk: string }>();
const scale = Number(opts.scale);
const seconds = Number(opts.seconds);
const connections = Number(opts.connections);
const AGGS = 'aggregate=topics,sources,rivals';

/** The feed as curators use it: views, filters, searches, three aggregations each. */
function listUrls(): string[] {
  const variants = ['', 'states=unprocessed', 'dateRange=last30Days', 'view=important', 'q=pricing', 'sort=oldest',
    'states=archived&published=true', 'dateRange=last7Days&sort=relevance&q=security', 'topics=not:hiring', 'view=myNewIntel'];
  return variants.map((v) => `/api/intel/v1?${AGGS}${v ? `&${v}` : ''}`);
}
/** The sellers' feed as they use it: scrolling, searching, one rival, one topic, a date preset. */
function feedUrls(rivalId: number): string[] {
  const variants = ['', 'offset=200', 'q=pricing', 'q=security%20review', `rivalIds=${rivalId}`, 'topics=pricing', 'dateRange=last30Days', `q=pricing&rivalIds=${rivalId}`];
  return variants.map((v) => `/api/feed.json${v ? `?${v}` : ''}`);
}
const recommendationUrls = () => ['', 'q=pricing', 'dateRange=last30Days'].map((v) => `/api/intel/v1?sort=recommendation${v ? `&${v}` : ''}`);

type Row = { engine: string; endpoint: string } & Latency;

/** requestMs: the updateAll request; resolveMs: from the request until its job knew tasksTotal (polled every 50 ms). */
type Bulk = { items: number; seconds: number; itemsPerSecond: number; requestMs: number; resolveMs: number; matched: number; progress: string };


async function benchEngine(name: string, engine: SearchEngine, db: Db, email: string, rivalId: number, bulk?: (base: string, engine: SearchEngine) => Promise<Bulk>) {
  const started = performance.now();
  await prepareIndexes(db, engine);
  console.error(`${name}: indexes built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { base, close } = await serveApi(db, { engine });
  try {
    const { cookie } = await signIn(base, email);
    await load(base, cookie, listUrls().slice(0, 3), seconds, connections); // warm-up
    const rows: Row[] = [
      { engine: name, endpoint: `GET /intel/v1 + ${AGGS.split('=')[1].split(',').length} aggregations`, ...(await load(base, cookie, listUrls(), seconds, connections)) },
      { engine: name, endpoint: 'GET /intel/v1 sort=recommendation', ...(await load(base, cookie, recommendationUrls(), seconds, connections)) },
      { engine: name, endpoint: 'GET /feed.json (published intel)', ...(await load(base, cookie, feedUrls(rivalId), seconds, connections)) },
    ];
    return { rows, bulk: await bulk?.(base, engine) };
  } finally {
    await close();
    await engine.close();
  }
}

/**
 * A bulk update by ids as a job, polled like the page polls it; then one by query (updateAll), timing its request
 * and how long its job took to find the matching items (target resolution runs in the job).
 */
async function benchBulk(db: Db, dbUrl: string, email: string, companyId: number, base: string, engine: SearchEngine): Promise<Bulk> {
  const runner = new JobRunner(db, { databaseUrl: dbUrl, handlers: { intelUpdate: intelUpdateJob({ db, engine }) } });
  await runner.start();
  try {
    const { cookie, csrf } = await signIn(base, email);
    const headers = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
    const { rows } = await db.execute(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} ORDER BY id LIMIT ${Number(opts.bulk)}`);
    const intelIds = (rows as { id: number }[]).map((r) => r.id);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/intel/v1/`, { method: 'PATCH', headers, body: JSON.stringify({ intelIds, update: { priority: 'interesting', topics: ['bulk'] } }) });
    const { jobId } = (await res.json()) as { jobId: number };
    const samples: [number, number][] = [];
    for (;;) {
      const j = await (await fetch(`${base}/api/intel/v1/jobs/${jobId}`, { headers })).json();
      samples.push([(performance.now() - t0) / 1000, j.tasksCompleted]);
      if (j.state === 'completed' || j.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const { rows: times } = await db.execute(sql`SELECT extract(epoch FROM completed_at - created_at)::float AS s FROM jobs WHERE id = ${jobId}`);
    const secs = (times[0] as { s: number }).s;
    // Progress about once a second, as the page sees it when polling.
    const progress: string[] = [];
    let next = 0;
    for (const [s, n] of samples) if (s >= next) { progress.push(`${s.toFixed(1)}s ${Math.round((100 * n) / intelIds.length)}%`); next = Math.floor(s) + 1; }
    const last = samples[samples.length - 1];
    if (!progress.at(-1)?.endsWith('100%')) progress.push(`${last[0].toFixed(1)}s ${Math.round((100 * last[1]) / intelIds.length)}%`);
    // An updateAll: the request answers at once; the job finds its targets, then is cancelled (the update is not timed).
    const r0 = performance.now();
    const all = await fetch(`${base}/api/intel/v1/`, { method: 'PATCH', headers, body: JSON.stringify({ updateAll: true, query: 'states=unprocessed,working,archived', update: { priority: 'important' } }) });
    const requestMs = Math.round(performance.now() - r0);
    const allJobId = ((await all.json()) as { jobId: number }).jobId;
    let resolved: { phase: string; state: string; tasksTotal: number };
    for (;;) {
      resolved = await (await fetch(`${base}/api/intel/v1/jobs/${allJobId}`, { headers })).json();
      if (resolved.phase !== 'resolving' || ['completed', 'cancelled', 'failed'].includes(resolved.state)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const resolveMs = Math.round(performance.now() - r0);
    await fetch(`${base}/api/intel/v1/jobs/${allJobId}/cancel`, { method: 'POST', headers });
    return {
      items: intelIds.length,
      seconds: Math.round(secs * 100) / 100,
      itemsPerSecond: Math.round(intelIds.length / secs),
      requestMs,
      resolveMs,
      matched: resolved.tasksTotal,
      progress: progress.join(', '),
    };
  } finally {
    await runner.stop();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-intel-'));
const pg = await startEmbeddedPostgres(dataDir, { persistent: false });
const db = connect(pg.url, 20);
try {
  await migrateDatabase(db);
  let email = 'curator@demo.test';
  let companyId: number;
  if (scale > 0) {
    const seeded = await seedScale(db, { scale, onProgress: (p) => process.stderr.write(`\r${p.phase} ${p.done}/${p.total} ${p.unit}   `) });
    process.stderr.write('\n');
    email = 'scale-admin@scale.test';
    companyId = seeded.companyId;
  } else {
    await seedDemo(db);
    companyId = ((await db.execute(sql`SELECT company_id AS id FROM users WHERE email = ${email}`)).rows[0] as { id: number }).id;
  }
  const { rows } = await db.execute(sql`SELECT count(*)::int AS n FROM intel_items WHERE company_id = ${companyId}`);
  const items = (rows[0] as { n: number }).n;
  // The rival with the most intel: the feed's rival filter at its heaviest.
  const { rows: top } = await db.execute(sql`SELECT rival_id AS id FROM intel_rivals WHERE company_id = ${companyId} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const rivalId = (top[0] as { id: number }).id;
  const embedded = await benchEngine('embedded', await createEmbeddedEngine({ persistIntervalMs: -1 }), db, email, rivalId, (base, engine) =>
    benchBulk(db, pg.url, email, companyId, base, engine),
  );
  const table: Row[] = [...embedded.rows];
  if (process.env.OPENSEARCH_URL) {
    const { createOpenSearchEngine } = await import('../engine/opensearch/index.ts');
    table.push(...(await benchEngine('opensearch', createOpenSearchEngine({ url: process.env.OPENSEARCH_URL, indexPrefix: `bench${Date.now()}_` }), db, email, rivalId)).rows);
  } else {
    console.error('opensearch: not run (OPENSEARCH_URL is not set; start one with npm run opensearch:local)');
  }
  print(table, embedded.bulk!, items);
} finally {
  await db.$client.end();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function print(rows: Row[], bulk: Bulk, items: number) {
  const lines = ['| engine | endpoint | requests | errors | p50 ms | p95 ms | p99 ms |', '|---|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.engine} | ${r.endpoint} | ${r.requests} | ${r.errors} | ${r.p50} | ${r.p95} | ${r.p99} |`);
  const bulkTable = [
    '| items | seconds | items/s | progress (polled) | updateAll request ms | updateAll until tasksTotal known ms (matched) |',
    '|---:|---:|---:|---|---:|---:|',
    `| ${bulk.items} | ${bulk.seconds} | ${bulk.itemsPerSecond} | ${bulk.progress} | ${bulk.requestMs} | ${bulk.resolveMs} (${bulk.matched}) |`,
  ].join('\n');
  // The machine's load says how much the figures were shared with other work.
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' ');
  const head = `scale ${scale} (${items} intel items in the company), ${os.cpus().length} cores (load average ${load} at the end), ${connections} connections, ${seconds} s per row`;
  const text = `${head}\n\n${lines.join('\n')}\n\nBulk update (a job, pg-boss runner, 1,000-item chunks)\n\n${bulkTable}\n`;
  console.log(`\nIntel feed API, ${text}`);
  for (const r of rows) {
    const endpoint = r.endpoint.includes('recommendation') ? 'list-recommendation' : r.endpoint.includes('feed') ? 'feed' : 'list-3-aggs';
    console.log(`RESULT bench=intel engine=${r.engine} endpoint=${endpoint} requests=${r.requests} errors=${r.errors} p50_ms=${r.p50} p95_ms=${r.p95} p99_ms=${r.p99}`);
  }
  console.log(`RESULT bench=intel endpoint=bulk items=${bulk.items} seconds=${bulk.seconds} items_per_s=${bulk.itemsPerSecond} request_ms=${bulk.requestMs} resolve_ms=${bulk.resolveMs} matched=${bulk.matched}`);
  const out = path.join(import.meta.dirname, 'results', 'intel.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `# Intel feed benchmark\n\n${new Date().toISOString().slice(0, 10)}, ${text}`);
}
