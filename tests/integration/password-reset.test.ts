// Password reset by email against a real PostgreSQL and a loopback SMTP server: the request answers alike for
// known and unknown addresses, the mailed link sets a new password once, ends every session, and expires.
import { desc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, passwordResets, users } from '../../db/schema.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { header, mimePart, startInbox } from '../helpers/mail.ts';

let t: TestApp;
let inbox: Awaited<ReturnType<typeof startInbox>>;
beforeAll(async () => {
  inbox = await startInbox();
  t = await testApp({ env: { SMTP_URL: inbox.url, APP_URL: 'https://intel.northwind.test' } });
});
afterAll(async () => {
  await t?.drop();
  await inbox.close();
});

const NEW_PASSWORD = 'a-brand-new-password';
const ask = (email: string) => request(t.app).post('/api/account/password_resets').send({ email });
const reset = (token: string, password = NEW_PASSWORD) => request(t.app).put(`/api/account/password_resets/${token}`).send({ password });
const tokenIn = (raw: string) => /\/account\/password_reset\/([\w-]+)/.exec(mimePart(raw, 'text/plain'))![1];

/** Asks for a link for `email` and answers the token the mail carries. */
async function mailedToken(email: string) {
  const arriving = inbox.next();
  expect((await ask(email)).status).toBe(202);
  const mail = await arriving;
  expect(mail.to).toEqual([email]);
  return { token: tokenIn(mail.raw), raw: mail.raw };
}

describe('password reset', () => {
  it('answers 202 for known and unknown addresses alike, and mails only the known one', async () => {
    const before = inbox.mails.length;
    const unknown = await ask('nobody@demo.test');
    expect(unknown.status).toBe(202);
    const { raw } = await mailedToken('seller@demo.test');
    expect(inbox.mails.length).toBe(before + 1);
    expect(unknown.body).toEqual({ ok: true });
    expect(header(raw, 'Subject')).toBe('Reset your Rivalscope password');
    expect(mimePart(raw, 'text/plain')).toMatch(/Choose a new password: https:\/\/intel\.northwind\.test\/account\/password_reset\/[\w-]{43}/);
  });

  it('stores only the digest of the token', async () => {
    const { token } = await mailedToken('curator@demo.test');
    const rows = await t.db.select({ tokenHash: passwordResets.tokenHash }).from(passwordResets);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows).toHaveLength(2);
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const before = await signIn(t.app, 'seller@demo.test');
    const { token } = await mailedToken('seller@demo.test');
    expect((await reset(token, 'short')).status).toBe(400);
    expect((await reset(token)).status).toBe(204);
    expect((await before.get('/api/users/me.json')).status).toBe(401);
    const reused = await reset(token, 'yet-another-password');
    expect(reused.status).toBe(410);
    expect(reused.body.code).toBe('password_reset_used');
    expect((await request(t.app).post('/account/signin').send({ email: 'seller@demo.test', password: 'demo-password' })).status).toBe(401);
    await signIn(t.app, 'seller@demo.test', NEW_PASSWORD);
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.password_reset')).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit.summary).toBe('Sam Seller reset their password by email');
  });

  it('refuses a replaced, an unknown and an expired link, and writes nothing', async () => {
    const first = await mailedToken('admin@demo.test');
    const second = await mailedToken('admin@demo.test');
    expect((await reset(first.token)).body.code).toBe('password_reset_unknown');
    expect((await reset('not-a-token')).status).toBe(404);
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    await t.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, admin.id));
    const expired = await reset(second.token);
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('password_reset_expired');
    const [after] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(after.passwordHash).toBe(admin.passwordHash);
    await signIn(t.app, 'admin@demo.test');
  });

  it('mails deactivated users nothing, and writes the mail in the user’s language', async () => {
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, 'staff@demo.test'));
    await t.db.update(users).set({ language: 'de' }).where(eq(users.email, 'curator@demo.test'));
    const before = inbox.mails.length;
    expect((await ask('staff@demo.test')).status).toBe(202);
    const { raw } = await mailedToken('curator@demo.test');
    expect(inbox.mails.length).toBe(before + 1);
    expect(header(raw, 'Subject')).toMatch(/^=\?UTF-8\?Q\?Ihr_Rivalscope-Passwort_zur=C3=BC/);
    expect(mimePart(raw, 'text/html')).toContain('<html lang="de">');
    expect(mimePart(raw, 'text/plain')).toContain('Der Link ist einmal und eine Stunde lang gültig.');
    const staff = await t.db.select().from(passwordResets).innerJoin(users, eq(users.id, passwordResets.userId)).where(eq(users.email, 'staff@demo.test'));
    expect(staff).toHaveLength(0);
  });

  it('limits requests per address and refuses bad input', async () => {
    expect((await ask('not an email')).status).toBe(400);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask('flood@demo.test')).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect((await request(t.app).post('/api/account/password_resets').set('Origin', 'https://evil.test').send({ email: 'seller@demo.test' })).status).toBe(403);
  });

  it('works for a browser that still holds a session (no CSRF token needed)', async () => {
    const held = await signIn(t.app, 'admin@demo.test');
    const arriving = inbox.next();
    expect((await held.agent.post('/api/account/password_resets').send({ email: 'admin@demo.test' })).status).toBe(202);
    await arriving;
  });
});
