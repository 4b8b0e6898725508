// Sync runs go through the job runner's plain queue (search-api/jobs/runner.ts): the run's state lives in
// crm_connections (its cursor), so a delivery only names the company. A run stopped by the API limit or by an
// unreachable Salesforce throws, and the queue delivers it again later, waiting longer each time.
import { apiError } from '../../errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { QueueHandler } from '../../jobs/runner.ts';
import type { CrmConnection } from '../../../contracts/deals.ts';
import { eq } from 'drizzle-orm';
import { crmConnections } from '../../../db/schema.ts';
import type { Auth } from '../../auth/context.ts';
import { connectionRow, readConnection, type SalesforceDeps } from './connection.ts';
import { SALESFORCE } from './constants.ts';
import { runSync } from './sync.ts';

export function salesforceSyncQueue(deps: SalesforceDeps): QueueHandler {
  return {
    batchSize: 1,
    expireInSeconds: SALESFORCE.expireInSeconds,
    retryLimit: SALESFORCE.retryLimit,
    retryDelaySeconds: SALESFORCE.retryDelaySeconds,
    retryBackoff: true,
    handle: async (data) => {
      const outcome = await runSync(deps, Number(data.companyId));
      if (outcome === 'limit' || outcome === 'unreachable') throw new Error(`salesforce sync stopped (${outcome}); the queue runs it again later`);
    },
  };
}

/** Queues a run of the company's sync (202); a connection without tokens has nothing to sync. */
export async function requestSync(deps: SalesforceDeps, jobs: AppDeps['jobs'], auth: Auth): Promise<CrmConnection> {
  const row = await connectionRow(deps.db, auth.companyId);
  if (!row?.refreshTokenSealed || row.state === 'disconnected') throw apiError('sfdc_no_instance');
  await deps.db.update(crmConnections).set({ state: 'syncing', lastError: null, updatedAt: new Date() }).where(eq(crmConnections.companyId, auth.companyId));
  if (jobs) await jobs.send(SALESFORCE.queue, { companyId: auth.companyId }, String(auth.companyId));
  // An app run without a job runner (as tests build it): the run goes on in this process, after the answer.
  else setImmediate(() => void runSync(deps, auth.companyId).catch((err) => deps.logger.error({ err }, 'salesforce sync failed')));
  return readConnection(deps.db, auth.companyId);
}
