// Password reset by email: a request makes a single-use link (only the SHA-256 of its token is stored, as for
// sessions and invitations) valid for an hour, replacing any link the user had; following it sets a new password
// and ends every session of the user, so whoever knew the old password is signed out too.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResetPath } from '../../contracts/account.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import type { Config } from '../../server-shared/config.ts';
import { hashPassword } from '../../server-shared/passwords.ts';
import { PASSWORD_RESET_TTL_MS } from '../account/constants.ts';
import { recordAudit } from '../audit/service.ts';
import { endUserSessions, randomToken, tokenDigest } from '../auth/sessions.ts';
import { apiError } from '../errors.ts';
import type { MailMessage } from '../mail/transport.ts';
import { renderPasswordResetMail } from './mail.ts';

/** Makes a reset link for the active account of `email` and answers its mail, or null when there is no such account. */
export async function issuePasswordReset(db: Db, config: Pick<Config, 'APP_URL'>, email: string): Promise<MailMessage | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deactivatedAt)));
  if (!user) return null;
  const token = randomToken();
  const tokenHash = tokenDigest(token);
  await db.transaction(async (tx) => {
    // A newer request replaces the links not yet used; used ones stay, so reusing one says "used".
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId: user.id, tokenHash, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) });
  });
  const url = `${config.APP_URL.replace(/\/+$/, '')}${passwordResetPath(token)}`;
  return renderPasswordResetMail({ to: user.email, name: user.name, url, language: user.language });
}

/**
 * Sets the password of the link's user and ends all their sessions, in one transaction with the link marked
 * used (its row is locked first, so a link works once however fast it is posted twice). 404 for a link never
 * issued, replaced, or of a deactivated account; 410 for an expired or used one.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  if (token.length > 100) throw apiError('password_reset_unknown');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passwordResets.id, expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt, user: users })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(passwordResets.tokenHash, tokenDigest(token)))
      .for('update', { of: passwordResets });
    if (!row || row.user.deactivatedAt) throw apiError('password_reset_unknown');
    if (row.usedAt) throw apiError('password_reset_used', undefined, { reason: 'used' });
    if (row.expiresAt.getTime() <= Date.now()) throw apiError('password_reset_expired', undefined, { reason: 'expired' });
    const passwordHash = await hashPassword(password);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.user.id));
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, row.id));
    const endedSessions = await endUserSessions(tx, row.user.id);
    await recordAudit(tx, { companyId: row.user.companyId, userId: row.user.id }, {
      action: 'user.password_reset',
      targetType: 'user',
      targetId: row.user.id,
      summary: `${row.user.name} reset their password by email`,
      detail: { endedSessions },
    });
  });
}
