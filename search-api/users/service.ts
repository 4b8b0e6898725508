// Users as the API shows them (part 1 §3), and the key paths a user may write into userData.
import { and, asc, count, eq, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { User } from '../../contracts/account.ts';
import type { Db } from '../../db/client.ts';
import { companies, profiles, userRoles, users, visibilityGroupMembers } from '../../db/schema.ts';
import type { Auth, UserRow } from '../auth/context.ts';
import { loadUserContext } from '../auth/context.ts';
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

export async function setUserGroups(db: Db, companyId: number, userId: number, groupIds: number[]) {
  await db.delete(visibilityGroupMembers).where(eq(visibilityGroupMembers.userId, userId));
  if (groupIds.length) {
    await db
      .insert(visibilityGroupMembers)
      .values(groupIds.map((visibilityGroupId) => ({ companyId, userId, visibilityGroupId })));
  }
}
