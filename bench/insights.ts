// Review insights benchmark (issue #27's targets): Scale Co with scale × 10,000 analysed reviews; imports of
// generated CSV files into its largest supported rival until that rival has --rival-reviews reviews (the POST, then
// the reviewImport job on the JobRunner until the import succeeded); insight generation for that rival, timed in a
// transaction; then the reviews index built in each engine and the reviews list and aspect counts under a mix of
// filters, HTTP end to end, on that rival. The embedded engine always; OpenSearch too when OPENSEARCH_URL is set.
//
//   npm run bench:insights                                   # 1M reviews (scale 100)
//   npm run bench:insights -- --scale 10 --seconds 10
//   bash scripts/with-opensearch.sh npm run bench:insights -- --scale 10
//
// Targets at 1M reviews: list and aspect counts p95 ≤ 50 ms; import ≥ 5,000 reviews/s including analysis;
// generation for a rival with 100k reviews ≤ 60 s. Prints tables and RESULT lines, writes bench/results/insights.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { connect, rowsOf, type Db } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { scaleReviews, type DemoReview } from '../db/seed/reviews.ts';
import { seedScale, synthRival } from '../db/seed/scale.ts';
import { publishedRange } from '../contracts/insights.ts';
import { createEmbeddedEngine } from '../engine/embedded/index.ts';
import type { SearchEngine } from '../engine/port.ts';
import { reviewsIndex } from '../documents/index.ts';
import { reindex } from '../indexer/reindex.ts';
import { reviewAnalyser } from '../search-api/insights/analyser.ts';
import { generateInsights, type GenerationResult } from '../search-api/insights/generate.ts';
import { reviewImportJob } from '../search-api/insights/reviews/import/service.ts';
import { JobRunner } from '../search-api/jobs/runner.ts';
import { load, signIn, type Latency } from './lib/http.ts';
import { serveApi } from './lib/serve.ts';

const opts = new Command()
  .option('--scale <n>', 'seed N×10,000 reviews in Scale Co (100: 1M)', '100')
  .option('--seconds <n>', 'seconds per endpoint and engine', '10')
  .option('--connections <n>', 'concurrent connections', '4')
  .option('--import <n>', 'reviews per imported CSV file', '50000')
  .option('--rival-reviews <n>', 'import files into the largest rival until it has this many reviews (at least one file)', '100000')
  .option('--port <n>', 'port the API listens on (0: any free one)', '0')
  .parse()
  .opts<{ scale: string; seconds: string; connections: string; import: string; rivalReviews: string; port: string }>();
const scale = Number(opts.scale);
const seconds = Number(opts.seconds);
const connections = Number(opts.connections);
const importSize = Number(opts.import);
const rivalTarget = Number(opts.rivalReviews);
const port = Number(opts.port);
if (!(scale > 0 && Number.isInteger(scale))) throw new Error('--scale must be a positive whole number');

const TARGETS = { p95Ms: 50, importPerSecond: 5_000, generationSeconds: 60, generationReviews: 100_000 };
const CSV_COLUMNS = ['source', 'permalink', 'title', 'rating', 'publishedAt', 'text', 'reviewerRole', 'companySize'] as const;

type Rival = { id: number; name: string; reviews: number };
type Row = { engine: string; endpoint: 'list' | 'aspects'; rps: number } & Latency;
type Indexed = { engine: string; docs: number; seconds: number };
type Import = { reviews: number; imported: number; postMs: number; seconds: number };
type Generation = { first: GenerationResult & { seconds: number }; again: GenerationResult & { seconds: number } };


async function largestRival(db: Db, companyId: number): Promise<Rival> {
  const [r] = await rowsOf<Rival>(
    db,
    sql`SELECT v.rival_id AS id, r.name, count(*)::int AS reviews FROM reviews v JOIN rivals r ON r.id = v.rival_id
        WHERE v.company_id = ${companyId} GROUP BY v.rival_id, r.name ORDER BY 3 DESC, 1 LIMIT 1`,
  );
  return r;
}

// ---------------------------------------------------------------------------------------------
// Imports

