// Indexer benchmark, per engine available (embedded always, OpenSearch when OPENSEARCH_URL is set):
//   - how long a card edit takes to become searchable (PostgreSQL commit → NOTIFY → indexer → engine),
//   - full reindex throughput of the intel index from PostgreSQL.
//
//   npm run bench:indexer                    # scale 100: 1M intel rows (seeding takes minutes)
//   npm run bench:indexer -- --scale 10      # 100k intel rows
//   npm run bench:indexer -- --edits 100
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { connect } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { seedScale } from '../db/seed/scale.ts';
import { createEmbeddedEngine } from '../engine/embedded/index.ts';
import type { SearchEngine } from '../engine/port.ts';
import { prepareIndexes } from '../indexer/bootstrap.ts';
import { Indexer } from '../indexer/indexer.ts';
import { reindex } from '../indexer/reindex.ts';
import { intelIndex } from '../documents/index.ts';
import { percentile } from './lib/stats.ts';

const opts = new Command()
  .option('--scale <n>', 'seedScale N: N×10,000 intel rows to reindex', '100')
  .option('--edits <n>', 'card edits to time', '50')
  .parse()
  .opts<{ scale: string; edits: string }>();

type Row = { engine: string; edits: number; p50: number; p95: number; max: number; reindexDocs: number; reindexDocsPerSec: number };

async function bench(name: string, engine: SearchEngine, db: ReturnType<typeof connect>, url: string): Promise<Row> {
  let started = performance.now();
  await prepareIndexes(db, engine);
  console.error(`${name}: indexes built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const indexer = new Indexer(db, engine, { databaseUrl: url, pollMs: 2_000 });
  await indexer.start();
  const ids = ((await db.execute(sql`SELECT id FROM cards ORDER BY id LIMIT ${Number(opts.edits)}`)).rows as { id: number }[]).map((r) => r.id);
  const latencies: number[] = [];
  for (const [i, id] of ids.entries()) {
    const token = `benchedit${i}x${Date.now().toString(36)}`;
    const t0 = performance.now();
    await db.execute(sql`UPDATE cards SET name = ${`Edited ${token}`} WHERE id = ${id}`);
    for (;;) {
      const res = await engine.search('cards', { query: { match: { title: token } }, size: 1, _source: false });
      if (res.total.value > 0) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    latencies.push(performance.now() - t0);
  }
  await indexer.stop();

  const [{ n }] = (await db.execute(sql`SELECT count(*)::int AS n FROM intel_items`)).rows as { n: number }[];
  started = performance.now();
  let last = 0;
  const result = await reindex(db, engine, { ...intelIndex, version: intelIndex.version + 1 }, {
    onProgress: ({ done, total }) => {
      if (done - last >= 100_000 || done === total) {
        last = done;
        console.error(`${name}: reindex ${done}/${total} (${Math.round(done / ((performance.now() - started) / 1000))} docs/s)`);
      }
    },
  });
  await engine.close();
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    engine: name,
    edits: latencies.length,
    p50: r(percentile(latencies, 50)),
    p95: r(percentile(latencies, 95)),
    max: r(Math.max(...latencies)),
    reindexDocs: n,
    reindexDocsPerSec: Math.round(result.docs / result.seconds),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-indexer-'));
const pg = await startEmbeddedPostgres(dataDir, { persistent: false });
const db = connect(pg.url, 10);
try {
  await migrateDatabase(db);
  await seedDemo(db);
  const started = performance.now();
  if (Number(opts.scale) > 0) await seedScale(db, { scale: Number(opts.scale) });
  console.error(`seeded scale ${opts.scale} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const rows: Row[] = [await bench('embedded', await createEmbeddedEngine({ persistIntervalMs: -1 }), db, pg.url)];
  if (process.env.OPENSEARCH_URL) {
    const { createOpenSearchEngine } = await import('../engine/opensearch/index.ts');
    rows.push(await bench('opensearch', createOpenSearchEngine({ url: process.env.OPENSEARCH_URL, indexPrefix: `bench${Date.now()}_` }), db, pg.url));
  } else {
    console.error('opensearch: not run (OPENSEARCH_URL is not set; start one with npm run opensearch:local)');
  }
  const lines = [
    '| engine | edits | edit→searchable p50 ms | p95 ms | max ms | reindexed intel docs | reindex docs/s |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.engine} | ${r.edits} | ${r.p50} | ${r.p95} | ${r.max} | ${r.reindexDocs} | ${r.reindexDocsPerSec} |`),
  ].join('\n');
  console.log(`\nIndexer, scale ${opts.scale}\n\n${lines}\n`);
  for (const r of rows) {
    console.log(`RESULT bench=indexer engine=${r.engine} edits=${r.edits} searchable_p50_ms=${r.p50} searchable_p95_ms=${r.p95} reindex_docs=${r.reindexDocs} reindex_docs_s=${r.reindexDocsPerSec}`);
  }
  const out = path.join(import.meta.dirname, 'results', `indexer-${new Date().toISOString().slice(0, 10)}.md`);
  fs.writeFileSync(out, `# Indexer benchmark\n\n${os.cpus().length} cores, scale ${opts.scale}\n\n${lines}\n`);
} finally {
  await db.$client.end();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
