// Bulk intel updates as jobs: small sets done in the request (completedNow), larger ones by the pg-boss runner in
// chunks whose work and progress commit together. An updateAll answers before its targets are known: its job
// finds them first (phase 'resolving'), once. Progress is observed mid-job by holding a row lock the job needs;
// cancel stops before the next chunk (or the resolution); a runner stopped mid-job hands the job to another runner
// on the same database, which finishes it with every item updated exactly once (counted by a trigger).
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntelJob } from '../../contracts/intel.ts';
import { intelUpdateJob } from '../../search-api/intel/bulk.ts';
import { JobRunner } from '../../search-api/jobs/runner.ts';
import { createJob, readJob, runJob, type JobHandler } from '../../search-api/jobs/store.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let curator: Awaited<ReturnType<typeof signIn>>;
let companyId: number;
const CHUNK = 100;

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  companyId = ((await t.db.execute(sql`SELECT id FROM companies WHERE name = 'Northwind Analytics'`)).rows[0] as { id: number }).id;
  // Counts every UPDATE of every intel item, to prove each was updated exactly once.
  await t.db.execute(sql`CREATE TABLE update_counts (id int PRIMARY KEY, n int NOT NULL)`);
  await t.db.execute(sql`CREATE FUNCTION count_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO update_counts VALUES (NEW.id, 1) ON CONFLICT (id) DO UPDATE SET n = update_counts.n + 1; RETURN NULL; END $$`);
  await t.db.execute(sql`CREATE TRIGGER count_update AFTER UPDATE ON intel_items FOR EACH ROW EXECUTE FUNCTION count_update()`);
});
afterAll(() => t.drop());

const intelHandler = () => intelUpdateJob({ db: t.db, engine: t.search.engine });
const runner = (handlers = { intelUpdate: intelHandler() }) =>
  new JobRunner(t.db, { databaseUrl: t.url, handlers, chunkSize: CHUNK, sweepMs: 500 });

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}
const job = async (id: number): Promise<IntelJob> => {
  const res = await curator.get(`/api/intel/v1/jobs/${id}`);
  expect(res.status).toBe(200);
  return res.body;
};
const counts = async (ids: number[]) => {
  const { rows } = await t.db.execute(sql`SELECT t.id, coalesce(c.n, 0) AS n FROM unnest(${sql.param(ids)}::int[]) AS t(id)
    LEFT JOIN update_counts c ON c.id = t.id ORDER BY t.id`);
  return (rows as { n: number }[]).map((r) => r.n);
};
const targetsOf = async (jobId: number) =>
  ((await t.db.execute(sql`SELECT target_ids FROM jobs WHERE id = ${jobId}`)).rows[0] as { target_ids: number[] }).target_ids;
const dbIds = async (state: string) =>
  ((await t.db.execute(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} AND state = ${state} ORDER BY id`)).rows as { id: number }[]).map((r) => r.id);
/** What an updateAll of one state targets: its items that are not folded under another (related) alert. */
const unfolded = async (state: string) =>
  ((await t.db.execute(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} AND state = ${state}
    AND related_to_id IS NULL ORDER BY id`)).rows as { id: number }[]).map((r) => r.id);
/** Every item of every company, for "nothing else was touched". */
const allIds = async () => ((await t.db.execute(sql`SELECT id FROM intel_items ORDER BY id`)).rows as { id: number }[]).map((r) => r.id);
const countJobs = async () => ((await t.db.execute(sql`SELECT count(*)::int AS n FROM jobs`)).rows[0] as { n: number }).n;

/** Holds a lock on one item in another connection, so the chunk that holds it waits. */
async function lockRow(id: number) {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM intel_items WHERE id = $1 FOR UPDATE', [id]);
  return async () => {
    await client.query('COMMIT');
    await client.end();
  };
}

