// Users as the API shows them (part 1 §3) and listed (part 1 §7), and the key paths a user may write
// into userData. Changes to users (roles, groups, deactivation) are in changes.ts.
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { User, UserPage, UsersQuery } from '../../contracts/account.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { profiles, userRoles, users } from '../../db/schema.ts';
import type { Auth, UserRow } from '../auth/context.ts';
import { loadUserContext, loadUserContexts } from '../auth/context.ts';
import { apiError } from '../errors.ts';
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
  // The unified search box's mode the user picked (web/src/search/unifiedSearchModel.ts).
  'unifiedSearchMode',
  // The newest release note's day when the user last opened What's new (web/src/whatsNew/seen.ts).
  'whatsNewSeen',
] as const;

export async function toUserJson(
  db: Db,
  ctx: { user: UserRow; roles: Auth['roles']; visibilityGroupIds: number[]; companyName: string },
  extra: { csrfToken?: string; isImpersonating?: boolean; twoFactorEnrollment?: boolean } = {},
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
    ...(extra.twoFactorEnrollment ? { twoFactorEnrollment: true } : {}),
    curatingRivals: user.curatingRivalIds,
    curatingProfiles,
    visibilityGroupId: ctx.visibilityGroupIds[0] ?? null,
    visibilityGroupIds: ctx.visibilityGroupIds,
    emailDigest: user.emailDigest,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
    companyName: ctx.companyName,
    userData: user.userData,
  };
}

/** A user as a colleague reads them: userData (what they viewed, starred, rated) is for themselves only. */
const asSeenBy = (json: User, viewerId: number): User => (json.id === viewerId ? json : { ...json, userData: {} });

export async function userJsonById(db: Db, companyId: number, id: number, viewerId: number): Promise<User | null> {
  const ctx = await loadUserContext(db, id);
  if (!ctx || ctx.user.companyId !== companyId) return null;
  return asSeenBy(await toUserJson(db, { ...ctx, companyName: ctx.company.name }), viewerId);
}

/** The company's users by role, state and text, a page at a time, by name. */
export async function listUsers(db: Db, companyId: number, viewerId: number, q: z.output<typeof UsersQuery>): Promise<UserPage> {
  const hasRole = (roles: ('admin' | 'curator')[]) =>
    sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.role, roles)})`;
  const filters: SQL[] = [eq(users.companyId, companyId)];
  if (q.typeFilter === 'admins') filters.push(hasRole(['admin']));
  if (q.typeFilter === 'curators') filters.push(hasRole(['admin', 'curator']));
  if (q.typeFilter === 'consumers') {
    filters.push(notExists(db.select().from(userRoles).where(eq(userRoles.userId, users.id))));
  }
  if (q.status) filters.push(q.status === 'active' ? isNull(users.deactivatedAt) : isNotNull(users.deactivatedAt));
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
  const items: User[] = [];
  for (const ctx of await loadUserContexts(db, rows.map((r) => r.id))) items.push(asSeenBy(await toUserJson(db, { ...ctx, companyName: ctx.company.name }), viewerId));
  return { items, total, page: q.page, limit: q.limit };
}

/** Sets one of the user's own userData values by its dotted path; 400 for a key that is not a user setting. */
export async function setUserData(db: Db, user: UserRow, featureFlag: string | string[], value: unknown): Promise<UserRow['userData']> {
  const path = toPath(featureFlag);
  if (!(USER_DATA_KEYS as readonly string[]).includes(path[0])) {
    throw apiError('user_setting_unknown', { setting: path[0] }, { field: 'featureFlag' });
  }
  // Set on the row as it is now, locked: the user's other writes (a favorite, another setting from a second
  // tab) may have committed since their session was loaded.
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ userData: users.userData }).from(users).where(eq(users.id, user.id)).for('update');
    const userData = setAtPath(row?.userData ?? user.userData, path, value);
    await tx.update(users).set({ userData }).where(eq(users.id, user.id));
    return userData;
  });
}
