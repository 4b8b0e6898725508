// Monitors benchmark (issue #52), one run, figures side by side:
// 1. A cycle of 2,000 page monitors and 2,000 feeds through the real path: the MonitorScheduler (NOTIFY → claimDue →
//    pg-boss) and a JobRunner serving the monitor-check queue, the outbound client and intake, against a local site
//    of changing pricing pages and growing RSS feeds served on 127.0.0.2…127.0.0.50 (one port; 127/8 all reaches lo)
//    so the outbound client's 2-per-host limit spreads over 49 hosts. A warm-up cycle sets snapshots and marks feeds
//    seen; then every page's prices change and every feed gains 1–3 entries, and the second cycle is timed from making
//    all monitors due until every one's check_version grew (target ≤ 5 min).
// 2. Search p95 at a steady rate, alone and during that cycle, in the same process as the checks and the indexer, as
//    the server runs them (target: during ≤ 2× alone).
// 3. Extraction + diff of a 1 MB page: bench/monitors-text.ts run as a step, its line quoted (target p95 ≤ 50 ms).
// 4. sameStory against 1,000,000 fingerprints of one company within the duplicate window (target p95 ≤ 5 ms), with
//    the recall of planted near-duplicates. The fingerprints' FK to intel_items is dropped in this bench's own database
//    so 1M rows need no 1M intel items (which the indexer would then index); the query does not read intel_items.
//
//   npm run bench:monitors
//   npm run bench:monitors -- --pages 200 --feeds 200 --fingerprints 100000 --seconds 5
//
// Prints the tables and writes bench/results/monitors.md.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Command } from 'commander';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { connect } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { Rng } from '../db/seed/random.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startSearch } from '../indexer/bootstrap.ts';
import { createApp } from '../search-api/app.ts';
import { JobRunner } from '../search-api/jobs/runner.ts';
import { MONITORS } from '../search-api/monitors/constants.ts';
import { sameStory } from '../search-api/monitors/intake.ts';
import { MONITOR_QUEUE, MonitorScheduler, monitorCheckQueue } from '../search-api/monitors/scheduler.ts';
import { parserStats } from '../search-api/monitors/source.ts';
import { OutboundClient } from '../search-api/outbound/client.ts';
import { parseAllowHosts } from '../search-api/outbound/rules.ts';
import { loadConfig } from '../server-shared/config.ts';
import { rss, startSite, type Answer } from '../tests/helpers/site.ts';
import { latencyOf, loadSamples, signIn, type Samples } from './lib/http.ts';
import { percentile } from './lib/stats.ts';

const opts = new Command()
  .option('--pages <n>', 'page monitors', '2000')
  .option('--feeds <n>', 'feed monitors', '2000')
  .option('--hosts <n>', 'loopback hosts serving them (127.0.0.2 on)', '49')
  .option('--seconds <n>', 'seconds of search alone', '20')
  .option('--rate <n>', 'search requests a second', '10')
  .option('--fingerprints <n>', 'fingerprints in the near-duplicate table', '1000000')
  .option('--check-pool <n>', 'connections of the monitor checks\' own pool, as search-api/server.ts gives them (0: the app pool)', String(MONITORS.connections))
  .option('--lookups <n>', 'new items looked up (plus a tenth as many planted near-duplicates)', '1000')
  .parse()
  .opts<{ pages: string; feeds: string; hosts: string; seconds: string; rate: string; fingerprints: string; lookups: string; checkPool: string }>();
const PAGES = Number(opts.pages);
const FEEDS = Number(opts.feeds);
const HOSTS = Array.from({ length: Number(opts.hosts) }, (_, i) => `127.0.0.${i + 2}`);
const CYCLE_TIMEOUT_MS = 10 * 60_000;

const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};
const note = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// ---- the local site: pages and feeds whose content depends on the edition (0: warm-up, 1: changed)
let edition = 0;
const PRODUCTS = ['Northwind', 'Lumen', 'Quarry', 'Helix', 'Orbit', 'Cobalt', 'Vantage', 'Pioneer', 'Summit', 'Beacon'];
const VOCAB = ('launch release pricing plan seats enterprise starter analytics dashboard integration salesforce hubspot slack security ' +
  'audit sso onboarding support export api webhook forecast pipeline partner region europe storage workflow customers funding series ' +
  'acquisition hiring engineers ai assistant connector migration benchmark report survey conference keynote roadmap beta general availability ' +
  'outage incident compliance soc2 gdpr discount bundle tier usage billing annual monthly trial free').split(' ');
