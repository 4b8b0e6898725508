// Invitations: an admin invites an email with a role and a group; the link's token is stored only as its
// SHA-256, works once, expires, can be renewed or revoked; the public page reads it and accepting makes
// the user and signs them in. Without SMTP the link is answered for the admin to copy; with SMTP (a real
// smtp-server in this process) it is also mailed. Refusals name the field and write nothing.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CHOICES } from '../../contracts/account.ts';
import { auditEvents, companies, INVITATION_ROLES, invitations, users, visibilityGroups } from '../../db/schema.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { header, mimePart } from '../helpers/mail.ts';
import { companyFingerprint } from '../helpers/routes.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nw: number;
let admin: Session;
let curator: Session;
let seller: Session;
let sales: number;

beforeAll(async () => {
  t = await testApp({ env: { APP_URL: 'https://intel.northwind.test/' } });
  nw = await northwindId(t.db);
  [admin, curator, seller] = await Promise.all(['admin@demo.test', 'curator@demo.test', 'seller@demo.test'].map((e) => signIn(t.app, e)));
  sales = (await t.db.select().from(visibilityGroups).where(and(eq(visibilityGroups.companyId, nw), eq(visibilityGroups.name, 'Sales'))))[0].id;
});
afterAll(() => t.drop());

const tokenOf = (path: string) => path.split('/').pop()!;
const fingerprint = () => companyFingerprint(t.db, nw);
const auditOf = (action: string, targetId: number) =>
  t.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));

async function invite(email: string, role = 'curator', visibilityGroupId: number | null = sales) {
  const res = await admin.post('/api/invitations.json', { email, role, visibilityGroupId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { invitation: { id: number; expiresAt: string }; url: string; path: string; mailed: boolean };
}

const accept = (token: string, body: object = { name: 'Dana Ruiz', password: 'a-long-new-password' }) =>
  request(t.app).post(`/account/invitation/${token}`).send(body);

describe('inviting without SMTP', () => {
  it('answers a single-use link to copy, stores only its digest, lists the invitation and audits it', async () => {
    const link = await invite('dana@demo.test');
    expect(link.mailed).toBe(false);
    expect(link.path).toMatch(/^\/account\/invitation\/[\w-]{40,}$/);
    expect(link.url).toBe(`https://intel.northwind.test${link.path}`);
    const token = tokenOf(link.path);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, link.invitation.id));
    expect(row.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const list = await admin.get('/api/invitations.json');
    expect(list.body).toContainEqual(
      expect.objectContaining({ id: row.id, email: 'dana@demo.test', role: 'curator', visibilityGroup: { id: sales, name: 'Sales' }, expired: false }),
    );
    expect(list.body[0].invitedBy).toEqual({ id: admin.me.id, name: 'Ada Admin' });
    const [entry] = await auditOf('invitation.create', row.id);
    expect(entry.summary).toBe('Invited dana@demo.test as curator in Sales');
    expect(entry.actorUserId).toBe(admin.me.id);
  });

  it('shows the public page its company and email, then accepting makes the user with role and group, and signs them in', async () => {
    const link = await invite('erin@demo.test', 'consumer');
    const token = tokenOf(link.path);
    const preview = await request(t.app).get(`/api/account/invitation/${token}.json`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email: 'erin@demo.test', companyName: 'Northwind Analytics', role: 'consumer', invitedBy: 'Ada Admin' });

    const res = await accept(token, { name: 'Erin Park', password: 'a-long-new-password' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, redirectTo: '/' });
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('rs_session='))!;
    const me = await request(t.app).get('/api/users/me.json').set('Cookie', cookie.split(';')[0]);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'erin@demo.test', name: 'Erin Park', firstName: 'Erin', roles: [], visibilityGroupIds: [sales], companyName: 'Northwind Analytics' });

    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, link.invitation.id));
    expect(row.acceptedAt).not.toBeNull();
    expect(row.acceptedUserId).toBe(me.body.id);
    const [entry] = await auditOf('invitation.accept', row.id);
    expect(entry.summary).toBe('Erin Park accepted the invitation of erin@demo.test and joined as consumer');
    expect(entry.actorUserId).toBe(me.body.id);
    expect((await admin.get('/api/invitations.json')).body.map((i: { id: number }) => i.id)).not.toContain(row.id);

    // The same password signs in later.
    expect((await request(t.app).post('/account/signin').send({ email: 'erin@demo.test', password: 'a-long-new-password' })).status).toBe(200);
  });

  it('makes an admin or a curator as invited', async () => {
    const link = await invite('fay@demo.test', 'admin', null);
    expect((await accept(tokenOf(link.path), { name: 'Fay Admin', password: 'a-long-new-password' })).status).toBe(201);
    const fay = await signIn(t.app, 'fay@demo.test', 'a-long-new-password');
    expect(fay.me.roles).toEqual(['admin']);
    expect(fay.me.visibilityGroupIds).toEqual([]);
  });
});

