// Deals and win/loss benchmark (issue #56's targets): a fresh database with one company of --deals deals (1M by
// default, written by generate_series in SQL), then the first report after a write (which rebuilds the in-memory
// model of the deals, search-api/winLoss/facts.ts: the cost paid once after each burst of writes), then the
// win-rate report by rival and by segment, each --repeat times with and without filters (p95 of the service call,
// as the route makes it), and a CSV import of --import rows in
// the default headers, timed end to end: the check the POST makes, then the dealImport job that writes the rows.
//
//   npm run bench:deals
//   npm run bench:deals -- --deals 200000 --repeat 20 --import 20000
//
// Targets: reports p95 ≤ 150 ms at 1M deals; import ≥ 10,000 deals/s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { connect, rowsOf, type Db } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { DEAL_CSV_FIELDS, type DealFilters, type ReportDimension } from '../contracts/deals.ts';
import { checkDealCsv, dealImportJob, dealLookups, startDealImport } from '../search-api/deals/import.ts';
import { winLossReport } from '../search-api/winLoss/service.ts';
import { runJob } from '../search-api/jobs/store.ts';
import { benchSalesforceSync } from './lib/salesforceSync.ts';
import { percentile } from './lib/stats.ts';

const opts = new Command()
  .option('--deals <n>', 'deals seeded in the company', '1000000')
  .option('--repeat <n>', 'runs of each report', '30')
  .option('--import <n>', 'rows of the imported CSV file', '100000')
  .option('--sync <n>', 'opportunities synced from the local Salesforce stand-in', '100000')
  .parse()
  .opts<{ deals: string; repeat: string; import: string; sync: string }>();
const DEALS = Number(opts.deals);
const REPEAT = Number(opts.repeat);
const IMPORT_ROWS = Number(opts.import);
const SYNC_OPPORTUNITIES = Number(opts.sync);
const TARGETS = { p95Ms: 150, importPerSecond: 10_000, syncSeconds: 60 };
const RIVALS = 12;
const SEGMENTS = ['Enterprise', 'Mid-Market', 'SMB'];
const REGIONS = ['North America', 'EMEA', 'APAC', 'LATAM'];

