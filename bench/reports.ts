// Usage analytics benchmark (issue #29), three parts printed side by side:
//
// 1. Seeding: N usage events (default 10M) of a company of its own, Scale Co (bench content: 20 rivals, 5,000 cards,
//    50,000 intel items at --scale 5, 40 battlecards, and 2,000 users of whom ~3 % curators and ~0.5 % admins), over the
//    last 12 months with a realistic skew (a few users do most, weekdays far busier than weekends, a growth over the
//    year, popular cards and queries), written straight through the product's writeUsage (events and rollups) in
//    chunks of a day, --writers at a time on days of their own. Prints events/s.
// 2. Ingest: --clients signed-in sessions of that company POST batches of 100 events to /api/events.json, as fast
//    as answered (target ≥ 5,000 events/s), while a fixed set of /api/search.json queries runs as Scale Co's seller;
//    search p95 alone is compared with search p95 beside the ingest (target: a rise of at most 10 %), the two taking
//    turns --windows times for --seconds each and pooled. The same again paced at the target rate (--rate), which
//    says what search feels at that rate rather than at the machine's limit. Search runs two ways each time: as fast
//    as answered on --connections (the machine's limit, where any other work shows in full), and paced at
//    --search-rate requests/s (what sellers feel at a busy hour). Beside p95, which moves from run to run on a shared
//    machine, it prints how busy the thread serving HTTP was in each side's turns and, from the difference, that
//    thread's milliseconds per collector POST: the ingest's cost to search, measured rather than felt.
// 3. Reports: p50 and p95 of each report for the last 90 days through buildReport (the routes' own call), --runs
//    runs each after a warm-up (target p95 ≤ 300 ms).
//
//   npm run bench:reports                          # 10M events (several minutes)
//   npm run bench:reports -- --events 1000000      # a quicker try
//   DATABASE_URL=postgres://… npm run bench:reports # in a database of its own on that server (dropped after)
//
// Prints tables and RESULT lines, and writes bench/results/reports.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance as nodePerformance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Command } from 'commander';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { ReportQuery } from '../contracts/reports.ts';
import type { UsageEvent, UsageEventInput } from '../contracts/usage.ts';
import { connect, rowsOf, type Db } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { Picker, Rng } from '../db/seed/random.ts';
import { seedScale } from '../db/seed/scale.ts';
import { companies } from '../db/schema.ts';
import { createEmbeddedEngine } from '../engine/embedded/index.ts';
import { prepareIndexes } from '../indexer/bootstrap.ts';
import { createApp } from '../search-api/app.ts';
import { SESSION_COOKIE, createSession, sessionTimeouts } from '../search-api/auth/sessions.ts';
import { buildReport, type ReportRequest } from '../search-api/reports/service.ts';
import { ensureMonthPartitions } from '../search-api/usage/partitions.ts';
import { UsageRecorder } from '../search-api/usage/recorder.ts';
import { roleOf, toRow, type UsageActor, type UsageRole, type UsageRow } from '../search-api/usage/rows.ts';
import { writeUsage } from '../search-api/usage/write.ts';
import { loadConfig } from '../server-shared/config.ts';
import { concurrently } from '../server-shared/concurrently.ts';
import { latencyOf, load, loadSamples, type Latency, type Samples } from './lib/http.ts';
import { percentile } from './lib/stats.ts';

const opts = new Command()
  .option('--events <n>', 'usage events to seed', '10000000')
  .option('--users <n>', 'users of the company', '2000')
  .option('--scale <n>', "the company's content: N×1,000 cards and N×10,000 intel items (db/seed/scale.ts)", '5')
  .option('--writers <n>', 'writeUsage calls at a time while seeding', '2')
  .option('--windows <n>', 'turns of search alone and search beside the ingest', '4')
  .option('--seconds <n>', 'seconds of each turn', '6')
  .option('--clients <n>', 'concurrent collector clients (sessions)', '32')
  .option('--rate <n>', 'events/s of the paced ingest (0: skip it)', '5000')
  .option('--connections <n>', 'concurrent search connections', '2')
  .option('--search-rate <n>', 'searches/s of the paced search load (0: skip it)', '50')
  .option('--runs <n>', 'timed runs per report', '30')
  .option('--keep <dir>', 'keep the embedded database in this directory (to EXPLAIN afterwards; start it again with startEmbeddedPostgres(dir))')
  .parse()
  .opts<{ events: string; users: string; scale: string; writers: string; windows: string; seconds: string; clients: string; rate: string; connections: string; searchRate: string; runs: string; keep?: string }>();
