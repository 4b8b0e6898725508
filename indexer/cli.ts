// `npm run reindex [-- --index cards]`: rebuilds indexes from PostgreSQL into a new version, with a
// progress bar, and swaps each in atomically. With the embedded engine, stop the server first: the
// engine lives in its process and the rebuilt snapshot is loaded at its next start.
import cliProgress from 'cli-progress';
import { Command } from 'commander';
import pino from 'pino';
import { connect } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { allIndexes } from '../documents/index.ts';
import { loadConfig } from '../server-shared/config.ts';
import { openEngine } from '../engine/factory.ts';
import { reindex } from './reindex.ts';

const names = allIndexes.map((d) => d.name);
const opts = new Command()
  .option('--index <name>', `one index (${names.join(', ')}); all when omitted`)
  .parse()
  .opts<{ index?: string }>();
if (opts.index && !names.includes(opts.index)) {
  console.error(`reindex: unknown index "${opts.index}"; choose one of ${names.join(', ')}`);
  process.exit(2);
}

const config = loadConfig();
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.DATA_DIR);
const db = connect(config.DATABASE_URL ?? embedded!.url, 4);
const engine = await openEngine(config, allIndexes);
try {
  await migrateDatabase(db);
  for (const def of allIndexes.filter((d) => !opts.index || d.name === opts.index)) {
    await engine.ensureIndex(def);
    const bar = new cliProgress.SingleBar(
      { format: `${def.name.padEnd(12)} {bar} {percentage}% | {value}/{total} docs | {rate} docs/s | ETA {eta_formatted}` },
      cliProgress.Presets.shades_classic,
    );
    const started = performance.now();
    bar.start(1, 0, { rate: 0 });
    const result = await reindex(db, engine, def, {
      logger: pino({ level: 'warn' }),
      onProgress: ({ done, total }) => {
        bar.setTotal(total);
        bar.update(done, { rate: Math.round(done / ((performance.now() - started) / 1000)) });
      },
    });
    bar.stop();
    console.log(`${def.name}: ${result.docs} docs in ${result.seconds.toFixed(1)} s → ${result.index} (${result.caughtUp} changes replayed)`);
  }
} finally {
  await engine.close();
  await db.$client.end();
  await embedded?.stop();
}
