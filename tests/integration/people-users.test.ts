// People in a company, as admins manage them: the list with its states, role and group changes with their
// audit entries, the last-active-admin rule, deactivation (sessions end at once, sign-in refused, content
// stays) and reactivation, bad input and non-admins refused with nothing written.
import { and, eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, userRoles, users, visibilityGroups } from '../../db/schema.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { companyFingerprint } from '../helpers/routes.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nw: number;
let admin: Session;
let curator: Session;
let seller: Session;
let outsider: Session;
let groups: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  nw = await northwindId(t.db);
  [admin, curator, seller] = await Promise.all(['admin@demo.test', 'curator@demo.test', 'seller@demo.test'].map((e) => signIn(t.app, e)));
  outsider = await signInOutsider(t);
  const rows = await t.db.select().from(visibilityGroups).where(eq(visibilityGroups.companyId, nw));
  groups = Object.fromEntries(rows.map((g) => [g.name, g.id]));
});
afterAll(() => t.drop());

const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const auditOf = (action: string, targetId: number) =>
  t.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));
const sessionsOf = async (userId: number) => (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const fingerprint = () => companyFingerprint(t.db, nw);

describe('the users list', () => {
  it('shows each user with language and deactivation, and filters by state', async () => {
    const priya = await idOf('priya@demo.test');
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, priya));
    try {
      const all = await admin.get('/api/users.json?limit=200');
      expect(all.status).toBe(200);
      const row = all.body.items.find((u: { id: number }) => u.id === priya);
      expect(row).toMatchObject({ language: 'en', deactivatedAt: expect.any(String), roles: ['curator'] });
      const active = await admin.get('/api/users.json?limit=200&status=active');
      const deactivated = await admin.get('/api/users.json?limit=200&status=deactivated');
      expect(active.body.items.map((u: { id: number }) => u.id)).not.toContain(priya);
      // Priya, and the demo's Victor Santos, who left.
      expect(deactivated.body.items.map((u: { name: string }) => u.name).sort()).toEqual(['Priya Raman', 'Victor Santos']);
      expect(active.body.total + deactivated.body.total).toBe(all.body.total);
      const bad = await admin.get('/api/users.json?status=gone');
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe('status');
    } finally {
      await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, priya));
    }
  });
});

describe('roles and groups', () => {
  it('changes a role and records a readable audit entry in the same change', async () => {
    const res = await admin.put(`/api/users/${seller.me.id}.json`, { roles: ['curator'] });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual(['curator']);
    const [entry] = await auditOf('user.role', seller.me.id);
    expect(entry.summary).toBe("Changed Sam Seller's role from consumer to curator");
    expect(entry.actorUserId).toBe(admin.me.id);
    expect(entry.companyId).toBe(nw);

    await admin.put(`/api/users/${seller.me.id}.json`, { roles: [] });
    expect((await auditOf('user.role', seller.me.id)).map((e) => e.summary)).toContain("Changed Sam Seller's role from curator to consumer");
    // The same roles again change nothing and record nothing.
    const count = (await auditOf('user.role', seller.me.id)).length;
    expect((await admin.put(`/api/users/${seller.me.id}.json`, { roles: [] })).status).toBe(200);
    expect((await auditOf('user.role', seller.me.id)).length).toBe(count);
  });

  it('changes visibility groups, naming them in the audit entry', async () => {
    const res = await admin.put(`/api/users/${seller.me.id}.json`, { visibilityGroupIds: [groups.Sales, groups.Executives] });
    expect(res.status).toBe(200);
    expect(res.body.visibilityGroupIds).toEqual([groups.Sales, groups.Executives].sort((a, b) => a - b));
    const [entry] = await auditOf('user.groups', seller.me.id);
    expect(entry.summary).toBe("Changed Sam Seller's visibility groups from Sales to Sales, Executives");
    await admin.put(`/api/users/${seller.me.id}.json`, { visibilityGroupIds: [groups.Sales] });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const [foreign] = await t.db.insert(visibilityGroups).values({ companyId: await companyOf(outsider.me.id), name: 'Theirs' }).returning();
    const cases: [object, string][] = [
      [{ roles: ['owner'] }, 'roles.0'],
      [{ roles: ['curator', 'curator'] }, 'roles'],
      [{ visibilityGroupIds: [-3] }, 'visibilityGroupIds.0'],
      [{ visibilityGroupIds: [groups.Sales, groups.Sales] }, 'visibilityGroupIds'],
      [{ visibilityGroupIds: [999_999] }, 'visibilityGroupIds'],
      [{ visibilityGroupIds: [foreign.id] }, 'visibilityGroupIds'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ roles: ['curator'], visibilityGroupIds: [foreign.id] }, 'visibilityGroupIds'],
    ];
    const before = await fingerprint();
    for (const [body, field] of cases) {
      const res = await admin.put(`/api/users/${seller.me.id}.json`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details[0].field, JSON.stringify(body)).toBe(field);
    }
    expect((await admin.put('/api/users/-4.json', { name: 'x' })).status).toBe(400);
    expect(await fingerprint()).toBe(before);
  });
});

