// The company's SCIM token: made, rotated and revoked by admins, presented by the identity provider. Only its SHA-256
// is stored, as for sessions; the secret is shown once, when made. Rotating replaces the row, so the old token stops
// working the moment the new one is shown.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SCIM_BASE_PATH, SCIM_TOKEN_PREFIX, SCIM_TOKEN_SHOWN_CHARS, type ScimTokenCreated, type ScimTokenState } from '../../contracts/scim.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { scimTokens } from '../../db/schema.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import type { Auth } from '../auth/context.ts';
import { tokenDigest } from '../auth/sessions.ts';

/** Last use is written at most this often, so a busy provisioning run is not a write per call. */
const LAST_USED_EVERY_MS = 60_000;

export const scimBaseUrl = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}${SCIM_BASE_PATH}`;

export async function scimTokenState(db: Db, companyId: number, appUrl: string): Promise<ScimTokenState> {
  const [row] = await rowsOf<{ prefix: string; createdAt: Date; createdBy: string | null; lastUsedAt: Date | null }>(
    db,
    sql`SELECT t.prefix, t.created_at AS "createdAt", u.name AS "createdBy", t.last_used_at AS "lastUsedAt"
        FROM scim_tokens t LEFT JOIN users u ON u.id = t.created_by WHERE t.company_id = ${companyId}`,
  );
  return {
    baseUrl: scimBaseUrl(appUrl),
    token: row
      ? { prefix: row.prefix, createdBy: row.createdBy, createdAt: new Date(row.createdAt).toISOString(), lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null }
      : null,
  };
}

/** Makes the company's token, replacing any it had. */
export async function rotateScimToken(db: Db, auth: Auth, appUrl: string): Promise<ScimTokenCreated> {
  const secret = `${SCIM_TOKEN_PREFIX}${crypto.randomBytes(30).toString('base64url')}`;
  const values = { tokenDigest: tokenDigest(secret), prefix: secret.slice(0, SCIM_TOKEN_SHOWN_CHARS), createdBy: auth.user.id, createdAt: new Date(), lastUsedAt: null };
  await db.transaction(async (tx) => {
    const replaced = await tx.delete(scimTokens).where(eq(scimTokens.companyId, auth.companyId)).returning({ prefix: scimTokens.prefix });
    await tx.insert(scimTokens).values({ companyId: auth.companyId, ...values });
    await recordAudit(tx, actorOf(auth), {
      action: replaced.length ? 'scimToken.rotate' : 'scimToken.create',
      targetType: 'company',
      targetId: auth.companyId,
      summary: replaced.length ? `Replaced the SCIM token ${replaced[0].prefix}… with ${values.prefix}…` : `Created the SCIM token ${values.prefix}…`,
    });
  });
  return { secret, state: await scimTokenState(db, auth.companyId, appUrl) };
}

export async function revokeScimToken(db: Db, auth: Auth): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(scimTokens).where(eq(scimTokens.companyId, auth.companyId)).returning({ prefix: scimTokens.prefix });
    if (gone) await recordAudit(tx, actorOf(auth), { action: 'scimToken.revoke', targetType: 'company', targetId: auth.companyId, summary: `Revoked the SCIM token ${gone.prefix}…` });
  });
}

/** The company whose token `secret` is (recording its use), or null for a token that is not, or no longer, one. */
export async function companyOfScimToken(db: Db, secret: string): Promise<{ companyId: number; digest: string } | null> {
  if (!secret.startsWith(SCIM_TOKEN_PREFIX) || secret.length > 200) return null;
  const digest = tokenDigest(secret);
  const [row] = await db.select({ companyId: scimTokens.companyId, lastUsedAt: scimTokens.lastUsedAt }).from(scimTokens).where(eq(scimTokens.tokenDigest, digest));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db.update(scimTokens).set({ lastUsedAt: new Date() }).where(eq(scimTokens.tokenDigest, digest));
  }
  return { companyId: row.companyId, digest };
}
