// Rival groups as curators arrange them (part 1 §3 Rival group; part 3 §7.5 PUT rival_groups/{id}):
// create, rename, reorder, delete (the rivals stay), and add or remove rivals. Names are unique in a
// company regardless of case; every change is in the audit log.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RivalGroupItem } from '../../contracts/competitors.ts';
import type { RivalGroupChange } from '../../contracts/settings.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import type { Auth } from '../auth/context.ts';
import { apiError, fieldError } from '../errors.ts';
import { lockCompany, requireOwn, requireSameSet } from '../ownership.ts';
import { viewerOf } from '../visibility/index.ts';
import { listRivalGroups } from './service.ts';



async function requireFreeName(tx: Exec, companyId: number, name: string, exceptId?: number) {
  const [taken] = await rowsOf(
    tx,
    sql`SELECT id FROM rival_groups WHERE company_id = ${companyId} AND lower(name) = lower(${name}) AND id <> ${exceptId ?? 0}`,
  );
  if (taken) throw fieldError('rival_group_taken', 'name', { name });
}

async function groupName(tx: Exec, companyId: number, id: number): Promise<string> {
  const [group] = await rowsOf<{ name: string }>(tx, sql`SELECT name FROM rival_groups WHERE id = ${id} AND company_id = ${companyId}`);
  if (!group) throw apiError('rival_group_not_found');
  return group.name;
}

const readGroup = async (db: Db, auth: Auth, id: number) => (await listRivalGroups(db, viewerOf(auth))).find((g) => g.id === id)!;

export async function createRivalGroup(db: Db, auth: Auth, name: string): Promise<RivalGroupItem> {
  const id = await db.transaction(async (tx) => {
    await lockCompany(tx, auth.companyId);
    await requireFreeName(tx, auth.companyId, name);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO rival_groups (company_id, name, view_order)
          VALUES (${auth.companyId}, ${name}, (SELECT coalesce(max(view_order), 0) + 1 FROM rival_groups WHERE company_id = ${auth.companyId}))
          RETURNING id`,
    );
    await recordAudit(tx, actorOf(auth), { action: 'rivalGroup.create', targetType: 'rivalGroup', targetId: row.id, summary: `Created the rival group ${name}` });
    return row.id;
  });
  return readGroup(db, auth, id);
}

/** Renames the group and adds or removes rivals, in one transaction. */
export async function changeRivalGroup(db: Db, auth: Auth, id: number, body: z.output<typeof RivalGroupChange>): Promise<RivalGroupItem> {
  await groupName(db, auth.companyId, id);
  await requireOwn(db, 'rivals', auth.companyId, body.addRivals, 'addRivals');
  await requireOwn(db, 'rivals', auth.companyId, body.removeRivals, 'removeRivals');
  await db.transaction(async (tx) => {
    await lockCompany(tx, auth.companyId);
    const before = await groupName(tx, auth.companyId, id);
    if (body.name !== undefined && body.name !== before) {
      await requireFreeName(tx, auth.companyId, body.name, id);
      await tx.execute(sql`UPDATE rival_groups SET name = ${body.name} WHERE id = ${id}`);
      await recordAudit(tx, actorOf(auth), {
        action: 'rivalGroup.rename',
        targetType: 'rivalGroup',
        targetId: id,
        summary: `Renamed the rival group ${before} to ${body.name}`,
        detail: { before, after: body.name },
      });
    }
    await tx.execute(sql`DELETE FROM rival_group_members WHERE rival_group_id = ${id} AND rival_id = ANY(${sql.param(body.removeRivals)}::int[])`);
    await tx.execute(sql`INSERT INTO rival_group_members (company_id, rival_group_id, rival_id, view_order)
      SELECT ${auth.companyId}, ${id}, r, (SELECT coalesce(max(view_order), 0) FROM rival_group_members WHERE rival_group_id = ${id}) + o
      FROM unnest(${sql.param(body.addRivals)}::int[]) WITH ORDINALITY AS a(r, o)
      ON CONFLICT DO NOTHING`);
  });
  return readGroup(db, auth, id);
}

/** Deletes the group; its rivals and their profiles stay. */
export async function deleteRivalGroup(db: Db, auth: Auth, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const name = await groupName(tx, auth.companyId, id);
    await tx.execute(sql`DELETE FROM rival_groups WHERE id = ${id}`);
    await recordAudit(tx, actorOf(auth), { action: 'rivalGroup.delete', targetType: 'rivalGroup', targetId: id, summary: `Deleted the rival group ${name}` });
  });
}

/** Puts the company's groups in the given order; `ids` must be exactly its groups. */
export async function reorderRivalGroups(db: Db, auth: Auth, ids: number[]): Promise<RivalGroupItem[]> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, auth.companyId);
    const existing = await rowsOf<{ id: number }>(tx, sql`SELECT id FROM rival_groups WHERE company_id = ${auth.companyId}`);
    requireSameSet(ids, existing.map((g) => g.id));
    await tx.execute(sql`UPDATE rival_groups g SET view_order = o.n
      FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS o(id, n) WHERE g.id = o.id`);
    await recordAudit(tx, actorOf(auth), { action: 'rivalGroup.reorder', targetType: 'rivalGroup', summary: 'Reordered the rival groups', detail: { ids } });
  });
  return listRivalGroups(db, viewerOf(auth));
}
