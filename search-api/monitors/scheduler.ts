// When monitors are checked: every sweep (and at once when "Check now" or a new monitor NOTIFYs) the monitors due a
// check are claimed, their next check moved a few minutes on, and sent to the job runner's `monitor-check` queue,
// whose workers run check.ts. A claimed check that never stores its result (a crash) is due again when the claim
// runs out, and pg-boss redelivers what a dead worker held, so checks survive restarts; the check's version guard
// makes a repeated one harmless.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { JobRunner, QueueHandler } from '../jobs/runner.ts';
import { checkMonitor, type CheckDeps } from './check.ts';
import { MONITORS } from './constants.ts';

export const MONITOR_QUEUE = 'monitor-check';

/** The queue the job runner serves monitor checks from. */
export function monitorCheckQueue(deps: CheckDeps): QueueHandler {
  return {
    batchSize: MONITORS.concurrency,
    expireInSeconds: MONITORS.claimMinutes * 60,
    handle: async (data) => {
      const outcome = await checkMonitor(deps, Number(data.monitorId));
      deps.logger?.debug({ monitorId: data.monitorId, outcome }, 'monitor checked');
    },
  };
}

/** Claims the monitors due now and returns their ids; a claim holds them for claimMinutes. */
export async function claimDue(db: Db, limit: number = MONITORS.sweepBatch): Promise<number[]> {
  const { rows } = await db.execute(sql`
    WITH due AS (
      SELECT id FROM monitors WHERE NOT paused AND next_check_at <= now() ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    UPDATE monitors m SET next_check_at = now() + make_interval(mins => ${MONITORS.claimMinutes}) FROM due WHERE m.id = due.id
    RETURNING m.id`);
  return (rows as { id: number }[]).map((r) => r.id);
}

export class MonitorScheduler {
  private timer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private sweeping: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<JobRunner, 'send'>,
    private readonly opts: { databaseUrl: string; logger?: Logger; sweepMs?: number },
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.databaseUrl });
    client.on('error', (err) => {
      // The periodic sweep still finds due monitors while the listener is gone.
      this.opts.logger?.warn({ err }, 'monitor scheduler lost its listening connection');
      if (this.listener === client) this.listener = null;
    });
    client.on('notification', () => void this.sweep());
    await client.connect();
    await client.query(`LISTEN ${MONITORS.channel}`);
    this.listener = client;
    this.timer = setInterval(() => void this.sweep(), this.opts.sweepMs ?? MONITORS.sweepMs);
    await this.sweep();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.listener?.end().catch(() => {});
    this.listener = null;
    await this.sweeping;
  }

  /** One sweep at a time; a wake-up during one runs another right after it. */
  sweep(): Promise<void> {
    if (this.sweeping) {
      this.again = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      do {
        this.again = false;
        try {
          for (let ids = await claimDue(this.db); ids.length; ids = await claimDue(this.db)) {
            for (const id of ids) await this.jobs.send(MONITOR_QUEUE, { monitorId: id }, String(id));
          }
        } catch (err) {
          this.opts.logger?.error({ err }, 'monitor sweep failed');
        }
      } while (this.again && this.timer);
    })().finally(() => (this.sweeping = null));
    return this.sweeping;
  }
}
