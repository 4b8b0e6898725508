// The company's Salesforce connection (contracts/deals.ts CrmConnection): the admin's settings with the client secret
// sealed, the OAuth 2.0 web-server flow that stores the tokens sealed, and disconnecting. The state of a connect travels
// sealed in the authorize URL (bound to the admin and company, expiring) and its nonce in a cookie of the admin's
// browser that the callback takes: a state works once, in the browser that started it.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { CrmConnection, CrmConnectionBody } from '../../../contracts/deals.ts';
import type { Db, Exec } from '../../../db/client.ts';
import { crmConnections } from '../../../db/schema.ts';
import type { SecretBox } from '../../../server-shared/secretBox.ts';
import { actorOf, recordAudit } from '../../audit/service.ts';
import type { Auth } from '../../auth/context.ts';
import { apiError, fieldError } from '../../errors.ts';
import { checkReach, connectionOf, failureText, oauth2Of, type Reach } from './client.ts';
import { SALESFORCE } from './constants.ts';

export type SalesforceDeps = { db: Db; box: SecretBox; reach: Reach; appUrl: string; logger: Logger };
export type ConnectionRow = typeof crmConnections.$inferSelect;

export const CALLBACK_PATH = '/api/integrations/salesforce/callback';
export const STATE_COOKIE = 'rs_sfdc_state';
export const STATE_COOKIE_PATH = '/api/integrations/salesforce/';
const DEFAULT_LOGIN_URL = 'https://login.salesforce.com';

const redirectUri = (appUrl: string) => new URL(CALLBACK_PATH, appUrl).toString();

export async function connectionRow(db: Exec, companyId: number): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(crmConnections).where(eq(crmConnections.companyId, companyId));
  return row ?? null;
}

/** The connection as admins read it: never a secret or token, only whether the client secret is stored. */
export async function readConnection(db: Exec, companyId: number): Promise<CrmConnection> {
  const row = await connectionRow(db, companyId);
  const { rows } = await db.execute(sql`SELECT count(*)::int AS n FROM deals WHERE company_id = ${companyId} AND source = 'salesforce'`);
  const deals = (rows[0] as { n: number }).n;
  if (!row) {
    return {
      state: 'disconnected',
      loginUrl: DEFAULT_LOGIN_URL,
      instanceUrl: null,
      clientId: '',
      hasClientSecret: false,
      connectedAs: null,
      competitorSource: 'opportunityCompetitor',
      competitorField: 'MainCompetitors__c',
      lastSyncAt: null,
      lastSyncCount: 0,
      lastError: null,
      deals,
    };
  }
  return {
    state: row.state,
    loginUrl: row.loginUrl,
    instanceUrl: row.instanceUrl,
    clientId: row.clientId,
    hasClientSecret: Boolean(row.clientSecretSealed),
    connectedAs: row.connectedAs,
    competitorSource: row.competitorSource,
    competitorField: row.competitorField,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastSyncCount: row.lastSyncCount,
    lastError: row.lastError,
    deals,
  };
}

/**
 * Saves the settings. A new login URL or client drops the tokens (they belong to the old org or app) and with them
 * the cursor; the secret is kept when none is given.
 */
export async function saveSettings(deps: SalesforceDeps, auth: Auth, body: CrmConnectionBody): Promise<CrmConnection> {
  const reason = await checkReach(deps.reach, body.loginUrl);
  if (reason) throw fieldError('sfdc_login_url_refused', 'loginUrl', { reason });
  const loginUrl = body.loginUrl.replace(/\/+$/, '');
  const before = await connectionRow(deps.db, auth.companyId);
  if (!body.clientSecret && !before) throw fieldError('sfdc_client_secret_required', 'clientSecret');
  const clientSecretSealed = body.clientSecret ? deps.box.seal(body.clientSecret) : before!.clientSecretSealed;
  const sameApp = before && before.loginUrl === loginUrl && before.clientId === body.clientId;
  const values = {
    loginUrl,
    clientId: body.clientId,
    clientSecretSealed,
    competitorSource: body.competitorSource,
    competitorField: body.competitorField,
    ...(sameApp ? {} : { state: 'disconnected' as const, instanceUrl: null, accessTokenSealed: null, refreshTokenSealed: null, connectedAs: null, cursor: {} }),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(crmConnections)
      .values({ companyId: auth.companyId, ...values })
      .onConflictDoUpdate({ target: crmConnections.companyId, set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, actorOf(auth), {
      action: before ? 'integration.salesforce.update' : 'integration.salesforce.create',
      targetType: 'company',
      targetId: auth.companyId,
      summary: `${auth.user.name} saved the Salesforce settings (${loginUrl})`,
      detail: { loginUrl, clientId: body.clientId, competitorSource: body.competitorSource, secretChanged: Boolean(body.clientSecret) },
    });
  });
  return readConnection(deps.db, auth.companyId);
}

/** Drops the tokens and the cursor; the settings and the synced deals stay. */
export async function disconnect(deps: SalesforceDeps, auth: Auth): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(crmConnections)
      .set({ state: 'disconnected', instanceUrl: null, accessTokenSealed: null, refreshTokenSealed: null, connectedAs: null, cursor: {}, lastError: null, updatedAt: new Date() })
      .where(eq(crmConnections.companyId, auth.companyId))
      .returning({ companyId: crmConnections.companyId });
    if (done.length === 0) throw apiError('sfdc_no_instance');
    await recordAudit(tx, actorOf(auth), {
      action: 'integration.salesforce.disconnect',
      targetType: 'company',
      targetId: auth.companyId,
      summary: `${auth.user.name} disconnected Salesforce`,
    });
  });
}