describe('bulk updates', () => {
  it('a small set is done in the request: completedNow, and the job row says completed', async () => {
    const ids = (await dbIds('unprocessed')).slice(0, 7);
    const res = await curator.patch('/api/intel/v1/', { intelIds: ids, update: { priority: 'interesting', topics: ['bulk'] } });
    expect(res.status).toBe(200);
    expect(res.body.completedNow).toBe(true);
    const j = await job(res.body.jobId);
    expect(j).toMatchObject({ state: 'completed', tasksCompleted: 7, tasksTotal: 7, tasksFailed: 0 });
    expect(j.completedAt).not.toBeNull();
    expect(await counts(ids)).toEqual(ids.map(() => 1));
    const { rows } = await t.db.execute(sql`SELECT DISTINCT priority, topics, actioned_by_id FROM intel_items WHERE id = ANY(${sql.param(ids)}::int[])`);
    expect(rows).toEqual([{ priority: 'interesting', topics: ['bulk'], actioned_by_id: curator.me.id }]);
  });

  it('bad bulk input is a 400 naming the field, with no job and no write', async () => {
    const before = (await t.db.execute(sql`SELECT count(*)::int AS n FROM jobs`)).rows[0];
    const counted = (await t.db.execute(sql`SELECT coalesce(sum(n), 0)::int AS n FROM update_counts`)).rows[0];
    const [id] = await dbIds('working');
    const cases: [object, string][] = [
      [{ intelIds: [id, 999_999_999], update: { state: 'archived' } }, 'intelIds'],
      [{ intelIds: [id], update: { state: 'nowhere' } }, 'update.state'],
      [{ updateAll: true, query: 'states=nope', update: { state: 'archived' } }, 'states'],
      [{ updateAll: true, query: 'states=working', update: { addRivalIds: [999_999] } }, 'addRivalIds'],
    ];
    for (const [body, field] of cases) {
      const res = await curator.patch('/api/intel/v1/', body);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.body), field).toContain(field);
    }
    expect((await t.db.execute(sql`SELECT count(*)::int AS n FROM jobs`)).rows[0]).toEqual(before);
    expect((await t.db.execute(sql`SELECT coalesce(sum(n), 0)::int AS n FROM update_counts`)).rows[0]).toEqual(counted);
  });

  it('an updateAll answers before its targets are known; the job finds them once, shows progress mid-job, hands over when stopped, and updates every matching item once and nothing else', async () => {
    await t.search.indexer!.drain();
    const folded = await unfolded('unprocessed');
    expect(folded.length).toBeGreaterThan(5 * CHUNK);
    const everyId = await allIds();
    const already = await counts(everyId);
    const res = await curator.patch('/api/intel/v1/', { updateAll: true, query: 'states=unprocessed', update: { priority: 'important' } });
    expect(res.status).toBe(200);
    expect(res.body.completedNow).toBe(false);
    const jobId = res.body.jobId as number;
    expect(jobId).toBeGreaterThan(0);
    // No runner yet: the query is stored, the targets are not.
    expect(await targetsOf(jobId)).toEqual([]);
    expect(await job(jobId)).toMatchObject({ state: 'queued', phase: 'resolving', tasksCompleted: 0, tasksTotal: 0 });

    // The third chunk will wait for this lock.
    const unlock = await lockRow(folded[2 * CHUNK + 5]);
    const a = runner();
    await a.start();
    const mid = await waitFor(() => job(jobId), (j) => j.tasksCompleted === 2 * CHUNK, 'two chunks');
    expect(mid).toMatchObject({ state: 'running', phase: 'updating', tasksTotal: folded.length });
    expect(await targetsOf(jobId)).toEqual(folded);
    // An item that starts to match after the targets were found is not one of them, even after a hand-over.
    const [latecomer] = await unfolded('working');
    await t.db.execute(sql`UPDATE intel_items SET state = 'unprocessed' WHERE id = ${latecomer}`);
    await t.search.indexer!.drain();
    const stopping = a.stop();
    await unlock();
    await stopping;
    const handedOver = await job(jobId);
    expect(handedOver).toMatchObject({ state: 'queued', phase: 'updating', tasksCompleted: 3 * CHUNK });

    const b = runner();
    await b.start();
    const done = await waitFor(() => job(jobId), (j) => j.state === 'completed', 'the job to complete');
    await b.stop();
    expect(done).toMatchObject({ phase: 'updating', tasksCompleted: folded.length, tasksTotal: folded.length, tasksFailed: 0 });
    expect(done.completedAt).not.toBeNull();
    expect(await targetsOf(jobId)).toEqual(folded);
    // Each target updated once by the job; the latecomer only by the test's own update; nothing else at all.
    const targeted = new Set(folded);
    const after = await counts(everyId);
    expect(after.map((n, i) => n - already[i])).toEqual(everyId.map((id) => (targeted.has(id) || id === latecomer ? 1 : 0)));
    const { rows } = await t.db.execute(sql`SELECT DISTINCT priority FROM intel_items WHERE id = ANY(${sql.param(folded)}::int[])`);
    expect(rows).toEqual([{ priority: 'important' }]);
  });

  it('an updateAll whose worker died while finding its targets is resolved again by the next runner', async () => {
    await t.search.indexer!.drain();
    const targets = await unfolded('working');
    const res = await curator.patch('/api/intel/v1/', { updateAll: true, query: 'states=working', update: { topics: ['resumed'] } });
    const jobId = res.body.jobId as number;
    // A worker took it and died before storing the targets.
    await t.db.execute(sql`UPDATE jobs SET state = 'running', heartbeat_at = now() - interval '5 minutes' WHERE id = ${jobId}`);
    expect(await job(jobId)).toMatchObject({ state: 'running', phase: 'resolving', tasksTotal: 0 });
    const r = runner();
    await r.start();
    const done = await waitFor(() => job(jobId), (j) => j.state === 'completed', 'the resumed job');
    await r.stop();
    expect(done).toMatchObject({ phase: 'updating', tasksCompleted: targets.length, tasksTotal: targets.length, tasksFailed: 0 });
    const { rows } = await t.db.execute(sql`SELECT DISTINCT topics FROM intel_items WHERE id = ANY(${sql.param(targets)}::int[])`);
    expect(rows).toEqual([{ topics: ['resumed'] }]);
  });

  it('cancel while the targets are being found leaves every item untouched', async () => {
    const everyId = await allIds();
    const already = await counts(everyId);
    const jobsBefore = await countJobs();
    // The real handler, held at the start of its target step until the test lets it go on.
    const real = intelHandler();
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held: JobHandler = {
      run: real.run,
      targets: async (j, alive) => {
        entered();
        await gate;
        return real.targets!(j, alive);
      },
    };
    const res = await curator.patch('/api/intel/v1/', { updateAll: true, query: 'states=archived', update: { state: 'deleted' } });
    expect(res.body.completedNow).toBe(false);
    const jobId = res.body.jobId as number;
    // What a runner does with a delivery, awaited here so the end of the target step is known.
    const working = runJob(t.db, jobId, { intelUpdate: held });
    await inside;
    expect(await job(jobId)).toMatchObject({ state: 'running', phase: 'resolving', tasksTotal: 0 });
    const cancelled = await curator.post(`/api/intel/v1/jobs/${jobId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', phase: 'resolving', tasksCompleted: 0, tasksTotal: 0 });
    release();
    // The targets it found are dropped: the job is over.
    expect(await working).toBe(true);
    expect(await job(jobId)).toMatchObject({ state: 'cancelled', phase: 'resolving', tasksCompleted: 0, tasksTotal: 0 });
    expect(await targetsOf(jobId)).toEqual([]);
    expect(await counts(everyId)).toEqual(already);
    expect(await countJobs()).toBe(jobsBefore + 1);
  });

  it('cancel stops the job before its next chunk', async () => {
    const targets = ((await t.db.execute(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} AND state = 'archived'
      AND related_to_id IS NULL ORDER BY id`)).rows as { id: number }[]).map((r) => r.id);
    const already = await counts(targets);
    const unlock = await lockRow(targets[CHUNK + 5]);
    const r = runner();
    await r.start();
    const res = await curator.patch('/api/intel/v1/', { updateAll: true, query: 'states=archived', update: { state: 'archived' } });
    const jobId = res.body.jobId as number;
    await waitFor(() => job(jobId), (j) => j.tasksCompleted === CHUNK, 'the first chunk');
    const cancelling = curator.post(`/api/intel/v1/jobs/${jobId}/cancel`).then((x) => x);
    // The cancel waits for the chunk in progress (it holds the job row); let the chunk finish once it is queued.
    await waitFor(
      async () => (await t.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%UPDATE jobs SET state = ''cancelled''%'`)).rows[0] as { n: number },
      (x) => x.n > 0,
      'the cancel to wait for the chunk',
    );
    await unlock();
    const cancelled = await cancelling;
    expect(cancelled.status).toBe(200);
    // The chunk it waited for counts; the worker may slip in one more before the cancel gets the row (row locks
    // are not queued fairly), never the rest of the job.
    const stoppedAt = cancelled.body.tasksCompleted as number;
    expect(cancelled.body.state).toBe('cancelled');
    expect(stoppedAt % CHUNK).toBe(0);
    expect(stoppedAt).toBeGreaterThanOrEqual(2 * CHUNK);
    expect(stoppedAt).toBeLessThan(targets.length - CHUNK);
    await r.stop();
    expect(await job(jobId)).toMatchObject({ state: 'cancelled', tasksCompleted: stoppedAt });
    const after = await counts(targets);
    expect(after.map((n, i) => n - already[i])).toEqual(targets.map((_, i) => (i < stoppedAt ? 1 : 0)));
    // A finished job stays as it is.
    expect((await curator.post(`/api/intel/v1/jobs/${jobId}/cancel`)).body.state).toBe('cancelled');
  });
});

