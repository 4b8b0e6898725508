// Landing page benchmark (issue #28's targets) on the demo data: the extractive generation of every published rival's
// sections (overview, how we compare, What's new) for a seller's scope and a curator's, timed per rival through the
// landingGeneration job; then GET /api/overviews/{rival}/landing_page.json and GET …/update_summaries over every
// rival, HTTP end to end, with the sections generated (the page's fingerprint check included), as a seller and as a
// curator. No search engine is involved.
//
//   npm run bench:landing
//   npm run bench:landing -- --seconds 10 --connections 4
//
// Targets: landing page API p95 ≤ 50 ms; extractive generation of both sections ≤ 5 s per rival. Prints a table and
// RESULT lines, writes bench/results/landing.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { connect, rowsOf, type Db } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { runJob } from '../search-api/jobs/store.ts';
import { landingGenerationJob } from '../search-api/landing/generate.ts';
import { percentile } from './lib/stats.ts';
import { load, signIn, type Latency } from './lib/http.ts';
import { serveApi } from './lib/serve.ts';

const opts = new Command()
  .option('--seconds <n>', 'seconds per endpoint and reader', '10')
  .option('--connections <n>', 'concurrent connections', '4')
  .parse()
  .opts<{ seconds: string; connections: string }>();
const seconds = Number(opts.seconds);
const connections = Number(opts.connections);
const TARGETS = { p95Ms: 50, generationSeconds: 5 };
const READERS = ['seller@demo.test', 'curator@demo.test'] as const;

type Rival = { id: number; name: string; profileId: number };
type Generation = { reader: string; rival: string; seconds: number };
type Row = { reader: string; endpoint: string } & Latency;


/** Views each rival's page as the reader (which queues its sections), then times the job that generates them. */
async function generateAll(db: Db, base: string, cookie: string, reader: string, rivals: Rival[]): Promise<Generation[]> {
  const handlers = { landingGeneration: landingGenerationJob(db, { llm: null }) };
  const out: Generation[] = [];
  for (const r of rivals) {
    const res = await fetch(`${base}/api/overviews/${r.id}/landing_page.json`, { headers: { cookie } });
    if (!res.ok) throw new Error(`landing page of ${r.name} as ${reader}: ${res.status}`);
    const jobs = await rowsOf<{ id: number }>(db, sql`SELECT id FROM jobs WHERE kind = 'landingGeneration' AND state = 'queued' ORDER BY id`);
    const started = performance.now();
    for (const j of jobs) await runJob(db, j.id, handlers);
    out.push({ reader, rival: r.name, seconds: (performance.now() - started) / 1000 });
  }
  return out;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-landing-'));
const pg = await startEmbeddedPostgres(dataDir, { persistent: false });
const db = connect(pg.url, 10);
try {
  await migrateDatabase(db);
  await seedDemo(db);
  const rivals = await rowsOf<Rival>(
    db,
    sql`SELECT r.id, r.name, p.id AS "profileId" FROM rivals r JOIN profiles p ON p.rival_id = r.id
        JOIN companies c ON c.id = r.company_id
        WHERE c.name = 'Northwind Analytics' AND NOT r.is_draft AND NOT r.is_template AND NOT p.is_draft AND NOT p.is_template ORDER BY r.id`,
  );
  const { base, close } = await serveApi(db);
  const generations: Generation[] = [];
  const rows: Row[] = [];
  try {
    for (const reader of READERS) {
      const { cookie } = await signIn(base, reader);
      generations.push(...(await generateAll(db, base, cookie, reader, rivals)));
      rows.push({ reader, endpoint: 'landing_page.json', ...(await load(base, cookie, rivals.map((r) => `/api/overviews/${r.id}/landing_page.json`), seconds, connections)) });
      rows.push({ reader, endpoint: 'update_summaries', ...(await load(base, cookie, rivals.map((r) => `/api/profiles/${r.profileId}/update_summaries`), seconds, connections)) });
    }
  } finally {
    await close();
  }

  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const secs = generations.map((g) => g.seconds);
  const slowest = generations.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  const r2 = (n: number) => Math.round(n * 100) / 100;
  const lines = [
    '| measure | target | seller | curator |',
    '|---|---|---|---|',
    ...['landing_page.json', 'update_summaries'].map((endpoint) => {
      const cell = (reader: string) => {
        const r = rows.find((x) => x.reader === reader && x.endpoint === endpoint)!;
        return `${r.p95} (p50 ${r.p50}, p99 ${r.p99}, ${Math.round(r.requests / seconds)} req/s, ${r.errors} errors) ${verdict(r.p95 <= TARGETS.p95Ms && r.errors === 0)}`;
      };
      return `| ${endpoint} p95 ms, sections generated | ≤ ${TARGETS.p95Ms} | ${cell(READERS[0])} | ${cell(READERS[1])} |`;
    }),
    ...READERS.map((reader) => {
      const mine = generations.filter((g) => g.reader === reader).map((g) => g.seconds);
      return `| extractive generation of a rival's three sections, ${reader.split('@')[0]}'s scope (s): p50 / max | ≤ ${TARGETS.generationSeconds} | ${r2(percentile(mine, 50))} / ${r2(Math.max(...mine))} ${verdict(Math.max(...mine) <= TARGETS.generationSeconds)} | |`;
    }),
  ].join('\n');
  const header = `Landing page, demo data: ${rivals.length} published rivals, ${os.cpus().length} cores (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end), ${connections} connections, ${seconds} s per endpoint and reader. Slowest generation: ${slowest.rival} for ${slowest.reader} in ${r2(slowest.seconds)} s.`;
  console.log(`\n${header}\n\n${lines}\n`);
  for (const r of rows) console.log(`RESULT bench=landing reader=${r.reader} endpoint=${r.endpoint} requests=${r.requests} errors=${r.errors} p50_ms=${r.p50} p95_ms=${r.p95} p99_ms=${r.p99}`);
  console.log(`RESULT bench=landing endpoint=generation rivals=${rivals.length} readers=${READERS.length} p50_s=${r2(percentile(secs, 50))} max_s=${r2(Math.max(...secs))}`);
  fs.writeFileSync(path.join(import.meta.dirname, 'results', 'landing.md'), `# Landing page benchmark\n\n${new Date().toISOString().slice(0, 10)}. ${header}\n\n${lines}\n`);
} finally {
  await db.$client.end();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
