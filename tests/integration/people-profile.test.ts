// One's own profile: name, image, language and the email digest preference through PUT /users/{id}.json,
// and the password change, which needs the current password and ends every other session of the user.
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../../db/schema.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let seller: Session;

beforeAll(async () => {
  t = await testApp();
  seller = await signIn(t.app, 'seller@demo.test');
});
afterAll(() => t.drop());

const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('profile', () => {
  it('saves name, image, language and the digest preference for oneself', async () => {
    const res = await seller.put(`/api/users/${seller.me.id}.json`, {
      name: 'Samantha Seller',
      image: 'https://images.example.test/sam.png',
      language: 'en',
      emailDigest: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Samantha Seller', image: 'https://images.example.test/sam.png', language: 'en', emailDigest: false });
    expect((await seller.get('/api/users/me.json')).body.emailDigest).toBe(false);
    const cleared = await seller.put(`/api/users/${seller.me.id}.json`, { image: null, emailDigest: true });
    expect(cleared.body).toMatchObject({ image: null, emailDigest: true });
  });

  it('refuses unknown languages and images that are not https URLs, writing nothing', async () => {
    const before = await row(seller.me.id);
    for (const [body, field] of [
      [{ language: 'xx' }, 'language'],
      [{ image: 'javascript:alert(1)' }, 'image'],
      [{ image: 'http://images.example.test/a.png' }, 'image'],
      [{ image: `https://x.test/${'a'.repeat(2100)}` }, 'image'],
      [{ emailDigest: 'yes' }, 'emailDigest'],
      [{ name: 'New', isStaff: true }, 'body'],
    ] as const) {
      const res = await seller.put(`/api/users/${seller.me.id}.json`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details[0].field).toBe(field);
    }
    expect(await row(seller.me.id)).toEqual(before);
  });
});

describe('password change', () => {
  const change = (s: Session, currentPassword: string, newPassword: string) => s.put('/api/users/me/password.json', { currentPassword, newPassword });

  it('needs the current password and a new one of at least 12 characters; a refusal changes nothing', async () => {
    const before = await row(seller.me.id);
    const wrong = await change(seller, 'not-my-password', 'a-brand-new-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].field).toBe('currentPassword');
    const short = await change(seller, 'demo-password', 'short');
    expect(short.status).toBe(400);
    expect(short.body.details[0].field).toBe('newPassword');
    const same = await change(seller, 'demo-password', 'demo-password');
    expect(same.status).toBe(400);
    expect(same.body.details[0].field).toBe('newPassword');
    expect((await row(seller.me.id)).passwordHash).toBe(before.passwordHash);
    expect((await seller.get('/api/users/me.json')).status).toBe(200);
  });

  it('changes it, ends the other sessions of the user and keeps this one, and audits it', async () => {
    const other = await signIn(t.app, 'seller@demo.test');
    const third = await signIn(t.app, 'seller@demo.test');
    const curator = await signIn(t.app, 'curator@demo.test');
    const res = await change(seller, 'demo-password', 'a-brand-new-password');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, endedSessions: expect.any(Number) });
    expect(res.body.endedSessions).toBeGreaterThanOrEqual(2);

    expect((await seller.get('/api/users/me.json')).status).toBe(200);
    expect((await other.get('/api/users/me.json')).status).toBe(401);
    expect((await third.get('/api/users/me.json')).status).toBe(401);
    expect((await curator.get('/api/users/me.json')).status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, seller.me.id))).toHaveLength(1);

    const old = await request(t.app).post('/account/signin').send({ email: 'seller@demo.test', password: 'demo-password' });
    expect(old.status).toBe(401);
    expect((await signIn(t.app, 'seller@demo.test', 'a-brand-new-password')).me.id).toBe(seller.me.id);
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.password'), eq(auditEvents.targetId, seller.me.id)));
    expect(entry.summary).toMatch(/changed their password/);
    expect(JSON.stringify(entry)).not.toContain('a-brand-new-password');
  });

  it('locks after 5 wrong current passwords', async () => {
    for (let i = 0; i < 5; i++) expect((await change(seller, `wrong-${i}`, 'another-long-password')).status).toBe(400);
    const locked = await change(seller, 'a-brand-new-password', 'another-long-password');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is refused while impersonating', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    const curator = await signIn(t.app, 'curator@demo.test');
    await staff.post('/api/impersonate', { userId: curator.me.id });
    const me = await staff.get('/api/users/me.json');
    expect(me.body.isImpersonating).toBe(true);
    const res = await staff.agent.put('/api/users/me/password.json').set('X-CSRF-Token', me.body.csrfToken).send({ currentPassword: 'demo-password', newPassword: 'taken-over-password' });
    expect(res.status).toBe(403);
    expect((await signIn(t.app, 'curator@demo.test')).me.id).toBe(curator.me.id);
  });
});
