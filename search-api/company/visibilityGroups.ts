// Visibility groups as admins manage them (part 1 §3 Visibility group), and an identity provider through SCIM
// (scim/groups.ts): create, rename, reorder, delete, and members; each change is recorded as its actor's. A group's
// usage says what depends on it before anyone deletes it: deleting removes it from its cards (a card shared with
// this group only is then for curators alone), from its members and from Ask's permitted groups; the outbox
// triggers on card_visibility_groups reindex the cards it touched.
import { sql } from 'drizzle-orm';
import type { GroupMember, VisibilityGroupUsage } from '../../contracts/settings.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { apiError, fieldError } from '../errors.ts';
import { lockCompany, requireOwn, requireSameSet } from '../ownership.ts';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The company's groups in order, each with its members and cards counted. */
export async function listGroupUsage(db: Exec, companyId: number, only?: number): Promise<VisibilityGroupUsage[]> {
  return rowsOf<VisibilityGroupUsage>(
    db,
    sql`SELECT g.id, g.name, g.view_order AS "viewOrder",
          (SELECT count(*)::int FROM visibility_group_members m WHERE m.visibility_group_id = g.id) AS "membersCount",
          (SELECT count(*)::int FROM card_visibility_groups cg WHERE cg.visibility_group_id = g.id
             AND NOT EXISTS (SELECT 1 FROM card_visibility_groups o WHERE o.card_id = cg.card_id AND o.visibility_group_id <> g.id)) AS "cardsOnlyHere",
          (SELECT count(*)::int FROM card_visibility_groups cg WHERE cg.visibility_group_id = g.id
             AND EXISTS (SELECT 1 FROM card_visibility_groups o WHERE o.card_id = cg.card_id AND o.visibility_group_id <> g.id)) AS "cardsShared",
          g.id = ANY(c.ask_permitted_visibility_groups) AS "askPermitted"
        FROM visibility_groups g JOIN companies c ON c.id = g.company_id
        WHERE g.company_id = ${companyId} ${only === undefined ? sql`` : sql`AND g.id = ${only}`}
        ORDER BY g.view_order, g.id`,
  );
}

async function readUsage(db: Exec, companyId: number, id: number): Promise<VisibilityGroupUsage> {
  const [group] = await listGroupUsage(db, companyId, id);
  if (!group) throw apiError('visibility_group_not_found');
  return group;
}

async function requireFreeName(tx: Exec, companyId: number, name: string, exceptId = 0) {
  const [taken] = await rowsOf(tx, sql`SELECT id FROM visibility_groups WHERE company_id = ${companyId} AND lower(name) = lower(${name}) AND id <> ${exceptId}`);
  if (taken) throw fieldError('visibility_group_taken', 'name', { name });
}