async function seed(db: Db): Promise<{ companyId: number; userId: number; rivalNames: string[] }> {
  const [{ id: companyId }] = await rowsOf<{ id: number }>(db, sql`INSERT INTO companies (name, email_domains) VALUES ('Deals Co', '{deals.test}') RETURNING id`);
  const [{ id: userId }] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO users (company_id, email, name, username) VALUES (${companyId}, 'curator@deals.test', 'Curator', 'curator') RETURNING id`,
  );
  await db.execute(sql`INSERT INTO user_roles (company_id, user_id, role) VALUES (${companyId}, ${userId}, 'curator')`);
  await db.execute(sql`INSERT INTO users (company_id, email, name, username)
                       SELECT ${companyId}, 'rep' || g || '@deals.test', 'Rep ' || g, 'rep' || g FROM generate_series(1, 50) g`);
  const rivals = await rowsOf<{ id: number; name: string }>(
    db,
    sql`INSERT INTO rivals (company_id, name) SELECT ${companyId}, 'Rival ' || g FROM generate_series(1, ${RIVALS}) g RETURNING id, name`,
  );
  const reps = await rowsOf<{ id: number }>(db, sql`SELECT id FROM users WHERE company_id = ${companyId} ORDER BY id`);
  const rivalIds = sql.param(rivals.map((r) => r.id));
  const repIds = sql.param(reps.map((r) => r.id));
  // A deal meets one rival, a third of them a second; 15 % are open; outcomes and segments spread by the id's hash.
  await db.execute(sql`
    INSERT INTO deals (company_id, crm_id, source, name, account_name, owner_user_id, amount, currency, stage, outcome, created_on, closed_on,
      rival_ids, primary_rival_id, buyer_persona, industry, region, segment, technology, use_case, product)
    SELECT ${companyId}, 'B-' || g, 'csv', 'Deal ' || g, 'Account ' || (g % 20000),
      (${repIds}::int[])[1 + g % ${reps.length}], 1000 + (g::bigint * 7919) % 200000, 'USD',
      CASE o WHEN 'win' THEN 'Closed Won' WHEN 'loss' THEN 'Closed Lost' WHEN 'other' THEN 'Closed' ELSE 'Proposal' END,
      o, d - 60, CASE WHEN o IS NULL THEN d + 30 ELSE d END,
      CASE WHEN g % 3 = 0 THEN ARRAY[r1, r2] ELSE ARRAY[r1] END, r1,
      (ARRAY['VP Finance','Head of Data','CIO','COO'])[1 + g % 4], (ARRAY['Retail','Banking','Healthcare','Software','Public Sector'])[1 + g % 5],
      (${sql.param(REGIONS)}::text[])[1 + (g / 7) % 4], (${sql.param(SEGMENTS)}::text[])[1 + (g / 3) % 3],
      (ARRAY['Snowflake','Databricks','BigQuery'])[1 + g % 3], (ARRAY['BI','Embedded','Governance'])[1 + (g / 5) % 3], (ARRAY['Core','Embed','Govern'])[1 + (g / 11) % 3]
    FROM (
      SELECT g, (${rivalIds}::int[])[1 + (g * 31) % ${RIVALS}] AS r1, (${rivalIds}::int[])[1 + (g * 17 + 5) % ${RIVALS}] AS r2,
        CASE WHEN g % 100 < 15 THEN NULL WHEN (g::bigint * 2654435761) % 100 < 45 + g % ${RIVALS} THEN 'win' WHEN g % 100 < 20 THEN 'other' ELSE 'loss' END AS o,
        (current_date - (g % 730))::date AS d
      FROM generate_series(1, ${DEALS}) g) x`);
  await db.execute(sql`VACUUM ANALYZE deals`);
  return { companyId, userId, rivalNames: rivals.map((r) => r.name) };
}

const COLD_RUNS = 3;

/** The first report after a write to the deals (one deal's notes), which reloads the company's model. */
async function timeColdReport(db: Db, companyId: number) {
  const ms: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    await db.execute(sql`UPDATE deals SET notes = ${`bench ${i}`} WHERE id = (SELECT min(id) FROM deals WHERE company_id = ${companyId})`);
    const started = performance.now();
    await winLossReport(db, companyId, 'rival', {});
    ms.push(performance.now() - started);
  }
  return { p50: percentile(ms, 50), max: Math.max(...ms) };
}

async function timeReport(db: Db, companyId: number, dimension: ReportDimension, filters: DealFilters) {
  const ms: number[] = [];
  await winLossReport(db, companyId, dimension, filters); // warm
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    await winLossReport(db, companyId, dimension, filters);
    ms.push(performance.now() - started);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

function csvFile(rows: number, rivalNames: string[]): string {
  const header = Object.values(DEAL_CSV_FIELDS).join(',');
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    const won = i % 2 === 0;
    const fields: Record<keyof typeof DEAL_CSV_FIELDS, string> = {
      crmId: `IMP-${i}`, name: `Imported ${i}`, accountName: `Account ${i % 5000}`, ownerEmail: `rep${1 + (i % 50)}@deals.test`, ownerName: '',
      amount: String(1000 + i), currency: 'USD', stage: won ? 'Closed Won' : 'Closed Lost', outcome: won ? 'Won' : 'Lost',
      createdOn: '2026-01-05', closedOn: '2026-03-31', rivals: `${rivalNames[i % rivalNames.length]};${rivalNames[(i + 5) % rivalNames.length]}`,
      primaryRival: '', winReasons: won ? 'Price;Ease of use' : '', lossReasons: won ? '' : 'Integrations', buyerPersona: 'CIO', industry: 'Retail',
      region: REGIONS[i % 4], segment: SEGMENTS[i % 3], technology: 'Snowflake', useCase: 'BI', product: 'Core', notes: '',
    };
    lines.push(Object.values(fields).join(','));
  }
  return lines.join('\n');
}

// The import's phases: the check alone (parse and validate, as both the POST and the job make it), the POST, and the
// job, whose writing is its time less its own check. The rows' search documents are marked stale in the job's
// transaction (the outbox triggers, counted here); the indexer indexes them afterwards, outside the import's time,
// which ends when the import's state is done.
async function timeImport(db: Db, companyId: number, userId: number, rivalNames: string[]) {
  const text = csvFile(IMPORT_ROWS, rivalNames);
  const lookups = await dealLookups(db, companyId);
  checkDealCsv(text, null, lookups); // warm
  const checkStarted = performance.now();
  checkDealCsv(text, null, lookups);
  const validateMs = performance.now() - checkStarted;
  const started = performance.now();
  const queued = await startDealImport(db, { companyId, userId }, text, null, null);
  const checkedMs = performance.now() - started;
  const [{ id: jobId }] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM jobs WHERE kind = 'dealImport' AND (payload->>'importId')::int = ${queued.id}`);
  const jobStarted = performance.now();
  await runJob(db, jobId, { dealImport: dealImportJob(db) });
  const jobMs = performance.now() - jobStarted;
  const seconds = (performance.now() - started) / 1000;
  const [done] = await rowsOf<{ state: string; created: number }>(db, sql`SELECT state, created FROM deal_imports WHERE id = ${queued.id}`);
  if (done.state !== 'done') throw new Error(`the import ended ${done.state}`);
  const rows = done.created;
  return { rows, checkedMs, jobMs, validatePerSecond: rows / (validateMs / 1000), writePerSecond: rows / (Math.max(1, jobMs - validateMs) / 1000), seconds, perSecond: rows / seconds };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-deals-'));
