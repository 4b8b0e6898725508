// Jobs in PostgreSQL (the jobs table): creation, progress and cancellation. The work of a job is done in chunks;
// each chunk's work and its progress commit in one transaction with the job row locked, so a second worker waits
// and then continues after it, and a restarted worker resumes exactly where the last commit left off.
// A job may be created before its targets are known (finding them can take seconds): its first step then asks the
// handler for them and stores them with tasksTotal in one commit (resolveTargets below).
import { sql } from 'drizzle-orm';
import { type Db, type Exec } from '../../db/client.ts';
import { JOB_KINDS, JOB_STATES } from '../../db/schema.ts';
import type { IntelJob } from '../../contracts/intel.ts';
import { apiError } from '../errors.ts';
import { JOBS } from './constants.ts';

export type JobKind = (typeof JOB_KINDS)[number];
export type JobState = (typeof JOB_STATES)[number];

/** What a handler knows of its job. */
export type JobContext = { id: number; companyId: number; userId: number | null; payload: Record<string, unknown> };

/**
 * `run` does the work of one chunk of targets inside the chunk's transaction; throwing counts the chunk as failed.
 * `targets` finds the targets of a job created without them, outside any transaction; it should call `alive`
 * now and then (a heartbeat) and may give up early when that answers false (the job ended or the runner stops).
 */
export type JobHandler = {
  run: (tx: Exec, job: JobContext, targetIds: number[]) => Promise<void>;
  /** Runs in the last chunk's transaction, after its work, with how many targets failed over the whole job. */
  finish?: (tx: Pick<Db, 'execute' | 'select' | 'transaction'>, job: JobContext, outcome: { failed: number; error: string | null }) => Promise<void>;
  /**
   * Runs after a chunk whose work succeeded has committed, outside any transaction, with its targets: slow work
   * on what the chunk wrote (a model's calls) that must not hold the job row's lock. It is no part of the job's
   * outcome (the chunk's progress is already stored), so it should handle its own failures; it runs once per
   * chunk, by the worker that ran it, and not again if that worker dies first.
   */
  afterCommit?: (db: Db, job: JobContext, targetIds: number[]) => Promise<void>;
  targets?: (job: JobContext, alive: () => Promise<boolean>) => Promise<number[]>;
};
export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

type JobRow = {
  id: number;
  company_id: number;
  user_id: number | null;
  kind: JobKind;
  payload: Record<string, unknown>;
  tasks_total: number;
  tasks_completed: number;
  tasks_failed: number;
  state: JobState;
};

const TERMINAL: JobState[] = ['completed', 'cancelled', 'failed'];

/** The payload key that marks a job whose targets are still to be found (the table has no column for it). */
const PENDING = 'targetsPending';
const pendingSql = sql`(payload ? ${PENDING})`;

/**
 * Creates a job over the given targets, or with `targetIds: null` a job whose handler finds them when it first
 * runs. `inline` jobs (targets given) start as running (the request works them off itself); others are queued
 * and announced to the runners with a NOTIFY that fires at commit.
 */