const EVENTS = Number(opts.events);
const USERS = Number(opts.users);
const SCALE = Number(opts.scale);
const WRITERS = Number(opts.writers);
const RUNS = Number(opts.runs);
const WINDOWS = Number(opts.windows);
const WINDOW_SECONDS = Number(opts.seconds);
const DAYS = 365;
const DAY = 86_400_000;
const TARGETS = { ingestPerSecond: 5_000, searchRise: 0.1, reportP95Ms: 300 };
const SEARCH_TERMS = ['pricing', 'sso', 'security review', 'dashboards', 'migration', 'onboarding support', 'embedded analytics',
  'soc 2', 'connectors', 'discount', 'roadmap', 'ai assistant', 'renewal', 'enterprise plan', 'performance'];
const searchUrls = () => SEARCH_TERMS.map((t) => `/api/search.json?query=${encodeURIComponent(t)}&countersFor=tags.id,board.id,board.rival_id`);

// ---------------------------------------------------------------------------------------------
// The database: embedded, or a database of its own on DATABASE_URL's server

async function database(): Promise<{ url: string; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const name = `rs_bench_reports_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    return {
      url: u.toString(),
      close: async () => {
        const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dataDir = opts.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-reports-'));
  const embedded = await startEmbeddedPostgres(dataDir, { persistent: Boolean(opts.keep) });
  return {
    url: embedded.url,
    close: async () => {
      await embedded.stop();
      if (!opts.keep) fs.rmSync(dataDir, { recursive: true, force: true });
      else console.error(`The database is kept in ${dataDir}`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The company: Scale Co's content, USERS users, battlecards

type Company = {
  id: number;
  users: { id: number; role: UsageRole }[];
  cards: number[];
  profiles: number[];
  battlecards: number[];
  intel: number[];
  sellerId: number;
};

async function prepareCompany(db: Db): Promise<Company> {
  const started = performance.now();
  const seeded = await seedScale(db, {
    scale: SCALE,
    onProgress: (p) => process.stderr.isTTY && process.stderr.write(`\r  ${p.phase} ${p.done}/${p.total} ${p.unit}      `),
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const id = seeded.companyId;
  const [{ n }] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${id}`);
  if (n < USERS) {
    // Every 33rd a curator, every 200th an admin; the rest read.
    const added = await rowsOf<{ id: number; g: number }>(
      db,
      sql`INSERT INTO users (company_id, username, name, first_name, email, created_at)
          SELECT ${id}, 'rep' || g, 'Rep ' || g, 'Rep', 'rep' || g || '@scale.test', now() - interval '400 days'
          FROM generate_series(1, ${USERS - n}::int) g RETURNING id, substring(username from 4)::int AS g`,
    );
    const role = (g: number) => (g % 200 === 0 ? 'admin' : g % 33 === 0 ? 'curator' : null);
    const roles = added.flatMap((u) => (role(u.g) ? [{ user_id: u.id, role: role(u.g) }] : []));
    await db.execute(sql`INSERT INTO user_roles (company_id, user_id, role)
      SELECT ${id}, r.user_id, r.role FROM jsonb_to_recordset(${JSON.stringify(roles)}::jsonb) AS r(user_id int, role text)`);
  }
  await db.execute(sql`UPDATE companies SET usage_reports = '{"consumer": true, "curator": true, "individual": true, "leaderboards": true}'::jsonb WHERE id = ${id}`);
  const [{ battlecards }] = await rowsOf<{ battlecards: number }>(db, sql`SELECT count(*)::int AS battlecards FROM battlecards WHERE company_id = ${id}`);
  if (battlecards === 0) {
    await db.execute(sql`
      INSERT INTO battlecards (company_id, profile_id, title, cards, view_order)
      SELECT p.company_id, p.id, p.name || (CASE k WHEN 1 THEN ' quick battlecard' ELSE ' head-to-head' END),
             jsonb_build_object('desktop', coalesce((SELECT jsonb_agg(x.id) FROM (SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id
                                 WHERE b.profile_id = p.id ORDER BY c.id LIMIT 6 OFFSET (k - 1) * 6) x), '[]'::jsonb),
                                'tablet', '[]'::jsonb, 'mobile', '[]'::jsonb), k
      FROM profiles p CROSS JOIN generate_series(1, 2) k WHERE p.company_id = ${id}`);
  }
  const users = await rowsOf<{ id: number; roles: string[] }>(
    db,
    sql`SELECT u.id, coalesce(array_agg(r.role) FILTER (WHERE r.role IS NOT NULL), '{}') AS roles
        FROM users u LEFT JOIN user_roles r ON r.user_id = u.id WHERE u.company_id = ${id} GROUP BY u.id ORDER BY u.id`,
  );
  const ids = async (q: ReturnType<typeof sql>) => (await rowsOf<{ id: number }>(db, q)).map((r) => r.id);
  const company: Company = {
    id,
    users: users.map((u) => ({ id: u.id, role: roleOf(u.roles) })),
    cards: await ids(sql`SELECT id FROM cards WHERE company_id = ${id} ORDER BY id`),
    profiles: await ids(sql`SELECT id FROM profiles WHERE company_id = ${id} ORDER BY id`),
    battlecards: await ids(sql`SELECT id FROM battlecards WHERE company_id = ${id} ORDER BY id`),
    intel: await ids(sql`SELECT id FROM intel_items WHERE company_id = ${id} ORDER BY id`),
    sellerId: (await ids(sql`SELECT id FROM users WHERE email = 'scale-seller@scale.test'`))[0],
  };
  console.error(`Company ${id}: ${company.users.length} users, ${company.cards.length} cards, ${company.battlecards.length} battlecards, ${company.intel.length} intel items (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return company;
}

// ---------------------------------------------------------------------------------------------
// The events

const zipf = <T>(items: readonly T[], s: number) => new Picker(items, items.map((_, i) => 1 / Math.pow(i + 1, s)));

const uuid = (rng: Rng) => {
  const h = () => rng.nextUint32().toString(16).padStart(8, '0');
  const [a, b, c, d] = [h(), h(), h(), h()];
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-a${c.slice(1, 4)}-${c.slice(4)}${d}`;
};

