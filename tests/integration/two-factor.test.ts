// Two-step verification (TOTP) against a real PostgreSQL, on a fixed clock (only Date is faked, so the codes and
// every expiry follow it): enrolling, signing in with a code once per time step or a recovery code once, the
// company's requirement leading to enrollment first, and turning it off.
import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, twoFactors, users } from '../../db/schema.ts';
import { DEMO_PASSWORD, signIn, testApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
// The second second of a 30-second step, near the real time (sessions and expiries are stored from this clock).
let now = Math.floor(Date.now() / 30_000) * 30_000 + 1_000;
const tick = (ms: number) => vi.setSystemTime((now += ms));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  t = await testApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.drop();
});

const codeAt = (secret: string, ms = now) => generate({ secret, epoch: Math.floor(ms / 1000) });
const lastAudit = async (action: string) =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(desc(auditEvents.id)).limit(1))[0];

/** Password step then code step with one agent; the agent and both answers. */
async function signInWithCode(email: string, code: string) {
  const agent = request.agent(t.app);
  const first = await agent.post('/account/signin').send({ email, password: DEMO_PASSWORD, redirectTo: '/alerts' });
  const second = await agent.post('/account/signin/two_factor').send({ code, redirectTo: '/alerts' });
  return { agent, first, second };
}

