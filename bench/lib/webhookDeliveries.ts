// Webhook deliveries benchmark (issue #54): the real path from a change to a signed POST. Its own embedded PostgreSQL,
// one company with one webhook endpoint (audience everyone, intel.published) pointing at a local receiver, and
// `deliveries` intel items waiting to be published. Two runs, each restarting the dispatcher halfway (stop, which lets
// the sends in flight finish and be recorded, then a new one), as a deploy does:
// - burst: every item published at once (one UPDATE, so the triggers write every event in one transaction); the
//   dispatcher drains them: deliveries a minute (target 10,000);
// - steady: items published in small batches at the target rate, 10,000 a minute: the p95 of publish → received.
// Both count what the receiver saw: deliveries lost (never received, or not recorded succeeded) and duplicates (a
// webhook-id received twice; none expected on a graceful restart). Returns rows {figure, value}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { connect, type Db } from '../../db/client.ts';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { migrateDatabase } from '../../documents/triggers.ts';
import { DISPATCHER } from '../../search-api/integrations/constants.ts';
import { Dispatcher, type DeliveryContext } from '../../search-api/integrations/dispatcher.ts';
import { OutboundClient } from '../../search-api/outbound/client.ts';
import { parseAllowHosts } from '../../search-api/outbound/rules.ts';
import { SecretBox } from '../../server-shared/secretBox.ts';
import { startReceiver, type Receiver } from '../../tests/helpers/receiver.ts';
import { percentile } from './stats.ts';

export type Row = { figure: string; value: string };

const TARGET_PER_MINUTE = 10_000;

type Run = { perMinute: number; lost: number; duplicates: number; p95Ms: number; p50Ms: number };

