// Changes to the people of a company: a user's own fields (oneself, or anyone for an admin), roles and
// visibility groups (admins), deactivation and reactivation (admins, or an identity provider through SCIM). Each
// change runs in one transaction with its audit entry, under a lock on the company row, so two admins demoting each
// other at once cannot leave the company without an active admin.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Role, type UserUpdateBody } from '../../contracts/account.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { userRoles, users, visibilityGroupMembers } from '../../db/schema.ts';
import { actorOf, recordAudit, type Actor } from '../audit/service.ts';
import { isAdmin, type Auth } from '../auth/context.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { apiError, fieldError } from '../errors.ts';
import { lockCompany, requireOwn } from '../ownership.ts';

/** A transaction, as the changes below use it. */
export type Writer = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

type Target = { id: number; name: string; deactivatedAt: Date | null; roles: Role[]; groupIds: number[] };

async function targetOf(tx: Exec, companyId: number, id: number): Promise<Target> {
  const [row] = await rowsOf<Target>(
    tx,
    sql`SELECT u.id, u.name, u.deactivated_at AS "deactivatedAt",
          coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles,
          coalesce((SELECT array_agg(g.visibility_group_id ORDER BY g.visibility_group_id) FROM visibility_group_members g WHERE g.user_id = u.id), '{}') AS "groupIds"
        FROM users u WHERE u.id = ${id} AND u.company_id = ${companyId}`,
  );
  if (!row) throw apiError('user_not_found');
  return row;
}

/** 400 when `target` is an active admin and no other active admin would be left. */
async function keepAnAdmin(tx: Exec, companyId: number, target: Target, field: string, doing: 'demoted' | 'deactivated') {
  if (!target.roles.includes('admin') || target.deactivatedAt) return;
  const [{ n }] = await rowsOf<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM user_roles r JOIN users u ON u.id = r.user_id
        WHERE r.company_id = ${companyId} AND r.role = 'admin' AND u.deactivated_at IS NULL AND u.id <> ${target.id}`,
  );
  if (n === 0) {
    throw fieldError(doing === 'demoted' ? 'last_admin_demoted' : 'last_admin_deactivated', field, { name: target.name });
  }
}

const sameSet = <T,>(a: T[], b: T[]) => a.length === b.length && a.every((x) => b.includes(x));

/** "consumer", "curator", "admin", or "admin and curator": the words of the audit summary. */
const roleWords = (roles: Role[]) => (roles.length ? [...roles].sort().join(' and ') : 'consumer');

async function groupWords(tx: Exec, ids: number[]): Promise<string> {
  if (!ids.length) return 'none';
  const rows = await rowsOf<{ name: string }>(tx, sql`SELECT name FROM visibility_groups WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY view_order, name`);
  return rows.map((r) => r.name).join(', ');
}

async function setRoles(tx: Writer, auth: Auth, target: Target, roles: Role[]) {
  if (sameSet(target.roles, roles)) return;
  if (!roles.includes('admin')) await keepAnAdmin(tx, auth.companyId, target, 'roles', 'demoted');
  await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
  if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ companyId: auth.companyId, userId: target.id, role })));
  await recordAudit(tx, actorOf(auth), {
    action: 'user.role',
    targetType: 'user',
    targetId: target.id,
    summary: `Changed ${target.name}'s role from ${roleWords(target.roles)} to ${roleWords(roles)}`,
    detail: { from: target.roles, to: roles },
  });
}

async function setGroups(tx: Writer, auth: Auth, target: Target, groupIds: number[]) {
  if (sameSet(target.groupIds, groupIds)) return;
  await tx.delete(visibilityGroupMembers).where(eq(visibilityGroupMembers.userId, target.id));
  if (groupIds.length) {
    await tx.insert(visibilityGroupMembers).values(groupIds.map((visibilityGroupId) => ({ companyId: auth.companyId, userId: target.id, visibilityGroupId })));
  }
  await recordAudit(tx, actorOf(auth), {
    action: 'user.groups',
    targetType: 'user',
    targetId: target.id,
    summary: `Changed ${target.name}'s visibility groups from ${await groupWords(tx, target.groupIds)} to ${await groupWords(tx, groupIds)}`,
    detail: { from: target.groupIds, to: groupIds },
  });
}

/** Changes a user of the company: oneself, or anyone for an admin; only admins change roles and groups. */
export async function updateUser(db: Db, auth: Auth, id: number, body: z.output<typeof UserUpdateBody>): Promise<void> {
  const admin = isAdmin(auth);
  if (id !== auth.user.id && !admin) throw apiError('admins_change_users');
  if ((body.roles || body.visibilityGroupIds) && !admin) throw apiError('admins_change_roles');
  await db.transaction(async (tx) => {
    await lockCompany(tx, auth.companyId);
    const target = await targetOf(tx, auth.companyId, id);
    const { roles, visibilityGroupIds, ...fields } = body;
    await requireOwn(tx, 'visibility_groups', auth.companyId, visibilityGroupIds, 'visibilityGroupIds');
    if (Object.keys(fields).length) await tx.update(users).set(fields).where(eq(users.id, id));
    if (roles) await setRoles(tx, auth, target, roles);
    if (visibilityGroupIds) await setGroups(tx, auth, target, visibilityGroupIds);
  });
}

/**
 * Deactivates (active false) or reactivates a user of the company, in the caller's transaction: an admin's
 * request, or an identity provider's through SCIM, so deactivation means one thing however it comes. A deactivated
 * user cannot sign in and their sessions end at once (the rows go, so every server process refuses them); what
 * they wrote stays. Setting the state a user already has changes nothing.
 */
export async function setUserActive(tx: Writer, actor: Actor, id: number, active: boolean): Promise<void> {
  await lockCompany(tx, actor.companyId);
  const target = await targetOf(tx, actor.companyId, id);
  if ((target.deactivatedAt === null) === active) return;
  if (active) {
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, id));
    await recordAudit(tx, actor, { action: 'user.reactivate', targetType: 'user', targetId: id, summary: `Reactivated ${target.name}` });
    return;
  }
  await keepAnAdmin(tx, actor.companyId, target, 'id', 'deactivated');
  await tx.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, id));
  const endedSessions = await endUserSessions(tx, id);
  await recordAudit(tx, actor, { action: 'user.deactivate', targetType: 'user', targetId: id, summary: `Deactivated ${target.name}`, detail: { endedSessions } });
}

export const deactivateUser = (db: Db, auth: Auth, id: number) => db.transaction((tx) => setUserActive(tx, actorOf(auth), id, false));

export const reactivateUser = (db: Db, auth: Auth, id: number) => db.transaction((tx) => setUserActive(tx, actorOf(auth), id, true));