/** Queries: rival-ish words and topics, a long tail, about 6 % of them finding nothing. */
function queryVocabulary(rng: Rng): { query: string; results: number }[] {
  const topics = ['pricing', 'sso', 'security', 'integrations', 'discount', 'roadmap', 'ai', 'migration', 'implementation', 'support', 'contract',
    'renewal', 'gdpr', 'hipaa', 'soc 2', 'api', 'mobile', 'dashboards', 'embedded', 'performance', 'onboarding', 'references', 'objections', 'tco'];
  const words = ['vs', 'pricing', 'weaknesses', 'how to beat', 'enterprise', 'smb', 'case study', 'latest', 'plan', 'deployment'];
  const out = new Map<string, number>();
  for (const t of topics) out.set(t, rng.int(5, 400));
  while (out.size < 3_000) {
    const q = `${rng.pick(topics)} ${rng.pick(words)} ${rng.chance(0.5) ? rng.pick(topics) : `${rng.int(1, 300)}`}`;
    out.set(q, rng.chance(0.06) ? 0 : rng.int(1, 200));
  }
  return rng.shuffle([...out].map(([query, results]) => ({ query, results })));
}

type Kind = UsageEvent['kind'];
const READER_MIX: (readonly [Kind, number])[] = [
  ['pageView', 30], ['visit', 12], ['cardView', 24], ['profileView', 5], ['battlecardView', 4], ['search', 8], ['suggestionPick', 1.5],
  ['shareCopy', 0.5], ['askQuestion', 1], ['askFeedback', 0.3], ['intelSubmitted', 0.2],
];
const CURATOR_MIX: (readonly [Kind, number])[] = [
  ...READER_MIX, ['intelTriaged', 12], ['intelPublished', 3], ['cardCreated', 1.5], ['cardUpdated', 4], ['digestSent', 0.05],
];
const SOURCES = [['search', 34], ['board', 28], ['battlecard', 16], ['ask', 6], ['digest', 4], ['feed', 5], ['dynamicBoard', 4], ['landing', 1], ['link', 2]] as const;
const ROUTES = [['dashboard', '/dashboard'], ['profile', '/profile/1'], ['search', '/search/pricing'], ['ask', '/ask-rivalscope'], ['feed', '/feed']] as const;
const HOURS = [[12, 2], [13, 5], [14, 8], [15, 10], [16, 9], [17, 8], [18, 9], [19, 8], [20, 7], [21, 5], [22, 3], [23, 1]] as const;