type ConnectState = { purpose: 'salesforce-connect'; companyId: number; userId: number; nonce: string; expiresAt: number };

/** Salesforce's authorize page for this admin, and the nonce the admin's browser keeps until the callback. */
export async function authorizeUrl(deps: SalesforceDeps, auth: Auth): Promise<{ url: string; nonce: string }> {
  const row = await connectionRow(deps.db, auth.companyId);
  if (!row) throw apiError('sfdc_no_instance');
  const reason = await checkReach(deps.reach, row.loginUrl);
  if (reason) throw fieldError('sfdc_login_url_refused', 'loginUrl', { reason });
  const nonce = crypto.randomBytes(18).toString('base64url');
  const state: ConnectState = { purpose: 'salesforce-connect', companyId: auth.companyId, userId: auth.user.id, nonce, expiresAt: Date.now() + SALESFORCE.stateTtlMs };
  const oauth2 = oauth2Of(deps.reach, { ...settingsOf(deps, row), redirectUri: redirectUri(deps.appUrl) });
  return { url: oauth2.getAuthorizationUrl({ scope: 'api refresh_token', state: deps.box.seal(JSON.stringify(state)) }), nonce };
}

function stateHolds(box: SecretBox, given: unknown, nonce: unknown, auth: Auth): boolean {
  if (typeof given !== 'string' || typeof nonce !== 'string' || !nonce) return false;
  try {
    const s = JSON.parse(box.open(given)) as ConnectState;
    const sameNonce = s.nonce.length === nonce.length && crypto.timingSafeEqual(Buffer.from(s.nonce), Buffer.from(nonce));
    return s.purpose === 'salesforce-connect' && s.companyId === auth.companyId && s.userId === auth.user.id && s.expiresAt > Date.now() && sameNonce;
  } catch {
    return false;
  }
}

const settingsOf = (deps: SalesforceDeps, row: ConnectionRow) => ({ loginUrl: row.loginUrl, clientId: row.clientId, clientSecret: deps.box.open(row.clientSecretSealed) });

const backTo = (outcome: 'connected' | 'error', reason?: string) =>
  `/integrations?salesforce=${outcome}${reason ? `&reason=${encodeURIComponent(reason)}` : ''}`;

/**
 * The callback: checks the state against the admin's session and browser, exchanges the code on the login URL,
 * stores the tokens sealed and the instance URL, reads who connected; answers where the browser goes next.
 */
export async function finishConnect(deps: SalesforceDeps, auth: Auth, query: Record<string, unknown>, nonce: unknown): Promise<string> {
  if (!auth.roles.includes('admin') || !stateHolds(deps.box, query.state, nonce, auth)) return backTo('error', 'state_invalid');
  if (typeof query.error === 'string' || typeof query.code !== 'string' || !query.code) return backTo('error', typeof query.error === 'string' ? query.error : 'access_denied');
  const row = await connectionRow(deps.db, auth.companyId);
  if (!row) return backTo('error', 'no_settings');
  try {
    if (await checkReach(deps.reach, row.loginUrl)) return backTo('error', 'login_url_refused');
    const oauth2 = oauth2Of(deps.reach, { ...settingsOf(deps, row), redirectUri: redirectUri(deps.appUrl) });
    const tokens = await oauth2.requestToken(query.code);
    if (!tokens.refresh_token) return backTo('error', 'no_refresh_token');
    if (await checkReach(deps.reach, tokens.instance_url)) return backTo('error', 'instance_url_refused');
    const conn = connectionOf(deps.reach, oauth2, { instanceUrl: tokens.instance_url, accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
    conn.userInfo = { id: tokens.id.split('/').pop()!, organizationId: tokens.id.split('/').slice(-2)[0], url: tokens.id };
    const who = await conn.identity();
    await deps.db.transaction(async (tx) => {
      await tx
        .update(crmConnections)
        .set({
          state: 'connected',
          instanceUrl: tokens.instance_url,
          accessTokenSealed: deps.box.seal(tokens.access_token),
          refreshTokenSealed: deps.box.seal(tokens.refresh_token!),
          connectedAs: who.username || who.email,
          lastError: null,
          // Another org's cursor would skip its records.
          ...(row.instanceUrl === tokens.instance_url ? {} : { cursor: {} }),
          updatedAt: new Date(),
        })
        .where(eq(crmConnections.companyId, auth.companyId));
      await recordAudit(tx, actorOf(auth), {
        action: 'integration.salesforce.connect',
        targetType: 'company',
        targetId: auth.companyId,
        summary: `${auth.user.name} connected Salesforce as ${who.username}`,
        detail: { instanceUrl: tokens.instance_url, connectedAs: who.username },
      });
    });
    return backTo('connected');
  } catch (err) {
    deps.logger.warn({ companyId: auth.companyId, failure: failureText(err) }, 'salesforce connect failed');
    return backTo('error', 'exchange_failed');
  }
}