describe('links that no longer work', () => {
  it('refuses a used link on the page and on accept, and creates no second user', async () => {
    const token = tokenOf((await invite('gus@demo.test')).path);
    expect((await accept(token, { name: 'Gus', password: 'a-long-new-password' })).status).toBe(201);
    const again = await accept(token, { name: 'Gus Two', password: 'another-long-password' });
    expect(again.status).toBe(410);
    expect(again.body.details).toEqual({ reason: 'used' });
    expect(again.body.error).toMatch(/already been used/);
    const page = await request(t.app).get(`/api/account/invitation/${token}.json`);
    expect(page.status).toBe(410);
    expect(page.body.details.reason).toBe('used');
    expect(await t.db.select().from(users).where(eq(users.email, 'gus@demo.test'))).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const link = await invite('hal@demo.test');
    await t.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, link.invitation.id));
    const page = await request(t.app).get(`/api/account/invitation/${tokenOf(link.path)}.json`);
    expect(page.status).toBe(410);
    expect(page.body.details.reason).toBe('expired');
    const res = await accept(tokenOf(link.path));
    expect(res.status).toBe(410);
    expect(res.body.error).toMatch(/expired/);
    expect(await t.db.select().from(users).where(eq(users.email, 'hal@demo.test'))).toHaveLength(0);
    // It stays listed as expired, for the admin to renew or revoke.
    expect((await admin.get('/api/invitations.json')).body.find((i: { id: number }) => i.id === link.invitation.id).expired).toBe(true);
  });

  it('revokes: the link stops working, the revoke is audited, and a second revoke is 404', async () => {
    const link = await invite('ivy@demo.test');
    expect((await admin.delete(`/api/invitations/${link.invitation.id}.json`)).status).toBe(204);
    const page = await request(t.app).get(`/api/account/invitation/${tokenOf(link.path)}.json`);
    expect(page.status).toBe(410);
    expect(page.body.details.reason).toBe('revoked');
    expect((await accept(tokenOf(link.path))).status).toBe(410);
    expect((await auditOf('invitation.revoke', link.invitation.id))[0].summary).toBe('Revoked the invitation of ivy@demo.test');
    expect((await admin.delete(`/api/invitations/${link.invitation.id}.json`)).status).toBe(404);
  });

  it('answers 404 to a token that was never issued', async () => {
    expect((await request(t.app).get('/api/account/invitation/not-a-token.json')).status).toBe(404);
    expect((await accept('x'.repeat(200))).status).toBe(404);
  });

  it('renews a link: the old one stops working, the new one works with a fresh expiry', async () => {
    const link = await invite('jay@demo.test');
    await t.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, link.invitation.id));
    const renewed = await admin.post(`/api/invitations/${link.invitation.id}/link.json`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.path).not.toBe(link.path);
    expect(renewed.body.invitation.expired).toBe(false);
    expect((await request(t.app).get(`/api/account/invitation/${tokenOf(link.path)}.json`)).status).toBe(404);
    expect((await request(t.app).get(`/api/account/invitation/${tokenOf(renewed.body.path)}.json`)).status).toBe(200);
    expect((await auditOf('invitation.link', link.invitation.id))[0].summary).toBe('Made a new invitation link for jay@demo.test');
  });
});

