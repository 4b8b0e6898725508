// Personal API tokens (issue #53): made by their owner, answered once, kept as a SHA-256 with a visible prefix,
// revoked by their owner or an admin of the company. Making and revoking one is audited (its first use is too:
// auth/tokenAccess.ts).
import { and, desc, eq, isNull } from 'drizzle-orm';
import { TOKEN_PREFIX, type ApiToken, type ApiTokenBody, type ApiTokenCreated, type ApiTokenList } from '../../contracts/apiTokens.ts';
import type { Db } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import { isAdmin, type Auth } from '../auth/context.ts';
import { randomToken, tokenDigest } from '../auth/sessions.ts';
import type { ApiTokenRow } from '../auth/tokenAccess.ts';
import { apiError } from '../errors.ts';

const DAY_MS = 86_400_000;
/** How much of a token is kept in clear to recognise it by: the fixed prefix and six characters of the secret. */
const SHOWN_LENGTH = TOKEN_PREFIX.length + 6;

const toJson = (t: ApiTokenRow, owner?: { id: number; name: string; email: string }): ApiToken => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  prefix: t.prefix,
  createdAt: t.createdAt.toISOString(),
  expiresAt: t.expiresAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: t.lastUsedIp,
  revokedAt: t.revokedAt?.toISOString() ?? null,
  ...(owner ? { owner } : {}),
});

export async function createApiToken(db: Db, auth: Auth, body: ApiTokenBody): Promise<ApiTokenCreated> {
  if (body.scopes.includes('admin') && !isAdmin(auth)) throw apiError('token_admin_scope_admins_only');
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        companyId: auth.companyId,
        userId: auth.user.id,
        name: body.name,
        scopes: body.scopes,
        prefix: token.slice(0, SHOWN_LENGTH),
        tokenHash: tokenDigest(token),
        expiresAt: new Date(Date.now() + body.expiresInDays * DAY_MS),
      })
      .returning();
    await recordAudit(tx, actorOf(auth), {
      action: 'apiToken.create',
      targetType: 'apiToken',
      targetId: row.id,
      summary: `Made API token “${row.name}” (${row.prefix}…) with ${row.scopes.join(', ')}, expiring in ${body.expiresInDays} days`,
      detail: { scopes: row.scopes, expiresAt: row.expiresAt.toISOString() },
    });
    return { ...toJson(row), token };
  });
}

export async function listOwnTokens(db: Db, auth: Auth): Promise<ApiTokenList> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, auth.user.id)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return { tokens: rows.map((r) => toJson(r)) };
}

export async function listCompanyTokens(db: Db, auth: Auth): Promise<ApiTokenList> {
  const rows = await db
    .select({ token: apiTokens, owner: { id: users.id, name: users.name, email: users.email } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.companyId, auth.companyId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return { tokens: rows.map((r) => toJson(r.token, r.owner)) };
}

/** Revokes one of the caller's tokens, or any of the company's for an admin; revoking twice changes nothing. */
export async function revokeApiToken(db: Db, auth: Auth, id: number): Promise<void> {
  const mine = isAdmin(auth) ? eq(apiTokens.companyId, auth.companyId) : eq(apiTokens.userId, auth.user.id);
  const [found] = await db.select().from(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.companyId, auth.companyId), mine));
  if (!found) throw apiError('api_token_not_found');
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedBy: auth.user.id })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning();
    if (!revoked) return;
    await recordAudit(tx, actorOf(auth), {
      action: 'apiToken.revoke',
      targetType: 'apiToken',
      targetId: id,
      summary: `Revoked API token “${revoked.name}” (${revoked.prefix}…)${revoked.userId === auth.user.id ? '' : ' of another person'}`,
    });
  });
}
