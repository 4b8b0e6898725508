// Sessions stored in PostgreSQL. The cookie carries a random token; the table keeps only its SHA-256,
// so a database leak does not leak live sessions. Idle and absolute timeouts are enforced on every load.
import crypto from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../server-shared/config.ts';
import { pendingSignIns, sessions } from '../../db/schema.ts';

export const SESSION_COOKIE = 'rs_session';
/** Activity is written at most this often, so reads do not turn into a write per request. */
const TOUCH_EVERY_MS = 15_000;

export type SessionTimeouts = { idleMs: number; absoluteMs: number };

export function sessionTimeouts(config: Pick<Config, 'SESSION_IDLE_TIMEOUT_MINUTES' | 'SESSION_ABSOLUTE_TIMEOUT_HOURS'>): SessionTimeouts {
  return {
    idleMs: config.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
  };
}
export type SessionRow = typeof sessions.$inferSelect;

/** What is stored of a secret token (sessions, invitations): its SHA-256. */
export const tokenDigest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

export async function createSession(
  db: Db,
  t: SessionTimeouts,
  s: { userId: number; companyId: number; impersonatorUserId?: number | null; twoFactorEnrollment?: boolean; ip?: string; userAgent?: string },
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken();
  const now = Date.now();
  const [session] = await db
    .insert(sessions)
    .values({
      id: tokenDigest(token),
      userId: s.userId,
      companyId: s.companyId,
      impersonatorUserId: s.impersonatorUserId ?? null,
      twoFactorEnrollment: s.twoFactorEnrollment ?? false,
      csrfToken: randomToken(),
      lastActiveAt: new Date(now),
      absoluteExpiresAt: new Date(now + t.absoluteMs),
      ip: s.ip,
      userAgent: s.userAgent?.slice(0, 500),
    })
    .returning();
  return { token, session };
}

/** The stored id of a cookie token, or null when the cookie cannot be one. */
export function sessionIdOf(token: string | undefined): string | null {
  return token && token.length <= 100 ? tokenDigest(token) : null;
}

export function isExpired(s: SessionRow, t: SessionTimeouts, now: number): boolean {
  return now >= s.absoluteExpiresAt.getTime() || now >= s.lastActiveAt.getTime() + t.idleMs;
}

export function timeoutsOf(s: SessionRow, t: SessionTimeouts) {
  return {
    sessionIdleTimeoutAt: new Date(Math.min(s.lastActiveAt.getTime() + t.idleMs, s.absoluteExpiresAt.getTime())),
    sessionAbsoluteTimeoutAt: s.absoluteExpiresAt,
  };
}

/** Records activity, which extends the idle timeout. */
export async function touchSession(db: Db, s: SessionRow): Promise<void> {
  const now = Date.now();
  if (now - s.lastActiveAt.getTime() < TOUCH_EVERY_MS) return;
  s.lastActiveAt = new Date(now);
  await db.update(sessions).set({ lastActiveAt: s.lastActiveAt }).where(eq(sessions.id, s.id));
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/**
 * Ends every session of a user at once (but `keep`, the caller's own), and sign-ins waiting for their second step:
 * the rows go, so every server process refuses them on the next request. How many sessions ended.
 */
export async function endUserSessions(db: Pick<Db, 'delete'>, userId: number, keep?: string): Promise<number> {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
  const gone = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return gone.length;
}

/** Deletes the sessions past either timeout; how many went. */
export async function purgeExpiredSessions(db: Db, t: SessionTimeouts): Promise<number> {
  const now = Date.now();
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.absoluteExpiresAt, new Date(now)), lt(sessions.lastActiveAt, new Date(now - t.idleMs))))
    .returning({ id: sessions.id });
  return gone.length;
}

/**
 * Purges expired sessions now and then every `everyMs` (an expired session is refused at load anyway;
 * this keeps the table from growing with abandoned ones). Returns the stop function.
 */
export function schedulePurge(db: Db, t: SessionTimeouts, everyMs: number, logger?: Logger): () => void {
  const purge = () =>
    purgeExpiredSessions(db, t).then(
      (n) => n && logger?.info({ sessions: n }, 'expired sessions purged'),
      (err) => logger?.warn({ err }, 'purging expired sessions failed'),
    );
  void purge();
  const timer = setInterval(() => void purge(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}


/** Sets the session cookie of a signed-in browser (password, invitation, impersonation and single sign-on alike). */
export function setSessionCookie(req: Request, res: Response, t: SessionTimeouts, token: string): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: t.absoluteMs });
}
