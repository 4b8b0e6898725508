// What an API token may call, and the bookkeeping of its use: the route's access from contracts/apiRoutes.ts
// checked against the token's scopes, a per-token rate limit, and when it was last used and from where.
import { and, eq, isNull } from 'drizzle-orm';
import { API_ROUTES, type RouteAccess } from '../../contracts/apiRoutes.ts';
import { scopesAllow, tokenRequestsPerMinute, type TokenScope } from '../../contracts/apiTokens.ts';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema.ts';
import { recordAudit } from '../audit/service.ts';
import { apiError, tooManyRequests } from '../errors.ts';
import { SlidingWindowLimiter } from './rateLimit.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

type ApiAccess = Exclude<RouteAccess, 'scim'>;
type Matcher = { method: string; pattern: RegExp; params: number; access: ApiAccess };

/** `/api/cards/{id}.json` as a regular expression matching a request path. */
const patternOf = (path: string) =>
  new RegExp(`^${path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);

// The /api routes (SCIM's router reads its own token), literal ones first as the server mounts them
// (`/api/monitors/inbox` before `/api/monitors/{id}`).
const MATCHERS: Matcher[] = API_ROUTES.flatMap((r) =>
  r.access === 'scim' ? [] : [{ method: r.method.toUpperCase(), pattern: patternOf(r.path), params: r.path.split('{').length - 1, access: r.access }],
).sort((a, b) => a.params - b.params);

/** The access of the route a request names, or null when no route matches (the router answers 404). */
export function routeAccess(method: string, path: string): ApiAccess | null {
  const m = method === 'HEAD' ? 'GET' : method;
  return MATCHERS.find((r) => r.method === m && r.pattern.test(path))?.access ?? null;
}

/** Refuses a token a route does not let it through: session-only routes, and routes of a scope it lacks. */
export function checkTokenAccess(scopes: readonly TokenScope[], method: string, path: string): void {
  const access = routeAccess(method, path);
  if (access === null || access === 'public' || access === 'token') return;
  if (access === 'session') throw apiError('token_session_only');
  if (!scopesAllow(scopes, access)) throw apiError('token_scope_missing', { scope: access });
}

/** One limiter per allowance a minute (contracts/apiTokens.ts tokenRequestsPerMinute), each keyed by token. */
const limiters = new Map<number, SlidingWindowLimiter>();

/** Counts a request of the token; 429 with Retry-After once it made more this minute than its scopes allow. */
export function limitToken(token: Pick<ApiTokenRow, 'id' | 'scopes'>): void {
  const perMinute = tokenRequestsPerMinute(token.scopes);
  let limiter = limiters.get(perMinute);
  if (!limiter) limiters.set(perMinute, (limiter = new SlidingWindowLimiter(perMinute, 60_000)));
  const key = String(token.id);
  const wait = limiter.retryAfter(key);
  if (wait > 0) throw tooManyRequests('token_too_many', wait);
  limiter.hit(key);
}

/** Last use is written at most this often, so a busy integration does not write on every call. */
const USE_WRITE_EVERY_MS = 60_000;

/**
 * Records that the token was used, and from where; its first use goes into the audit log (once: the row is
 * claimed by the update that sets last_used_at from null).
 */
export async function recordTokenUse(db: Db, token: ApiTokenRow, ip: string | undefined): Promise<void> {
  const now = new Date();
  // Each request reads the row afresh, so this skips only a write another request made moments ago.
  if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < USE_WRITE_EVERY_MS && token.lastUsedIp === (ip ?? null)) return;
  await db.transaction(async (tx) => {
    const [first] = await tx
      .update(apiTokens)
      .set({ lastUsedAt: now, lastUsedIp: ip ?? null })
      .where(and(eq(apiTokens.id, token.id), isNull(apiTokens.lastUsedAt)))
      .returning({ id: apiTokens.id });
    if (first) {
      await recordAudit(tx, { companyId: token.companyId, userId: token.userId }, {
        action: 'apiToken.firstUse',
        targetType: 'apiToken',
        targetId: token.id,
        summary: `API token “${token.name}” (${token.prefix}…) was used for the first time`,
        detail: { ip: ip ?? null },
      });
      return;
    }
    await tx.update(apiTokens).set({ lastUsedAt: now, lastUsedIp: ip ?? null }).where(eq(apiTokens.id, token.id));
  });
}