const sentence = (rng: Rng, min = 10, max = 20) => {
  const ws = Array.from({ length: rng.int(min, max) }, () => rng.pick(VOCAB));
  return `${ws[0][0].toUpperCase()}${ws.join(' ').slice(1)}.`;
};

/** A pricing page as sites serve them: head scripts and styles, navigation, a cookie banner, plans, FAQ, a footer, and a date and view counter that change on every load (noise the extraction drops). */
function pricingPage(i: number): string {
  const rng = new Rng(`page-${i}`);
  const brand = `${PRODUCTS[i % PRODUCTS.length]} ${i}`;
  const plans = ['Starter', 'Pro', 'Enterprise'].map((plan, k) => {
    const price = 9 + k * 30 + (i % 17) + edition * (5 + k); // the change: every plan's price moves
    const features = Array.from({ length: 6 }, () => `<li>${sentence(rng, 4, 9)}</li>`).join('');
    return `<div class="plan plan-${k}"><h3>${plan}</h3><p class="price"><span class="amount">$${price}</span> per user per month, billed annually</p><ul>${features}</ul><a class="btn" href="/signup?plan=${plan.toLowerCase()}">Start free trial</a></div>`;
  });
  const faq = Array.from({ length: 5 }, () => `<details><summary>${sentence(rng, 5, 9)}</summary><p>${sentence(rng)} ${sentence(rng)}</p></details>`).join('');
  const nav = ['Product', 'Solutions', 'Pricing', 'Customers', 'Resources', 'Blog', 'Careers', 'Contact'].map((n) => `<a href="/${n.toLowerCase()}">${n}</a>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${brand} pricing</title>` +
    `<script src="/static/app.${(i * 2654435761 >>> 0).toString(16)}.js" defer></script><script>window.dataLayer=window.dataLayer||[];dataLayer.push({page:"pricing",t:${Date.now()}})</script>` +
    `<style>.plan{display:inline-block;width:30%}.price{font-size:2em}.btn{background:#0a66c2;color:#fff}</style></head><body>` +
    `<div id="cookie-banner" class="cookie-consent"><p>We use cookies to improve your experience.</p><button>Accept all</button></div>` +
    `<header><nav>${nav}</nav></header><main><h1>Plans and pricing for ${brand}</h1><p>${sentence(rng)}</p>` +
    `<p class="meta">Updated ${new Date().toUTCString()} · ${Math.floor(Math.random() * 90_000 + 10_000).toLocaleString('en-US')} views</p>` +
    `<section class="plans">${plans.join('')}</section><section class="faq"><h2>Frequently asked questions</h2>${faq}</section></main>` +
    `<footer><p>© 2026 ${brand}</p>${nav}</footer></body></html>`;
}

/** An RSS feed of 10–20 old entries (older than the first check's window, so only marked seen), plus 1–3 new ones per later edition. */
function feed(i: number, base: string): string {
  const old = 10 + (i % 11);
  const fresh = edition * (1 + (i % 3));
  const now = Date.now();
  const items = Array.from({ length: fresh + old }, (_, k) => {
    const n = fresh + old - 1 - k; // entry number, newest first
    const rng = new Rng(`feed-${i}-${n}`);
    const date = n >= old ? new Date(now - (fresh + old - n) * 60_000) : new Date(now - (MONITORS.firstCheckDays + 1 + old - n) * 86_400_000);
    return { title: sentence(rng, 6, 12), link: `${base}/news/${i}/${n}`, description: `${sentence(rng)} ${sentence(rng)} ${sentence(rng)}`, date };
  });
  return rss(`${PRODUCTS[i % PRODUCTS.length]} news ${i}`, items);
}

/** An answer with a validator per edition: 304 when the check sent the current one back. */
function versioned(req: IncomingMessage, tag: string, type: string, body: () => string): Answer {
  const etag = `"${tag}-e${edition}"`;
  if (req.headers['if-none-match'] === etag) return { status: 304, type, headers: { etag } };
  return { type, body: body(), headers: { etag } };
}

// ---- measuring

type Cycle = {
  seconds: number; checked: number; failed: number; changes: number; intel: number; sources: number; errors: string[];
  /** Sampled every poll: requests waiting for one of the app's pool connections, and sessions waiting on the intake lock. */
  poolWaiting: number[]; lockWaiting: number[];
};

/**
 * Makes every bench monitor due, wakes the scheduler as "Check now" does, and polls until each one's check_version
 * reached `version`. Polls on its own connection (`watch`), so the poll takes none of the app's pool.
 */
async function cycle(db: ReturnType<typeof connect>, watch: pg.Client, companyId: number, version: number): Promise<Cycle> {
  const counts = async () =>
    (await db.execute(sql`SELECT (SELECT count(*) FROM intel_items WHERE company_id = ${companyId})::int AS intel,
      (SELECT count(*) FROM monitor_changes WHERE company_id = ${companyId})::int AS changes,
      (SELECT count(*) FROM intel_sources WHERE company_id = ${companyId})::int AS sources`)).rows[0] as { intel: number; changes: number; sources: number };
  const before = await counts();
  const t0 = performance.now();
  await db.execute(sql`UPDATE monitors SET next_check_at = now() WHERE company_id = ${companyId} AND NOT paused`);
  await db.execute(sql`SELECT pg_notify(${MONITORS.channel}, '')`);
  let state = { done: 0, failed: 0, locked: 0 };
  const poolWaiting: number[] = [];
  const lockWaiting: number[] = [];
  while (performance.now() - t0 < CYCLE_TIMEOUT_MS) {
    const { rows } = await watch.query(`SELECT count(*) FILTER (WHERE check_version >= $1)::int AS done,
      count(*) FILTER (WHERE check_version >= $1 AND error_reason IS NOT NULL)::int AS failed,
      (SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'advisory')::int AS locked
      FROM monitors WHERE company_id = $2 AND NOT paused`, [version, companyId]);
    state = rows[0] as typeof state;
    poolWaiting.push(db.$client.waitingCount);
    lockWaiting.push(state.locked);
    if (state.done >= PAGES + FEEDS) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - t0) / 1000;
  const after = await counts();
  const { rows: errors } = await db.execute(sql`SELECT error_reason || ': ' || left(error_message, 120) || ' ×' || count(*) AS e FROM monitors
    WHERE company_id = ${companyId} AND error_reason IS NOT NULL AND NOT paused GROUP BY error_reason, left(error_message, 120) ORDER BY count(*) DESC LIMIT 5`);
  return {
    seconds,
    checked: state.done,
    failed: state.failed,
    changes: after.changes - before.changes,
    intel: after.intel - before.intel,
    sources: after.sources - before.sources,
    errors: (errors as { e: string }[]).map((r) => r.e),
    poolWaiting,
    lockWaiting,
  };
}

/** Search requests as curators send them: card searches and intel searches. */
const CARD_TERMS = ['pricing', 'security review', 'dashboards', 'migration', 'enterprise plan', 'discount', 'sso', 'roadmap'];
const INTEL_TERMS = ['pricing', 'launch', 'security', 'funding', 'integration', 'hiring', 'discount', 'ai assistant'];
const SEARCH_URLS = [
  ...CARD_TERMS.map((t) => `/api/search.json?query=${encodeURIComponent(t)}&countersFor=tags.id,board.id,board.rival_id`),
  ...INTEL_TERMS.map((t) => `/api/intel/v1?q=${encodeURIComponent(t)}`),
];
type Split = { requests: number; errors: number; p50: number; p95: number };
/** Percentiles of the card searches and of the intel searches of pooled loads. */
function split(loads: Samples[]): { cards: Split; intel: Split; all: Split } {
  const latencies = loads.flatMap((l) => l.latencies);
  const indexes = loads.flatMap((l) => l.urlIndexes);
  const of = (keep: (i: number) => boolean): Split => {
    const xs = latencies.filter((_, j) => keep(indexes[j]));
    return { requests: xs.length, errors: 0, p50: percentile(xs, 50), p95: percentile(xs, 95) };
  };
  const all = latencyOf(SEARCH_URLS, loads);
  return { cards: of((i) => i < CARD_TERMS.length), intel: of((i) => i >= CARD_TERMS.length), all: { requests: all.requests, errors: all.errors, p50: all.p50, p95: all.p95 } };
}

/** bench/monitors-text.ts as a step (its own process, before the database starts): its page text + diff row. */
async function monitorsText(): Promise<{ p50: number; p95: number; head: string }> {
  const script = path.join(import.meta.dirname, 'monitors-text.ts');
  // Its in-memory band index is not this bench's figure (step 4 measures the database's), so it is kept small.
  const { stdout } = await promisify(execFile)(process.execPath, [...process.execArgv, script, '--runs', '50', '--hashes', '10000', '--lookups', '100'], { maxBuffer: 1 << 24 });
  const row = stdout.split('\n').find((l) => l.startsWith('| pageText + diffPage'));
  const cells = row?.split('|').map((c) => c.trim()) ?? [];
  return { p50: Number(cells[2]), p95: Number(cells[3]), head: stdout.split('\n')[0] };
}

// ---- the run
const started = performance.now();
const loadAtStart = os.loadavg().map((x) => x.toFixed(2)).join(' ');
note('monitors-text step…');
const text = await monitorsText();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-monitors-'));
const pgDb = await startEmbeddedPostgres(path.join(dataDir, 'pg'), { persistent: false });
let db = connect(pgDb.url, 20);
const site = await startSite({ hosts: HOSTS });
const port = new URL(site.url).port;
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, OUTBOUND_ALLOW_HOSTS: HOSTS.join(',') });
const logger = pino({ level: 'silent' });
let closeAll: () => Promise<void> = async () => {};
try {
  await migrateDatabase(db);
  note('seeding the demo data…');
  await seedDemo(db);
  // Fresh connections, as a server started on a seeded database has: the seed's bulk inserts leave plans cached on
  // its connections (notify_intel_rivals' plan for thousands of linked rows: a scan of all intel items per intake).
  await db.$client.end();
  db = connect(pgDb.url, 20);
  const email = 'curator@demo.test';
  const companyId = ((await db.execute(sql`SELECT company_id AS id FROM users WHERE email = ${email}`)).rows[0] as { id: number }).id;
  const { rows: rivalRows } = await db.execute(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND NOT is_template ORDER BY id`);
  const rivalIds = (rivalRows as { id: number }[]).map((r) => r.id);

  // The site: every path a function of the current edition.
  for (let i = 0; i < PAGES; i++) site.set(`/pricing/${i}`, (req) => versioned(req, `p${i}`, 'text/html; charset=utf-8', () => pricingPage(i)));
  for (let i = 0; i < FEEDS; i++) {
    const base = `http://${HOSTS[i % HOSTS.length]}:${port}`;
    site.set(`/feed/${i}.xml`, (req) => versioned(req, `f${i}`, 'application/rss+xml; charset=utf-8', () => feed(i, base)));
  }

  // The monitors, in bulk: pages of a rival each, feeds half of a rival and half industry feeds (rivals found by mention).
  const hostOf = (i: number) => `http://${HOSTS[i % HOSTS.length]}:${port}`;
  const pageRows = Array.from({ length: PAGES }, (_, i) => ({ kind: 'page', url: `${hostOf(i)}/pricing/${i}`, name: `Pricing ${i}`, rival: rivalIds[i % rivalIds.length] }));
  const feedRows = Array.from({ length: FEEDS }, (_, i) => ({ kind: 'feed', url: `${hostOf(i)}/feed/${i}.xml`, name: `News ${i}`, rival: i % 2 ? null : rivalIds[i % rivalIds.length] }));
  const all = [...pageRows, ...feedRows];
  await db.execute(sql`
    INSERT INTO monitors (company_id, kind, url, name, rival_id, interval_minutes, paused, next_check_at)
    SELECT ${companyId}, kind, url, name, rival, 360, false, now() + interval '1 day'
    FROM unnest(${sql.param(all.map((m) => m.kind))}::text[], ${sql.param(all.map((m) => m.url))}::text[], ${sql.param(all.map((m) => m.name))}::text[],
                ${sql.param(all.map((m) => m.rival))}::int[]) AS t(kind, url, name, rival)`);
  // The demo's own monitors stay paused (they point at the internet).
  const { rows: demoMonitors } = await db.execute(sql`SELECT count(*)::int AS n FROM monitors WHERE company_id = ${companyId} AND paused`);

  // The server's parts in this process, as search-api/server.ts wires them.
  note('starting search (indexes, indexer), the app, the job runner and the scheduler…');
  const search = await startSearch(db, config, { databaseUrl: pgDb.url, runIndexer: true, logger });
  const outbound = new OutboundClient({ allowHosts: parseAllowHosts(config.OUTBOUND_ALLOW_HOSTS) });
  const checkDb = Number(opts.checkPool) > 0 ? connect(pgDb.url, Number(opts.checkPool)) : db;
  const jobs = new JobRunner(db, { databaseUrl: pgDb.url, handlers: {}, queues: { [MONITOR_QUEUE]: monitorCheckQueue({ db: checkDb, outbound, logger }) }, logger });
  await jobs.start();
  const scheduler = new MonitorScheduler(db, jobs, { databaseUrl: pgDb.url, logger });
  await scheduler.start();
  const app = createApp({ db, config, logger, search, outbound });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeAll = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await scheduler.stop();
    await jobs.stop();
    await search.close();
    if (checkDb !== db) await checkDb.$client.end();
  };

  const watch = new pg.Client({ connectionString: pgDb.url });
  await watch.connect();
  const closeServer = closeAll;
  closeAll = async () => {
    await watch.end();
    await closeServer();
  };
  note(`warm-up cycle (${PAGES} pages, ${FEEDS} feeds on ${HOSTS.length} hosts)…`);
  const warm = await cycle(db, watch, companyId, 1);
  note(`warm-up: ${warm.checked} checked in ${fmt(warm.seconds)} s, ${warm.failed} failed`);

  const { cookie } = await signIn(base, email);
  await loadSamples(base, cookie, SEARCH_URLS, 3, 1, Number(opts.rate)); // warm the caches and the JIT
  note(`search alone, ${opts.seconds} s…`);
  const alone = split([await loadSamples(base, cookie, SEARCH_URLS, Number(opts.seconds), 1, Number(opts.rate))]);

  edition = 1;
  note('the timed cycle, with search at the same rate…');
  const during: Samples[] = [];
  let cycling = true;
  // Short windows pooled, so the load ends about when the cycle does.
  const loading = (async () => {
    while (cycling) during.push(await loadSamples(base, cookie, SEARCH_URLS, 2, 1, Number(opts.rate)));
  })();
  const timed = await cycle(db, watch, companyId, 2);
  cycling = false;
  await loading;
  const busy = split(during);
  // Stories told by more than one monitor joined one item (intake.ts): which kinds, and one example.
  const { rows: merged } = await db.execute(sql`
    SELECT i.channel, count(*)::int AS items, sum(s.n - 1)::int AS joined, min(s.example) AS example FROM (
      SELECT intel_id, count(*) AS n, string_agg(title, ' ‖ ' ORDER BY id) AS example FROM intel_sources
      WHERE company_id = ${companyId} AND monitor_id IS NOT NULL GROUP BY intel_id HAVING count(DISTINCT monitor_id) > 1) s
    JOIN intel_items i ON i.id = s.intel_id GROUP BY i.channel`);
  note(`cycle: ${timed.checked} checked in ${fmt(timed.seconds)} s`);
  await closeAll();
  closeAll = async () => {};

  // ---- near-duplicates against 1M fingerprints
  const N = Number(opts.fingerprints);
  note(`inserting ${N.toLocaleString('en-US')} fingerprints…`);
  await db.execute(sql`ALTER TABLE intel_fingerprints DROP CONSTRAINT intel_fingerprints_intel_id_intel_items_id_fk`);
  const f0 = performance.now();
  // Random 64-bit hashes (two 32-bit halves) and their bands as intake.ts stores them; all inside the duplicate
  // window, one company: every row is a candidate, the worst case. Ids above any real intel item.
  await db.execute(sql`
    INSERT INTO intel_fingerprints (intel_id, company_id, canonical_link, simhash, band0, band1, band2, band3, created_at)
    SELECT id, ${companyId}, 'https://news' || (id % 500) || '.example/story/' || id, h, (h & 65535)::int, ((h >> 16) & 65535)::int, ((h >> 32) & 65535)::int, ((h >> 48) & 65535)::int,
           now() - random() * make_interval(days => ${MONITORS.duplicateWindowDays - 1})
    FROM (SELECT 100000000 + g AS id, (floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint AS h
          FROM generate_series(1, ${N}) AS g) AS r`);
  await db.execute(sql`ANALYZE intel_fingerprints`);
  const insertSeconds = (performance.now() - f0) / 1000;
  const rng = new Rng('bench-monitors-near');
  const random64 = () => (BigInt(rng.nextUint32()) << 32n) | BigInt(rng.nextUint32());
  const lookups = Number(opts.lookups);
  const { rows: plantedRows } = await db.execute(sql`
    SELECT intel_id, simhash::text AS simhash FROM intel_fingerprints WHERE intel_id > 100000000 ORDER BY random() LIMIT ${Math.ceil(lookups / 10)}`);
  const planted = (plantedRows as { intel_id: number; simhash: string }[]).map((r) => {
    const h = BigInt.asUintN(64, BigInt(r.simhash));
    // Another feed's wording of the story: 2 bits apart (within duplicateBits), with its own link.
    return { id: r.intel_id, hash: h ^ (1n << BigInt(rng.int(0, 31))) ^ (1n << BigInt(rng.int(32, 63))) };
  });
  const work = [
    ...Array.from({ length: lookups }, (_, k) => ({ id: null as number | null, hash: random64(), link: `https://elsewhere.example/new/${k}` })),
    ...planted.map((p, k) => ({ ...p, link: `https://other-feed.example/story/${k}` })),
  ];
  for (const w of work.slice(0, 50)) await sameStory(db, companyId, w.link, w.hash); // warm
  const newMs: number[] = [];
  const plantedMs: number[] = [];
  let found = 0;
  let falseHits = 0;
  for (const w of rng.shuffle(work)) {
    const t0 = performance.now();
    const id = await sameStory(db, companyId, w.link, w.hash);
    (w.id === null ? newMs : plantedMs).push(performance.now() - t0);
    if (w.id !== null && id === w.id) found++;
    if (w.id === null && id !== null) falseHits++;
  }
  const allMs = [...newMs, ...plantedMs];
  const candidates = (N * 4) / 65536;

  // ---- report
  const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  say(`Monitors benchmark, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, load average ${loadAtStart} at the start and ${load} at the end (other work shares the machine); total ${fmt((performance.now() - started) / 60000)} min`);
  say();
  say(`Cycle: ${PAGES} page monitors + ${FEEDS} feed monitors of the demo company (${demoMonitors[0] ? (demoMonitors[0] as { n: number }).n : 0} demo monitors paused), served by a local site on ${HOSTS.length} loopback hosts (${HOSTS[0]}…${HOSTS.at(-1)}, one port); MonitorScheduler + JobRunner (pg-boss, ${MONITORS.concurrency} checks side by side), outbound client at 2 per host; ${Number(opts.checkPool) > 0 ? `checks on their own pool of ${opts.checkPool} connections` : 'checks share the app\'s pool of 20 connections'}${Number(opts.checkPool) === MONITORS.connections ? ', as the server wires them' : ''}; page and feed parsing on ${parserStats.threadsStarted} monitor thread(s) started, ${parserStats.threadJobs} bodies parsed there, ${parserStats.callerJobs} on the main thread`);
  say();
  say('| cycle | monitors checked | failed | changes | intel items made | sources added | wall s | checks/s | app pool waiters (mean / max) | sessions waiting on the intake lock (mean / max) |');
  say('|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
  const meanMax = (xs: number[]) => `${fmt(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length))} / ${Math.max(0, ...xs)}`;
  for (const [name, c] of [['warm-up (first checks: snapshots, feeds marked seen)', warm], ['timed (every price changed, 1–3 new entries per feed)', timed]] as const) {
    say(`| ${name} | ${c.checked} | ${c.failed} | ${c.changes} | ${c.intel} | ${c.sources} | ${fmt(c.seconds)} | ${fmt(c.checked / c.seconds)} | ${meanMax(c.poolWaiting)} | ${meanMax(c.lockWaiting)} |`);
  }
  for (const e of [...new Set([...warm.errors, ...timed.errors])]) say(`- error: ${e}`);
  for (const m of merged as { channel: string; items: number; joined: number; example: string }[]) {
    say(`- ${m.joined} stories from other monitors joined ${m.items} ${m.channel} items (near-duplicate or same link), e.g. “${m.example.slice(0, 300)}”`);
  }
  say();
  say(`Search at ${opts.rate} requests/s (${CARD_TERMS.length} card searches GET /api/search.json, ${INTEL_TERMS.length} intel searches GET /api/intel/v1?q=, in turn), signed in as the demo curator, embedded engine with its indexer running: ${opts.seconds} s alone, then for the whole timed cycle`);
  say();
  say('| search | requests alone | p50 alone ms | p95 alone ms | requests during | p50 during ms | p95 during ms | p95 during / alone |');
  say('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const k of ['cards', 'intel', 'all'] as const) {
    say(`| ${k === 'all' ? 'all (errors ' + alone.all.errors + ' / ' + busy.all.errors + ')' : k} | ${alone[k].requests} | ${fmt(alone[k].p50)} | ${fmt(alone[k].p95)} | ${busy[k].requests} | ${fmt(busy[k].p50)} | ${fmt(busy[k].p95)} | ${fmt(busy[k].p95 / alone[k].p95, 2)} |`);
  }
  say();
  say(`Near-duplicate check (sameStory: canonical link, then the four band indexes and Hamming ≤ ${MONITORS.duplicateBits}) against ${N.toLocaleString('en-US')} fingerprints of one company, all within the ${MONITORS.duplicateWindowDays}-day window (inserted and analysed in ${fmt(insertSeconds)} s; FK to intel_items dropped in this database); about ${fmt(candidates, 0)} band candidates per lookup`);
  say();
  say('| lookups | count | p50 ms | p95 ms | p99 ms | result |');
  say('|---|---:|---:|---:|---:|---|');
  say(`| new stories (random hash, new link) | ${newMs.length} | ${fmt(percentile(newMs, 50), 2)} | ${fmt(percentile(newMs, 95), 2)} | ${fmt(percentile(newMs, 99), 2)} | ${falseHits} matched (false positives) |`);
  say(`| planted near-duplicates (2 bits flipped, other link) | ${plantedMs.length} | ${fmt(percentile(plantedMs, 50), 2)} | ${fmt(percentile(plantedMs, 95), 2)} | ${fmt(percentile(plantedMs, 99), 2)} | recall ${found}/${planted.length} |`);
  say(`| all | ${allMs.length} | ${fmt(percentile(allMs, 50), 2)} | ${fmt(percentile(allMs, 95), 2)} | ${fmt(percentile(allMs, 99), 2)} | |`);
  say();
  say(`Text extraction and diff (bench/monitors-text.ts, run as a step before the database started): ${text.head.replace(/^Page: /, '')}`);
  say();
  const ratio = Math.max(busy.cards.p95 / alone.cards.p95, busy.intel.p95 / alone.intel.p95);
  const ok = (b: boolean) => (b ? 'met' : 'NOT met');
  say('Summary');
  say();
  say('| figure | target | measured | |');
  say('|---|---|---|---|');
  say(`| ${PAGES.toLocaleString('en-US')} pages + ${FEEDS.toLocaleString('en-US')} feeds, one cycle | ≤ 300 s | ${fmt(timed.seconds)} s (${fmt(timed.checked / timed.seconds)} checks/s, ${timed.checked} checked, ${timed.intel} intel items) | ${ok(timed.seconds <= 300 && timed.checked >= PAGES + FEEDS)} |`);
  say(`| search p95 during the cycle vs alone | ≤ 2× | cards ${fmt(alone.cards.p95)} → ${fmt(busy.cards.p95)} ms, intel ${fmt(alone.intel.p95)} → ${fmt(busy.intel.p95)} ms (worst ${fmt(ratio, 2)}×) | ${ok(ratio <= 2)} |`);
  say(`| text extraction + diff of a 1 MB page, p95 | ≤ 50 ms | ${fmt(text.p95)} ms (p50 ${fmt(text.p50)}) | ${ok(text.p95 <= 50)} |`);
  say(`| near-duplicate check vs ${(N / 1e6).toLocaleString('en-US')}M items, p95 | ≤ 5 ms | ${fmt(percentile(allMs, 95), 2)} ms, recall ${found}/${planted.length} | ${ok(percentile(allMs, 95) <= 5)} |`);

  const out = path.join(import.meta.dirname, 'results', 'monitors.md');
  fs.writeFileSync(out, `# Monitors benchmark\n\n\`npm run bench:monitors\`\n\n${lines.join('\n')}\n`);
  note(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await closeAll().catch(() => {});
  await site.close();
  await db.$client.end();
  await pgDb.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