function generator(company: Company, now: Date) {
  const base = new Rng('bench-reports');
  const users = base.shuffle(company.users);
  // A few users do most: Zipf over a shuffled order, curators busier than most readers.
  const readers = new Picker(users, users.map((u, i) => (1 / Math.pow(i + 1, 0.75)) * (u.role === 'consumer' ? 1 : 3)));
  const curators = users.filter((u) => u.role !== 'consumer');
  const curatorPicker = zipf(curators, 0.5);
  const cards = zipf(base.shuffle(company.cards), 0.9);
  const profiles = zipf(base.shuffle(company.profiles), 0.6);
  const battlecards = zipf(base.shuffle(company.battlecards), 0.6);
  const queries = zipf(queryVocabulary(base.fork('queries')), 1.0);
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const dayWeight = (d: number) => {
    const weekday = new Date(today - d * DAY).getUTCDay();
    return (weekday === 0 || weekday === 6 ? 0.25 : 1) * (0.7 + 0.6 * ((DAYS - 1 - d) / (DAYS - 1)));
  };
  const totalWeight = Array.from({ length: DAYS }, (_, d) => dayWeight(d)).reduce((a, b) => a + b, 0);
  const actors = new Map(company.users.map((u) => [u.id, { companyId: company.id, userId: u.id, role: u.role } as UsageActor]));
  const readerKinds = new Picker(READER_MIX.map(([k]) => k), READER_MIX.map(([, w]) => w));
  const curatorKinds = new Picker(CURATOR_MIX.map(([k]) => k), CURATOR_MIX.map(([, w]) => w));

  /** The events of day d (0 = today, up to now), in time order. */
  return function day(d: number): UsageRow[] {
    const rng = new Rng(`bench-reports-day-${d}`);
    const dayStart = today - d * DAY;
    const n = Math.round((EVENTS * dayWeight(d)) / totalWeight);
    const rows: UsageRow[] = [];
    while (rows.length < n) {
      const curatorWork = rng.chance(0.04);
      const user = curatorWork ? curatorPicker.pick(rng) : readers.pick(rng);
      const actor = actors.get(user.id)!;
      const kind = (curatorWork ? curatorKinds : readerKinds).pick(rng);
      const at = dayStart + rng.weighted(HOURS) * 3_600_000 + rng.int(0, 3_599_999);
      const e = event(rng, kind);
      rows.push(toRow(actor, e, new Date(at)));
      if (e.kind === 'search' && e.results > 0 && rng.chance(0.6)) {
        rows.push(toRow(actor, { kind: 'searchOpen', searchId: e.searchId, query: e.query, context: 'cards', rank: Math.min(e.results, rng.weighted([[1, 55], [2, 20], [3, 12], [4, 8], [7, 5]])), cardId: cards.pick(rng) }, new Date(at + rng.int(2_000, 40_000))));
      }
    }
    return rows.filter((r) => r.occurredAt <= now).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  };

  function event(rng: Rng, kind: Kind): UsageEvent {
    switch (kind) {
      case 'pageView': {
        const [route, p] = rng.pick(ROUTES);
        return { kind, route, path: p };
      }
      case 'visit':
        return { kind, visitId: uuid(rng), seconds: rng.chance(0.3) ? 30 : rng.int(10, 300), first: rng.chance(0.3) };
      case 'cardView':
        return { kind, cardId: cards.pick(rng), source: rng.weighted(SOURCES) };
      case 'profileView':
        return { kind, profileId: profiles.pick(rng) };
      case 'battlecardView':
        return { kind, battlecardId: battlecards.pick(rng) };
      case 'search': {
        const q = queries.pick(rng);
        return { kind, searchId: uuid(rng), query: q.query, context: rng.chance(0.9) ? 'cards' : 'intel', results: q.results };
      }
      case 'suggestionPick':
        return { kind, query: queries.pick(rng).query.slice(0, 4), suggestion: 'completion' };
      case 'shareCopy':
        return { kind, target: 'card', targetId: cards.pick(rng) };
      case 'askQuestion':
        return { kind, answerId: rng.int(1, 1_000_000) };
      case 'askFeedback':
        return { kind, answerId: rng.int(1, 1_000_000), positive: rng.chance(0.75) };
      case 'intelSubmitted':
      case 'intelPublished':
        return { kind, intelId: rng.pick(company.intel) };
      case 'intelTriaged':
        return { kind, intelId: rng.pick(company.intel), seconds: rng.int(600, 2 * 86_400) };
      case 'cardCreated':
      case 'cardUpdated':
        return { kind, cardId: cards.pick(rng) };
      case 'digestSent':
        return { kind, digestId: 1, recipients: rng.int(100, 2_000) };
      default:
        return { kind: 'pageView', route: 'dashboard', path: '/dashboard' };
    }
  }
}

type Seeding = { events: number; seconds: number; perSecond: number; vacuumSeconds: number; size: string };