export async function createVisibilityGroup(db: Db, actor: Actor, name: string): Promise<VisibilityGroupUsage> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    await requireFreeName(tx, actor.companyId, name);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO visibility_groups (company_id, name, view_order)
          VALUES (${actor.companyId}, ${name}, (SELECT coalesce(max(view_order), 0) + 1 FROM visibility_groups WHERE company_id = ${actor.companyId}))
          RETURNING id`,
    );
    await recordAudit(tx, actor, { action: 'visibilityGroup.create', targetType: 'visibilityGroup', targetId: row.id, summary: `Created the visibility group ${name}` });
    return readUsage(tx, actor.companyId, row.id);
  });
}

export async function renameVisibilityGroup(db: Db, actor: Actor, id: number, name: string): Promise<VisibilityGroupUsage> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const before = (await readUsage(tx, actor.companyId, id)).name;
    if (before !== name) {
      await requireFreeName(tx, actor.companyId, name, id);
      await tx.execute(sql`UPDATE visibility_groups SET name = ${name} WHERE id = ${id}`);
      await recordAudit(tx, actor, {
        action: 'visibilityGroup.rename',
        targetType: 'visibilityGroup',
        targetId: id,
        summary: `Renamed the visibility group ${before} to ${name}`,
        detail: { before, after: name },
      });
    }
    return readUsage(tx, actor.companyId, id);
  });
}

export async function reorderVisibilityGroups(db: Db, actor: Actor, ids: number[]): Promise<VisibilityGroupUsage[]> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const existing = await rowsOf<{ id: number }>(tx, sql`SELECT id FROM visibility_groups WHERE company_id = ${actor.companyId}`);
    requireSameSet(ids, existing.map((g) => g.id));
    await tx.execute(sql`UPDATE visibility_groups g SET view_order = o.n FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS o(id, n) WHERE g.id = o.id`);
    await recordAudit(tx, actor, { action: 'visibilityGroup.reorder', targetType: 'visibilityGroup', summary: 'Reordered the visibility groups', detail: { ids } });
    return listGroupUsage(tx, actor.companyId);
  });
}

/** Deletes the group, with the consequences its usage states, and records them. */
export async function deleteVisibilityGroup(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const usage = await readUsage(tx, actor.companyId, id);
    await tx.execute(sql`UPDATE companies SET ask_permitted_visibility_groups = array_remove(ask_permitted_visibility_groups, ${id}) WHERE id = ${actor.companyId}`);
    await tx.execute(sql`DELETE FROM visibility_groups WHERE id = ${id}`);
    await recordAudit(tx, actor, {
      action: 'visibilityGroup.delete',
      targetType: 'visibilityGroup',
      targetId: id,
      summary: `Deleted the visibility group ${usage.name} (${count(usage.membersCount, 'member')}; ${count(usage.cardsOnlyHere, 'card')} now for curators only)`,
      detail: { ...usage },
    });
  });
}

export async function listMembers(db: Exec, companyId: number, id: number): Promise<GroupMember[]> {
  await readUsage(db, companyId, id);
  return rowsOf<GroupMember>(
    db,
    sql`SELECT u.id, u.name, u.email, u.image FROM visibility_group_members m JOIN users u ON u.id = m.user_id
        WHERE m.visibility_group_id = ${id} ORDER BY lower(u.name), u.id`,
  );
}

/** Adds and removes members; every user must be one of the company's. */
export async function changeMembers(db: Db, actor: Actor, id: number, change: { addUserIds: number[]; removeUserIds: number[] }): Promise<GroupMember[]> {
  await requireOwn(db, 'users', actor.companyId, change.addUserIds, 'addUserIds');
  await requireOwn(db, 'users', actor.companyId, change.removeUserIds, 'removeUserIds');
  return db.transaction(async (tx) => {
    const { name } = await readUsage(tx, actor.companyId, id);
    const removed = await rowsOf<{ userId: number }>(
      tx,
      sql`DELETE FROM visibility_group_members WHERE visibility_group_id = ${id} AND user_id = ANY(${sql.param(change.removeUserIds)}::int[]) RETURNING user_id AS "userId"`,
    );
    const added = await rowsOf<{ userId: number }>(
      tx,
      sql`INSERT INTO visibility_group_members (company_id, visibility_group_id, user_id)
          SELECT ${actor.companyId}, ${id}, u FROM unnest(${sql.param(change.addUserIds)}::int[]) AS u
          ON CONFLICT DO NOTHING RETURNING user_id AS "userId"`,
    );
    if (added.length || removed.length) {
      const parts = [added.length && `added ${added.length}`, removed.length && `removed ${removed.length}`].filter(Boolean).join(' and ');
      await recordAudit(tx, actor, {
        action: 'visibilityGroup.members',
        targetType: 'visibilityGroup',
        targetId: id,
        summary: `Changed the members of ${name}: ${parts}`,
        detail: { added: added.map((r) => r.userId), removed: removed.map((r) => r.userId) },
      });
    }
    return listMembers(tx, actor.companyId, id);
  });
}
