// Bulk updates (PATCH /intel/v1/): the targets are resolved when the job is created (an id list, or every item a
// query matches) and stored on the job; small sets are worked off inside the request, larger ones by the runner.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IntelUpdate, type IntelBulkUpdateBody, type IntelBulkUpdateResponse } from '../../contracts/intel.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../auth/context.ts';
import { badRequest } from '../errors.ts';
import { createJob, runJob, type JobHandler } from '../jobs/store.ts';
import { INTEL } from './constants.ts';
import { matchingIds, parseQueryString, resolveState, type IntelDeps } from './service.ts';
import { applyIntelUpdate, validateUpdate } from './update.ts';

/** The job kind's handler: one chunk of items gets the job's update. */
export const intelUpdateJob: JobHandler = {
  run: async (tx, job, ids) => {
    const update = IntelUpdate.parse(job.payload.update);
    await applyIntelUpdate(tx, job.companyId, ids, update, job.userId);
  },
};

export async function bulkUpdate(deps: IntelDeps, auth: Auth, body: z.infer<typeof IntelBulkUpdateBody>): Promise<IntelBulkUpdateResponse> {
  await validateUpdate(deps.db, auth.companyId, body.update);
  const targets = 'intelIds' in body ? await ownIds(deps.db, auth.companyId, body.intelIds) : await queryTargets(deps, auth, body.query);
  const inline = targets.length <= INTEL.inlineLimit;
  const jobId = await createJob(deps.db, {
    companyId: auth.companyId,
    userId: auth.user.id,
    kind: 'intelUpdate',
    payload: { update: body.update },
    targetIds: targets,
    inline,
  });
  if (inline) await runJob(deps.db, jobId, { intelUpdate: intelUpdateJob });
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
    const missing = ids.find((id) => !known.has(id));
    throw badRequest(`Invalid body: intelIds holds ${missing}, which is not an intel item`, [{ field: 'intelIds', message: `unknown intel item ${missing}` }]);
  }
  return found;
}

async function queryTargets(deps: IntelDeps, auth: Auth, query: string): Promise<number[]> {
  const { offset: _o, size: _s, aggregate: _a, ...state } = parseQueryString(query, 'query');
  return matchingIds(deps, auth, await resolveState(deps.db, auth, state));
}
