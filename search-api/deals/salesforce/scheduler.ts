// The scheduled sync (issue #56): every sweep, the connections whose last run is older than the sync interval are
// claimed (set to syncing in the same statement, so two app servers never both claim one) and a run of each is sent
// to the sync queue (queue.ts). A connection in error is tried again on the same schedule; one syncing already, or
// disconnected, is left alone.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type Db } from '../../../db/client.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { Sweeper } from '../../jobs/sweeper.ts';
import { SALESFORCE } from './constants.ts';

/** Claims the connections due a scheduled run and returns their companies. */
export async function claimDueSyncs(db: Db, everyMinutes: number = SALESFORCE.syncEveryMinutes): Promise<number[]> {
  const rows = await rowsOf<{ companyId: number }>(
    db,
    sql`UPDATE crm_connections SET state = 'syncing', last_error = NULL, updated_at = now()
        WHERE state IN ('connected', 'error') AND refresh_token_sealed IS NOT NULL
          AND coalesce(last_sync_at, '-infinity'::timestamptz) <= now() - make_interval(mins => ${everyMinutes})
        RETURNING company_id AS "companyId"`,
  );
  return rows.map((r) => r.companyId);
}

export class SalesforceScheduler {
  private readonly sweeper: Sweeper;

  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<JobRunner, 'send'>,
    opts: { logger?: Logger; sweepMs?: number },
  ) {
    this.sweeper = new Sweeper(() => this.sendDue(), { name: 'salesforce scheduler', channel: SALESFORCE.queue, sweepMs: opts.sweepMs ?? SALESFORCE.sweepMs, logger: opts.logger });
  }

  start = () => this.sweeper.start();
  stop = () => this.sweeper.stop();
  sweep = () => this.sweeper.sweep();

  private async sendDue(): Promise<void> {
    for (const companyId of await claimDueSyncs(this.db)) await this.jobs.send(SALESFORCE.queue, { companyId }, String(companyId));
  }
}
