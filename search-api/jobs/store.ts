// Jobs in PostgreSQL (the jobs table): creation, progress and cancellation. The work of a job is done in chunks;
// each chunk's work and its progress commit in one transaction with the job row locked, so a second worker waits
// and then continues after it, and a restarted worker resumes exactly where the last commit left off.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { JOB_STATES } from '../../db/schema.ts';
import type { IntelJob } from '../../contracts/intel.ts';
import { notFound } from '../errors.ts';
import { JOBS } from './constants.ts';

export type JobKind = 'intelUpdate' | 'boardCreation';
/** A database handle or a transaction of one. */
export type Tx = Pick<Db, 'execute'>;
export type JobState = (typeof JOB_STATES)[number];

/** What a handler knows of its job. */
export type JobContext = { id: number; companyId: number; userId: number | null; payload: Record<string, unknown> };

/** Does the work of one chunk of targets inside the chunk's transaction; throwing counts the chunk as failed. */
export type JobHandler = { run: (tx: Tx, job: JobContext, targetIds: number[]) => Promise<void> };
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

/**
 * Creates a job over the given targets. `inline` jobs start as running (the request works them off itself);
 * others are queued and announced to the runners with a NOTIFY that fires at commit.
 */
export async function createJob(
  db: Db,
  job: { companyId: number; userId: number; kind: JobKind; payload: Record<string, unknown>; targetIds: number[]; inline: boolean },
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      INSERT INTO jobs (company_id, user_id, kind, payload, target_ids, tasks_total, state, heartbeat_at)
      VALUES (${job.companyId}, ${job.userId}, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb,
              ${sql.param(job.targetIds)}::int[], ${job.targetIds.length}, ${job.inline ? 'running' : 'queued'},
              ${job.inline ? sql`now()` : sql`NULL`})
      RETURNING id`);
    const id = (rows[0] as { id: number }).id;
    if (!job.inline) await tx.execute(sql`SELECT pg_notify(${JOBS.channel}, ${String(id)})`);
    return id;
  });
}

export type ChunkOutcome = 'more' | 'finished';

/** Works off the next chunk of a job, or finishes it; answers whether work is left. */
export async function runChunk(db: Db, jobId: number, handlers: JobHandlers, chunkSize: number): Promise<ChunkOutcome> {
  return db.transaction(async (tx) => {
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
    if (ids.length) {
      try {
        // A savepoint: a failing chunk is undone on its own while its failure is still recorded below.
        await tx.transaction((sp) =>
          handler.run(sp, { id: job.id, companyId: job.company_id, userId: job.user_id, payload: job.payload }, ids),
        );
        completed = ids.length;
      } catch (err) {
        failed = ids.length;
        error = err instanceof Error ? err.message : String(err);
      }
    }
    const finished = done + ids.length >= job.tasks_total;
    await tx.execute(sql`
      UPDATE jobs SET tasks_completed = tasks_completed + ${completed}, tasks_failed = tasks_failed + ${failed},
        error = coalesce(${error}, error), heartbeat_at = now(),
        state = ${finished ? 'completed' : 'running'}, completed_at = ${finished ? sql`now()` : sql`NULL`}
      WHERE id = ${jobId}`);
    return finished ? 'finished' : 'more';
  });
}

/** Runs chunks until the job ends or `shouldStop` says to stop between chunks; answers whether it ended. */
export async function runJob(
  db: Db,
  jobId: number,
  handlers: JobHandlers,
  opts: { chunkSize?: number; shouldStop?: () => boolean } = {},
): Promise<boolean> {
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
    SELECT id, state, tasks_completed, tasks_total, tasks_failed, completed_at, error FROM jobs
    WHERE id = ${jobId} AND company_id = ${companyId} ${kind ? sql`AND kind = ${kind}` : sql``}`);
  const r = rows[0] as
    | { id: number; state: JobState; tasks_completed: number; tasks_total: number; tasks_failed: number; completed_at: Date | null; error: string | null }
    | undefined;
  if (!r) throw notFound('Job');
  return {
    jobId: r.id,
    state: r.state,
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
