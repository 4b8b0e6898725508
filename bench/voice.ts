// The buyer's and the rep's own words benchmark (issue #57's targets, `npm run bench:voice`): a fresh database with one
// company, its reps and rivals; --calls generated sales-call transcripts of about --words words each (the demo seed's
// dialogue, db/seed/calls.ts, padded to length) imported through the call import service as recorders' JSON exports
// of --per-export calls — read, analysed on the transcript threads, written — timed end to end as transcripts/s;
// then --interviews win/loss interviews of closed deals with transcripts of the same length, uploaded through the
// interview service; then both indexed and call-transcript and interview search over HTTP (the routes the curators'
// search boxes call), p95; and the public survey page's first-screen JavaScript, gzipped, from the built web app.
//
//   npm run bench:voice
//   npm run bench:voice -- --calls 2000 --words 5000 --seconds 10
//
// Targets: import and analysis ≥ 50 transcripts/s at 10,000 transcripts of ~5,000 words; transcript and interview
// search p95 ≤ 50 ms; the public survey page ≤ 100 kB of JavaScript gzipped (`npm run build:web` first).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { connect, rowsOf, type Db } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { callTurns } from '../db/seed/calls.ts';
import { Rng } from '../db/seed/random.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { createEmbeddedEngine } from '../engine/embedded/index.ts';
import { prepareIndexes } from '../indexer/bootstrap.ts';
import { upsertDeals } from '../db/deals.ts';
import { importExport } from '../search-api/calls/service.ts';
import { uploadTranscript } from '../search-api/interviews/service.ts';
import { gzipSync } from 'node:zlib';
import { firstScreenChunks, type Manifest } from './lib/bundle.ts';
import { transcriptPool } from '../search-api/transcripts/pool.ts';
import { hashPassword } from '../server-shared/passwords.ts';
import { load, signIn } from './lib/http.ts';
import { serveApi } from './lib/serve.ts';

const opts = new Command()
  .option('--calls <n>', 'transcripts imported', '10000')
  .option('--words <n>', 'words a transcript has, about', '5000')
  .option('--per-export <n>', 'calls one JSON export holds', '250')
  .option('--interviews <n>', 'win/loss interviews with transcripts', '1000')
  .option('--seconds <n>', 'seconds of search load', '15')
  .option('--connections <n>', 'concurrent search connections', '4')
  .parse()
  .opts<{ calls: string; words: string; perExport: string; interviews: string; seconds: string; connections: string }>();
const CALLS = Number(opts.calls);
const WORDS = Number(opts.words);
const PER_EXPORT = Number(opts.perExport);
/** Turns a transcript has; their length makes up the words. */
const TURNS = 60;
const RIVALS = ['Zentrix', 'Harbor BI', 'Vantapoint', 'Lumenary', 'Quantive Labs', 'DataHarbor', 'Oriel Data', 'Metricforge'];
const QUERIES = ['migration', 'too expensive', 'dashboards', 'support slow', 'Zentrix pricing', 'onboarding', 'single sign-on', 'renewal price', 'Harbor BI', 'painful rollout'];

/** The public survey page's first-screen JavaScript in kB gzipped (level 9, as bench:bundle counts), or null unbuilt. */
function surveyPageKb(dir: string): number | null {
  const file = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const js = firstScreenChunks(manifest, [], undefined, 'survey.html').filter((k) => manifest[k].file.endsWith('.js'));
  return js.reduce((n, k) => n + gzipSync(fs.readFileSync(path.join(dir, manifest[k].file)), { level: 9 }).length, 0) / 1000;
}

/** One figure of the benchmark beside its target. */
type Row = { what: string; value: string; target: string; met: boolean | null };