async function companyOf(userId: number) {
  return (await t.db.select({ c: users.companyId }).from(users).where(eq(users.id, userId)))[0].c;
}

describe('the last active admin', () => {
  it('cannot be demoted or deactivated, and nothing is written', async () => {
    const before = await fingerprint();
    const demote = await admin.put(`/api/users/${admin.me.id}.json`, { roles: ['curator'] });
    expect(demote.status).toBe(400);
    expect(demote.body.error).toMatch(/Ada Admin is the last active admin/);
    expect(demote.body.details[0].field).toBe('roles');
    const deactivate = await admin.post(`/api/users/${admin.me.id}/deactivate.json`);
    expect(deactivate.status).toBe(400);
    expect(deactivate.body.error).toMatch(/last active admin/);
    expect(await fingerprint()).toBe(before);
  });

  it('does not count a deactivated admin, and lets go once another admin is active', async () => {
    const priya = await idOf('priya@demo.test');
    await t.db.insert(userRoles).values({ companyId: nw, userId: priya, role: 'admin' });
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, priya));
    expect((await admin.put(`/api/users/${admin.me.id}.json`, { roles: [] })).status).toBe(400);
    await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, priya));
    const ok = await admin.put(`/api/users/${admin.me.id}.json`, { roles: ['admin', 'curator'] });
    expect(ok.status).toBe(200);
    // Priya is active now: Ada may step down; then Priya is the last one and cannot.
    expect((await admin.put(`/api/users/${priya}.json`, { roles: ['curator'] })).status).toBe(200);
    expect((await admin.put(`/api/users/${admin.me.id}.json`, { roles: ['admin'] })).status).toBe(200);
  });

  it('survives two admins demoting each other at once: one of them stays admin', async () => {
    const cory = await signIn(t.app, 'curator@demo.test');
    const demoRoles = async () => {
      await t.db.delete(userRoles).where(inArray(userRoles.userId, [admin.me.id, curator.me.id]));
      await t.db.insert(userRoles).values([
        { companyId: nw, userId: admin.me.id, role: 'admin' },
        { companyId: nw, userId: curator.me.id, role: 'curator' },
      ]);
    };
    try {
      // Several rounds, so that the two requests do overlap in some of them.
      for (let round = 0; round < 10; round++) {
        await t.db.insert(userRoles).values({ companyId: nw, userId: curator.me.id, role: 'admin' }).onConflictDoNothing();
        await t.db.insert(userRoles).values({ companyId: nw, userId: admin.me.id, role: 'admin' }).onConflictDoNothing();
        const [a, b] = await Promise.all([
          admin.put(`/api/users/${curator.me.id}.json`, { roles: ['curator'] }),
          cory.put(`/api/users/${admin.me.id}.json`, { roles: ['curator'] }),
        ]);
        // One wins. The other is refused as the last admin (400) or, when the winner's change landed
        // before it was even authorized, as no longer an admin (403).
        const [won, lost] = [a.status, b.status].sort();
        expect(won).toBe(200);
        expect([400, 403]).toContain(lost);
        const admins = await t.db.select().from(userRoles).where(and(eq(userRoles.companyId, nw), eq(userRoles.role, 'admin')));
        expect(admins).toHaveLength(1);
      }
    } finally {
      await demoRoles();
    }
  });
});