const csvField = (v: unknown) => {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const toCsv = (reviews: DemoReview[]) =>
  [CSV_COLUMNS.join(','), ...reviews.map((r) => CSV_COLUMNS.map((c) => csvField(r[c])).join(','))].join('\n') + '\n';

/**
 * CSV files of generated reviews of the rival, `importSize` each, enough to bring it to `rivalTarget` reviews (at
 * least one file). One generator stream for all files, so their permalinks do not repeat one another; a few may
 * repeat a seeded review's and count as duplicates.
 */
function* importFiles(rival: Rival): Generator<{ csv: string; reviews: number }> {
  const total = Math.max(importSize, rivalTarget - rival.reviews);
  const files = Math.ceil(total / importSize);
  const batches = scaleReviews({ rivals: [synthRival(rival.name)], now: new Date(), scale: (files * importSize) / 10_000, batchSize: importSize, seed: 'bench-import' });
  for (const batch of batches) yield { csv: toCsv(batch), reviews: batch.length };
}

/** Each file POSTed as a curator does, then its import polled every 50 ms until it is no longer analysing. */
async function benchImports(db: Db, dbUrl: string, engine: SearchEngine, email: string, rival: Rival): Promise<Import[]> {
  const runner = new JobRunner(db, { databaseUrl: dbUrl, handlers: { reviewImport: reviewImportJob() } });
  await runner.start();
  const { base, close } = await serveApi(db, { engine, port });
  try {
    const { cookie, csrf } = await signIn(base, email);
    const out: Import[] = [];
    let n = 0;
    for (const { csv, reviews } of importFiles(rival)) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/insights/v2/reviews/imports?supportedRivalId=${rival.id}&fileName=bench-${++n}.csv`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'text/csv' },
        body: csv,
      });
      const postMs = performance.now() - t0;
      if (res.status !== 202) throw new Error(`import ${n} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
      const { id } = (await res.json()) as { id: number };
      let view: { state: string; imported: number; error: string | null };
      for (;;) {
        view = await (await fetch(`${base}/api/insights/v2/reviews/imports/${id}`, { headers: { cookie } })).json();
        if (view.state !== 'analysing') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const secs = (performance.now() - t0) / 1000;
      if (view.state !== 'succeeded') throw new Error(`import ${n} ${view.state}: ${view.error}`);
      out.push({ reviews, imported: view.imported, postMs: Math.round(postMs), seconds: Math.round(secs * 100) / 100 });
      console.error(`import ${n}: ${reviews} reviews, POST ${Math.round(postMs)} ms, succeeded after ${secs.toFixed(1)} s`);
    }
    return out;
  } finally {
    await close();
    await runner.stop();
  }
}

/**
 * generateInsights in a transaction, as the insightGeneration job runs it: first after the imports (every imported
 * review's judgements are new), then once more with nothing changed.
 */
async function benchGeneration(db: Db, companyId: number, rivalId: number): Promise<Generation> {
  const timed = async () => {
    const t0 = performance.now();
    const result = await db.transaction((tx) => generateInsights(tx, companyId, rivalId));
    return { ...result, seconds: Math.round((performance.now() - t0) / 10) / 100 };
  };
  const first = await timed();
  return { first, again: await timed() };
}

// ---------------------------------------------------------------------------------------------
// The reviews tab, per engine

/** The reviews tab as curators use it: filters alone and combined, the sorts, and pages further down. */
async function tabUrls(db: Db, rival: Rival, now: Date): Promise<{ list: string[]; aspects: string[] }> {
  const top = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM aspects WHERE rival_id = ${rival.id} AND state = 'none' AND merged_into_id IS NULL ORDER BY review_count DESC LIMIT 3`,
  );
  if (top.length < 3) throw new Error(`rival ${rival.name} has ${top.length} aspects; the mix needs 3`);
  const [a1, a2, a3] = top.map((a) => a.id);
  const range = (preset: string) => {
    const r = publishedRange(preset, now)!;
    return `publishedAfter=${r.publishedAfter}&publishedBefore=${r.publishedBefore}`;
  };
  const filters = [
    '', `aspectId=${a1}`, `aspectId=${a2}&sentiment=negative`, 'sentiment=positive', 'minRating=4&maxRating=5', 'minRating=0&maxRating=2',
    range('now-3m'), `${range('now-1y')}&aspectId=${a3}`, 'domain=g2.com', 'domain=g2.com,capterra.com&sentiment=negative', 'bookmarked=true',
    'q=support', `q=slow+reports&aspectId=${a1}`,
  ];
  const pages = ['sort=positive', `sort=negative&aspectId=${a1}`, 'offset=25', 'offset=250&sort=positive', 'offset=2500&sort=negative'];
  const url = (kind: string, q: string) => `/api/insights/v2/${kind}/supported-rivals/${rival.id}${q ? `?${q}` : ''}`;
  return {
    list: [...filters, ...pages].map((q) => url('reviews', q)),
    aspects: [...filters, 'sort=negative'].map((q) => url('aspects', q)),
  };
}

async function benchEngine(name: string, engine: SearchEngine, db: Db, email: string, urls: { list: string[]; aspects: string[] }) {
  try {
    const t0 = performance.now();
    await engine.ensureIndex(reviewsIndex);
    const { docs } = await reindex(db, engine, reviewsIndex, { inPlace: true, onProgress: (p) => process.stderr.write(`\r${name}: indexing ${p.done}/${p.total}   `) });
    const indexed: Indexed = { engine: name, docs, seconds: Math.round((performance.now() - t0) / 100) / 10 };
    process.stderr.write(`\n${name}: ${docs} reviews indexed in ${indexed.seconds} s\n`);
    const { base, close } = await serveApi(db, { engine, port });
    try {
      const { cookie } = await signIn(base, email);
      await load(base, cookie, [...urls.list, ...urls.aspects], Math.min(5, seconds), connections); // warm-up
      const row = async (endpoint: Row['endpoint']) => {
        const l = await load(base, cookie, urls[endpoint], seconds, connections);
        return { engine: name, endpoint, rps: Math.round(l.requests / seconds), ...l };
      };
      return { indexed, rows: [await row('list'), await row('aspects')] };
    } finally {
      await close();
    }
  } finally {
    await engine.close();
  }
}

// ---------------------------------------------------------------------------------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-insights-'));
const pg = await startEmbeddedPostgres(dataDir, { persistent: false });
const db = connect(pg.url, 20);
try {
  await migrateDatabase(db);
  const email = 'scale-admin@scale.test';
  const seedStarted = performance.now();
  const seeded = await seedScale(db, { scale, intel: false, reviews: reviewAnalyser, onProgress: (p) => process.stderr.write(`\r${p.phase} ${p.done}/${p.total} ${p.unit}   `) });
  const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
  process.stderr.write(`\nseeded in ${seedSeconds} s\n`);
  const companyId = seeded.companyId;
  const seededRival = await largestRival(db, companyId);

  // The embedded engine serves the imports (no route of theirs searches) and is then filled for the reviews tab.
  const embedded = await createEmbeddedEngine({ persistIntervalMs: -1 });
  const imports = await benchImports(db, pg.url, embedded, email, seededRival);
  const rival = await largestRival(db, companyId);
  console.error(`generating insights for ${rival.name} (${rival.reviews} reviews)`);
  const generation = await benchGeneration(db, companyId, rival.id);
  await db.execute(sql`ANALYZE reviews, review_aspects`);
  // A curator pins about one review in a hundred.
  await db.execute(sql`UPDATE reviews SET bookmarked = true WHERE rival_id = ${rival.id} AND id % 97 = 0`);
  const { rows: totalRows } = await db.execute(sql`SELECT count(*)::int AS n FROM reviews WHERE company_id = ${companyId}`);
  const total = (totalRows[0] as { n: number }).n;

  const urls = await tabUrls(db, rival, new Date());
  const runs = [await benchEngine('embedded', embedded, db, email, urls)];
  // The mix repeats, so the embedded engine's request cache answers most of it: also measured without it, which
  // is what each request costs right after a refresh.
  runs.push(await benchEngine('embedded, request cache off', await createEmbeddedEngine({ persistIntervalMs: -1, requestCache: false }), db, email, urls));
  if (process.env.OPENSEARCH_URL) {
    const { createOpenSearchEngine } = await import('../engine/opensearch/index.ts');
    runs.push(await benchEngine('opensearch', createOpenSearchEngine({ url: process.env.OPENSEARCH_URL, indexPrefix: `bench${Date.now()}_` }), db, email, urls));
    // Its shard request cache answers the repeated mix as the embedded one does: also measured without it.
    const off = createOpenSearchEngine({ url: process.env.OPENSEARCH_URL, indexPrefix: `bench${Date.now()}_`, requestCache: false });
    runs.push(await benchEngine('opensearch, request cache off', off, db, email, urls));
  } else {
    console.error('opensearch: not run (OPENSEARCH_URL is not set; run under bash scripts/with-opensearch.sh)');
  }
  print({ total, seedSeconds, seededRival, rival, imports, generation, runs });
} finally {
  await db.$client.end();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function print(r: {
  total: number;
  seedSeconds: number;
  seededRival: Rival;
  rival: Rival;
  imports: Import[];
  generation: Generation;
  runs: { indexed: Indexed; rows: Row[] }[];
}) {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const engines = r.runs.map((x) => x.indexed.engine);
  const cell = (row: Row) => `${row.p95} (p50 ${row.p50}, p99 ${row.p99}, ${row.rps} req/s${row.errors ? `, ${row.errors} errors` : ''}) ${verdict(row.p95 <= TARGETS.p95Ms && !row.errors)}`;
  const rowOf = (endpoint: Row['endpoint']) => r.runs.map((x) => x.rows.find((row) => row.endpoint === endpoint)!);
  const reviews = r.imports.reduce((n, i) => n + i.reviews, 0);
  const importSeconds = r.imports.reduce((n, i) => n + i.seconds, 0);
  const perSecond = Math.round(reviews / importSeconds);
  const g = r.generation.first;
  const tab = [
    `| measure | target | ${engines.join(' | ')} |`,
    `|---|---|${engines.map(() => '---|').join('')}`,
    `| reviews list p95 ms, ${r.rival.reviews} reviews of the rival | ≤ ${TARGETS.p95Ms} | ${rowOf('list').map(cell).join(' | ')} |`,
    `| aspect counts p95 ms | ≤ ${TARGETS.p95Ms} | ${rowOf('aspects').map(cell).join(' | ')} |`,
    `| reviews index built from PostgreSQL | | ${r.runs.map((x) => `${x.indexed.docs} docs in ${x.indexed.seconds} s (${Math.round(x.indexed.docs / x.indexed.seconds)}/s)`).join(' | ')} |`,
  ].join('\n');
  const jobs = [
    '| measure | target | figure | |',
    '|---|---|---|---|',
    `| import, POST to succeeded (${r.imports.length} × ${importSize} reviews, analysis included) | ≥ ${TARGETS.importPerSecond}/s | ${perSecond} reviews/s | ${verdict(perSecond >= TARGETS.importPerSecond)} |`,
    ...r.imports.map((i, n) => `| import ${n + 1}: the POST (parse, check, stage), then until succeeded | | ${i.postMs} ms, ${i.seconds} s (${i.imported} new, ${i.reviews - i.imported} duplicates) | |`),
    `| insight generation after the imports, ${g.reviews} reviews (${g.linksChanged} judgements written) | ≤ ${TARGETS.generationSeconds} s | ${g.seconds} s | ${g.reviews < TARGETS.generationReviews ? `not judged: fewer than ${TARGETS.generationReviews} reviews` : verdict(g.seconds <= TARGETS.generationSeconds)} |`,
    `| insight generation again, nothing changed | | ${r.generation.again.seconds} s | |`,
  ].join('\n');
  // Which filters cost the most, per engine: the reviews list's three slowest requests by their own p95.
  const slowest = rowOf('list')
    .map((row) => {
      const worst = [...row.byUrl].sort((a, b) => b.p95 - a.p95).slice(0, 3);
      return `- ${row.engine}: ${worst.map((u) => `\`${u.url.split('?')[1] ?? '(no filter)'}\` ${u.p95} ms`).join(', ')}`;
    })
    .join('\n');
  // The machine's load says how much the figures were shared with other work.
  const loadAvg = os.loadavg().map((x) => x.toFixed(1)).join(' ');
  const head = `scale ${scale}: ${r.total} reviews in the company (seeded with analysis and insights in ${r.seedSeconds} s); the largest rival, ${r.rival.name}, had ${r.seededRival.reviews} seeded reviews and ${r.rival.reviews} after the imports. ${os.cpus().length} cores (load average ${loadAvg} at the end), ${connections} connections, ${seconds} s per endpoint.`;
  const text = `${head}\n\nThe reviews tab, HTTP end to end (${engines.join(' and ')}), the rival's reviews and a mix of filters, sorts and pages:\n\n${tab}\n\nThe reviews list's slowest requests (p95 of each request's own runs):\n\n${slowest}\n\nImport and generation (PostgreSQL and the JobRunner; no engine involved):\n\n${jobs}\n`;
  console.log(`\nReview insights, ${text}`);
  for (const x of r.runs) {
    for (const row of x.rows) console.log(`RESULT bench=insights engine=${row.engine} endpoint=${row.endpoint} requests=${row.requests} errors=${row.errors} p50_ms=${row.p50} p95_ms=${row.p95} p99_ms=${row.p99} rps=${row.rps}`);
    console.log(`RESULT bench=insights engine=${x.indexed.engine} endpoint=index docs=${x.indexed.docs} seconds=${x.indexed.seconds}`);
  }
  console.log(`RESULT bench=insights endpoint=import reviews=${reviews} seconds=${importSeconds.toFixed(2)} reviews_per_s=${perSecond} post_ms=${r.imports.map((i) => i.postMs).join(',')}`);
  console.log(`RESULT bench=insights endpoint=generate reviews=${g.reviews} seconds=${g.seconds} links_changed=${g.linksChanged} again_seconds=${r.generation.again.seconds}`);
  const out = path.join(import.meta.dirname, 'results', 'insights.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `# Review insights benchmark\n\n${new Date().toISOString().slice(0, 10)}, ${text}`);
}
