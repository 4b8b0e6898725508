// Single sign-on over SAML 2.0 (issue #53) with a test IdP signing with a fresh key: metadata parsed on save, the SP
// metadata served, SP-initiated and IdP-initiated sign-ins with JIT users and mapped groups, and the refusals a SAML
// SP owes: replayed, unsigned, wrongly signed, altered, expired, wrong-audience, wrong-recipient and signature-wrapped
// responses. Required SSO turns passwords off for everyone but the break-glass admin; a deactivated user stays out.
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoSettings, SsoSettingsBody } from '../../contracts/sso.ts';
import { samlMessageIds, ssoSettings, users } from '../../db/schema.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { samlIdp, type SamlResponseOptions } from '../helpers/samlIdp.ts';

const APP_URL = 'http://app.test';

let t: TestApp;
let idp: Awaited<ReturnType<typeof samlIdp>>;
let admin: Awaited<ReturnType<typeof signIn>>;
let sp: SsoSettings['serviceProvider'];
let acsPath: string;

const body = (over: Partial<SsoSettingsBody> = {}): SsoSettingsBody => ({
  protocol: 'saml',
  saml: { metadataXml: idp.metadata, groupsAttribute: 'memberOf' },
  domains: ['saml.test'],
  groupMappings: [{ providerGroup: 'Admins', role: 'admin' }],
  ...over,
});

const valid = (o: Partial<SamlResponseOptions> = {}): SamlResponseOptions => ({ email: 'sam@saml.test', name: 'Sam Smith', groups: ['Admins'], audience: sp.samlEntityId, recipient: sp.samlAcsUrl, ...o });

const post = (agent: ReturnType<typeof request.agent>, SAMLResponse: string, RelayState?: string) =>
  agent.post(acsPath).type('form').send({ SAMLResponse, ...(RelayState ? { RelayState } : {}) });

function refusalCode(res: request.Response) {
  expect(res.status).toBe(303);
  expect(res.headers.location.startsWith('/account/signin?')).toBe(true);
  return new URL(res.headers.location, APP_URL).searchParams.get('errorCode');
}

