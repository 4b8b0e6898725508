// Who is asking: the session or API token, user, roles, visibility groups and company of a request.
// Loaded once per request from the session cookie, or from `Authorization: Bearer` on /api (a personal API token,
// which then stands for its owner on the routes its scopes allow); every service scopes its queries by auth.companyId.
import { eq, inArray, sql } from 'drizzle-orm';
import type { NextFunction, Request, Response } from 'express';
import type { Role } from '../../contracts/account.ts';
import type { Db } from '../../db/client.ts';
import { apiTokens, companies, sessions, users } from '../../db/schema.ts';
import { apiError, unauthorized } from '../errors.ts';
import { actorIndifferent } from '../notifications/actor.ts';
import { SESSION_COOKIE, destroySession, isExpired, sessionIdOf, tokenDigest, touchSession, type SessionRow, type SessionTimeouts } from './sessions.ts';
import { SURVEY_PUBLIC_PREFIX } from '../surveys/constants.ts';
import { checkTokenAccess, limitToken, recordTokenUse, type ApiTokenRow } from './tokenAccess.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export type Auth = {
  /** The browser session; null when an API token is asking. */
  session: SessionRow | null;
  /** The API token asking, when one is. */
  apiToken: ApiTokenRow | null;
  user: UserRow;
  roles: Role[];
  visibilityGroupIds: number[];
  company: CompanyRow;
  companyId: number;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: Auth;
    }
  }
}

/** Who is asking from a signed-in browser. */
export type SessionAuth = Auth & { session: SessionRow };

/** The staff member impersonating the user of this session, if one is (never through a token). */
export const impersonatorOf = (a: Pick<Auth, 'session'>): number | null => a.session?.impersonatorUserId ?? null;

export const isAdmin = (a: Pick<Auth, 'roles'>) => a.roles.includes('admin');
/** An admin counts as a curator (part 1 §6). */
export const isCurator = (a: Pick<Auth, 'roles'>) => a.roles.includes('admin') || a.roles.includes('curator');

const userContextColumns = {
  user: users,
  company: companies,
  roles: sql<Role[]>`coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = ${users.id}), '{}')`,
  groups: sql<number[]>`coalesce((SELECT array_agg(g.visibility_group_id ORDER BY g.visibility_group_id)
    FROM visibility_group_members g WHERE g.user_id = ${users.id}), '{}')`,
};
type UserContextRow = { user: UserRow; company: CompanyRow; roles: Role[]; groups: number[] };
const toContext = (row: UserContextRow) => ({ user: row.user, company: row.company, roles: row.roles, visibilityGroupIds: row.groups });

/** The user with company, roles and visibility groups, in one round trip. */
export async function loadUserContext(db: Db, userId: number) {
  const [row] = await loadUserContexts(db, [userId]);
  return row ?? null;
}

/**
 * Who a user is when they act through another tool, with no session or token of ours (a Slack command, a Teams
 * message): null when the user is gone, deactivated, or not of `companyId`.
 */
export async function loadActingUser(db: Db, userId: number, companyId: number): Promise<Auth | null> {
  const ctx = await loadUserContext(db, userId);
  if (!ctx || ctx.user.deactivatedAt || ctx.user.companyId !== companyId) return null;
  return { session: null, apiToken: null, ...ctx, companyId };
}

/** Several users with their contexts in one round trip, in the order of `userIds` (unknown ids left out). */
export async function loadUserContexts(db: Db, userIds: number[]) {
  if (!userIds.length) return [];
  const rows = await db.select(userContextColumns).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(inArray(users.id, userIds));
  const byId = new Map(rows.map((r) => [r.user.id, toContext(r)]));
  return userIds.flatMap((id) => byId.get(id) ?? []);
}

