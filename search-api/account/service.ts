// Sign-in and impersonation as data (part 1 §2, §6): checking a user's credentials, starting a session
// for them, changing one's password, the users staff may impersonate, and starting or ending an
// impersonation with its audit row.
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { PasswordChangeBody, Role } from '../../contracts/account.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, impersonationAudit, users } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from '../../server-shared/passwords.ts';
import { recordAudit } from '../audit/service.ts';
import type { SessionAuth } from '../auth/context.ts';
import { createSession, destroySession, endUserSessions, type SessionTimeouts } from '../auth/sessions.ts';
import { apiError, fieldError } from '../errors.ts';
import { containsPattern } from '../http/params.ts';
import { IMPERSONATION_LIST_LIMIT } from './constants.ts';

type Client = { ip?: string; userAgent?: string };

/** The user whose email (case-insensitive) and password these are, or null. */
export async function checkCredentials(db: Db, email: string, password: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  return user && (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/**
 * Changes the signed-in user's password: the current one must be given, and every other session of the
 * user ends (a stolen session does not outlive the change); this one stays. Not while impersonating.
 * Answers false when the current password is wrong, so the caller can count the failure.
 */
export async function changePassword(db: Db, auth: SessionAuth, body: z.output<typeof PasswordChangeBody>): Promise<{ endedSessions: number } | false> {
  if (auth.session.impersonatorUserId) throw apiError('password_while_impersonating');
  if (!(await verifyPassword(auth.user.passwordHash, body.currentPassword))) return false;
  if (body.newPassword === body.currentPassword) {
    throw fieldError('password_unchanged', 'newPassword');
  }
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, auth.user.id));
    const endedSessions = await endUserSessions(tx, auth.user.id, auth.session.id);
    await recordAudit(tx, { companyId: auth.companyId, userId: auth.user.id }, {
      action: 'user.password',
      targetType: 'user',
      targetId: auth.user.id,
      summary: `${auth.user.name} changed their password`,
      detail: { endedSessions },
    });
    return { endedSessions };
  });
}

/**
 * A new session for the user (the one presented before, if any, is ended: no fixation); its cookie token. With
 * `twoFactorEnrollment`, the session may only set up two-step verification (twoFactor/guard.ts).
 */
export async function signInAs(
  db: Db,
  t: SessionTimeouts,
  user: { id: number; companyId: number },
  previous: string | undefined,
  client: Client,
  twoFactorEnrollment = false,
) {
  if (previous) await destroySession(db, previous);
  const { token } = await createSession(db, t, { userId: user.id, companyId: user.companyId, twoFactorEnrollment, ...client });
  await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, user.id));
  return token;
}

/** Users of every company whose name, email or company matches, for staff picking whom to impersonate. */
export function impersonationCandidates(db: Db, query: string) {
  const like = containsPattern(query);
  return db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      isStaff: users.isStaff,
      companyName: companies.name,
      roles: sql<Role[]>`coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(or(ilike(users.name, like), ilike(users.email, like), ilike(companies.name, like)))
    .orderBy(asc(companies.name), asc(users.name))
    .limit(IMPERSONATION_LIST_LIMIT);
}

/** Staff becomes the target user: a new session marked with the impersonator, audited; the staff session ends. */
export async function startImpersonation(db: Db, t: SessionTimeouts, staff: SessionAuth, targetId: number, client: Client): Promise<string> {
  const [target] = await db.select().from(users).where(eq(users.id, targetId));
  if (!target) throw apiError('user_not_found');
  if (target.id === staff.user.id) throw apiError('impersonate_self');
  if (target.deactivatedAt) throw apiError('impersonate_deactivated');
  const { token } = await createSession(db, t, { userId: target.id, companyId: target.companyId, impersonatorUserId: staff.user.id, ...client });
  await db.insert(impersonationAudit).values({
    staffUserId: staff.user.id,
    staffCompanyId: staff.companyId,
    targetUserId: target.id,
    targetCompanyId: target.companyId,
    action: 'start',
    ip: client.ip,
  });
  await destroySession(db, staff.session.id);
  return token;
}

/** Back to the staff account that started the impersonation, audited; the impersonated session ends. */
export async function revertImpersonation(db: Db, t: SessionTimeouts, auth: SessionAuth, client: Client): Promise<string> {
  const staffId = auth.session.impersonatorUserId;
  if (!staffId) throw apiError('impersonating_nobody');
  const [staff] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, staffId), eq(users.canImpersonate, true)));
  if (!staff) throw apiError('impersonator_lost');
  await db.insert(impersonationAudit).values({
    staffUserId: staff.id,
    staffCompanyId: staff.companyId,
    targetUserId: auth.user.id,
    targetCompanyId: auth.companyId,
    action: 'revert',
    ip: client.ip,
  });
  await destroySession(db, auth.session.id);
  const { token } = await createSession(db, t, { userId: staff.id, companyId: staff.companyId, ...client });
  return token;
}
