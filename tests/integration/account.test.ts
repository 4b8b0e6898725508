// Sign-in, sessions, CSRF, sign-out, rate limits and impersonation against a real PostgreSQL.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationAudit, sessions, users } from '../../db/schema.ts';
import { schedulePurge, sessionTimeouts } from '../../search-api/auth/sessions.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.drop());

const cookieOf = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('rs_session='));

describe('sign-in', () => {
  it('signs in with JSON and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await request(t.app).post('/account/signin').send({ email: 'curator@demo.test', password: 'demo-password' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, redirectTo: '/' });
    const cookie = cookieOf(res)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http here; Secure is set behind https
  });

  it('accepts a form post and redirects to a same-origin redirectTo only', async () => {
    const ok = await request(t.app)
      .post('/account/signin')
      .type('form')
      .send({ email: 'seller@demo.test', password: 'demo-password', redirectTo: '/dashboard?x=1' });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/dashboard?x=1');
    const evil = await request(t.app)
      .post('/account/signin?redirectTo=//evil.test/x')
      .type('form')
      .send({ email: 'seller@demo.test', password: 'demo-password' });
    expect(evil.headers.location).toBe('/');
  });

  it('a failed form post goes back to the sign-in page with the message', async () => {
    const res = await request(t.app)
      .post('/account/signin')
      .type('form')
      .send({ email: 'seller@demo.test', password: 'nope', redirectTo: '/alerts' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location, 'http://x');
    expect(location.pathname).toBe('/account/signin');
    expect(location.searchParams.get('error')).toBe('Invalid email or password');
    expect(location.searchParams.get('redirectTo')).toBe('/alerts');
  });

  it('gives the same generic 401 for a wrong password and an unknown account', async () => {
    const wrong = await request(t.app).post('/account/signin').send({ email: 'admin@demo.test', password: 'wrong' });
    const unknown = await request(t.app).post('/account/signin').send({ email: 'nobody@demo.test', password: 'wrong' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe(unknown.body.error);
    expect(cookieOf(wrong)).toBeUndefined();
  });

  it('rejects malformed input with 400 naming the field', async () => {
    const res = await request(t.app).post('/account/signin').send({ email: 'not-an-email', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('email');
    const bad = await request(t.app).post('/account/signin').set('content-type', 'application/json').send('{"email":');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Malformed JSON body');
  });

  it('refuses a cross-site sign-in', async () => {
    const res = await request(t.app)
      .post('/account/signin')
      .set('Origin', 'https://evil.test')
      .send({ email: 'admin@demo.test', password: 'demo-password' });
    expect(res.status).toBe(403);
  });

  it('issues a new session id at sign-in, never reusing a planted one', async () => {
    const first = await request(t.app).post('/account/signin').send({ email: 'seller@demo.test', password: 'demo-password' });
    const planted = cookieOf(first)!.split(';')[0];
    const second = await request(t.app)
      .post('/account/signin')
      .set('Cookie', planted)
      .send({ email: 'seller@demo.test', password: 'demo-password' });
    const fresh = cookieOf(second)!.split(';')[0];
    expect(fresh).not.toBe(planted);
    // The old session is gone: it no longer authenticates.
    const me = await request(t.app).get('/api/users/me.json').set('Cookie', planted);
    expect(me.status).toBe(401);
  });

  it('stores only a digest of the session token', async () => {
    const res = await request(t.app).post('/account/signin').send({ email: 'admin@demo.test', password: 'demo-password' });
    const token = decodeURIComponent(cookieOf(res)!.split(';')[0].split('=')[1]);
    const rows = await t.db.select({ id: sessions.id }).from(sessions);
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });
});

describe('rate limit', () => {
  // Its own app, so the lock does not leak into the other tests.
  let own: TestApp;
  beforeAll(async () => {
    own = await testApp();
  });
  afterAll(() => own.drop());

  it('locks an account after 5 failures with 429 and Retry-After, even for the right password', async () => {
    const email = 'curator@demo.test';
    for (let i = 0; i < 5; i++) {
      const r = await request(own.app).post('/account/signin').send({ email, password: `wrong-${i}` });
      expect(r.status).toBe(401);
    }
    const locked = await request(own.app).post('/account/signin').send({ email, password: 'demo-password' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body.error).toMatch(/Too many sign-in attempts/);
  });
});

describe('session and CSRF', () => {
  it('401s the API without a session', async () => {
    const res = await request(t.app).get('/api/users/me.json');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in or sign up before continuing');
  });

  it('says whether a session is live without a 401, while the data stays behind sign-in', async () => {
    const anonymous = await request(t.app).get('/api/session.json');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ signedIn: false });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const stale = await request(t.app).get('/api/session.json').set('Cookie', 'rs_session=not-a-session');
    expect(stale.body).toEqual({ signedIn: false });
    expect((await request(t.app).get('/api/company.json')).status).toBe(401);
    const s = await signIn(t.app, 'seller@demo.test');
    expect((await s.get('/api/session.json')).body).toEqual({ signedIn: true });
  });

  it('returns the user with a csrfToken, and refuses non-GET calls without it', async () => {
    const s = await signIn(t.app, 'curator@demo.test');
    expect(s.me.csrfToken).toMatch(/^[\w-]{20,}$/);
    expect(s.me.roles).toEqual(['curator']);
    const without = await s.agent.put('/api/users/me.json').send({ featureFlag: 'dashboard.sortBy', value: 'alpha' });
    expect(without.status).toBe(403);
    expect(without.body.error).toMatch(/CSRF/);
    const wrong = await s.agent
      .put('/api/users/me.json')
      .set('X-CSRF-Token', 'wrong')
      .send({ featureFlag: 'dashboard.sortBy', value: 'alpha' });
    expect(wrong.status).toBe(403);
    const ok = await s.put('/api/users/me.json', { featureFlag: 'dashboard.sortBy', value: 'alpha' });
    expect(ok.status).toBe(200);
    expect(ok.body.userData.dashboard.sortBy).toBe('alpha');
  });

  it('notification counts report timeouts without extending the idle time', async () => {
    const s = await signIn(t.app, 'seller@demo.test');
    const sessionRow = async () => (await t.db.select().from(sessions).where(eq(sessions.csrfToken, s.csrf)))[0];
    // Age the session's activity so that a touch would be visible.
    const aged = new Date(Date.now() - 10 * 60_000);
    await t.db.update(sessions).set({ lastActiveAt: aged }).where(eq(sessions.csrfToken, s.csrf));
    const counts = await s.get('/api/notifications/counts.json?ownProfiles=true');
    expect(counts.status).toBe(200);
    expect(new Date(counts.body.sessionIdleTimeoutAt).getTime()).toBe(aged.getTime() + 30 * 60_000);
    expect(new Date(counts.body.sessionAbsoluteTimeoutAt).getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
    expect((await sessionRow()).lastActiveAt.getTime()).toBe(aged.getTime());
    // Any other call does extend it.
    await s.get('/api/company.json');
    expect((await sessionRow()).lastActiveAt.getTime()).toBeGreaterThan(aged.getTime());
  });

  it('expires a session past its idle timeout and past its absolute timeout', async () => {
    const idle = await signIn(t.app, 'seller@demo.test');
    await t.db
      .update(sessions)
      .set({ lastActiveAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.csrfToken, idle.csrf));
    expect((await idle.get('/api/users/me.json')).status).toBe(401);

    const old = await signIn(t.app, 'seller@demo.test');
    await t.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.csrfToken, old.csrf));
    expect((await old.get('/api/users/me.json')).status).toBe(401);
  });

  it('purges expired sessions on a schedule and keeps live ones', async () => {
    const live = await signIn(t.app, 'seller@demo.test');
    const idle = await signIn(t.app, 'seller@demo.test');
    const old = await signIn(t.app, 'seller@demo.test');
    await t.db.update(sessions).set({ lastActiveAt: new Date(Date.now() - 31 * 60_000) }).where(eq(sessions.csrfToken, idle.csrf));
    await t.db.update(sessions).set({ absoluteExpiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.csrfToken, old.csrf));
    const stored = async () => (await t.db.select({ csrf: sessions.csrfToken }).from(sessions)).map((s) => s.csrf);

    const stop = schedulePurge(t.db, sessionTimeouts(t.config), 50);
    try {
      await expect.poll(stored, { timeout: 5_000 }).not.toContain(old.csrf);
      const left = await stored();
      expect(left).not.toContain(idle.csrf);
      expect(left).toContain(live.csrf);
      // The schedule keeps purging: a session that expires later goes at a following run.
      await t.db.update(sessions).set({ absoluteExpiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.csrfToken, live.csrf));
      await expect.poll(stored, { timeout: 5_000 }).not.toContain(live.csrf);
    } finally {
      stop();
    }
  });

  it('signs out with a form post carrying _method=DELETE and the authenticity token', async () => {
    const s = await signIn(t.app, 'seller@demo.test');
    const noToken = await s.agent.post('/account/signout').type('form').send({ _method: 'DELETE' });
    expect(noToken.status).toBe(403);
    const res = await s.agent.post('/account/signout').type('form').send({ _method: 'DELETE', authenticity_token: s.csrf });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/account/signin');
    expect((await s.get('/api/users/me.json')).status).toBe(401);
  });
});

describe('impersonation', () => {
  it('is refused to users who are not staff with canImpersonate', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const res = await admin.post('/api/impersonate', { userId: admin.me.id + 1 });
    expect(res.status).toBe(403);
  });

  it('lets staff impersonate a user of another company, audits it, and reverts', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    const [seller] = await t.db.select().from(users).where(eq(users.email, 'seller@demo.test'));
    expect(seller.companyId).not.toBe(await companyOf(staff.me.id));
    const start = await staff.post('/api/impersonate', { userId: seller.id });
    expect(start.status).toBe(200);
    const me = await staff.get('/api/users/me.json');
    expect(me.body.email).toBe('seller@demo.test');
    expect(me.body.isImpersonating).toBe(true);

    const revert = await staff.agent
      .post('/impersonate/revert')
      .type('form')
      .send({ _method: 'DELETE', authenticity_token: me.body.csrfToken });
    expect(revert.status).toBe(303);
    const back = await staff.get('/api/users/me.json');
    expect(back.body.email).toBe('staff@demo.test');
    expect(back.body.isImpersonating).toBe(false);

    const audit = await t.db.select().from(impersonationAudit).where(eq(impersonationAudit.targetUserId, seller.id));
    expect(audit.map((a) => a.action)).toEqual(['start', 'revert']);
    expect(audit[0].staffUserId).toBe(staff.me.id);
  });
});

async function companyOf(userId: number) {
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return u.companyId;
}

describe('impersonation API', () => {
  it('lists users of every company to staff only, and needs the CSRF token', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    const list = await staff.get('/api/impersonate/users.json?query=seller');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(
      expect.objectContaining({ email: 'seller@demo.test', companyName: 'Northwind Analytics', roles: [] }),
    );
    const admin = await signIn(t.app, 'admin@demo.test');
    expect((await admin.get('/api/impersonate/users.json')).status).toBe(403);
    const noCsrf = await staff.agent.post('/api/impersonate').send({ userId: list.body[0].id });
    expect(noCsrf.status).toBe(403);
  });
});
