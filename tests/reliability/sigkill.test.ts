// SIGKILL the server (a real child process) in the middle of a bulk intel job: after a restart the job
// resumes where its last committed chunk ended and completes, every targeted item carries the update,
// and the search engine's ids and versions equal PostgreSQL's. Then the same for an updateAll killed after its
// job found its targets: the restarted job keeps those targets (an item that matches only later is left alone).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { connect } from '../../db/client.ts';
import { freePort, startEmbeddedPostgres } from '../../db/embedded.ts';
import { createEmbeddedEngine } from '../../engine/embedded/index.ts';
import { allIndexes, type IndexName } from '../../documents/index.ts';
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

/** A transaction that holds one item, so a job stops there with its earlier chunks committed. */
async function hold(id: number): Promise<() => Promise<void>> {
  const blocker = new pg.Client({ connectionString: database.url });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('SELECT id FROM intel_items WHERE id = $1 FOR UPDATE', [id]);
  return async () => {
    await blocker.query('ROLLBACK');
    await blocker.end();
  };
}
type Job = { state: string; phase: string; tasksCompleted: number; tasksTotal: number };

it('resumes bulk intel jobs (by ids; an updateAll after it found its targets) after the server is killed mid-job, and leaves the index equal to PostgreSQL', async () => {
  let server = await startServer();
  const curator = await httpSession(() => base, 'curator@demo.test');
  const { rows } = await db.$client.query(`SELECT id FROM intel_items WHERE state IN ('unprocessed', 'working') ORDER BY id`);
  const ids = rows.map((r) => r.id as number);
  expect(ids.length).toBeGreaterThan(2_500);

  const release = await hold(ids[2_500]);
  const res = await curator.send('PATCH', '/api/intel/v1/', { intelIds: ids, update: { state: 'archived' } });
  expect(res.status).toBe(200);
  const { jobId, completedNow } = (await res.json()) as { jobId: number; completedNow: boolean };
  expect(completedNow).toBe(false);
  const jobOf = async (id: number) => (await (await curator.get(`/api/intel/v1/jobs/${id}`)).json()) as Job;
  const job = () => jobOf(jobId);
  await until(async () => (await job()).tasksCompleted >= 2_000, 'the job to reach the blocked chunk');
  const before = await job();
  expect(before.state).toBe('running');

  server.kill('SIGKILL');
  await exited(server);
  await release();

  const restarted = performance.now();
  server = await startServer();
  const resumed = await until(async () => (await job()).state === 'completed', 'the job to complete after the restart', 180_000);
  recordFigure('Server SIGKILLed mid bulk job: restart to job completed', `${Math.round((performance.now() - restarted) / 100) / 10} s (${before.tasksCompleted}/${before.tasksTotal} done at the kill; resumed after ${Math.round(resumed / 1000)} s)`);
  const after = await job();
  expect(after.tasksCompleted).toBe(ids.length);
  const left = await db.$client.query(`SELECT count(*)::int AS n FROM intel_items WHERE id = ANY($1) AND state <> 'archived'`, [ids]);
  expect(left.rows[0].n).toBe(0);

  // An updateAll over what is archived now (once the engine has it), killed after its targets were stored.
  await until(async () => (await (await fetch(`${base}/api/health`)).json()).indexer?.pending === 0, 'the indexer to catch up');
  const archived = (await db.$client.query(`SELECT id FROM intel_items WHERE state = 'archived' AND related_to_id IS NULL ORDER BY id`)).rows.map((r) => r.id as number);
  expect(archived.length).toBeGreaterThan(2_500);
  const releaseAll = await hold(archived[2_500]);
  const all = await curator.send('PATCH', '/api/intel/v1/', { updateAll: true, query: 'states=archived', update: { priority: 'interesting' } });
  expect(all.status).toBe(200);
  const allJob = (await all.json()) as { jobId: number; completedNow: boolean };
  expect(allJob.completedNow).toBe(false);
  await until(async () => (await jobOf(allJob.jobId)).tasksCompleted >= 2_000, 'the updateAll job to reach the blocked chunk');
  expect(await jobOf(allJob.jobId)).toMatchObject({ state: 'running', phase: 'updating', tasksTotal: archived.length });
  server.kill('SIGKILL');
  await exited(server);
  await releaseAll();
  // Matches the query from now on, but was not a target when the job found them.
  const { rows: late } = await db.$client.query(
    `UPDATE intel_items SET state = 'archived' WHERE id = (SELECT min(id) FROM intel_items WHERE state <> 'archived' AND related_to_id IS NULL AND priority IS NULL) RETURNING id`,
  );
  expect(late).toHaveLength(1);
  server = await startServer();
  await until(async () => (await jobOf(allJob.jobId)).state === 'completed', 'the updateAll job to complete after the restart', 180_000);
  expect(await jobOf(allJob.jobId)).toMatchObject({ phase: 'updating', tasksCompleted: archived.length, tasksTotal: archived.length });
  const updated = await db.$client.query(`SELECT id FROM intel_items WHERE priority = 'interesting' AND state = 'archived' AND related_to_id IS NULL ORDER BY id`);
  expect(updated.rows.map((r) => r.id)).toEqual(archived);

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
