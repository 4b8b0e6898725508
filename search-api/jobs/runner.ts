// The job runner: pg-boss queues (one per job kind) deliver job ids to workers; the work and its progress live in
// the jobs table (store.ts). A job is announced by a NOTIFY when it is queued; on start and every few seconds a
// runner also (re)enqueues queued jobs and running jobs whose heartbeat is stale, so jobs survive restarts and
// crashes. The queues use pg-boss's "stately" policy keyed by job id: at most one waiting delivery per job.
// A duplicate delivery is harmless anyway, because chunks run under the job row's lock. Plain queues (`queues`)
// carry work whose state lives elsewhere, such as monitor checks (monitors/scheduler.ts).
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { JOBS } from './constants.ts';
import { jobKind, jobsToResume, releaseJob, runJob, type JobHandlers, type JobKind } from './store.ts';

/**
 * A plain queue beside the jobs table: each delivery's data goes to `handle`, `batchSize` of them side by side. A
 * delivery whose worker died is delivered again once it expires (`expireInSeconds`); at most one waits per key.
 */
export type QueueHandler = {
  handle: (data: Record<string, unknown>) => Promise<void>;
  batchSize: number;
  expireInSeconds: number;
  /** A delivery whose handler threw is delivered again this many times (default 3), first after retryDelaySeconds, doubling with retryBackoff. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
};

export type JobRunnerOptions = {
  databaseUrl: string;
  handlers: JobHandlers;
  queues?: Record<string, QueueHandler>;
  logger?: Logger;
  chunkSize?: number;
  staleAfterMs?: number;
  sweepMs?: number;
  /** How often pg-boss looks for deliveries when nothing woke it. */
  pollingIntervalSeconds?: number;
};

const queueName = (kind: JobKind) => `job-${kind}`;

export class JobRunner {
  private boss: PgBoss | null = null;
  private listener: pg.Client | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private stopping = false;
  private readonly active = new Set<Promise<unknown>>();
  /** pg-boss's worker id per job kind: woken at once when a job is sent rather than at its next poll. */
  private readonly workers = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly opts: JobRunnerOptions,
  ) {}

  async start(): Promise<void> {
    const boss = new PgBoss({ connectionString: this.opts.databaseUrl, schema: JOBS.schema, max: 4, schedule: false });
    boss.on('error', (err) => this.opts.logger?.error({ err }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    for (const kind of Object.keys(this.opts.handlers) as JobKind[]) {
      await boss.createQueue(queueName(kind), { name: queueName(kind), policy: 'stately', retryLimit: 5, expireInSeconds: 3600 });
      const workerId = await boss.work<{ jobId: number }>(
        queueName(kind),
        { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? JOBS.pollingIntervalSeconds, batchSize: 1 },
        async (deliveries) => {
          for (const d of deliveries) await this.track(this.process(d.data.jobId));
        },
      );
      this.workers.set(kind, workerId);
    }
    for (const [name, queue] of Object.entries(this.opts.queues ?? {})) {
      // pg-boss refuses a retry option given as undefined, so only those a queue sets are passed.
      const retry = {
        ...(queue.retryDelaySeconds !== undefined && { retryDelay: queue.retryDelaySeconds }),
        ...(queue.retryBackoff !== undefined && { retryBackoff: queue.retryBackoff }),
      };
      await boss.createQueue(name, { name, policy: 'stately', retryLimit: queue.retryLimit ?? 3, ...retry, expireInSeconds: queue.expireInSeconds });
      const workerId = await boss.work<Record<string, unknown>>(
        name,
        { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? JOBS.pollingIntervalSeconds, batchSize: queue.batchSize },
        async (deliveries) => {
          await this.track(Promise.all(deliveries.map((d) => queue.handle(d.data))));
        },
      );
      this.workers.set(name, workerId);
    }
    await this.listen();
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), this.opts.sweepMs ?? JOBS.sweepMs);
  }

  /** Stops taking work; a job in progress stops after its current chunk and goes back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.listener?.end().catch(() => {});
    await Promise.allSettled([...this.active]);
    await this.boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** Sends `data` to a queue of `queues`, at most one waiting per `key`; the queue's worker is woken at once. */
  async send(queue: string, data: Record<string, unknown>, key: string): Promise<void> {
    if (this.stopping || !this.boss) return;
    await this.boss.send(queue, data, { singletonKey: key });
    const worker = this.workers.get(queue);
    if (worker) this.boss.notifyWorker(worker);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.databaseUrl });
    client.on('error', (err) => {
      // The periodic sweep still finds queued jobs while the listener is gone.
      this.opts.logger?.warn({ err }, 'job listener lost its connection');
      if (this.listener === client) this.listener = null;
    });
    client.on('notification', (n) => void this.enqueue(Number(n.payload)));
    await client.connect();
    await client.query(`LISTEN ${JOBS.channel}`);
    this.listener = client;
  }

  /**
   * A takeover (a running job whose worker went silent, e.g. a killed server) is sent without the singleton key:
   * the dead worker's delivery still counts as active in pg-boss until it expires, and would hold it back.
   */
  private async enqueue(jobId: number, kind?: JobKind, takeover = false): Promise<void> {
    if (this.stopping || !this.boss) return;
    try {
      const k = kind ?? (await jobKind(this.db, jobId));
      if (!k || !this.opts.handlers[k]) return;
      await this.boss.send(queueName(k), { jobId }, takeover ? {} : { singletonKey: String(jobId) });
      const worker = this.workers.get(k);
      if (worker) this.boss.notifyWorker(worker);
    } catch (err) {
      this.opts.logger?.error({ err, jobId }, 'could not enqueue job');
    }
  }

  private async sweep(): Promise<void> {
    if (this.stopping) return;
    try {
      for (const job of await jobsToResume(this.db, this.opts.staleAfterMs ?? JOBS.staleAfterMs)) await this.enqueue(job.id, job.kind, job.state === 'running');
    } catch (err) {
      this.opts.logger?.error({ err }, 'job sweep failed');
    }
  }

  private async process(jobId: number): Promise<void> {
    const ended = await runJob(this.db, jobId, this.opts.handlers, {
      chunkSize: this.opts.chunkSize,
      shouldStop: () => this.stopping,
    });
    if (!ended) await releaseJob(this.db, jobId);
  }

  private async track<T>(p: Promise<T>): Promise<T> {
    this.active.add(p);
    try {
      return await p;
    } finally {
      this.active.delete(p);
    }
  }
}