/** Sets two-step verification up for a signed-in session and answers the secret and recovery codes. */
async function enroll(session: Awaited<ReturnType<typeof signIn>>) {
  const setup = await session.post('/api/account/two_factor/setup');
  expect(setup.status).toBe(200);
  const confirm = await session.post('/api/account/two_factor/confirm', { code: await codeAt(setup.body.secret) });
  expect(confirm.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

describe('two-step verification', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('enrolls: a sealed secret, confirmed by a code, then ten recovery codes shown once', async () => {
    const sam = await signIn(t.app, 'seller@demo.test');
    expect((await sam.get('/api/account/two_factor')).body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
    const setup = await sam.post('/api/account/two_factor/setup');
    secret = setup.body.secret;
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Rivalscope:seller%40demo\.test\?/);
    expect(new URL(setup.body.uri).searchParams.get('secret')).toBe(secret);
    const [stored] = await t.db.select().from(twoFactors);
    expect(stored.secretSealed).not.toContain(secret);
    expect(stored.enabledAt).toBeNull();

    const wrong = await sam.post('/api/account/two_factor/confirm', { code: '000000' === (await codeAt(secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ field: 'code', message: 'is not a valid verification code' }]);
    expect((await sam.post('/api/account/two_factor/confirm', { code: 'abc' })).status).toBe(400);

    const confirm = await sam.post('/api/account/two_factor/confirm', { code: await codeAt(secret) });
    expect(confirm.status).toBe(200);
    recoveryCodes = confirm.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [after] = await t.db.select().from(twoFactors);
    expect(after.recoveryCodeHashes.some((h) => recoveryCodes.includes(h))).toBe(false);
    const status = (await sam.get('/api/account/two_factor')).body;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await sam.post('/api/account/two_factor/setup')).status).toBe(409);
    expect((await lastAudit('user.two_factor.enable')).summary).toBe('Sam Seller turned on two-step verification');
  });

  it('asks for the code after the password, refuses a wrong one and the same code again in its window', async () => {
    // The confirming code's step is used: it cannot sign in.
    const replayedConfirm = await signInWithCode('seller@demo.test', await codeAt(secret));
    expect(replayedConfirm.first.body).toEqual({ ok: false, twoFactorRequired: true, redirectTo: '/alerts' });
    expect((await replayedConfirm.agent.get('/api/users/me.json')).status).toBe(401);
    expect(replayedConfirm.second.status).toBe(401);
    expect(replayedConfirm.second.body.code).toBe('two_factor_failed');

    tick(30_000);
    const code = await codeAt(secret);
    const wrong = await replayedConfirm.agent.post('/account/signin/two_factor').send({ code: code === '123456' ? '654321' : '123456' });
    expect(wrong.status).toBe(401);
    const ok = await replayedConfirm.agent.post('/account/signin/two_factor').send({ code, redirectTo: '/alerts' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, redirectTo: '/alerts' });
    expect((await replayedConfirm.agent.get('/api/users/me.json')).status).toBe(200);
    // The pending sign-in is spent.
    expect((await replayedConfirm.agent.post('/account/signin/two_factor').send({ code })).body.code).toBe('two_factor_sign_in_expired');

    tick(5_000);
    const replay = await signInWithCode('seller@demo.test', code);
    expect(replay.second.status).toBe(401);
    expect(replay.second.body.code).toBe('two_factor_failed');
  });

  it('takes a recovery code once, however it is typed', async () => {
    const typed = ` ${recoveryCodes[0].toUpperCase().replace('-', ' - ')} `;
    const first = await signInWithCode('seller@demo.test', typed);
    expect(first.second.status).toBe(200);
    const again = await signInWithCode('seller@demo.test', recoveryCodes[0]);
    expect(again.second.status).toBe(401);
    const sam = await signInWithCode('seller@demo.test', recoveryCodes[1]);
    expect((await sam.agent.get('/api/account/two_factor')).body.recoveryCodesLeft).toBe(8);
  });

  it('lets a pending sign-in wait five minutes, and sends a form post back to the page for the code', async () => {
    const agent = request.agent(t.app);
    const form = await agent.post('/account/signin').type('form').send({ email: 'seller@demo.test', password: DEMO_PASSWORD, redirectTo: '/alerts' });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/account/signin?twoFactor=1&redirectTo=%2Falerts');
    const pendingCookie = ([] as string[]).concat(form.headers['set-cookie']).find((c) => c.startsWith('rs_signin_pending='))!;
    expect(pendingCookie).toMatch(/HttpOnly/i);
    expect(pendingCookie).toMatch(/Path=\/account\/signin/);
    const wrong = await agent.post('/account/signin/two_factor').type('form').send({ code: '000000', redirectTo: '/alerts' });
    const back = new URL(wrong.headers.location, 'http://x');
    expect(back.searchParams.get('twoFactor')).toBe('1');
    expect(back.searchParams.get('errorCode')).toBe('two_factor_failed');

    tick(5 * 60_000 + 1_000);
    const late = await agent.post('/account/signin/two_factor').type('form').send({ code: await codeAt(secret) });
    const expired = new URL(late.headers.location, 'http://x');
    expect(expired.searchParams.get('errorCode')).toBe('two_factor_sign_in_expired');
    expect(expired.searchParams.get('twoFactor')).toBeNull();
  });

  it('limits wrong codes per account', async () => {
    tick(16 * 60_000); // past the window of the wrong codes above
    const agent = request.agent(t.app);
    await agent.post('/account/signin').send({ email: 'seller@demo.test', password: DEMO_PASSWORD });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await agent.post('/account/signin/two_factor').send({ code: 'wrong-code' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    tick(16 * 60_000);
  });

  it('makes new recovery codes and turns off with a current code or the password, never with a wrong one', async () => {
    tick(30_000);
    const { agent } = await signInWithCode('seller@demo.test', await codeAt(secret));
    const csrf = (await agent.get('/api/users/me.json')).body.csrfToken;
    const send = (method: 'post' | 'delete', url: string, body: object) => agent[method](url).set('X-CSRF-Token', csrf).send(body);

    expect((await send('post', '/api/account/two_factor/recovery_codes', {})).status).toBe(400);
    expect((await send('post', '/api/account/two_factor/recovery_codes', { code: '123456', currentPassword: 'x' })).status).toBe(400);
    tick(30_000);
    const fresh = await send('post', '/api/account/two_factor/recovery_codes', { code: await codeAt(secret) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect((await signInWithCode('seller@demo.test', recoveryCodes[2])).second.status).toBe(401);
    expect((await lastAudit('user.two_factor.recovery_codes')).summary).toBe('Sam Seller made new recovery codes for two-step verification');

    const wrongPassword = await send('delete', '/api/account/two_factor', { currentPassword: 'not-my-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.details[0].field).toBe('currentPassword');
    expect((await send('delete', '/api/account/two_factor', { currentPassword: DEMO_PASSWORD })).status).toBe(204);
    expect((await lastAudit('user.two_factor.disable')).summary).toBe('Sam Seller turned off two-step verification');
    expect((await send('delete', '/api/account/two_factor', { currentPassword: DEMO_PASSWORD })).status).toBe(409);
    await signIn(t.app, 'seller@demo.test');
  });
});

describe('the company requirement', () => {
  it('is switched by admins only, and audited', async () => {
    const curator = await signIn(t.app, 'curator@demo.test');
    expect((await curator.put('/api/company/two_factor.json', { required: true })).status).toBe(403);
    const admin = await signIn(t.app, 'admin@demo.test');
    expect((await admin.put('/api/company/two_factor.json', { required: 'yes' })).status).toBe(400);
    const on = await admin.put('/api/company/two_factor.json', { required: true });
    expect(on.status).toBe(200);
    expect(on.body.requireTwoFactor).toBe(true);
    expect((await lastAudit('company.two_factor')).summary).toBe('Required two-step verification for password sign-ins');
  });

  it('takes a password sign-in without two-step verification to enrollment before anything else', async () => {
    const cora = await signIn(t.app, 'curator@demo.test');
    expect(cora.me.twoFactorEnrollment).toBe(true);
    expect((await cora.get('/api/company.json')).status).toBe(200);
    const blocked = await cora.get('/api/rivals.json');
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('two_factor_enrollment_required');
    expect((await cora.get('/api/account/two_factor')).body).toMatchObject({ enabled: false, required: true });

    const { secret } = await enroll(cora);
    expect((await cora.get('/api/rivals.json')).status).toBe(200);
    expect((await cora.get('/api/users/me.json')).body.twoFactorEnrollment).toBeUndefined();

    // From now on the password alone does not sign in.
    tick(30_000);
    const next = await signInWithCode('curator@demo.test', await codeAt(secret));
    expect(next.first.body.twoFactorRequired).toBe(true);
    expect(next.second.status).toBe(200);
    expect((await next.agent.get('/api/rivals.json')).status).toBe(200);
  });

  it('leads a person joining through an invitation to enrollment too', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    await enroll(admin); // admins too: the requirement holds for them
    const invited = await admin.post('/api/invitations.json', { email: 'nina.new@demo.test', role: 'consumer' });
    const agent = request.agent(t.app);
    expect((await agent.post(invited.body.path).send({ name: 'Nina New', password: 'nina-first-password' })).status).toBe(201);
    expect((await agent.get('/api/users/me.json')).body.twoFactorEnrollment).toBe(true);
    expect((await agent.get('/api/rivals.json')).status).toBe(403);
  });

  it('drops the pending sign-in of a user deactivated meanwhile', async () => {
    const [cora] = await t.db.select().from(users).where(eq(users.email, 'curator@demo.test'));
    const agent = request.agent(t.app);
    expect((await agent.post('/account/signin').send({ email: 'curator@demo.test', password: DEMO_PASSWORD })).body.twoFactorRequired).toBe(true);
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, cora.id));
    expect((await agent.post('/account/signin/two_factor').send({ code: '123456' })).body.code).toBe('two_factor_sign_in_expired');
    await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, cora.id));
  });
});