export async function webhookDeliveries(opts: { deliveries?: number; log?: (line: string) => void } = {}): Promise<Row[]> {
  const n = opts.deliveries ?? 10_000;
  const log = opts.log ?? (() => {});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-webhooks-'));
  const pgDb = await startEmbeddedPostgres(path.join(dataDir, 'pg'), { persistent: false });
  const db = connect(pgDb.url, 10);
  const dispatchDb = connect(pgDb.url, DISPATCHER.connections);
  const rx = await startReceiver();
  try {
    await migrateDatabase(db);
    const box = new SecretBox('bench secrets key, 32 characters or more');
    const ctx: DeliveryContext = {
      db: dispatchDb,
      outbound: new OutboundClient({ allowHosts: parseAllowHosts('127.0.0.1'), timeoutMs: DISPATCHER.sendTimeoutMs, perHostConcurrency: DISPATCHER.perHostConcurrency }),
      box,
      appUrl: 'https://app.rivalscope.test',
      senders: {},
      logger: pino({ level: 'silent' }),
    };
    const [{ id: companyId }] = (await db.execute(sql`INSERT INTO companies (name) VALUES ('Bench Co') RETURNING id`)).rows as { id: number }[];
    await db.execute(sql`INSERT INTO webhook_endpoints (company_id, url, events, audience, secret_sealed)
      VALUES (${companyId}, ${`${rx.url}/hook`}, ARRAY['intel.published'], 'everyone', ${box.seal(`whsec_${Buffer.alloc(24, 7).toString('base64')}`)})`);

    const burst = await run(db, pgDb.url, ctx, rx, companyId, n, 'burst', log);
    const steady = await run(db, pgDb.url, ctx, rx, companyId, n, 'steady', log);
    return [
      { figure: `burst of ${n.toLocaleString('en')}: deliveries a minute (target ${TARGET_PER_MINUTE.toLocaleString('en')})`, value: Math.round(burst.perMinute).toLocaleString('en') },
      { figure: 'burst: lost across the restart', value: String(burst.lost) },
      { figure: 'burst: duplicates seen by the receiver', value: String(burst.duplicates) },
      { figure: 'burst: p95 publish → received (queueing included)', value: `${(burst.p95Ms / 1000).toFixed(1)} s` },
      { figure: `steady ${TARGET_PER_MINUTE.toLocaleString('en')}/min: deliveries a minute`, value: Math.round(steady.perMinute).toLocaleString('en') },
      { figure: 'steady: lost across the restart', value: String(steady.lost) },
      { figure: 'steady: duplicates seen by the receiver', value: String(steady.duplicates) },
      { figure: 'steady: p50 publish → received', value: `${Math.round(steady.p50Ms)} ms` },
      { figure: 'steady: p95 publish → received', value: `${Math.round(steady.p95Ms)} ms` },
    ];
  } finally {
    await rx.close();
    await dispatchDb.$client.end();
    await db.$client.end();
    await pgDb.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(db: Db, databaseUrl: string, ctx: DeliveryContext, rx: Receiver, companyId: number, n: number, mode: 'burst' | 'steady', log: (line: string) => void): Promise<Run> {
  rx.received.length = 0;
  const ids = (
    (
      await db.execute(sql`INSERT INTO intel_items (company_id, channel, title, summary, permalink, state)
        SELECT ${companyId}, 'rss', 'Bench item ' || g, 'A summary of bench item ' || g, 'https://news.example/' || g, 'unprocessed'
        FROM generate_series(1, ${n}) g RETURNING id`)
    ).rows as { id: number }[]
  ).map((r) => r.id);
  const published = new Map<number, number>();
  let dispatcher = new Dispatcher(ctx, { databaseUrl });
  await dispatcher.start();
  const started = Date.now();
  let restarted = false;
  const restartHalfway = async () => {
    if (restarted || rx.received.length < n / 2) return;
    restarted = true;
    log(`${mode}: restarting the dispatcher at ${rx.received.length} received`);
    await dispatcher.stop();
    dispatcher = new Dispatcher(ctx, { databaseUrl });
    await dispatcher.start();
  };

  if (mode === 'burst') {
    const at = Date.now();
    await db.execute(sql`UPDATE intel_items SET published_at = now(), state = 'archived' WHERE id = ANY(${sql.param(ids)}::int[])`);
    for (const id of ids) published.set(id, at);
  } else {
    // Batches every 150 ms at the target rate.
    const perBatch = Math.max(1, Math.round((TARGET_PER_MINUTE / 60_000) * 150));
    for (let i = 0; i < ids.length; i += perBatch) {
      const batch = ids.slice(i, i + perBatch);
      const at = Date.now();
      await db.execute(sql`UPDATE intel_items SET published_at = now(), state = 'archived' WHERE id = ANY(${sql.param(batch)}::int[])`);
      for (const id of batch) published.set(id, at);
      await restartHalfway();
      const next = started + ((i + perBatch) / TARGET_PER_MINUTE) * 60_000;
      await sleep(Math.max(0, next - Date.now()));
    }
  }
  // Until every delivery is recorded (none pending), or nothing moves for a minute.
  let last = -1;
  let still = Date.now();
  for (;;) {
    await restartHalfway();
    const [{ pending, total }] = (
      await db.execute(sql`SELECT count(*) FILTER (WHERE d.state = 'pending')::int AS pending, count(*)::int AS total
        FROM deliveries d JOIN integration_events e ON e.id = d.event_id WHERE e.subject_id = ANY(${sql.param(ids)}::int[])`)
    ).rows as { pending: number; total: number }[];
    const unfanned = Number(((await db.execute(sql`SELECT count(*)::int AS n FROM integration_events WHERE fanned_out_at IS NULL`)).rows[0] as { n: number }).n);
    if (total === n && pending === 0 && unfanned === 0) break;
    if (rx.received.length !== last) {
      last = rx.received.length;
      still = Date.now();
    } else if (Date.now() - still > 60_000) {
      log(`${mode}: stalled with ${pending} pending, ${total} deliveries, ${unfanned} events not fanned out`);
      break;
    }
    await sleep(100);
  }
  await dispatcher.stop();

  const byId = new Map<string, number>();
  for (const r of rx.received) byId.set(r.headers['webhook-id'], (byId.get(r.headers['webhook-id']) ?? 0) + 1);
  const succeeded = Number(
    (
      (
        await db.execute(sql`SELECT count(*)::int AS n FROM deliveries d JOIN integration_events e ON e.id = d.event_id
          WHERE e.subject_id = ANY(${sql.param(ids)}::int[]) AND d.state = 'succeeded'`)
      ).rows[0] as { n: number }
    ).n,
  );
  const latencies = rx.received.map((r) => r.at - published.get((JSON.parse(r.body) as { data: { intel: { id: number } } }).data.intel.id)!);
  const lastAt = Math.max(...rx.received.map((r) => r.at));
  const run: Run = {
    perMinute: (byId.size / (lastAt - started)) * 60_000,
    lost: n - Math.min(byId.size, succeeded),
    duplicates: rx.received.length - byId.size,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
  };
  log(`${mode}: ${JSON.stringify(run)}`);
  return run;
}