export async function createJob(
  db: Pick<Db, 'transaction'>,
  job: { companyId: number; userId: number; kind: JobKind; payload: Record<string, unknown>; targetIds: number[] | null; inline: boolean },
): Promise<number> {
  const inline = job.inline && job.targetIds !== null;
  const payload = job.targetIds === null ? { ...job.payload, [PENDING]: true } : job.payload;
  const targetIds = job.targetIds ?? [];
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      INSERT INTO jobs (company_id, user_id, kind, payload, target_ids, tasks_total, state, heartbeat_at)
      VALUES (${job.companyId}, ${job.userId}, ${job.kind}, ${JSON.stringify(payload)}::jsonb,
              ${sql.param(targetIds)}::int[], ${targetIds.length}, ${inline ? 'running' : 'queued'},
              ${inline ? sql`now()` : sql`NULL`})
      RETURNING id`);
    const id = (rows[0] as { id: number }).id;
    if (!inline) await tx.execute(sql`SELECT pg_notify(${JOBS.channel}, ${String(id)})`);
    return id;
  });
}

export type ChunkOutcome = 'more' | 'finished';

/**
 * The first step of a job created without targets: the handler finds them (outside any lock, so a cancel is not held
 * up), then one transaction stores them with tasksTotal, unless the job ended meanwhile or another worker stored
 * them first. A worker that dies while finding them leaves the job pending and the next one starts over; once
 * stored they are never looked for again, so items that change later are not re-targeted. Answers 'ready' when
 * the chunks can run, 'ended' when the job is over, 'stopped' when the runner is stopping.
 */
async function resolveTargets(db: Db, jobId: number, handlers: JobHandlers, shouldStop: () => boolean): Promise<'ready' | 'ended' | 'stopped'> {
  const { rows } = await db.execute(sql`
    UPDATE jobs SET state = 'running', heartbeat_at = now()
    WHERE id = ${jobId} AND ${pendingSql} AND state IN ('queued', 'running')
    RETURNING id, company_id, user_id, kind, payload`);
  const job = rows[0] as Pick<JobRow, 'id' | 'company_id' | 'user_id' | 'kind' | 'payload'> | undefined;
  if (!job) return 'ready'; // targets known, or the job is over: runChunk sees which
  const fail = (error: string) =>
    db.execute(sql`UPDATE jobs SET state = 'failed', error = ${error}, completed_at = now() WHERE id = ${jobId} AND state = 'running'`);
  const find = handlers[job.kind]?.targets;
  if (!find) {
    await fail(`no target step for ${job.kind} jobs`);
    return 'ended';
  }
  // The heartbeat keeps other runners from taking the job over while the targets are found.
  const alive = async () => {
    if (shouldStop()) return false;
    const beat = await db.execute(sql`UPDATE jobs SET heartbeat_at = now() WHERE id = ${jobId} AND state = 'running' RETURNING id`);
    return beat.rows.length > 0;
  };
  let targetIds: number[];
  try {
    targetIds = await find({ id: job.id, companyId: job.company_id, userId: job.user_id, payload: job.payload }, alive);
  } catch (err) {
    await fail(err instanceof Error ? err.message : String(err));
    return 'ended';
  }
  if (shouldStop()) return 'stopped';
  const { rows: stored } = await db.execute(sql`
    UPDATE jobs SET target_ids = ${sql.param(targetIds)}::int[], tasks_total = ${targetIds.length},
      payload = payload - ${PENDING}, heartbeat_at = now()
    WHERE id = ${jobId} AND ${pendingSql} AND state = 'running'
    RETURNING id`);
  if (stored.length) return 'ready';
  // Not stored: cancelled meanwhile (over), or another worker stored its own first (go on with those).
  const { rows: now } = await db.execute(sql`SELECT state FROM jobs WHERE id = ${jobId}`);
  const state = (now[0] as { state: JobState } | undefined)?.state;
  return state && !TERMINAL.includes(state) ? 'ready' : 'ended';
}

/** Works off the next chunk of a job, or finishes it; answers whether work is left. */
async function runChunk(db: Db, jobId: number, handlers: JobHandlers, chunkSize: number): Promise<ChunkOutcome> {
  const afterCommit: (() => Promise<void>)[] = [];
  const outcome = await db.transaction(async (tx): Promise<ChunkOutcome> => {
    const { rows } = await tx.execute(sql`
      SELECT id, company_id, user_id, kind, payload, tasks_total, tasks_completed, tasks_failed, state
      FROM jobs WHERE id = ${jobId} FOR UPDATE`);
    const job = rows[0] as JobRow | undefined;
    if (!job || TERMINAL.includes(job.state)) return 'finished';
    const handler = handlers[job.kind];
    if (!handler) {
      await tx.execute(sql`UPDATE jobs SET state = 'failed', error = ${`no handler for ${job.kind} jobs`}, completed_at = now() WHERE id = ${jobId}`);
      return 'finished';
    }
    const done = job.tasks_completed + job.tasks_failed;
    const { rows: slice } = await tx.execute(
      sql`SELECT coalesce(target_ids[${done + 1}:${done + chunkSize}], '{}') AS ids FROM jobs WHERE id = ${jobId}`,
    );
    const ids = (slice[0] as { ids: number[] }).ids;
    let completed = 0;
    let failed = 0;
    let error: string | null = null;
    const context = { id: job.id, companyId: job.company_id, userId: job.user_id, payload: job.payload };
    if (ids.length) {
      try {
        // A savepoint: a failing chunk is undone on its own while its failure is still recorded below.
        await tx.transaction((sp) => handler.run(sp, context, ids));
        completed = ids.length;
        const after = handler.afterCommit;
        if (after) afterCommit.push(() => after(db, context, ids));
      } catch (err) {
        failed = ids.length;
        error = err instanceof Error ? err.message : String(err);
      }
    }
    const finished = done + ids.length >= job.tasks_total;
    if (finished && handler.finish) await handler.finish(tx, context, { failed: job.tasks_failed + failed, error });
    await tx.execute(sql`
      UPDATE jobs SET tasks_completed = tasks_completed + ${completed}, tasks_failed = tasks_failed + ${failed},
        error = coalesce(${error}, error), heartbeat_at = now(),
        state = ${finished ? 'completed' : 'running'}, completed_at = ${finished ? sql`now()` : sql`NULL`}
      WHERE id = ${jobId}`);
    return finished ? 'finished' : 'more';
  });
  for (const step of afterCommit) await step();
  return outcome;
}

/** Runs chunks until the job ends or `shouldStop` says to stop between chunks; answers whether it ended. */
export async function runJob(
  db: Db,
  jobId: number,
  handlers: JobHandlers,
  opts: { chunkSize?: number; shouldStop?: () => boolean } = {},
): Promise<boolean> {
  const resolved = await resolveTargets(db, jobId, handlers, opts.shouldStop ?? (() => false));
  if (resolved !== 'ready') return resolved === 'ended';
  for (;;) {
    if (opts.shouldStop?.()) return false;
    if ((await runChunk(db, jobId, handlers, opts.chunkSize ?? JOBS.chunkSize)) === 'finished') return true;
  }
}

/** Hands a running job back to the queue (a runner stopping between chunks). */
export async function releaseJob(db: Db, jobId: number): Promise<void> {
  await db.execute(sql`UPDATE jobs SET state = 'queued' WHERE id = ${jobId} AND state = 'running'`);
}

/** Jobs a runner should (re)enqueue: queued ones, and running ones whose worker stopped reporting. */
export async function jobsToResume(db: Db, staleAfterMs: number): Promise<{ id: number; kind: JobKind; state: 'queued' | 'running' }[]> {
  const { rows } = await db.execute(sql`
    SELECT id, kind, state FROM jobs
    WHERE state = 'queued' OR (state = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000})))
    ORDER BY id`);
  return rows as { id: number; kind: JobKind; state: 'queued' | 'running' }[];
}

export async function jobKind(db: Db, jobId: number): Promise<JobKind | null> {
  const { rows } = await db.execute(sql`SELECT kind FROM jobs WHERE id = ${jobId}`);
  return (rows[0] as { kind: JobKind } | undefined)?.kind ?? null;
}

export async function readJob(db: Db, companyId: number, jobId: number, kind?: JobKind): Promise<IntelJob> {
  const { rows } = await db.execute(sql`
    SELECT id, state, tasks_completed, tasks_total, tasks_failed, completed_at, error, ${pendingSql} AS pending FROM jobs
    WHERE id = ${jobId} AND company_id = ${companyId} ${kind ? sql`AND kind = ${kind}` : sql``}`);
  const r = rows[0] as
    | {
        id: number;
        state: JobState;
        tasks_completed: number;
        tasks_total: number;
        tasks_failed: number;
        completed_at: Date | null;
        error: string | null;
        pending: boolean;
      }
    | undefined;
  if (!r) throw apiError('job_not_found');
  return {
    jobId: r.id,
    state: r.state,
    phase: r.pending ? 'resolving' : 'updating',
    tasksCompleted: r.tasks_completed,
    tasksTotal: r.tasks_total,
    tasksFailed: r.tasks_failed,
    completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
    error: r.error,
  };
}

/** Cancels a queued or running job: the worker stops before its next chunk. A finished job stays as it is. */
export async function cancelJob(db: Db, companyId: number, jobId: number, kind?: JobKind): Promise<IntelJob> {
  await readJob(db, companyId, jobId, kind);
  await db.execute(sql`
    UPDATE jobs SET state = 'cancelled', completed_at = now()
    WHERE id = ${jobId} AND company_id = ${companyId} AND state IN ('queued', 'running')`);
  return readJob(db, companyId, jobId, kind);
}