describe('deactivation', () => {
  it('ends every session of the user at once, refuses sign-in, keeps their content, and is audited', async () => {
    const second = await signIn(t.app, 'curator@demo.test');
    expect(await sessionsOf(curator.me.id)).toBeGreaterThanOrEqual(2);
    const [{ n: authored }] = (await t.db.execute(sql`SELECT count(*)::int AS n FROM cards WHERE author_id = ${curator.me.id}`)).rows as { n: number }[];
    expect(authored).toBeGreaterThan(0);

    const res = await admin.post(`/api/users/${curator.me.id}/deactivate.json`);
    expect(res.status).toBe(200);
    expect(res.body.deactivatedAt).toEqual(expect.any(String));
    expect(await sessionsOf(curator.me.id)).toBe(0);
    expect((await curator.get('/api/users/me.json')).status).toBe(401);
    expect((await second.get('/api/company.json')).status).toBe(401);

    // The right password gets a clear message; a wrong one the usual generic answer.
    const right = await request(t.app).post('/account/signin').send({ email: 'curator@demo.test', password: 'demo-password' });
    expect(right.status).toBe(403);
    expect(right.body.error).toBe('This account has been deactivated. Ask an admin of your company to reactivate it.');
    expect(right.headers['set-cookie']).toBeUndefined();
    const wrong = await request(t.app).post('/account/signin').send({ email: 'curator@demo.test', password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email or password');
    const form = await request(t.app).post('/account/signin').type('form').send({ email: 'curator@demo.test', password: 'demo-password' });
    expect(new URL(form.headers.location, 'http://x').searchParams.get('error')).toMatch(/deactivated/);

    const [{ n: still }] = (await t.db.execute(sql`SELECT count(*)::int AS n FROM cards WHERE author_id = ${curator.me.id}`)).rows as { n: number }[];
    expect(still).toBe(authored);
    const [entry] = await auditOf('user.deactivate', curator.me.id);
    expect(entry.summary).toBe('Deactivated Cory Curator');
    expect(entry.detail).toEqual({ endedSessions: expect.any(Number) });

    // Deactivating again changes nothing.
    expect((await admin.post(`/api/users/${curator.me.id}/deactivate.json`)).status).toBe(200);
    expect(await auditOf('user.deactivate', curator.me.id)).toHaveLength(1);
  });

  it('reactivates: the user signs in again, audited', async () => {
    const res = await admin.post(`/api/users/${curator.me.id}/reactivate.json`);
    expect(res.status).toBe(200);
    expect(res.body.deactivatedAt).toBeNull();
    curator = await signIn(t.app, 'curator@demo.test');
    expect(curator.me.email).toBe('curator@demo.test');
    expect((await auditOf('user.reactivate', curator.me.id))[0].summary).toBe('Reactivated Cory Curator');
  });

  it('refuses a session left over from a deactivated user, and removes it', async () => {
    const s = await signIn(t.app, 'seller@demo.test');
    // Written straight to the database: the loader must not rely on deactivation having deleted the rows.
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, seller.me.id));
    try {
      expect((await s.get('/api/users/me.json')).status).toBe(401);
      expect(await t.db.select().from(sessions).where(eq(sessions.csrfToken, s.csrf))).toHaveLength(0);
    } finally {
      await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, seller.me.id));
    }
    seller = await signIn(t.app, 'seller@demo.test');
  });

  it('refuses staff impersonating a deactivated user', async () => {
    await admin.post(`/api/users/${seller.me.id}/deactivate.json`);
    const staff = await signIn(t.app, 'staff@demo.test');
    const res = await staff.post('/api/impersonate', { userId: seller.me.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/deactivated/);
    await admin.post(`/api/users/${seller.me.id}/reactivate.json`);
    seller = await signIn(t.app, 'seller@demo.test');
  });
});

describe('who may do it', () => {
  it('answers 403 to curators and consumers on admin actions, and nothing changes', async () => {
    const before = await fingerprint();
    const sellerSessions = await sessionsOf(seller.me.id);
    for (const s of [curator, seller]) {
      const calls = [
        s.put(`/api/users/${admin.me.id}.json`, { roles: [] }),
        s.put(`/api/users/${s.me.id}.json`, { roles: ['admin'] }),
        s.put(`/api/users/${s.me.id}.json`, { visibilityGroupIds: [] }),
        s.post(`/api/users/${seller.me.id}/deactivate.json`),
        s.post(`/api/users/${admin.me.id}/deactivate.json`),
        s.post(`/api/users/${seller.me.id}/reactivate.json`),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    }
    expect(await fingerprint()).toBe(before);
    expect(await sessionsOf(seller.me.id)).toBe(sellerSessions);
  });

  it('answers 404 to another company’s admin, and nothing changes', async () => {
    const before = await fingerprint();
    expect((await outsider.post(`/api/users/${seller.me.id}/deactivate.json`)).status).toBe(404);
    expect((await outsider.post(`/api/users/${seller.me.id}/reactivate.json`)).status).toBe(404);
    expect((await outsider.put(`/api/users/${seller.me.id}.json`, { roles: ['admin'] })).status).toBe(404);
    expect(await fingerprint()).toBe(before);
    expect((await seller.get('/api/users/me.json')).status).toBe(200);
  });
});
