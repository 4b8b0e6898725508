// Single sign-on over OpenID Connect (issue #53) against a real provider (oidc-provider on 127.0.0.1): the admin's
// settings (secret never returned, a domain of one company only, bad input refused), routing by domain, the code
// flow with PKCE ending in a session, just-in-time users with mapped role and groups, and refusals: a wrong state, a
// nonce that is not ours, an ID token of another issuer, a reused callback, a deactivated user. A rotated signing key
// is honoured.
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoSettings, SsoSettingsBody } from '../../contracts/sso.ts';
import { auditEvents, ssoSettings, users, visibilityGroups } from '../../db/schema.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { startIssuerImpostor, startOidcProvider } from '../helpers/oidcProvider.ts';

const APP_URL = 'http://app.test';
const CALLBACK = `${APP_URL}/auth/oidc/callback`;

let t: TestApp;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let admin: Awaited<ReturnType<typeof signIn>>;
let companyId: number;
let salesGroupId: number;

const body = (over: Partial<SsoSettingsBody> = {}): SsoSettingsBody => ({
  protocol: 'oidc',
  oidc: { issuer: idp.issuer, clientId: idp.client.client_id, clientSecret: idp.client.client_secret },
  domains: ['sso.test'],
  groupMappings: [
    { providerGroup: 'rs-curators', role: 'curator' },
    { providerGroup: 'rs-sales', visibilityGroupId: salesGroupId },
  ],
  ...over,
});

/** Starts at our app, signs in at the provider as `accountId` and returns the callback URL the provider sent back. */
async function toProvider(agent: ReturnType<typeof request.agent>, email: string, accountId = email, edit = (u: URL) => u) {
  const start = await agent.get(`/auth/sso/start?${new URLSearchParams({ email, redirectTo: '/feed' })}`);
  expect(start.status, JSON.stringify(start.headers)).toBe(302);
  expect(start.headers.location.startsWith(idp.issuer)).toBe(true);
  const callback = await idp.signIn(edit(new URL(start.headers.location)).href, accountId);
  return `${callback.pathname}${callback.search}`;
}

function refusalCode(res: request.Response) {
  expect(res.status).toBe(303);
  return new URL(res.headers.location, APP_URL).searchParams.get('errorCode');
}

beforeAll(async () => {
  t = await testApp({ env: { APP_URL, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  idp = await startOidcProvider(CALLBACK);
  companyId = await northwindId(t.db);
  [{ id: salesGroupId }] = await t.db.select({ id: visibilityGroups.id }).from(visibilityGroups).where(eq(visibilityGroups.name, 'Sales'));
  admin = await signIn(t.app, 'admin@demo.test');
  idp.accounts.set('dana', { email: 'dana@sso.test', name: 'Dana Ruiz', groups: ['rs-curators', 'rs-sales', 'unmapped'] });
  idp.accounts.set('eve', { email: 'eve@sso.test', name: 'Eve Plain', groups: [] });
}, 120_000);

afterAll(async () => {
  await idp?.close();
  await t?.drop();
});

describe('OIDC settings', () => {
  it('starts unconfigured, with the URLs to give the provider; admins only', async () => {
    const res = await admin.get('/api/company/sso');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: false, serviceProvider: { oidcRedirectUrl: CALLBACK, samlAcsUrl: `${APP_URL}/auth/saml/acs/${companyId}` } });
    const seller = await signIn(t.app, 'seller@demo.test');
    expect((await seller.get('/api/company/sso')).status).toBe(403);
    expect((await seller.put('/api/company/sso', body())).status).toBe(403);
  });

  it('refuses bad input by name and writes nothing', async () => {
    const cases: [Partial<SsoSettingsBody>, string][] = [
      [{ domains: [] }, 'domains'],
      [{ domains: ['not a domain'] }, 'domains.0'],
      [{ oidc: undefined }, 'oidc'],
      [{ oidc: { issuer: 'ftp://x', clientId: 'c', clientSecret: 's' } }, 'oidc.issuer'],
      [{ oidc: { issuer: idp.issuer, clientId: 'c' } }, 'oidc.clientSecret'],
      [{ oidc: { issuer: 'http://127.0.0.1:9/none', clientId: 'c', clientSecret: 's' } }, 'oidc.issuer'],
      [{ breakGlassUserId: 999_999 }, 'breakGlassUserId'],
      [{ defaultVisibilityGroupIds: [999_999] }, 'defaultVisibilityGroupIds'],
      [{ groupMappings: [{ providerGroup: 'x' }] }, 'groupMappings.0'],
    ];
    for (const [over, field] of cases) {
      const res = await admin.put('/api/company/sso', body(over));
      expect(res.status, field).toBe(400);
      expect(res.body.details[0].field, JSON.stringify(res.body)).toBe(field);
    }
    expect(await t.db.select().from(ssoSettings)).toEqual([]);
  });

  it('saves, never returns the secret, keeps it when omitted, and audits the change', async () => {
    const res = await admin.put('/api/company/sso', body());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body as SsoSettings;
    expect(saved).toMatchObject({ configured: true, protocol: 'oidc', oidc: { issuer: idp.issuer, clientSecretSet: true }, domains: ['sso.test'] });
    expect(JSON.stringify(saved)).not.toContain(idp.client.client_secret);
    const [row] = await t.db.select().from(ssoSettings);
    expect(row.oidcClientSecret).not.toContain(idp.client.client_secret);
    const again = await admin.put('/api/company/sso', body({ oidc: { issuer: idp.issuer, clientId: idp.client.client_id } }));
    expect(again.status).toBe(200);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'sso.update'));
    expect(audit.length).toBe(2);
    expect(JSON.stringify(audit)).not.toContain(idp.client.client_secret);
  });

  it('gives a domain to one company only (409)', async () => {
    const outsider = await signInOutsider(t);
    const res = await outsider.put('/api/company/sso', body({ domains: ['other.test', 'SSO.test'], groupMappings: [] }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'sso_domain_taken', params: { domain: 'sso.test' } });
  });
});