const pg = await startEmbeddedPostgres(dataDir, { persistent: false });
const db = connect(pg.url, 10);
try {
  await migrateDatabase(db);
  const seedStarted = performance.now();
  const { companyId, userId, rivalNames } = await seed(db);
  console.error(`seeded ${DEALS} deals in ${Math.round((performance.now() - seedStarted) / 1000)} s`);
  const filtered: DealFilters = { region: 'EMEA', closedAfter: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10) };
  const cold = await timeColdReport(db, companyId);
  const reports = [
    { name: 'win rate by rival', ...(await timeReport(db, companyId, 'rival', {})) },
    { name: 'win rate by rival, region + last year', ...(await timeReport(db, companyId, 'rival', filtered)) },
    { name: 'win rate by segment', ...(await timeReport(db, companyId, 'segment', {})) },
    { name: 'win rate by segment, region + last year', ...(await timeReport(db, companyId, 'segment', filtered)) },
  ];
  const imported = await timeImport(db, companyId, userId, rivalNames);
  // On a database of its own, beside the stand-in (bench/lib/salesforceSync.ts), so the million deals above don't weigh on it.
  const synced = await benchSalesforceSync({ opportunities: SYNC_OPPORTUNITIES, log: (line) => console.error(line) });

  console.log(`\nDeals benchmark: ${DEALS.toLocaleString('en')} deals in one company, ${REPEAT} runs per report\n`);
  console.log('| what | p50 ms | p95 ms | target |');
  console.log('|---|---:|---:|---|');
  console.log(`| first report after a write (loads the model), ${COLD_RUNS} runs | ${cold.p50.toFixed(1)} | max ${cold.max.toFixed(1)} | (once per write burst) |`);
  for (const r of reports) console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | p95 ≤ ${TARGETS.p95Ms} ms ${r.p95 <= TARGETS.p95Ms ? 'met' : 'MISSED'} |`);
  console.log(
    `| CSV import of ${imported.rows.toLocaleString('en')} rows (POST ${Math.round(imported.checkedMs)} ms, then the job ${(imported.jobMs / 1000).toFixed(2)} s) | | ${imported.seconds.toFixed(2)} s: ${Math.round(imported.perSecond).toLocaleString('en')} deals/s | ≥ ${TARGETS.importPerSecond.toLocaleString('en')}/s ${imported.perSecond >= TARGETS.importPerSecond ? 'met' : 'MISSED'} |`,
  );
  console.log(`\nimport phases: validation ${Math.round(imported.validatePerSecond).toLocaleString('en')} rows/s (the check alone), writing ${Math.round(imported.writePerSecond).toLocaleString('en')} rows/s (the job less its check)`);
  console.log(
    `| Salesforce sync of ${synced.opportunities.toLocaleString('en')} opportunities from the local stand-in | | ${synced.seconds.toFixed(1)} s | ≤ ${TARGETS.syncSeconds} s ${synced.seconds <= TARGETS.syncSeconds ? 'met' : 'MISSED'} |`,
  );
  console.log(`RESULT deals.first_report_after_write.p50_ms=${cold.p50.toFixed(1)}`);
  for (const r of reports) console.log(`RESULT deals.${r.name.replace(/\W+/g, '_')}.p95_ms=${r.p95.toFixed(1)}`);
  console.log(`RESULT deals.import_per_second=${Math.round(imported.perSecond)}`);
  console.log(`RESULT deals.import_validate_rows_per_second=${Math.round(imported.validatePerSecond)}`);
  console.log(`RESULT deals.import_write_rows_per_second=${Math.round(imported.writePerSecond)}`);
  console.log(`RESULT deals.salesforce_sync_seconds=${synced.seconds.toFixed(1)}`);
} finally {
  await db.$client.end();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
