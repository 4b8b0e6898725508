// Users as the API shows them (part 1 §3), the key paths a user may write into userData, and the
// changes to a user (roles and groups by admins only).
import { and, asc, count, eq, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { User, UserUpdateBody } from '../../contracts/account.ts';
import type { Db } from '../../db/client.ts';
import { companies, profiles, userRoles, users, visibilityGroupMembers, visibilityGroups } from '../../db/schema.ts';
import type { Auth, UserRow } from '../auth/context.ts';
import { loadUserContext } from '../auth/context.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { setAtPath, toPath } from '../flagPath.ts';
import { containsPattern } from '../http/params.ts';

/** The userData keys of part 1 §3; a PUT to any other top-level key is refused. */
export const USER_DATA_KEYS = [
  'recentlyViewed',
  'alertsPastFirstLoad',
  'dashboardNewsToggle',
  'favoritedCompanies',
  'defaultAlertsSummarySettings',
  'defaultReviewInsightsSummarySettings',
  'cardSentiment',
  'askRivalscopeDashboardVisibleToggle',
  'boardNewsVisits',
  'battlecardLayouts',
  'isWinLossEnabled',
  'isWinLossConsumerAccessEnabled',
  'isHatchExclusive',
  'isSeller',
  'isCompetitiveDealWidgetVisible',
  'dashboard',
] as const;

export async function toUserJson(
  db: Db,
  ctx: { user: UserRow; roles: Auth['roles']; visibilityGroupIds: number[]; companyName: string },
  extra: { csrfToken?: string; isImpersonating?: boolean } = {},
): Promise<User> {
  const { user } = ctx;
  const curatingProfiles = user.curatingRivalIds.length
    ? (
        await db
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(eq(profiles.companyId, user.companyId), inArray(profiles.rivalId, user.curatingRivalIds)))
      ).map((p) => p.id)
    : [];
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    firstName: user.firstName,
    email: user.email,
    image: user.image,
    roles: ctx.roles,
    isStaff: user.isStaff,
    isInternal: user.isInternal,
    canImpersonate: user.canImpersonate,
    isImpersonating: extra.isImpersonating ?? false,
    ...(extra.csrfToken ? { csrfToken: extra.csrfToken } : {}),
    curatingRivals: user.curatingRivalIds,
    curatingProfiles,
    visibilityGroupId: ctx.visibilityGroupIds[0] ?? null,
    visibilityGroupIds: ctx.visibilityGroupIds,
    emailDigest: user.emailDigest,
    createdAt: user.createdAt.toISOString(),
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
    companyName: ctx.companyName,
    userData: user.userData,
  };
}

export async function userJsonById(db: Db, companyId: number, id: number): Promise<User | null> {
  const ctx = await loadUserContext(db, id);
  if (!ctx || ctx.user.companyId !== companyId) return null;
  return toUserJson(db, { ...ctx, companyName: ctx.company.name });
}

export async function listUsers(
  db: Db,
  companyId: number,
  q: { typeFilter?: 'curators' | 'admins' | 'consumers'; page: number; limit: number; query?: string },
) {
  const hasRole = (roles: ('admin' | 'curator')[]) =>
    sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.role, roles)})`;
  const filters: SQL[] = [eq(users.companyId, companyId)];
  if (q.typeFilter === 'admins') filters.push(hasRole(['admin']));
  if (q.typeFilter === 'curators') filters.push(hasRole(['admin', 'curator']));
  if (q.typeFilter === 'consumers') {
    filters.push(notExists(db.select().from(userRoles).where(eq(userRoles.userId, users.id))));
  }
  if (q.query) {
    const like = containsPattern(q.query);
    filters.push(or(ilike(users.name, like), ilike(users.email, like), ilike(users.username, like))!);
  }
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const items: User[] = [];
  for (const r of rows) {
    const ctx = await loadUserContext(db, r.id);
    if (ctx) items.push(await toUserJson(db, { ...ctx, companyName: company.name }));
  }
  return { items, total, page: q.page, limit: q.limit };
}

/** Sets one of the user's own userData values by its dotted path; 400 for a key that is not a user setting. */
export async function setUserData(db: Db, user: UserRow, featureFlag: string | string[], value: unknown): Promise<UserRow['userData']> {
  const path = toPath(featureFlag);
  if (!(USER_DATA_KEYS as readonly string[]).includes(path[0])) {
    throw badRequest(`Invalid featureFlag: ${path[0]} is not a user setting`, { field: 'featureFlag' });
  }
  const userData = setAtPath(user.userData, path, value);
  await db.update(users).set({ userData }).where(eq(users.id, user.id));
  return userData;
}

/** Changes a user of the company: oneself, or anyone for an admin; only admins change roles and groups. */
export async function updateUser(db: Db, auth: Auth, id: number, body: z.output<typeof UserUpdateBody>): Promise<void> {
  const admin = auth.roles.includes('admin');
  if (id !== auth.user.id && !admin) throw forbidden('Only admins can change other users');
  if ((body.roles || body.visibilityGroupIds) && !admin) throw forbidden('Only admins can change roles and groups');
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, auth.companyId)));
  if (!target) throw notFound('User');
  if (body.visibilityGroupIds?.length) {
    const known = await db.select({ id: visibilityGroups.id }).from(visibilityGroups).where(eq(visibilityGroups.companyId, auth.companyId));
    const ids = new Set(known.map((g) => g.id));
    const unknown = body.visibilityGroupIds.filter((g) => !ids.has(g));
    if (unknown.length) throw badRequest(`Invalid visibilityGroupIds: unknown group ${unknown[0]}`);
  }
  await db.transaction(async (tx) => {
    const { roles, visibilityGroupIds, ...fields } = body;
    if (Object.keys(fields).length) await tx.update(users).set(fields).where(eq(users.id, id));
    if (roles) {
      await tx.delete(userRoles).where(eq(userRoles.userId, id));
      if (roles.length) await tx.insert(userRoles).values([...new Set(roles)].map((role) => ({ companyId: auth.companyId, userId: id, role })));
    }
    if (visibilityGroupIds) await setUserGroups(tx as unknown as Db, auth.companyId, id, visibilityGroupIds);
  });
}

export async function setUserGroups(db: Db, companyId: number, userId: number, groupIds: number[]) {
  await db.delete(visibilityGroupMembers).where(eq(visibilityGroupMembers.userId, userId));
  if (groupIds.length) {
    await db
      .insert(visibilityGroupMembers)
      .values(groupIds.map((visibilityGroupId) => ({ companyId, userId, visibilityGroupId })));
  }
}