describe('OIDC sign-in', () => {
  it('tells the sign-in page the method by domain alone', async () => {
    const anon = request(t.app);
    for (const email of ['dana@sso.test', 'nobody-at-all@sso.test']) {
      expect((await anon.post('/api/account/signin_method').send({ email })).body).toEqual({ method: 'sso', url: `/auth/sso/start?email=${encodeURIComponent(email)}` });
    }
    expect((await anon.post('/api/account/signin_method').send({ email: 'seller@demo.test' })).body).toEqual({ method: 'password' });
    expect((await anon.post('/api/account/signin_method').send({ email: 'nope' })).status).toBe(400);
  });

  it('signs a new user in, made just in time with the mapped role and groups, audited', async () => {
    const agent = request.agent(t.app);
    const done = await agent.get(await toProvider(agent, 'dana@sso.test', 'dana'));
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/feed');
    const me = await agent.get('/api/users/me.json');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'dana@sso.test', name: 'Dana Ruiz' });
    const [dana] = await t.db.select().from(users).where(eq(users.email, 'dana@sso.test'));
    expect(dana).toMatchObject({ companyId, passwordHash: null });
    const roles = await t.db.execute(sql`SELECT role FROM user_roles WHERE user_id = ${dana.id}`);
    expect(roles.rows).toEqual([{ role: 'curator' }]);
    const groups = await t.db.execute(sql`SELECT visibility_group_id AS id FROM visibility_group_members WHERE user_id = ${dana.id}`);
    expect(groups.rows).toEqual([{ id: salesGroupId }]);
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.sso_create'));
    expect(audit).toMatchObject({ companyId, targetId: dana.id });
  });

  it('gives the default role when no mapping matches, and signs an existing user in again', async () => {
    const agent = request.agent(t.app);
    expect((await agent.get(await toProvider(agent, 'eve@sso.test', 'eve'))).headers.location).toBe('/feed');
    const [eve] = await t.db.select().from(users).where(eq(users.email, 'eve@sso.test'));
    expect((await t.db.execute(sql`SELECT 1 FROM user_roles WHERE user_id = ${eve.id}`)).rows).toEqual([]);
    const second = request.agent(t.app);
    await second.get(await toProvider(second, 'eve@sso.test', 'eve'));
    expect((await second.get('/api/users/me.json')).body.id).toBe(eve.id);
    expect((await t.db.select().from(users).where(eq(users.email, 'eve@sso.test'))).length).toBe(1);
  });

  it('refuses a wrong state, and a callback used twice', async () => {
    const agent = request.agent(t.app);
    const callback = await toProvider(agent, 'eve@sso.test', 'eve');
    expect(refusalCode(await agent.get(callback.replace(/state=[^&]+/, 'state=forged')))).toBe('sso_failed');
    expect(refusalCode(await agent.get(callback))).toBe('sso_state_invalid');
    expect((await agent.get('/api/users/me.json')).status).toBe(401);
  });

  it('refuses an ID token whose nonce is not the one this browser was given', async () => {
    const agent = request.agent(t.app);
    const callback = await toProvider(agent, 'eve@sso.test', 'eve', (u) => (u.searchParams.set('nonce', 'someone-elses-nonce'), u));
    expect(refusalCode(await agent.get(callback))).toBe('sso_failed');
    expect((await agent.get('/api/users/me.json')).status).toBe(401);
  });

  it('refuses an ID token from another issuer than the configured one', async () => {
    const impostor = await startIssuerImpostor(idp.issuer);
    try {
      expect((await admin.put('/api/company/sso', body({ oidc: { issuer: impostor.issuer, clientId: idp.client.client_id } }))).status).toBe(200);
      const agent = request.agent(t.app);
      // The browser's callback without the provider's iss parameter, so the ID token's own iss is what is checked.
      const callback = await toProvider(agent, 'eve@sso.test', 'eve');
      expect(refusalCode(await agent.get(callback.replace(/&?iss=[^&]+/, '')))).toBe('sso_failed');
      expect((await agent.get('/api/users/me.json')).status).toBe(401);
    } finally {
      await admin.put('/api/company/sso', body({ oidc: { issuer: idp.issuer, clientId: idp.client.client_id } }));
      await impostor.close();
    }
  });

  it('honours a rotated signing key', async () => {
    idp.rotateKeys();
    const agent = request.agent(t.app);
    expect((await agent.get(await toProvider(agent, 'eve@sso.test', 'eve'))).headers.location).toBe('/feed');
    expect((await agent.get('/api/users/me.json')).status).toBe(200);
  });

  it('keeps a deactivated user out', async () => {
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, 'eve@sso.test'));
    const agent = request.agent(t.app);
    expect(refusalCode(await agent.get(await toProvider(agent, 'eve@sso.test', 'eve')))).toBe('account_deactivated');
  });

  it('turns off: the domain goes back to passwords', async () => {
    expect((await admin.delete('/api/company/sso')).status).toBe(204);
    expect((await request(t.app).post('/api/account/signin_method').send({ email: 'dana@sso.test' })).body).toEqual({ method: 'password' });
    expect((await admin.get('/api/company/sso')).body.configured).toBe(false);
  });
});
