// The load check of `npm run test:reliability`: the real server as a child process on loopback, 50
// autocannon connections for 60 s (search 70 %, suggest 20 %, intel list 10 %) while a writer makes 20
// card or intel writes per second. Passes with 0 errors, and when afterwards every write is in PostgreSQL
// and in the index.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../../db/embedded.ts';
import { httpSession, until } from './server.ts';

export type LoadResult = {
  requests: number;
  errors: number;
  non2xx: number;
  p50: number;
  p90: number;
  /** autocannon's histogram reports p97.5, not p95. */
  p97_5: number;
  p99: number;
  rps: number;
  writes: number;
  writeErrors: number;
  writesInDatabase: number;
  writesInIndex: number;
  /** Documents whose last write was not found in the index. */
  missing: string[];
};

const SEARCH_TERMS = ['pricing', 'security', 'roadmap', 'integration', 'discount', 'migration', 'support', 'analytics', 'onboarding', 'api'];
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

function mixedPath(): string {
  const r = Math.random();
  const term = pick(SEARCH_TERMS);
  if (r < 0.7) return `/api/search.json?query=${term}&countersFor=tags.id,board.id,board.rival_id`;
  if (r < 0.9) return `/api/suggest.json?query=${term.slice(0, 3)}`;
  return '/api/intel/v1?view=allIntel&size=50&aggregate=topics,sources,rivals';
}

async function startChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'search-api/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out = (out + d).slice(-4000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-4000)));
  await until(async () => (await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).ok, `the server to start:\n${out}`, 300_000);
  return child;
}

export async function runLoad(opts: { seconds: number; connections: number; writesPerSecond: number }): Promise<LoadResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-load-'));
  const database = await startEmbeddedPostgres(dataDir, { persistent: false });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startChild({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn' });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const curator = await httpSession(() => base, 'curator@demo.test');
    const cookie = await sessionCookie(base);
    // Documents search shows: cards outside Scratchpad boards, intel items that are not related alerts folded under another.
    const cardIds = (
      await client.query(`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.name <> 'Scratchpad' ORDER BY c.id LIMIT 200`)
    ).rows.map((r) => r.id as number);
    const intelIds = (await client.query(`SELECT id FROM intel_items WHERE related_to_id IS NULL ORDER BY id DESC LIMIT 200`)).rows.map(
      (r) => r.id as number,
    );

    // The writer: alternately renames a card and retitles an intel item with a unique token.
    const written: { kind: 'card' | 'intel'; id: number; token: string }[] = [];
    let writeErrors = 0;
    let n = 0;
    const writer = setInterval(() => {
      const i = n++;
      const token = `w${i}x${Math.random().toString(36).slice(2, 8)}`;
      const kind = i % 2 === 0 ? 'card' : 'intel';
      const id = kind === 'card' ? cardIds[i % cardIds.length] : intelIds[i % intelIds.length];
      const req =
        kind === 'card'
          ? curator.send('PUT', `/api/cards/${id}.json`, { data: { name: `Load ${token}` } })
          : curator.send('PATCH', `/api/intel/v1/${id}`, { curatedTitle: `Load ${token}` });
      void req.then(
        (res) => (res.ok ? written.push({ kind, id, token }) : writeErrors++),
        () => writeErrors++,
      );
    }, 1000 / opts.writesPerSecond);

    const result = await autocannon({
      url: base,
      connections: opts.connections,
      duration: opts.seconds,
      headers: { cookie },
      requests: [{ setupRequest: (req) => ({ ...req, path: mixedPath() }) }],
    });
    clearInterval(writer);
    await new Promise((r) => setTimeout(r, 2_000));

    // Only the last write of each document stands; each must be in PostgreSQL and searchable.
    const last = new Map(written.map((w) => [`${w.kind}-${w.id}`, w]));
    let inDatabase = 0;
    for (const w of last.values()) {
      const table = w.kind === 'card' ? 'cards' : 'intel_items';
      const column = w.kind === 'card' ? 'name' : 'curated_title';
      const { rows } = await client.query(`SELECT ${column} AS v FROM ${table} WHERE id = $1`, [w.id]);
      if (rows[0]?.v === `Load ${w.token}`) inDatabase++;
    }
    await until(async () => (await (await fetch(`${base}/api/health`)).json()).indexer?.pending === 0, 'the indexer to catch up', 120_000);
    let inIndex = 0;
    const missing: string[] = [];
    for (const w of last.values()) {
      const url = w.kind === 'card' ? `/api/search.json?query=${w.token}` : `/api/intel/v1?view=allIntel&states=unprocessed,working,archived,deleted&dateRange=allTime&relatedAlerts=false&q=${w.token}`;
      const body = await (await curator.get(url)).json();
      const found = w.kind === 'card' ? body.results?.some((r: { id: number }) => r.id === w.id) : body.hits?.some((h: { id: number }) => h.id === w.id);
      if (found) inIndex++;
      else missing.push(`${w.kind} ${w.id}`);
    }
    return {
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      rps: Math.round(result.requests.average),
      writes: written.length,
      writeErrors,
      writesInDatabase: inDatabase,
      writesInIndex: inIndex,
      missing,
    };
  } finally {
    await client.end();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function sessionCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/account/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'curator@demo.test', password: 'demo-password' }),
  });
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