async function seedEvents(db: Db, company: Company, now: Date): Promise<Seeding> {
  const today = Math.floor(now.getTime() / DAY) * DAY;
  await ensureMonthPartitions(db, new Date(today - (DAYS - 1) * DAY), new Date(today + 62 * DAY));
  const day = generator(company, now);
  const started = performance.now();
  let written = 0;
  let reported = 0;
  // Oldest day first; each writer takes the next day, so no two write the same day's rollups at once.
  await concurrently(DAYS, WRITERS, async (i) => {
    const rows = day(DAYS - 1 - i);
    await writeUsage(db, rows);
    written += rows.length;
    if (written - reported >= EVENTS / 20 || i === DAYS - 1) {
      reported = written;
      const s = (performance.now() - started) / 1000;
      const line = `  usage events ${written.toLocaleString('en')} in ${s.toFixed(0)} s (${Math.round(written / s).toLocaleString('en')}/s)`;
      process.stderr.write(process.stderr.isTTY ? `\r${line}      ` : `${line}\n`);
    }
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const seconds = (performance.now() - started) / 1000;
  // Autovacuum would get to the new rows soon after; done here, so it neither runs under the measurements nor leaves
  // the visibility map empty (index-only scans).
  const analyzed = performance.now();
  await db.execute(sql`VACUUM (ANALYZE) usage_events, usage_user_days, usage_subject_days, search_query_days`);
  // And statistics of everything else: the company's few rivals and profiles would otherwise have none (autovacuum
  // analyzes a table after 50 changed rows), and the planner, taking them for one row, loops over all intel.
  await db.execute(sql`ANALYZE`);
  const [{ size }] = await rowsOf<{ size: string }>(
    db,
    sql`SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS size FROM pg_class c
        WHERE c.relkind = 'r' AND (c.relname LIKE 'usage\\_%' OR c.relname = 'search_query_days')`,
  );
  return { events: written, seconds: round(seconds, 1), perSecond: Math.round(written / seconds), vacuumSeconds: round((performance.now() - analyzed) / 1000, 1), size };
}

// ---------------------------------------------------------------------------------------------
// Ingest through the collector, search alongside

/** Batches of 100 collector events about the company's cards, profiles and battlecards. */
function collectorBodies(company: Company, n: number): string[] {
  const rng = new Rng('bench-reports-collector');
  const cards = zipf(company.cards, 0.9);
  const kinds = [['pageView', 35], ['visit', 15], ['cardView', 30], ['profileView', 6], ['battlecardView', 5], ['searchOpen', 6], ['suggestionPick', 2], ['shareCopy', 1]] as const;
  const one = (): UsageEventInput => {
    const kind = rng.weighted(kinds);
    switch (kind) {
      case 'pageView':
        return { kind, path: `/profile/${rng.pick(company.profiles)}`, route: 'profile' };
      case 'visit':
        return { kind, visitId: uuid(rng), seconds: rng.int(10, 120), first: rng.chance(0.3) };
      case 'cardView':
        return { kind, cardId: cards.pick(rng), source: rng.weighted(SOURCES) };
      case 'profileView':
        return { kind, profileId: rng.pick(company.profiles) };
      case 'battlecardView':
        return { kind, battlecardId: rng.pick(company.battlecards) };
      case 'searchOpen':
        return { kind, searchId: uuid(rng), query: rng.pick(SEARCH_TERMS), context: 'cards', rank: rng.int(1, 5), cardId: cards.pick(rng) };
      case 'suggestionPick':
        return { kind, query: 'pri', suggestion: 'completion' };
      case 'shareCopy':
        return { kind, target: 'card', targetId: cards.pick(rng) };
    }
  };
  return Array.from({ length: n }, () => JSON.stringify({ events: Array.from({ length: 100 }, one) }));
}

type Ingest = { rate: number; clients: number; seconds: number; events: number; perSecond: number; requests: number; errors: number; p50: number; p95: number; firstError: string | null };
/** What one window of collector load sent (ingest-worker.mjs). */
type IngestWindow = { latencies: number[]; accepted: number; errors: number; firstError: string | null; seconds: number };

function ingest(base: string, sessions: { cookie: string; csrf: string }[], bodies: string[], seconds: number, rate = 0): Promise<IngestWindow> {
  const worker = new Worker(new URL('./lib/ingest-worker.mjs', import.meta.url), { workerData: { base, sessions, bodies, seconds, rate } });
  return new Promise<IngestWindow>((resolve, reject) => {
    worker.once('message', (m: IngestWindow) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

/** The windows of one ingest, together. */
function ingestOf(rate: number, clients: number, windows: IngestWindow[]): Ingest {
  const latencies = windows.flatMap((w) => w.latencies);
  const seconds = windows.reduce((n, w) => n + w.seconds, 0);
  const events = windows.reduce((n, w) => n + w.accepted, 0);
  return {
    rate,
    clients,
    seconds: round(seconds, 1),
    events,
    perSecond: Math.round(events / seconds),
    requests: latencies.length,
    errors: windows.reduce((n, w) => n + w.errors, 0),
    p50: round(percentile(latencies, 50), 1),
    p95: round(percentile(latencies, 95), 1),
    firstError: windows.find((w) => w.firstError)?.firstError ?? null,
  };
}

async function sessionsOf(db: Db, companyId: number, userIds: number[]) {
  const timeouts = sessionTimeouts(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }));
  return Promise.all(
    userIds.map(async (userId) => {
      const { token, session } = await createSession(db, timeouts, { userId, companyId });
      return { cookie: `${SESSION_COOKIE}=${token}`, csrf: session.csrfToken };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Reports

type ReportRow = { report: string; p50: number; p95: number; met: boolean; plans?: string };

/**
 * The statements of one run of a report, slowest first, each with its EXPLAIN (ANALYZE, BUFFERS): why a report
 * misses its target.
 */
async function explainRun(db: Db, run: (db: Db) => Promise<unknown>, keep = 2): Promise<string> {
  const calls: { q: SQL; ms: number }[] = [];
  const spy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (q: SQL) => {
        const t = performance.now();
        const res = await target.execute(q);
        calls.push({ q, ms: performance.now() - t });
        return res;
      };
    },
  });
  await run(spy);
  const dialect = (db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } } }).dialect;
  const out: string[] = [];
  for (const { q, ms } of calls.sort((a, b) => b.ms - a.ms).slice(0, keep)) {
    const { sql: text, params } = dialect.sqlToQuery(q);
    const plan = await db.$client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
    out.push(`-- ${ms.toFixed(1)} ms in the run (statements of a report run in parallel)\n${text.replace(/\s+/g, ' ').trim()}\n\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  return out.join('\n\n');
}

async function timeReports(db: Db, company: Company): Promise<ReportRow[]> {
  const [companyRow] = await db.select().from(companies).where(eq(companies.id, company.id));
  const reader = { companyId: company.id, company: companyRow, roles: ['admin'], isImpersonating: false, user: { language: 'en' } };
  const query = ReportQuery.parse({ dateRange: 'last90Days' });
  const [top] = await rowsOf<{ user_id: number }>(
    db,
    sql`SELECT user_id FROM usage_user_days WHERE company_id = ${company.id} AND day >= current_date - 90 GROUP BY user_id ORDER BY sum(events) DESC LIMIT 1`,
  );
  const [rival] = await rowsOf<{ id: number }>(
    db,
    sql`SELECT rival_id AS id FROM intel_rivals WHERE company_id = ${company.id} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const reports: [string, Omit<ReportRequest, 'query'>][] = [
    ['consumer usage: overview', { id: 'consumer-usage', type: 'overview' }],
    ['consumer usage: leaderboards', { id: 'consumer-usage', type: 'leaderboards' }],
    ['consumer usage: a user (the most active)', { id: 'consumer-usage', type: 'leaderboards', userId: top.user_id }],
    ['curator activity: overview', { id: 'curator', type: 'overview' }],
    ['search analytics: overview', { id: 'search-analytics', type: 'overview' }],
    ['search analytics: zero results (drill-down)', { id: 'search-analytics', type: 'overview', drill: 'zero-results' }],
    ['competitive analytics: overview', { id: 'competitive-analytics', type: 'overview' }],
    ['competitive analytics: threat analysis', { id: 'competitive-analytics', type: 'threat-analysis' }],
    ['competitive analytics: data hygiene', { id: 'competitive-analytics', type: 'data-hygiene' }],
    ['competitive analytics: a rival (drill-down)', { id: 'competitive-analytics', type: 'overview', drill: `rival-${rival.id}` }],
  ];
  const out: ReportRow[] = [];
  for (const [name, r] of reports) {
    const run = () => buildReport(db, reader, { ...r, query });
    for (let i = 0; i < 3; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    const p95 = round(percentile(times, 95), 1);
    const met = p95 <= TARGETS.reportP95Ms;
    const plans = met ? undefined : await explainRun(db, (spy) => buildReport(spy, reader, { ...r, query }));
    out.push({ report: name, p50: round(percentile(times, 50), 1), p95, met, plans });
    console.error(`  ${name}: p95 ${p95} ms`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

const started = performance.now();
const store = await database();
const db = connect(store.url, 20);
try {
  await migrateDatabase(db);
  const now = new Date();
  console.error(`Seeding Scale Co (scale ${SCALE}) and ${USERS} users`);
  const company = await prepareCompany(db);
  console.error(`Seeding ${EVENTS.toLocaleString('en')} usage events over ${DAYS} days, ${WRITERS} writers`);
  const seeding = await seedEvents(db, company, now);

  console.error('Building search indexes');
  const engine = await createEmbeddedEngine({ persistIntervalMs: -1 });
  await prepareIndexes(db, engine);
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const logger = pino({ level: 'silent' });
  const usage = new UsageRecorder(db, logger, { retentionMonths: config.USAGE_RETENTION_MONTHS });
  const app = createApp({ db, config, logger, usage, search: { engine, indexer: null } });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const runs: Run[] = [];
  try {
    const [searcher] = await sessionsOf(db, company.id, [company.sellerId]);
    const rng = new Rng('bench-reports-clients');
    const readers = company.users.filter((u) => u.role === 'consumer').map((u) => u.id);
    const clients = await sessionsOf(db, company.id, rng.sample(readers, Number(opts.clients)));
    const bodies = collectorBodies(company, 400);
    await load(base, searcher.cookie, searchUrls(), 5, Number(opts.connections)); // warm-up
    const searchRates = Number(opts.searchRate) > 0 ? [0, Number(opts.searchRate)] : [0];
    for (const rate of Number(opts.rate) > 0 ? [0, Number(opts.rate)] : [0]) {
      for (const searchRate of searchRates) {
        const searching = (seconds: number) => loadSamples(base, searcher.cookie, searchUrls(), seconds, Number(opts.connections), searchRate);
        // Search alone and search beside the ingest take turns, WINDOWS times, each pooled: the machine drifts over a
        // run (the writes of one window are checkpointed during the next, autovacuum comes and goes), and alternating
        // puts that drift on both sides of the comparison.
        console.error(`${WINDOWS} × (search alone, then beside ${opts.clients} ingest clients${rate ? ` paced at ${rate} events/s` : ' as fast as answered'}), ${WINDOW_SECONDS} s each; search ${searchRate ? `paced at ${searchRate}/s` : 'as fast as answered'}`);
        const alone: Samples[] = [];
        const beside: Samples[] = [];
        const windows: IngestWindow[] = [];
        const busy = { alone: 0, beside: 0 };
        for (let w = 0; w < WINDOWS; w++) {
          let elu = nodePerformance.eventLoopUtilization();
          alone.push(await searching(WINDOW_SECONDS));
          busy.alone += nodePerformance.eventLoopUtilization(elu).active;
          elu = nodePerformance.eventLoopUtilization();
          const [i, s] = await Promise.all([ingest(base, clients, bodies, WINDOW_SECONDS, rate), searching(WINDOW_SECONDS)]);
          busy.beside += nodePerformance.eventLoopUtilization(elu).active;
          windows.push(i);
          beside.push(s);
          await usage.flush();
        }
        runs.push({ ingest: ingestOf(rate, clients.length, windows), searchRate, before: latencyOf(searchUrls(), alone), search: latencyOf(searchUrls(), beside), busyMs: busy });
      }
    }
    await usage.close();
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await engine.close();
  }
  await db.execute(sql`ANALYZE usage_events, usage_user_days, usage_subject_days, search_query_days`);
  console.error(`Reports, ${RUNS} runs each for the last 90 days`);
  const reports = await timeReports(db, company);
  print(seeding, runs, reports, (performance.now() - started) / 1000);
} finally {
  await db.$client.end();
  await store.close();
}

/** busyMs: the ms the thread serving HTTP was busy over all turns of each side. */
type Run = { ingest: Ingest; searchRate: number; before: Latency; search: Latency; busyMs: { alone: number; beside: number } };

function print(seeding: Seeding, runs: Run[], reports: ReportRow[], totalSeconds: number) {
  const rise = (before: Latency, during: Latency) => (during.p95 - before.p95) / before.p95;
  // The server thread's time beyond the searches' own (their busy time alone, scaled to the searches served beside),
  // per collector POST: what each 100-event batch costs the thread that also answers search.
  const perPost = (busy: Run['busyMs'], before: Latency, during: Latency, i: Ingest) =>
    i.requests ? (busy.beside - (busy.alone * during.requests) / Math.max(before.requests, 1)) / i.requests : 0;
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  // The share of its turns' time the thread serving HTTP was busy, in %.
  const busyPct = (ms: number) => round(ms / (WINDOWS * WINDOW_SECONDS * 10), 1);
  const how = (i: Ingest) => (i.rate ? `paced at ${i.rate}/s` : 'as fast as answered');
  const searchHow = (rate: number) => (rate ? `paced at ${rate}/s` : 'as fast as answered');
  const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
  const head = `${seeding.events.toLocaleString('en')} usage events of ${USERS} users over ${DAYS} days (Scale Co, scale ${SCALE}); ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at the end; ${(totalSeconds / 60).toFixed(1)} min in all`;
  const seedTable = [
    '| seeding | events | seconds | events/s | writers | then VACUUM ANALYZE s | usage tables |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| writeUsage, a day per call | ${seeding.events} | ${seeding.seconds} | ${seeding.perSecond} | ${WRITERS} | ${seeding.vacuumSeconds} | ${seeding.size} |`,
  ].join('\n');
  const ingestTable = [
    '| POST /api/events.json, 100 per batch | clients | seconds | events | events/s | target | met | requests | errors | POST p50 ms | POST p95 ms |',
    '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|',
    ...runs.map(({ ingest: i, searchRate }) => {
      const target = i.rate ? `≥ ${Math.round(i.rate * 0.95)} (the pace)` : `≥ ${TARGETS.ingestPerSecond}`;
      const met = i.perSecond >= (i.rate ? i.rate * 0.95 : TARGETS.ingestPerSecond);
      return `| ${how(i)} (search ${searchHow(searchRate)}) | ${i.clients} | ${i.seconds} | ${i.events} | ${i.perSecond} | ${target} | ${yes(met)} | ${i.requests} | ${i.errors} | ${i.p50} | ${i.p95} |`;
    }),
  ].join('\n');
  const searchTable = [
    `| /api/search.json (seller) | search | requests | errors | p50 ms | p95 ms | p99 ms | p95 rise (target ≤ ${TARGETS.searchRise * 100} %) | met | server thread busy | its ms per POST |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...runs.flatMap(({ ingest: i, searchRate, before: b, search: s, busyMs }) => [
      `| alone, in turn with the ingest | ${searchHow(searchRate)} | ${b.requests} | ${b.errors} | ${b.p50} | ${b.p95} | ${b.p99} | | | ${busyPct(busyMs.alone)} % | |`,
      `| during the ingest, ${how(i)} | ${searchHow(searchRate)} | ${s.requests} | ${s.errors} | ${s.p50} | ${s.p95} | ${s.p99} | ${pct(rise(b, s))} | ${yes(rise(b, s) <= TARGETS.searchRise)} | ${busyPct(busyMs.beside)} % | ${round(perPost(busyMs, b, s, i), 2)} |`,
    ]),
  ].join('\n');
  const reportTable = [
    `| report (last 90 days) | p50 ms | p95 ms | target ms | met |`,
    '|---|---:|---:|---:|---|',
    ...reports.map((r) => `| ${r.report} | ${r.p50} | ${r.p95} | ${TARGETS.reportP95Ms} | ${yes(r.met)} |`),
  ].join('\n');
  const text = `${head}\n\n${seedTable}\n\n${ingestTable}\n\n${searchTable}\n\n${reportTable}\n`;
  console.log(`\nUsage analytics: ${text}`);
  for (const { ingest: i } of runs) if (i.firstError) console.log(`First collector error (${how(i)}): ${i.firstError}\n`);
  console.log(`RESULT bench=reports part=seed events=${seeding.events} seconds=${seeding.seconds} events_per_s=${seeding.perSecond} writers=${WRITERS}`);
  for (const { ingest: i, searchRate, before: b, search: s, busyMs } of runs) {
    console.log(`RESULT bench=reports part=ingest rate=${i.rate || 'max'} search_rate=${searchRate || 'max'} events=${i.events} events_per_s=${i.perSecond} errors=${i.errors} post_p95_ms=${i.p95}`);
    console.log(`RESULT bench=reports part=search ingest_rate=${i.rate || 'max'} search_rate=${searchRate || 'max'} before_p95_ms=${b.p95} during_p95_ms=${s.p95} rise_pct=${Math.round(rise(b, s) * 1000) / 10} server_busy_pct_before=${busyPct(busyMs.alone)} server_busy_pct_during=${busyPct(busyMs.beside)}`);
  }
  for (const r of reports) console.log(`RESULT bench=reports part=report report=${r.report.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '').toLowerCase()} p50_ms=${r.p50} p95_ms=${r.p95}`);
  const slow = reports.filter((r) => r.plans);
  const plans = slow.length
    ? `\n## Reports over the target: their slowest statements\n\n${slow.map((r) => `### ${r.report}\n\n\`\`\`\n${r.plans}\n\`\`\`\n`).join('\n')}`
    : '';
  if (plans) console.error(plans);
  const out = path.join(import.meta.dirname, 'results', 'reports.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `# Usage analytics benchmark\n\n${new Date().toISOString().slice(0, 10)}, ${text}${plans}`);
}