describe('the generic runner', () => {
  it('starts a job as soon as it is queued, not at the queue’s next poll', async () => {
    const handlers = { boardCreation: { run: async () => {} } };
    // Polls and sweeps far apart: only the job's NOTIFY, and the worker it wakes, can start it within waitFor's minute.
    const r = new JobRunner(t.db, { databaseUrl: t.url, handlers, sweepMs: 600_000, pollingIntervalSeconds: 600 });
    await r.start();
    try {
      const jobId = await createJob(t.db, { companyId, userId: curator.me.id as number, kind: 'boardCreation', payload: {}, targetIds: [1, 2], inline: false });
      expect(await waitFor(() => readJob(t.db, companyId, jobId), (j) => j.state === 'completed', 'the queued job')).toMatchObject({ tasksCompleted: 2 });
    } finally {
      await r.stop();
    }
  });

  it('resumes a running job whose worker went silent, counts failed chunks and keeps the error', async () => {
    const seen: number[][] = [];
    const handlers = {
      boardCreation: {
        run: async (_tx: unknown, _job: unknown, ids: number[]) => {
          seen.push(ids);
          if (ids.includes(13)) throw new Error('board 13 could not be created');
        },
      },
    };
    const userId = curator.me.id as number;
    const targetIds = Array.from({ length: 35 }, (_, i) => i + 1);
    const jobId = await createJob(t.db, { companyId, userId, kind: 'boardCreation', payload: {}, targetIds, inline: false });
    // A worker took it, did 10 tasks, and died a while ago.
    await t.db.execute(sql`UPDATE jobs SET state = 'running', tasks_completed = 10, heartbeat_at = now() - interval '5 minutes' WHERE id = ${jobId}`);
    const r = new JobRunner(t.db, { databaseUrl: t.url, handlers, chunkSize: 10, sweepMs: 500 });
    await r.start();
    const done = await waitFor(() => readJob(t.db, companyId, jobId), (j) => j.state === 'completed', 'the board job');
    await r.stop();
    expect(seen).toEqual([targetIds.slice(10, 20), targetIds.slice(20, 30), targetIds.slice(30)]);
    expect(done).toMatchObject({ tasksCompleted: 25, tasksFailed: 10, tasksTotal: 35, error: 'board 13 could not be created' });
    // Another company's job is not visible through the intel API.
    expect((await curator.get(`/api/intel/v1/jobs/${jobId}`)).status).toBe(404);
  });
});
