// When monitors are checked: every sweep (and at once when "Check now" or a new monitor NOTIFYs) the monitors due a
// check are claimed, their next check moved a few minutes on, and sent to the job runner's `monitor-check` queue,
// whose workers run check.ts. A claimed check that never stores its result (a crash) is due again when the claim
// runs out, and pg-boss redelivers what a dead worker held, so checks survive restarts; the check's version guard
// makes a repeated one harmless.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { JobRunner, QueueHandler } from '../jobs/runner.ts';
import { Sweeper } from '../jobs/sweeper.ts';
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
  private readonly sweeper: Sweeper;

  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<JobRunner, 'send'>,
    opts: { databaseUrl: string; logger?: Logger; sweepMs?: number },
  ) {
    this.sweeper = new Sweeper(() => this.sendDue(), {
      name: 'monitor scheduler',
      channel: MONITORS.channel,
      databaseUrl: opts.databaseUrl,
      sweepMs: opts.sweepMs ?? MONITORS.sweepMs,
      logger: opts.logger,
    });
  }

  start = () => this.sweeper.start();
  stop = () => this.sweeper.stop();
  sweep = () => this.sweeper.sweep();

  private async sendDue(): Promise<void> {
    for (let ids = await claimDue(this.db); ids.length; ids = await claimDue(this.db)) {
      for (const id of ids) await this.jobs.send(MONITOR_QUEUE, { monitorId: id }, String(id));
    }
  }
}
