// Bulk updates (PATCH /intel/v1/). By intelIds: the ids are checked and stored on the job, and a small set is worked
// off inside the request. By updateAll: the request only checks the query and stores it, resolved against the
// curator's views, on the job, and answers at once; the job's first step finds every item it matches (which takes
// seconds at a million items), then the runner updates them in chunks.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IntelUpdate, type AlertsUrlState, type IntelBulkUpdateBody, type IntelBulkUpdateResponse } from '../../contracts/intel.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../auth/context.ts';
import { fieldError } from '../errors.ts';
import { createJob, runJob, type JobHandler } from '../jobs/store.ts';
import { INTEL } from './constants.ts';
import { matchingIds, parseQueryString, resolveState, type IntelDeps } from './service.ts';
import { applyIntelUpdate, validateUpdate } from './update.ts';

/** What an intelUpdate job carries: the update, and for updateAll the list state whose matches it targets. */
type IntelUpdatePayload = { update: IntelUpdate; query?: AlertsUrlState };

/**
 * The job kind's handler: `targets` finds the items of an updateAll, scoped by the job's company and requester
 * (for actionedByMe) as the request would have; `run` gives one chunk of items the job's update.
 */
export function intelUpdateJob(deps: IntelDeps): JobHandler {
  return {
    targets: async (job, alive) => {
      const { query } = job.payload as IntelUpdatePayload;
      if (!query) throw new Error('the job has neither targets nor a query');
      if (job.userId === null) throw new Error('the curator who asked for this update no longer exists');
      return matchingIds(deps, { companyId: job.companyId, userId: job.userId }, query, alive);
    },
    run: async (tx, job, ids) => {
      const update = IntelUpdate.parse((job.payload as IntelUpdatePayload).update);
      await applyIntelUpdate(tx, job.companyId, ids, update, job.userId);
    },
  };
}

export async function bulkUpdate(deps: IntelDeps, auth: Auth, body: z.infer<typeof IntelBulkUpdateBody>): Promise<IntelBulkUpdateResponse> {
  await validateUpdate(deps.db, auth.companyId, body.update);
  const job = { companyId: auth.companyId, userId: auth.user.id, kind: 'intelUpdate' as const };
  if ('updateAll' in body) {
    const payload: IntelUpdatePayload = { update: body.update, query: await queryState(deps.db, auth, body.query) };
    return { jobId: await createJob(deps.db, { ...job, payload, targetIds: null, inline: false }), completedNow: false };
  }
  const targetIds = await ownIds(deps.db, auth.companyId, body.intelIds);
  const inline = targetIds.length <= INTEL.inlineLimit;
  const payload: IntelUpdatePayload = { update: body.update };
  const jobId = await createJob(deps.db, { ...job, payload, targetIds, inline });
  if (inline) await runJob(deps.db, jobId, { intelUpdate: intelUpdateJob(deps) });
  return { jobId, completedNow: inline };
}

/** The given ids, in order, all of which must be the company's items. */
async function ownIds(db: Db, companyId: number, ids: number[]): Promise<number[]> {
  const { rows } = await db.execute(
    sql`SELECT id FROM intel_items WHERE company_id = ${companyId} AND id = ANY(${sql.param(ids)}::int[]) ORDER BY id`,
  );
  const found = (rows as { id: number }[]).map((r) => r.id);
  if (found.length !== new Set(ids).size) {
    const known = new Set(found);
    const missing = ids.find((id) => !known.has(id))!;
    throw fieldError('intel_ids_unknown', 'intelIds', { id: missing });
  }
  return found;
}

/** The filters of an updateAll, checked (400 on a bad one) and resolved against the curator's views now. */
async function queryState(db: Db, auth: Auth, query: string): Promise<AlertsUrlState> {
  const { offset: _o, size: _s, aggregate: _a, ...state } = parseQueryString(query, 'query');
  return resolveState(db, auth, state);
}