describe('who can be invited', () => {
  it('refuses an email that already has an account, a second pending invitation, and one outside the company domains, writing nothing', async () => {
    await invite('kim@demo.test');
    const before = await fingerprint();
    for (const [email, message] of [
      ['seller@demo.test', /already has a Rivalscope account/],
      ['SELLER@demo.test', /already has a Rivalscope account/],
      ['staff@demo.test', /already has a Rivalscope account/],
      ['kim@demo.test', /pending invitation/],
      ['someone@gmail.com', /must be an address at demo.test/],
    ] as const) {
      const res = await admin.post('/api/invitations.json', { email, role: 'consumer' });
      expect(res.status, email).toBe(400);
      expect(res.body.details[0].field).toBe('email');
      expect(res.body.error).toMatch(message);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('accepts any domain when the company lists none', async () => {
    await t.db.update(companies).set({ emailDomains: [] }).where(eq(companies.id, nw));
    try {
      expect((await admin.post('/api/invitations.json', { email: 'lee@partner.test', role: 'consumer' })).status).toBe(201);
    } finally {
      await t.db.update(companies).set({ emailDomains: ['demo.test'] }).where(eq(companies.id, nw));
    }
  });

  it('refuses an account made for the email after the invitation was sent', async () => {
    const link = await invite('max@demo.test');
    await t.db.insert(users).values({ companyId: nw, email: 'Max@demo.test', name: 'Max', username: 'max' });
    const res = await accept(tokenOf(link.path));
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('email');
    expect((await t.db.select().from(invitations).where(eq(invitations.id, link.invitation.id)))[0].acceptedAt).toBeNull();
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const outsider = await signInOutsider(t);
    const [theirs] = await t.db.select().from(users).where(eq(users.email, 'admin@other.test'));
    const [foreign] = await t.db.insert(visibilityGroups).values({ companyId: theirs.companyId, name: 'Theirs' }).returning();
    const before = await fingerprint();
    const cases: [object, string][] = [
      [{ email: 'nope', role: 'consumer' }, 'email'],
      [{ email: 'nora@demo.test', role: 'owner' }, 'role'],
      [{ email: 'nora@demo.test' }, 'role'],
      [{ email: 'nora@demo.test', role: 'curator', visibilityGroupId: -1 }, 'visibilityGroupId'],
      [{ email: 'nora@demo.test', role: 'curator', visibilityGroupId: 999_999 }, 'visibilityGroupId'],
      [{ email: 'nora@demo.test', role: 'curator', visibilityGroupId: foreign.id }, 'visibilityGroupId'],
      [{ email: 'nora@demo.test', role: 'curator', extra: 1 }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/invitations.json', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details[0].field, JSON.stringify(body)).toBe(field);
    }
    expect((await admin.delete('/api/invitations/-1.json')).status).toBe(400);
    expect((await admin.post('/api/invitations/abc/link.json')).status).toBe(400);
    expect(await fingerprint()).toBe(before);
    // Another company's admin reaches none of Northwind's invitations.
    const [pending] = (await admin.get('/api/invitations.json')).body;
    expect((await outsider.get('/api/invitations.json')).body).toEqual([]);
    expect((await outsider.delete(`/api/invitations/${pending.id}.json`)).status).toBe(404);
    expect((await outsider.post(`/api/invitations/${pending.id}/link.json`)).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses a weak password or an empty name on accept, and makes no user', async () => {
    const token = tokenOf((await invite('olive@demo.test')).path);
    const short = await accept(token, { name: 'Olive', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.details[0].field).toBe('password');
    expect(short.body.details[0].message).toMatch(/at least 12 characters/);
    const noName = await accept(token, { name: '  ', password: 'a-long-new-password' });
    expect(noName.body.details[0].field).toBe('name');
    const long = await accept(token, { name: 'x'.repeat(201), password: 'a-long-new-password' });
    expect(long.body.details[0].field).toBe('name');
    expect(await t.db.select().from(users).where(eq(users.email, 'olive@demo.test'))).toHaveLength(0);
    const cross = await request(t.app).post(`/account/invitation/${token}`).set('Origin', 'https://evil.test').send({ name: 'Olive', password: 'a-long-new-password' });
    expect(cross.status).toBe(403);
    expect((await accept(token, { name: 'Olive', password: 'a-long-new-password' })).status).toBe(201);
  });

  it('answers 403 to curators and consumers on every admin route, and nothing changes', async () => {
    const [pending] = (await admin.get('/api/invitations.json')).body;
    const before = await fingerprint();
    for (const s of [curator, seller]) {
      expect((await s.get('/api/invitations.json')).status).toBe(403);
      expect((await s.post('/api/invitations.json', { email: 'pat@demo.test', role: 'admin' })).status).toBe(403);
      expect((await s.post(`/api/invitations/${pending.id}/link.json`)).status).toBe(403);
      expect((await s.delete(`/api/invitations/${pending.id}.json`)).status).toBe(403);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('offers the roles the invitations table holds', () => {
    expect([...ROLE_CHOICES]).toEqual([...INVITATION_ROLES]);
  });

  it('gives a signed-in browser the new account, ending the session it had', async () => {
    const token = tokenOf((await invite('quinn@demo.test', 'consumer', null)).path);
    const res = await seller.agent.post(`/account/invitation/${token}`).send({ name: 'Quinn', password: 'a-long-new-password' });
    expect(res.status).toBe(201);
    expect((await seller.get('/api/users/me.json')).body.email).toBe('quinn@demo.test');
    seller = await signIn(t.app, 'seller@demo.test');
    const { rows } = await t.db.execute(sql`SELECT count(*)::int AS n FROM sessions WHERE csrf_token = ${seller.csrf}`);
    expect((rows[0] as { n: number }).n).toBe(1);
  });
});

describe('inviting with SMTP', () => {
  type Received = { to: string[]; raw: string };
  let smtp: SMTPServer;
  let mailed: TestApp;
  const inbox: Received[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    mailed = await testApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: 'https://intel.northwind.test' } });
  });
  afterAll(async () => {
    await mailed?.drop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails the link to the invitee and still answers it for copying', async () => {
    const ada = await signIn(mailed.app, 'admin@demo.test');
    const res = await ada.post('/api/invitations.json', { email: 'rosa@demo.test', role: 'curator' });
    expect(res.status).toBe(201);
    expect(res.body.mailed).toBe(true);
    expect(res.body.url).toMatch(/^https:\/\/intel\.northwind\.test\/account\/invitation\//);
    expect(inbox).toHaveLength(1);
    expect(inbox[0].to).toEqual(['rosa@demo.test']);
    const raw = inbox[0].raw.replace(/=\r\n/g, '');
    expect(raw).toMatch(/Subject: Join Northwind Analytics on Rivalscope/);
    expect(mimePart(inbox[0].raw, 'text/html')).toContain('<html lang="en">');
    expect(raw).toContain(tokenOf(res.body.path));
    // The mailed link works.
    const page = await request(mailed.app).get(`/api/account/invitation/${tokenOf(res.body.path)}.json`);
    expect(page.body.email).toBe('rosa@demo.test');
  });

  it('writes the mail in the inviting admin’s language', async () => {
    await mailed.db.update(users).set({ language: 'de' }).where(eq(users.email, 'admin@demo.test'));
    try {
      const ada = await signIn(mailed.app, 'admin@demo.test');
      const res = await ada.post('/api/invitations.json', { email: 'tara@demo.test', role: 'curator' });
      expect(res.body.mailed).toBe(true);
      const raw = inbox[inbox.length - 1].raw;
      expect(header(raw, 'Subject')).toBe('Einladung zu Northwind Analytics auf Rivalscope');
      const html = mimePart(raw, 'text/html');
      expect(html).toContain('<html lang="de">');
      expect(html).toContain('Ada Admin hat Sie als Kurator zu Northwind Analytics auf Rivalscope eingeladen.');
      const expires = new Date(res.body.invitation.expiresAt);
      const month = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
      const day = `${expires.getUTCDate()}. ${month[expires.getUTCMonth()]} ${expires.getUTCFullYear()}`;
      expect(mimePart(raw, 'text/plain')).toContain(`Der Link ist einmal gültig und läuft am ${day} ab.`);
    } finally {
      await mailed.db.update(users).set({ language: 'en' }).where(eq(users.email, 'admin@demo.test'));
    }
  });

  it('reports a mail server that refuses, and the invitation stands for copying', async () => {
    const ada = await signIn(mailed.app, 'admin@demo.test');
    smtp.onRcptTo = (_address, _session, callback) => callback(new Error('mailbox unavailable'));
    try {
      const res = await ada.post('/api/invitations.json', { email: 'sue@demo.test', role: 'consumer' });
      expect(res.status).toBe(201);
      expect(res.body.mailed).toBe(false);
      expect(res.body.mailError).toMatch(/did not accept/);
      expect((await request(mailed.app).get(`/api/account/invitation/${tokenOf(res.body.path)}.json`)).status).toBe(200);
    } finally {
      smtp.onRcptTo = (_address, _session, callback) => callback();
    }
  });
});