// The session query is built once per database and runs as a named prepared statement: every
// authenticated call pays it, and building a three-table drizzle select per request cost more
// than running it.
const authQueries = new WeakMap<Db, ReturnType<typeof prepareAuthQuery>>();
function prepareAuthQuery(db: Db) {
  return db
    .select({ session: sessions, ...userContextColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('load_auth');
}

/**
 * A cookie's live session with its user context, in one round trip. An expired session, or one left
 * over from a user since deactivated (deactivation deletes them, this guards a race with it), is
 * removed and gives null.
 */
async function loadAuth(db: Db, timeouts: SessionTimeouts, token: string | undefined) {
  const id = sessionIdOf(token);
  if (!id) return null;
  let query = authQueries.get(db);
  if (!query) authQueries.set(db, (query = prepareAuthQuery(db)));
  const [row] = await query.execute({ id });
  if (!row) return null;
  if (row.user.deactivatedAt || isExpired(row.session, timeouts, Date.now())) {
    await destroySession(db, id);
    return null;
  }
  return { session: row.session, ...toContext(row) };
}

const tokenQueries = new WeakMap<Db, ReturnType<typeof prepareTokenQuery>>();
function prepareTokenQuery(db: Db) {
  return db
    .select({ token: apiTokens, ...userContextColumns })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
    .prepare('load_token_auth');
}

/**
 * A bearer token's owner with their context, checked on every request so a revoked or expired token, or one
 * whose owner was deactivated, is refused at once (401). The route must let tokens of its scopes through.
 */
async function loadTokenAuth(db: Db, raw: string, req: Request): Promise<Omit<Auth, 'companyId'>> {
  let query = tokenQueries.get(db);
  if (!query) tokenQueries.set(db, (query = prepareTokenQuery(db)));
  const [row] = raw.length <= 200 ? await query.execute({ hash: tokenDigest(raw) }) : [];
  if (!row || row.token.revokedAt || row.token.expiresAt.getTime() <= Date.now() || row.user.deactivatedAt) throw apiError('token_invalid');
  checkTokenAccess(row.token.scopes, req.method, req.path);
  limitToken(row.token);
  await recordTokenUse(db, row.token, req.ip);
  return { session: null, apiToken: row.token, ...toContext(row) };
}

/** The token of `Authorization: Bearer <token>` on an /api call (other paths, such as SCIM, read their own). */
function bearerOf(req: Request): string | null {
  if (!req.path.startsWith('/api/')) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match ? match[1] : null;
}

/**
 * Loads the session from its cookie, or the API token from the Authorization header (which then wins: a call
 * with a token is the token's, whatever cookie the client also holds). Activity extends the idle timeout, except for calls that only
 * poll (the notification counts), which must not keep an abandoned tab signed in.
 */
export function authLoader(db: Db, timeouts: SessionTimeouts) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    // A survey contact's page: its token is the credential, and a session its browser may hold must not count.
    if (req.path.startsWith(SURVEY_PUBLIC_PREFIX)) return next();
    try {
      await actorIndifferent(async () => {
        const bearer = bearerOf(req);
        if (bearer) {
          const auth = await loadTokenAuth(db, bearer, req);
          req.auth = { ...auth, companyId: auth.user.companyId };
          return;
        }
        const auth = await loadAuth(db, timeouts, req.cookies?.[SESSION_COOKIE]);
        if (auth) {
          req.auth = { ...auth, apiToken: null, companyId: auth.user.companyId };
          if (!isPollOnly(req)) await touchSession(db, auth.session);
        }
      });
      next();
    } catch (err) {
      next(err);
    }
  };
}

const isPollOnly = (req: Request) => req.method === 'GET' && req.path === '/api/notifications/counts.json';

export function requireAuth(req: Request): Auth {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** A signed-in browser session (the routes contracts/apiRoutes.ts marks `session` never see a token). */
export function requireSession(req: Request): SessionAuth {
  const auth = requireAuth(req);
  if (!auth.session) throw apiError('token_session_only');
  return auth as SessionAuth;
}

export function requireCurator(req: Request): Auth {
  const auth = requireAuth(req);
  if (!isCurator(auth)) throw apiError('curators_only');
  return auth;
}

export function requireAdmin(req: Request): Auth {
  const auth = requireAuth(req);
  if (!isAdmin(auth)) throw apiError('admins_only');
  return auth;
}

/** Every non-GET /api call of a session must carry its CSRF token in X-CSRF-Token; a token is no cookie, so needs none. */
export function csrfGuard(req: Request, _res: Response, next: NextFunction) {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || !req.auth?.session) return next();
  const token = req.get('x-csrf-token');
  if (!token || token !== req.auth.session.csrfToken) return next(apiError('csrf_invalid'));
  next();
}
