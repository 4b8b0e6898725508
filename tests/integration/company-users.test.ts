// Company, users, visibility groups, bookmarks, health and API error shapes.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarks } from '../../db/schema.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let seller: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await testApp();
  admin = await signIn(t.app, 'admin@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
});
afterAll(() => t.drop());

describe('company', () => {
  it('returns the signed-in company with flags and a first profile', async () => {
    const res = await seller.get('/api/company.json');
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Northwind Analytics');
    expect(typeof res.body.companyData.flags.unifiedSearch).toBe('boolean');
    expect(res.body.firstProfileId).toBeGreaterThan(0);
  });

  it('lets an admin set a flag and refuses consumers and bad values', async () => {
    const ok = await admin.put('/api/company.json', { featureFlag: 'flags.askPage', value: true });
    expect(ok.status).toBe(200);
    expect(ok.body.companyData.flags.askPage).toBe(true);
    expect((await seller.get('/api/company.json')).body.companyData.flags.askPage).toBe(true);
    await admin.put('/api/company.json', { featureFlag: 'flags.askPage', value: false });

    expect((await seller.put('/api/company.json', { featureFlag: 'flags.askPage', value: true })).status).toBe(403);
    const notBool = await admin.put('/api/company.json', { featureFlag: 'flags.askPage', value: 'yes' });
    expect(notBool.status).toBe(400);
    const unknown = await admin.put('/api/company.json', { featureFlag: 'name', value: 'x' });
    expect(unknown.status).toBe(400);
    const badHome = await admin.put('/api/company.json', { featureFlag: 'forceHome', value: '//evil.test' });
    expect(badHome.status).toBe(400);
    const extra = await admin.put('/api/company.json', { featureFlag: 'forceHome', value: '/dashboard', more: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.details[0].message).toMatch(/more/);
  });
});

describe('users', () => {
  it('writes userData by key path and refuses unknown keys and prototype keys', async () => {
    const ok = await seller.put('/api/users/me.json', { featureFlag: ['dashboard', 'activeGroupId'], value: -1 });
    expect(ok.status).toBe(200);
    expect(ok.body.userData.dashboard.activeGroupId).toBe(-1);
    expect((await seller.put('/api/users/me.json', { featureFlag: 'isAdmin', value: true })).status).toBe(400);
    expect((await seller.put('/api/users/me.json', { featureFlag: 'dashboard.__proto__', value: {} })).status).toBe(400);
  });

  it('reports the seller in the Sales visibility group', async () => {
    const groups = await seller.get('/api/visibility_groups.json');
    const sales = groups.body.find((g: { name: string }) => g.name === 'Sales');
    expect(seller.me.visibilityGroupIds).toContain(sales.id);
    expect(seller.me.visibilityGroupId).toBe(sales.id);
    expect(seller.me.roles).toEqual([]);
  });

  it('lists users by type, query and page within the company only', async () => {
    const curators = await admin.get('/api/users.json?typeFilter=curators&limit=50');
    expect(curators.status).toBe(200);
    const emails = curators.body.items.map((u: { email: string }) => u.email);
    expect(emails).toContain('curator@demo.test');
    expect(emails).toContain('admin@demo.test');
    expect(emails).not.toContain('seller@demo.test');
    expect(emails).not.toContain('staff@demo.test');

    const consumers = await admin.get('/api/users.json?typeFilter=consumers&limit=200');
    expect(consumers.body.items.every((u: { roles: string[] }) => u.roles.length === 0)).toBe(true);
    expect(consumers.body.total).toBe(consumers.body.items.length);

    const page1 = await admin.get('/api/users.json?order=alpha&limit=3&page=1');
    const page2 = await admin.get('/api/users.json?order=alpha&limit=3&page=2');
    expect(page1.body.items).toHaveLength(3);
    const names = [...page1.body.items, ...page2.body.items].map((u: { name: string }) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const found = await admin.get('/api/users.json?query=seller');
    expect(found.body.items.map((u: { email: string }) => u.email)).toEqual(['seller@demo.test']);

    expect((await admin.get('/api/users.json?typeFilter=robots')).status).toBe(400);
    expect((await admin.get('/api/users.json?limit=0')).status).toBe(400);
  });

  it('hides users of other companies and validates ids', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    expect((await admin.get(`/api/users/${staff.me.id}.json`)).status).toBe(404);
    expect((await admin.get(`/api/users/${seller.me.id}.json`)).body.email).toBe('seller@demo.test');
    const bad = await admin.get('/api/users/abc.json');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/id/);
  });

  it('lets admins change roles and groups, consumers only themselves', async () => {
    expect((await seller.put(`/api/users/${admin.me.id}.json`, { name: 'Hacked' })).status).toBe(403);
    expect((await seller.put(`/api/users/${seller.me.id}.json`, { roles: ['admin'] })).status).toBe(403);
    const self = await seller.put(`/api/users/${seller.me.id}.json`, { name: 'Sam S. Seller' });
    expect(self.body.name).toBe('Sam S. Seller');

    const promoted = await admin.put(`/api/users/${seller.me.id}.json`, { roles: ['curator'] });
    expect(promoted.body.roles).toEqual(['curator']);
    const demoted = await admin.put(`/api/users/${seller.me.id}.json`, { roles: [] });
    expect(demoted.body.roles).toEqual([]);
    const badGroup = await admin.put(`/api/users/${seller.me.id}.json`, { visibilityGroupIds: [999999] });
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.details[0].field).toBe('visibilityGroupIds');
  });
});

describe('bookmarks', () => {
  it('creates, lists by path, updates and deletes only the owner’s bookmarks', async () => {
    const before = (await seller.get('/api/bookmarks.json')).body;
    const created = await seller.post('/api/bookmarks.json', { name: 'Pricing', url: '/profile/1?lanes=2' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await seller.get('/api/bookmarks.json?path=/profile/1?lanes=2')).body).toEqual([
      { id, name: 'Pricing', url: '/profile/1?lanes=2' },
    ]);
    expect((await admin.get('/api/bookmarks.json')).body.find((b: { id: number }) => b.id === id)).toBeUndefined();
    expect((await admin.put(`/api/bookmarks/${id}`, { name: 'x', url: '/x' })).status).toBe(404);
    expect((await admin.delete(`/api/bookmarks/${id}`)).status).toBe(404);

    const updated = await seller.put(`/api/bookmarks/${id}`, { name: 'Pricing v2', url: 'https://example.test/p' });
    expect(updated.body.name).toBe('Pricing v2');
    expect((await seller.delete(`/api/bookmarks/${id}`)).status).toBe(204);
    expect((await seller.get('/api/bookmarks.json')).body).toEqual(before);
  });

  it('refuses bad URLs and writes nothing', async () => {
    const before = (await t.db.select().from(bookmarks)).length;
    for (const url of ['javascript:alert(1)', 'ftp://x.test', '//evil.test', '']) {
      const res = await seller.post('/api/bookmarks.json', { name: 'x', url });
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toBe('url');
    }
    expect((await t.db.select().from(bookmarks)).length).toBe(before);
  });
});

describe('API shape', () => {
  it('answers unknown API routes with a 404 JSON error', async () => {
    const res = await seller.get('/api/nope.json');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/No API route/);
  });

  it('reports health with the database state', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.database.ok).toBe(true);
  });
});
