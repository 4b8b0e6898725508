// SIGKILL the server (a real child process) in the middle of a bulk intel job: after a restart the job
// resumes where its last committed chunk ended and completes, every targeted item carries the update,
// and the search engine's ids and versions equal PostgreSQL's.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { connect } from '../../db/client.ts';
import { freePort, startEmbeddedPostgres } from '../../db/embedded.ts';
import { createEmbeddedEngine } from '../../engine/embedded/index.ts';
import { allIndexes, type IndexName } from '../../mappings/index.ts';
import { engineMatchesDatabase } from '../helpers/search.ts';
import { recordFigure } from './figures.ts';
import { httpSession, until } from './server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-sigkill-'));
const database = await startEmbeddedPostgres(dataDir, { persistent: false });
const db = connect(database.url, 3);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
afterAll(async () => {
  await db.$client.end();
  await database.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'search-api/main.ts'], {
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await until(async () => (await fetch(`${base}/api/health`)).ok, 'the server to start', 240_000);
  return child;
}
const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

it('resumes a bulk intel job after the server is killed mid-job, and leaves the index equal to PostgreSQL', async () => {
  let server = await startServer();
  const curator = await httpSession(() => base, 'curator@demo.test');
  const { rows } = await db.$client.query(`SELECT id FROM intel_items WHERE state IN ('unprocessed', 'working') ORDER BY id`);
  const ids = rows.map((r) => r.id as number);
  expect(ids.length).toBeGreaterThan(2_500);

  // A transaction holds one item in the middle of the job, so the job stops there with earlier chunks committed.
  const blocker = new pg.Client({ connectionString: database.url });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('SELECT id FROM intel_items WHERE id = $1 FOR UPDATE', [ids[2_500]]);

  const res = await curator.send('PATCH', '/api/intel/v1/', { intelIds: ids, update: { state: 'archived' } });
  expect(res.status).toBe(200);
  const { jobId, completedNow } = (await res.json()) as { jobId: number; completedNow: boolean };
  expect(completedNow).toBe(false);
  const job = async () => (await (await curator.get(`/api/intel/v1/jobs/${jobId}`)).json()) as { state: string; tasksCompleted: number; tasksTotal: number };
  await until(async () => (await job()).tasksCompleted >= 2_000, 'the job to reach the blocked chunk');
  const before = await job();
  expect(before.state).toBe('running');

  server.kill('SIGKILL');
  await exited(server);
  await blocker.query('ROLLBACK');
  await blocker.end();

  const restarted = performance.now();
  server = await startServer();
  const resumed = await until(async () => (await job()).state === 'completed', 'the job to complete after the restart', 180_000);
  recordFigure('Server SIGKILLed mid bulk job: restart to job completed', `${Math.round((performance.now() - restarted) / 100) / 10} s (${before.tasksCompleted}/${before.tasksTotal} done at the kill; resumed after ${Math.round(resumed / 1000)} s)`);
  const after = await job();
  expect(after.tasksCompleted).toBe(ids.length);
  const left = await db.$client.query(`SELECT count(*)::int AS n FROM intel_items WHERE id = ANY($1) AND state <> 'archived'`, [ids]);
  expect(left.rows[0].n).toBe(0);

  // Stop cleanly so the snapshot is written, then compare it with PostgreSQL.
  await until(async () => (await (await fetch(`${base}/api/health`)).json()).indexer?.pending === 0, 'the indexer to catch up');
  server.kill('SIGTERM');
  await exited(server);
  const engine = await createEmbeddedEngine({ dataDir: path.join(dataDir, 'engine'), indexes: allIndexes, persistIntervalMs: -1 });
  try {
    for (const def of allIndexes) {
      expect(await engineMatchesDatabase(db, engine, def.name as IndexName), def.name).toEqual({ missing: [], stale: [], extra: [] });
    }
  } finally {
    await engine.close();
  }
}, 600_000);
