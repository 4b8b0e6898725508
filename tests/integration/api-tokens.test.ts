// Personal API tokens (#53): shown once, stored as a hash, scoped, rate-limited, revocable, audited, and standing
// for their owner (roles and visibility) on /api without CSRF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { EXTENSION_TOKEN_REQUESTS_PER_MINUTE, TOKEN_REQUESTS_PER_MINUTE } from '../../contracts/apiTokens.ts';
import { apiTokens, auditEvents, users } from '../../db/schema.ts';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createApp } from '../../search-api/app.ts';
import { tokenDigest } from '../../search-api/auth/sessions.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';

describe('API tokens', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof signIn>>;
  let admin: Awaited<ReturnType<typeof signIn>>;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const make = async (who: typeof seller, body: object) => {
    const res = await who.post('/api/account/tokens', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; token: string; prefix: string };
  };

  beforeAll(async () => {
    t = await testApp({ demo: true, search: true });
    seller = await signIn(t.app, 'seller@demo.test');
    admin = await signIn(t.app, 'admin@demo.test');
  }, 120_000);
  afterAll(() => t?.drop());

  it('answers the token once, keeps only its hash and prefix, and lists it without the secret', async () => {
    const created = await make(seller, { name: 'CRM sync', scopes: ['cards:read'], expiresInDays: 30 });
    expect(created.token).toMatch(/^rsk_[\w-]{40,}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row.tokenHash).toBe(tokenDigest(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const list = await seller.get('/api/account/tokens');
    expect(list.body.tokens[0]).toMatchObject({ id: created.id, name: 'CRM sync', scopes: ['cards:read'], prefix: created.prefix });
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    const expires = Date.parse(list.body.tokens[0].expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(29 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(30 * 86_400_000);
  });

  it('works without a cookie or CSRF token on the routes its scopes allow, and nowhere else', async () => {
    const { token } = await make(seller, { name: 'Reader', scopes: ['cards:read'], expiresInDays: 7 });
    const search = await request(t.app).get('/api/search.json?query=pricing').set(bearer(token));
    expect(search.status).toBe(200);
    expect(search.body.results.length).toBeGreaterThan(0);
    expect((await request(t.app).get('/api/users/me.json').set(bearer(token))).body.email).toBe('seller@demo.test');
    // Intel needs an intel scope; a session-only route refuses every token.
    const intel = await request(t.app).post('/api/alerts.json').set(bearer(token)).send({ item: { alert_type: 'in-app', title: 'Heard on a call', content: 'They discount in Q4' }, rivals: null });
    expect(intel.status).toBe(403);
    expect(intel.body.code).toBe('token_scope_missing');
    const mint = await request(t.app).post('/api/account/tokens').set(bearer(token)).send({ name: 'x', scopes: ['cards:read'], expiresInDays: 7 });
    expect(mint.status).toBe(403);
    expect(mint.body.code).toBe('token_session_only');
  });

  it('submits intel with intel:submit, without a CSRF token, as its owner', async () => {
    const { token } = await make(seller, { name: 'Intel bot', scopes: ['intel:submit'], expiresInDays: 7 });
    const res = await request(t.app).post('/api/alerts.json').set(bearer(token)).send({ item: { alert_type: 'in-app', title: 'Rival cut prices', content: 'They cut list prices by 20% for new logos' }, rivals: null });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The same scope does not read the feed.
    expect((await request(t.app).get('/api/intel/v1').set(bearer(token))).status).toBe(403);
  });

  it('keeps the owner’s role: a seller’s token cannot do a curator’s work, whatever its scopes', async () => {
    const { token } = await make(seller, { name: 'Triage', scopes: ['intel:manage'], expiresInDays: 7 });
    const res = await request(t.app).get('/api/monitors').set(bearer(token));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('curators_only');
    const adminScope = await seller.post('/api/account/tokens', { name: 'Root', scopes: ['admin'], expiresInDays: 7 });
    expect(adminScope.status).toBe(403);
    expect(adminScope.body.code).toBe('token_admin_scope_admins_only');
  });

  it('sees what its owner sees, and nothing of another company', async () => {
    const outsider = await signInOutsider(t);
    const { token } = await make(outsider, { name: 'Other', scopes: ['cards:read'], expiresInDays: 7 });
    const res = await request(t.app).get('/api/search.json?query=pricing').set(bearer(token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual([]);
    const card = await request(t.app).get('/api/cards/1.json').set(bearer(token));
    expect(card.status).toBe(404);
  });

  it('answers 401 at once when revoked, expired, unknown or its owner deactivated', async () => {
    const own = await make(seller, { name: 'Short-lived', scopes: ['cards:read'], expiresInDays: 7 });
    expect((await request(t.app).get('/api/rivals.json').set(bearer(own.token))).status).toBe(200);
    expect((await seller.delete(`/api/account/tokens/${own.id}`)).status).toBe(204);
    const revoked = await request(t.app).get('/api/rivals.json').set(bearer(own.token));
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('token_invalid');

    const old = await make(seller, { name: 'Old', scopes: ['cards:read'], expiresInDays: 7 });
    await t.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, old.id));
    expect((await request(t.app).get('/api/rivals.json').set(bearer(old.token))).status).toBe(401);
    expect((await request(t.app).get('/api/rivals.json').set(bearer('rsk_not-a-token'))).status).toBe(401);

    const staff = await signIn(t.app, 'staff@demo.test');
    const staffs = await make(staff, { name: 'Staff', scopes: ['cards:read'], expiresInDays: 7 });
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, 'staff@demo.test'));
    expect((await request(t.app).get('/api/rivals.json').set(bearer(staffs.token))).status).toBe(401);
    await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.email, 'staff@demo.test'));
  });

  it('lets admins see and revoke every token of the company, and no one else’s', async () => {
    const own = await make(seller, { name: 'Seller’s', scopes: ['cards:read'], expiresInDays: 7 });
    expect((await seller.get('/api/company/tokens')).status).toBe(403);
    const all = await admin.get('/api/company/tokens');
    expect(all.body.tokens.find((x: { id: number }) => x.id === own.id)?.owner.email).toBe('seller@demo.test');
    expect(all.body.tokens.every((x: { owner: { email: string } }) => !x.owner.email.endsWith('other.test'))).toBe(true);
    const curator = await signIn(t.app, 'curator@demo.test');
    expect((await curator.delete(`/api/account/tokens/${own.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/account/tokens/${own.id}`)).status).toBe(204);
    expect((await request(t.app).get('/api/rivals.json').set(bearer(own.token))).status).toBe(401);
  });

  it('writes its making, first use and revocation to the audit log, never the token', async () => {
    const created = await make(admin, { name: 'Audited', scopes: ['admin'], expiresInDays: 90 });
    await request(t.app).get('/api/users.json').set(bearer(created.token)).expect(200);
    await request(t.app).get('/api/users.json').set(bearer(created.token)).expect(200);
    await admin.delete(`/api/account/tokens/${created.id}`).expect(204);
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, created.id));
    const actions = rows.filter((r) => r.targetType === 'apiToken').map((r) => r.action);
    expect(actions.sort()).toEqual(['apiToken.create', 'apiToken.firstUse', 'apiToken.revoke']);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.lastUsedIp).toBeTruthy();
  });

  it('answers 429 with Retry-After once a token makes too many requests in a minute', async () => {
    const { token } = await make(seller, { name: 'Busy', scopes: ['cards:read'], expiresInDays: 7 });
    let status = 0;
    let res;
    for (let i = 0; i <= TOKEN_REQUESTS_PER_MINUTE && status !== 429; i++) {
      res = await request(t.app).get('/api/users/me.json').set(bearer(token));
      status = res.status;
    }
    expect(status).toBe(429);
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
    expect(res!.body.code).toBe('token_too_many');
    // Another token of the same person is not held back.
    const other = await make(seller, { name: 'Calm', scopes: ['cards:read'], expiresInDays: 7 });
    expect((await request(t.app).get('/api/users/me.json').set(bearer(other.token))).status).toBe(200);
  });

  it('lets a token of the extension scope make more requests a minute: it searches as a person types', async () => {
    expect(EXTENSION_TOKEN_REQUESTS_PER_MINUTE).toBeGreaterThan(TOKEN_REQUESTS_PER_MINUTE);
    const { token } = await make(seller, { name: 'Extension', scopes: ['extension'], expiresInDays: 7 });
    const statuses = new Set<number>();
    for (let i = 0; i <= TOKEN_REQUESTS_PER_MINUTE; i++) statuses.add((await request(t.app).get('/api/users/me.json').set(bearer(token))).status);
    expect([...statuses]).toEqual([200]);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = (await t.db.select().from(apiTokens)).length;
    for (const body of [
      { name: '', scopes: ['cards:read'], expiresInDays: 7 },
      { name: 'x', scopes: [], expiresInDays: 7 },
      { name: 'x', scopes: ['cards:write'], expiresInDays: 7 },
      { name: 'x', scopes: ['cards:read'], expiresInDays: 1000 },
    ]) {
      const res = await seller.post('/api/account/tokens', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expect((await t.db.select().from(apiTokens)).length).toBe(before);
  });

  it('never writes a token to the log, not even at trace level', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = pino({ level: 'trace' }, sink);
    const app = createApp({ db: t.db, config: t.config, logger, search: t.search, usage: t.usage, webDir: '/nonexistent' });
    const { token } = await make(seller, { name: 'Logged?', scopes: ['cards:read'], expiresInDays: 7 });
    await request(app).get('/api/rivals.json').set(bearer(token)).expect(200);
    await request(app).post('/api/alerts.json').set(bearer(token)).send({}).expect(403);
    await request(app).get('/api/rivals.json').set(bearer(`${token}x`)).expect(401);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).not.toContain(token.slice(8));
  });
});
