// Changes to intel items, set-based so one statement serves one item (PATCH /intel/v1/{id}), a request-sized
// bulk update and each chunk of a bulk-update job alike. Every change records who actioned the items and when.
import { sql, type SQL } from 'drizzle-orm';
import type { IntelUpdate } from '../../contracts/intel.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import type { ServerUsageEvent } from '../../contracts/usage.ts';
import { recordInTransaction } from '../usage/inTransaction.ts';
import { fieldError } from '../errors.ts';
import { ensurePosts, PUBLISH_SET } from './publish.ts';

/** Checks what the database must confirm before anything is written: the rivals exist in the company. */
export async function validateUpdate(db: Db, companyId: number, update: IntelUpdate, field = 'update'): Promise<void> {
  if (update.publishIntel && update.state && update.state !== 'archived') {
    throw fieldError('intel_publish_state', `${field}.state`, { field, state: update.state });
  }
  await assertRivals(db, companyId, update.addRivalIds ?? [], `${field}.addRivalIds`);
}

export async function assertRivals(db: Db, companyId: number, rivalIds: number[], field: string): Promise<void> {
  if (!rivalIds.length) return;
  const { rows } = await db.execute(
    sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND id = ANY(${sql.param(rivalIds)}::int[])`,
  );
  const known = new Set((rows as { id: number }[]).map((r) => r.id));
  const unknown = rivalIds.filter((id) => !known.has(id));
  if (unknown.length) throw fieldError('intel_rival_unknown', field, { field, id: unknown[0] });
}

/**
 * Applies an update to the company's items among `ids`; answers how many items it changed. The items it triages
 * for the first time (from arrival to now) and those it publishes are recorded for curator activity in the same
 * transaction.
 */
export async function applyIntelUpdate(tx: Exec, companyId: number, ids: number[], update: IntelUpdate, userId: number | null): Promise<number> {
  const sets: SQL[] = [];
  if (update.publishIntel === true) sets.push(PUBLISH_SET);
  else if (update.state) sets.push(sql`state = ${update.state}`);
  if (update.publishIntel === false) sets.push(sql`published_at = NULL`);
  if (update.priority !== undefined) sets.push(sql`priority = ${update.priority}`);
  if (update.curatedTitle !== undefined) sets.push(sql`curated_title = ${update.curatedTitle}`);
  if (update.summary !== undefined) sets.push(sql`summary = ${update.summary || null}`);
  if (update.topics) sets.push(sql`topics = ${sql.param(dedupe(update.topics))}::text[]`);
  sets.push(sql`actioned_by_id = ${userId}, actioned_at = now(), updated_at = now()`);
  const targets = sql.param(ids);
  // `before` reads the rows as they were when the statement began: what this update changes about them.
  const changed = await rowsOf<{ id: number; first_triage: boolean; seconds: number; published: boolean }>(
    tx,
    sql`UPDATE intel_items SET ${sql.join(sets, sql`, `)}
        FROM (SELECT id, actioned_at, published_at, created_at FROM intel_items WHERE company_id = ${companyId} AND id = ANY(${targets}::int[])) AS before
        WHERE intel_items.id = before.id
        RETURNING intel_items.id, before.actioned_at IS NULL AS first_triage, greatest(0, extract(epoch FROM now() - before.created_at))::int AS seconds,
                  before.published_at IS NULL AND intel_items.published_at IS NOT NULL AS published`,
  );
  await recordInTransaction(tx, companyId, userId, [
    ...changed.filter((c) => c.first_triage).map((c): ServerUsageEvent => ({ kind: 'intelTriaged', intelId: c.id, seconds: c.seconds })),
    ...changed.filter((c) => c.published).map((c): ServerUsageEvent => ({ kind: 'intelPublished', intelId: c.id })),
  ]);
  if (update.publishIntel === true) await ensurePosts(tx, companyId, ids);
  if (update.addRivalIds?.length) {
    await tx.execute(sql`
      INSERT INTO intel_rivals (company_id, intel_id, rival_id)
      SELECT ${companyId}, i.id, r.id FROM intel_items i CROSS JOIN rivals r
      WHERE i.company_id = ${companyId} AND i.id = ANY(${targets}::int[])
        AND r.company_id = ${companyId} AND r.id = ANY(${sql.param(update.addRivalIds)}::int[])
      ON CONFLICT DO NOTHING`);
  }
  return changed.length;
}

const dedupe = (xs: string[]) => [...new Set(xs)];