beforeAll(async () => {
  t = await testApp({ env: { APP_URL, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  idp = await samlIdp();
  admin = await signIn(t.app, 'admin@demo.test');
  const companyId = await northwindId(t.db);
  acsPath = `/auth/saml/acs/${companyId}`;
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

describe('SAML settings', () => {
  it('refuses metadata without what sign-in needs, by field, and writes nothing', async () => {
    for (const metadataXml of ['<not-xml', idp.metadata.replace(/<md:KeyDescriptor[\s\S]*?<\/md:KeyDescriptor>/, ''), idp.metadata.replace(/HTTP-Redirect/, 'SOAP')]) {
      const res = await admin.put('/api/company/sso', body({ saml: { metadataXml } }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'sso_metadata_invalid', details: [{ field: 'saml.metadataXml' }] });
    }
    expect(await t.db.select().from(ssoSettings)).toEqual([]);
  });

  it('parses the metadata on save and serves our SP metadata', async () => {
    const res = await admin.put('/api/company/sso', body());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ protocol: 'saml', saml: { entityId: idp.entityId, ssoUrl: 'https://idp.example.test/sso', certificateCount: 1, groupsAttribute: 'memberOf' } });
    sp = res.body.serviceProvider;
    const meta = await request(t.app).get(new URL(sp.samlMetadataUrl).pathname);
    expect(meta.status).toBe(200);
    expect(meta.text).toContain(`entityID="${sp.samlEntityId}"`);
    expect(meta.text).toContain(`Location="${sp.samlAcsUrl}"`);
    expect((await request(t.app).get('/auth/saml/metadata/999999')).status).toBe(404);
  });
});

describe('SAML sign-in', () => {
  it('SP-initiated: redirects with an AuthnRequest, and its answer signs a new admin in where RelayState says', async () => {
    const agent = request.agent(t.app);
    const start = await agent.get('/auth/sso/start?email=sam@saml.test&redirectTo=/feed');
    expect(start.status).toBe(302);
    expect(start.headers.location.startsWith('https://idp.example.test/sso?SAMLRequest=')).toBe(true);
    const inResponseTo = idp.requestIdOf(start.headers.location);
    const done = await post(agent, idp.response(valid({ inResponseTo })), '/feed');
    expect(done.status, done.headers.location).toBe(303);
    expect(done.headers.location).toBe('/feed');
    expect((await agent.get('/api/users/me.json')).body).toMatchObject({ email: 'sam@saml.test', name: 'Sam Smith' });
    const [sam] = await t.db.select().from(users).where(eq(users.email, 'sam@saml.test'));
    expect((await t.db.execute(sql`SELECT role FROM user_roles WHERE user_id = ${sam.id}`)).rows).toEqual([{ role: 'admin' }]);
    // The request was answered: the same InResponseTo again is refused.
    expect(refusalCode(await post(request.agent(t.app), idp.response(valid({ inResponseTo })))))
      .toBe('sso_failed');
  });

  it('IdP-initiated: an unsolicited signed response signs in, once', async () => {
    const response = idp.response(valid());
    const agent = request.agent(t.app);
    expect((await post(agent, response)).headers.location).toBe('/');
    expect((await agent.get('/api/users/me.json')).status).toBe(200);
    expect(refusalCode(await post(request.agent(t.app), response))).toBe('sso_replayed');
    const [kept] = await t.db.select().from(samlMessageIds).where(eq(samlMessageIds.kind, 'assertion'));
    expect(kept.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it.each([
    ['unsigned', () => idp.response(valid({ sign: 'none' }))],
    ['signed by another key', () => idp.response(valid({ sign: 'stranger' }))],
    ['altered after signing', () => idp.tampered(valid(), 'mallory@saml.test')],
    ['expired', () => idp.response(valid({ expiresIn: -10 * 60_000 }))],
    ['for another audience', () => idp.response(valid({ audience: 'https://other-sp.example.test' }))],
    ['for another recipient', () => idp.response(valid({ recipient: 'http://app.test/auth/saml/acs/999', destination: sp.samlAcsUrl }))],
    ['sent to another destination', () => idp.response(valid({ destination: 'https://other-sp.example.test/acs' }))],
    ['answering a request we never sent', () => idp.response(valid({ inResponseTo: '_never-sent' }))],
    ['wrapping a signed assertion', () => idp.wrapped(valid(), 'mallory@saml.test')],
  ])('refuses a response %s', async (_what, make) => {
    const agent = request.agent(t.app);
    expect(refusalCode(await post(agent, make()))).toBe('sso_failed');
    expect((await agent.get('/api/users/me.json')).status).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.email, 'mallory@saml.test'))).toEqual([]);
  });

  it('refuses a post for a company without SAML', async () => {
    const res = await request(t.app).post('/auth/saml/acs/999999').type('form').send({ SAMLResponse: idp.response(valid()) });
    expect(refusalCode(res)).toBe('sso_failed');
  });

  it('keeps a deactivated user out', async () => {
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, 'sam@saml.test'));
    expect(refusalCode(await post(request.agent(t.app), idp.response(valid())))).toBe('account_deactivated');
    await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.email, 'sam@saml.test'));
  });
});

describe('required SSO', () => {
  const passwordSignIn = (email: string, password = 'demo-password') => request(t.app).post('/account/signin').send({ email, password });

  it('turns passwords off for everyone but the break-glass admin, without telling who exists', async () => {
    const res = await admin.put('/api/company/sso', body({ domains: ['saml.test', 'demo.test'], requireSso: true, breakGlassUserId: admin.me.id }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const email of ['curator@demo.test', 'seller@demo.test', 'no-such-person@demo.test']) {
      const refused = await passwordSignIn(email);
      expect(refused.status, email).toBe(403);
      expect(refused.body.code).toBe('sso_required');
    }
    expect((await passwordSignIn('curator@demo.test', 'wrong-password')).body.code).toBe('sso_required');
    expect((await passwordSignIn('admin@demo.test')).status).toBe(200);
    expect((await passwordSignIn('admin@demo.test', 'wrong-password')).body.code).toBe('sign_in_failed');
  });

  it('refuses a break-glass account that is not an active admin of the company', async () => {
    const [seller] = await t.db.select().from(users).where(eq(users.email, 'seller@demo.test'));
    const res = await admin.put('/api/company/sso', body({ requireSso: true, breakGlassUserId: seller.id }));
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('breakGlassUserId');
  });
});