async function seed(db: Db): Promise<{ companyId: number; curatorId: number; reps: { email: string; name: string }[] }> {
  const [{ id: companyId }] = await rowsOf<{ id: number }>(db, sql`INSERT INTO companies (name, email_domains) VALUES ('Voice Co', '{voice.test}') RETURNING id`);
  const passwordHash = await hashPassword('demo-password');
  const [{ id: curatorId }] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO users (company_id, email, name, username, password_hash) VALUES (${companyId}, 'curator@voice.test', 'Curator', 'curator', ${passwordHash}) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO user_roles (company_id, user_id, role) VALUES (${companyId}, ${curatorId}, 'curator')`);
  const reps = await rowsOf<{ email: string; name: string }>(
    db,
    sql`INSERT INTO users (company_id, email, name, username) SELECT ${companyId}, 'rep' || g || '@voice.test', 'Rep ' || g, 'rep' || g FROM generate_series(1, 30) g RETURNING email, name`,
  );
  for (const name of RIVALS) {
    const [{ id }] = await rowsOf<{ id: number }>(db, sql`INSERT INTO rivals (company_id, name) VALUES (${companyId}, ${name}) RETURNING id`);
    await db.execute(sql`INSERT INTO profiles (company_id, rival_id, name) VALUES (${companyId}, ${id}, ${name})`);
  }
  return { companyId, curatorId, reps };
}

/** The n-th recorder's export: PER_EXPORT calls of about WORDS words each. */
function exportBody(rng: Rng, reps: { email: string; name: string }[], from: number, n: number): Buffer {
  const now = Date.now();
  const calls = Array.from({ length: n }, (_, i) => {
    const rep = rng.pick(reps);
    return {
      id: `bench-${from + i}`,
      title: `Bench call ${from + i}`,
      occurredAt: new Date(now - rng.float(0, 270) * 86_400_000).toISOString(),
      rep,
      repSpeakers: [rep.name],
      turns: callTurns(rng, rep.name, 'Prospect', rng.sample(RIVALS, 2), TURNS, Math.round(WORDS / TURNS)),
    };
  });
  return Buffer.from(JSON.stringify({ calls }));
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-voice-'));
const pg = await startEmbeddedPostgres(dataDir, { persistent: false });
const db = connect(pg.url, 8);
try {
  await migrateDatabase(db);
  const { companyId, curatorId, reps } = await seed(db);
  const actor = { viewer: { companyId, curator: true, visibilityGroupIds: [], previewGroupId: null }, userId: curatorId };
  transcriptPool().warm();

  // Import: generation of the next export is not timed; reading, analysing and writing each one is.
  const rng = new Rng('bench-voice');
  let importMs = 0;
  let words = 0;
  let mentions = 0;
  for (let at = 0; at < CALLS; at += PER_EXPORT) {
    const body = exportBody(rng, reps, at, Math.min(PER_EXPORT, CALLS - at));
    const started = performance.now();
    const imported = await importExport(db, actor, 'json', body, { importer: 'json' });
    importMs += performance.now() - started;
    mentions += imported.mentions;
    console.error(`imported ${at + imported.calls} / ${CALLS} (${((at + imported.calls) / (importMs / 1000)).toFixed(1)} transcripts/s)`);
  }
  [{ words }] = await rowsOf<{ words: number }>(db, sql`SELECT avg(word_count)::int AS words FROM calls`);
  const perSecond = CALLS / (importMs / 1000);

  // Interviews: closed deals with win/loss on, each interviewed, the transcript uploaded as a curator would.
  const INTERVIEWS = Number(opts.interviews);
  await db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || '{"winLoss": true}') WHERE id = ${companyId}`);
  const { ids: dealIds } = await upsertDeals(
    db,
    companyId,
    Array.from({ length: INTERVIEWS }, (_, i) => ({
      crmId: `bench-deal-${i}`, source: 'demo' as const, name: `Bench deal ${i}`, accountName: `Account ${i % 300}`, accountCrmId: null, ownerEmail: null,
      ownerName: null, ownerUserId: null, amount: 10_000, currency: 'USD', stage: 'Closed', outcome: i % 2 ? ('win' as const) : ('loss' as const),
      createdOn: '2026-01-05', closedOn: '2026-06-01', rivalIds: [], primaryRivalId: null, buyerPersona: null, industry: null, region: null, segment: null,
      technology: null, useCase: null, product: null, notes: null, crmModifiedAt: null,
    })),
  );
  const interviewIds = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO interviews (company_id, deal_id, interviewed_on, interviewer, buyer_speakers)
        SELECT ${companyId}, d, '2026-06-10', 'Interviewer', '{Buyer}' FROM unnest(${sql.param(dealIds)}::int[]) d RETURNING id`,
  );
  const uploaded = performance.now();
  for (const [i, { id }] of interviewIds.entries()) {
    const turns = callTurns(rng, 'Interviewer', 'Buyer', rng.sample(RIVALS, 2), TURNS, Math.round(WORDS / TURNS));
    await uploadTranscript(db, companyId, id, Buffer.from(JSON.stringify(turns)), { format: 'json' });
    if ((i + 1) % 100 === 0) console.error(`interviews ${i + 1} / ${INTERVIEWS}`);
  }
  const interviewsPerSecond = INTERVIEWS / ((performance.now() - uploaded) / 1000);

  // Search: the calls and interviews indexes built, then each route under load.
  const engine = await createEmbeddedEngine({ refreshIntervalMs: -1, persistIntervalMs: -1 });
  const indexed = performance.now();
  await prepareIndexes(db, engine);
  console.error(`indexed in ${((performance.now() - indexed) / 1000).toFixed(1)} s`);
  const api = await serveApi(db, { engine, env: { SECRETS_KEY: 'bench-only-secrets-key-of-32-characters-or-more' } });
  const { cookie } = await signIn(api.base, 'curator@voice.test');
  const urls = QUERIES.map((q) => `/api/call-insights/calls?q=${encodeURIComponent(q)}`);
  const search = await load(api.base, cookie, urls, Number(opts.seconds), Number(opts.connections));
  const interviewUrls = QUERIES.map((q) => `/api/win-loss/interviews?q=${encodeURIComponent(q)}`);
  const interviewSearch = await load(api.base, cookie, interviewUrls, Number(opts.seconds), Number(opts.connections));
  await api.close();
  const surveyKb = surveyPageKb(path.resolve(import.meta.dirname, '..', 'dist', 'web'));
  await engine.close();

  const rows: Row[] = [
    { what: `call transcripts imported and analysed (${CALLS.toLocaleString('en')} of ~${words.toLocaleString('en')} words, ${mentions.toLocaleString('en')} rival mentions)`, value: `${perSecond.toFixed(1)} transcripts/s`, target: '≥ 50 transcripts/s', met: perSecond >= 50 },
    { what: `call-transcript search over HTTP (${search.requests} requests, ${search.errors} errors, ${opts.connections} connections)`, value: `p95 ${search.p95.toFixed(1)} ms (p50 ${search.p50.toFixed(1)})`, target: 'p95 ≤ 50 ms', met: search.errors === 0 && search.p95 <= 50 },
    { what: `interviews uploaded and analysed one by one (${INTERVIEWS.toLocaleString('en')}, as a curator uploads them)`, value: `${interviewsPerSecond.toFixed(1)} transcripts/s`, target: '', met: null },
    { what: `interview search over HTTP (${interviewSearch.requests} requests, ${interviewSearch.errors} errors, ${opts.connections} connections)`, value: `p95 ${interviewSearch.p95.toFixed(1)} ms (p50 ${interviewSearch.p50.toFixed(1)})`, target: 'p95 ≤ 50 ms', met: interviewSearch.errors === 0 && interviewSearch.p95 <= 50 },
    surveyKb === null
      ? { what: 'public survey page, first-screen JavaScript gzipped', value: 'not built (run npm run build:web)', target: '≤ 100 kB', met: null }
      : { what: 'public survey page, first-screen JavaScript gzipped', value: `${surveyKb.toFixed(1)} kB`, target: '≤ 100 kB', met: surveyKb <= 100 },
  ];
  console.log(`\nVoice benchmark: ${os.availableParallelism()} cores, transcript threads ${transcriptPool().size}\n`);
  console.log('| what | figure | target | |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.target} | ${r.met === null ? '' : r.met ? 'met' : 'MISSED'} |`);
  console.log(`RESULT voice.calls_import_per_second=${perSecond.toFixed(1)}`);
  console.log(`RESULT voice.call_search_p95_ms=${search.p95.toFixed(1)}`);
  console.log(`RESULT voice.interview_search_p95_ms=${interviewSearch.p95.toFixed(1)}`);
  if (surveyKb !== null) console.log(`RESULT voice.survey_page_kb=${surveyKb.toFixed(1)}`);
} finally {
  await transcriptPool().close();
  await db.$client.end();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
