// Company settings: the company profile, feature flags from the catalogue, Ask's permitted groups, digest
// defaults, visibility groups (with what deleting one does to cards and search), rival groups, and the
// audit log every change lands in.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../../contracts/settings.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { companyFingerprint } from '../helpers/routes.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let curator: Awaited<ReturnType<typeof signIn>>;
let seller: Awaited<ReturnType<typeof signIn>>;
let companyId: number;
const { rows, one } = sqlReads(() => t.db);

beforeAll(async () => {
  t = await testApp({ search: true });
  admin = await signIn(t.app, 'admin@demo.test');
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  companyId = await northwindId(t.db);
});
afterAll(() => t.drop());

const latestAudit = async () => (await admin.get('/api/audit.json?limit=1')).body.items[0];

/** Runs `call` and expects it to change nothing the company owns. */
async function changesNothing(call: () => Promise<{ status: number }>, status: number) {
  const before = await companyFingerprint(t.db, companyId);
  expect((await call()).status).toBe(status);
  expect(await companyFingerprint(t.db, companyId)).toBe(before);
}

describe('company profile', () => {
  it('lets an admin change name, site, icon and email domains, normalized, and records it', async () => {
    const res = await admin.put('/api/company/profile.json', {
      name: 'Northwind Analytics Inc.',
      url: 'https://www.northwind.test',
      iconUrl: null,
      emailDomains: ['@Demo.test', 'northwind.test', 'demo.test'],
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Northwind Analytics Inc.');
    expect(res.body.emailDomains).toEqual(['demo.test', 'northwind.test']);
    const entry = await latestAudit();
    expect(entry.action).toBe('company.profile');
    expect(entry.summary).toMatch(/name/);
    expect(entry.actor.name).toBe(admin.me.name);
    await admin.put('/api/company/profile.json', { name: 'Northwind Analytics', url: 'https://www.northwind.test', iconUrl: null, emailDomains: [] });
  });

  it('refuses bad input naming the field, and non-admins, writing nothing', async () => {
    const body = { name: 'X', url: null, iconUrl: null, emailDomains: [] };
    for (const [bad, field] of [
      [{ ...body, name: '' }, 'name'],
      [{ ...body, name: 'n'.repeat(121) }, 'name'],
      [{ ...body, url: 'javascript:alert(1)' }, 'url'],
      [{ ...body, emailDomains: ['not a domain'] }, 'emailDomains.0'],
    ] as const) {
      let res: { status: number; body: { details: { field: string }[] } } | undefined;
      await changesNothing(async () => (res = await admin.put('/api/company/profile.json', bad)), 400);
      expect(res!.body.details[0].field).toBe(field);
    }
    await changesNothing(() => curator.put('/api/company/profile.json', body), 403);
    await changesNothing(() => seller.put('/api/company/profile.json', body), 403);
  });
});

describe('feature flags', () => {
  it('sets a catalogued flag, records the change once, and refuses flags it does not know', async () => {
    const res = await admin.put('/api/company.json', { featureFlag: 'flags.cardSentiment', value: false });
    expect(res.status).toBe(200);
    expect(res.body.companyData.flags.cardSentiment).toBe(false);
    const entry = await latestAudit();
    expect(entry).toMatchObject({ action: 'flag.set', targetType: 'flag', summary: 'Turned off card sentiment', detail: { flag: 'cardSentiment', before: true, after: false } });

    const count = (await admin.get('/api/audit.json')).body.total;
    await admin.put('/api/company.json', { featureFlag: 'flags.cardSentiment', value: false });
    expect((await admin.get('/api/audit.json')).body.total).toBe(count);
    await admin.put('/api/company.json', { featureFlag: 'flags.cardSentiment', value: true });

    const unknown = await admin.put('/api/company.json', { featureFlag: 'flags.madeUp', value: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/madeUp is not a feature flag/);
    // Win/loss is built: its flags switch like any other.
    const winLoss = await admin.put('/api/company.json', { featureFlag: 'flags.winLossExclusive', value: true });
    expect(winLoss.status).toBe(200);
    expect(winLoss.body.companyData.flags.winLossExclusive).toBe(true);
    expect((await admin.put('/api/company.json', { featureFlag: 'flags.winLossExclusive', value: false })).status).toBe(403);
    await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags,winLossExclusive}', 'false') WHERE id = ${companyId}`);
    expect(FEATURE_FLAGS.every((f) => /^[a-z][A-Za-z]+$/.test(f.name))).toBe(true);
  });
});

describe('Ask permitted groups and digest defaults', () => {
  it('stores the company groups Ask offers and refuses other ids', async () => {
    const groups = (await admin.get('/api/visibility_groups.json')).body as { id: number; name: string }[];
    const sales = groups.find((g) => g.name === 'Sales')!;
    const res = await admin.put('/api/company/ask_groups.json', { visibilityGroupIds: [sales.id] });
    expect(res.body.askPermittedVisibilityGroups).toEqual([sales.id]);
    expect((await curator.get('/api/ask/visibility-groups')).body.groups.map((g: { id: number }) => g.id)).toEqual([sales.id]);
    const bad = await admin.put('/api/company/ask_groups.json', { visibilityGroupIds: [999_999] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/unknown group 999999/);
    await admin.put('/api/company/ask_groups.json', { visibilityGroupIds: [] });
  });

  it('stores digest defaults whole and validates them', async () => {
    const defaults = { title: 'Weekly rival roundup · {date}', intro: 'What changed this week.', newUsersReceive: false };
    const res = await admin.put('/api/company/digest_defaults.json', defaults);
    expect(res.status).toBe(200);
    expect(res.body.companyData.defaults.digest).toEqual(defaults);
    expect(res.body.companyData.defaults.dashboard).toBeDefined();
    const bad = await admin.put('/api/company/digest_defaults.json', { ...defaults, title: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('title');
    await changesNothing(() => curator.put('/api/company/digest_defaults.json', defaults), 403);
  });
});

describe('visibility groups', () => {
  it('creates, renames and reorders groups, refusing duplicate names in any case', async () => {
    const created = await admin.post('/api/visibility_groups.json', { name: 'Partners' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Partners', membersCount: 0, cardsOnlyHere: 0 });
    const dup = await admin.post('/api/visibility_groups.json', { name: 'sales' });
    expect(dup.status).toBe(400);
    expect(dup.body.details[0].field).toBe('name');

    const renamed = await admin.put(`/api/visibility_groups/${created.body.id}.json`, { name: 'Channel partners' });
    expect(renamed.body.name).toBe('Channel partners');
    expect((await admin.put(`/api/visibility_groups/${created.body.id}.json`, { name: 'Executives' })).status).toBe(400);

    const ids = ((await admin.get('/api/visibility_groups.json')).body as { id: number }[]).map((g) => g.id);
    const reversed = [...ids].reverse();
    const ordered = await admin.put('/api/visibility_groups/order.json', { ids: reversed });
    expect(ordered.body.map((g: { id: number }) => g.id)).toEqual(reversed);
    expect((await seller.get('/api/visibility_groups.json')).body.map((g: { id: number }) => g.id)).toEqual(reversed);
    expect((await admin.put('/api/visibility_groups/order.json', { ids: reversed.slice(1) })).status).toBe(400);
    expect((await admin.put('/api/visibility_groups/order.json', { ids: [...reversed, reversed[0]] })).status).toBe(400);
  });

  it('changes members with company users only', async () => {
    const partners = ((await admin.get('/api/visibility_groups.json?usage=true')).body as { id: number; name: string }[]).find((g) => g.name === 'Channel partners')!;
    const res = await admin.put(`/api/visibility_groups/${partners.id}/members.json`, { addUserIds: [seller.me.id] });
    expect(res.body.map((m: { email: string }) => m.email)).toEqual(['seller@demo.test']);
    expect((await seller.get('/api/users/me.json')).body.visibilityGroupIds).toContain(partners.id);
    const outsider = await signInOutsider(t);
    const bad = await admin.put(`/api/visibility_groups/${partners.id}/members.json`, { addUserIds: [outsider.me.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('addUserIds');
    expect((await outsider.get(`/api/visibility_groups/${partners.id}/members.json`)).status).toBe(404);
    await admin.put(`/api/visibility_groups/${partners.id}/members.json`, { removeUserIds: [seller.me.id] });
    expect((await admin.get(`/api/visibility_groups/${partners.id}/members.json`)).body).toEqual([]);
  });

  it('says what deleting a group does, then does it: its cards are for curators only and search follows', async () => {
    const usage = (await admin.get('/api/visibility_groups.json?usage=true')).body as { id: number; name: string; cardsOnlyHere: number; membersCount: number }[];
    const sales = usage.find((g) => g.name === 'Sales')!;
    const onlySales = await rows<{ id: number; name: string }>(sql`
      SELECT c.id, c.name FROM cards c JOIN card_visibility_groups g ON g.card_id = c.id
      WHERE g.visibility_group_id = ${sales.id} AND c.company_id = ${companyId}
        AND NOT EXISTS (SELECT 1 FROM card_visibility_groups o WHERE o.card_id = c.id AND o.visibility_group_id <> ${sales.id})`);
    expect(sales.cardsOnlyHere).toBe(onlySales.length);
    expect(sales.cardsOnlyHere).toBeGreaterThan(0);
    expect(sales.membersCount).toBeGreaterThan(0);
    const card = onlySales[0];
    expect((await seller.get(`/api/cards/${card.id}.json`)).status).toBe(200);

    await changesNothing(() => curator.delete(`/api/visibility_groups/${sales.id}.json`), 403);
    await admin.put('/api/company/ask_groups.json', { visibilityGroupIds: [sales.id] });
    const del = await admin.delete(`/api/visibility_groups/${sales.id}.json`);
    expect(del.status).toBe(200);
    await t.search.indexer!.drain();

    expect((await seller.get(`/api/cards/${card.id}.json`)).status).toBe(404);
    expect((await curator.get(`/api/cards/${card.id}.json`)).status).toBe(200);
    const hits = (await seller.get(`/api/search.json?index=cards&query=${encodeURIComponent(card.name)}&size=50`)).body.results as { id: number }[];
    expect(hits.map((h) => h.id)).not.toContain(card.id);
    expect((await admin.get('/api/company.json')).body.askPermittedVisibilityGroups).toEqual([]);
    const entry = await latestAudit();
    expect(entry.action).toBe('visibilityGroup.delete');
    expect(entry.summary).toContain(`${sales.cardsOnlyHere} cards now for curators only`);
    expect(await one(sql`SELECT count(*)::int AS n FROM visibility_group_members WHERE visibility_group_id = ${sales.id}`)).toEqual({ n: 0 });
  });

  it('answers 404 for another company’s group and 400 for a bad id', async () => {
    const outsider = await signIn(t.app, 'admin@other.test', 'other-password');
    const group = (await admin.get('/api/visibility_groups.json')).body[0];
    await changesNothing(() => outsider.put(`/api/visibility_groups/${group.id}.json`, { name: 'Mine' }), 404);
    await changesNothing(() => outsider.delete(`/api/visibility_groups/${group.id}.json`), 404);
    expect((await admin.put('/api/visibility_groups/-3.json', { name: 'x' })).status).toBe(400);
    expect((await admin.post('/api/visibility_groups.json', { name: 'x'.repeat(81) })).body.details[0].field).toBe('name');
  });
});

describe('rival groups', () => {
  it('lets curators create, rename, fill, reorder and delete groups; rivals stay', async () => {
    const rivals = (await curator.get('/api/rivals.json?minimal=true')).body as { id: number }[];
    const created = await curator.post('/api/rival_groups.json', { name: 'Upmarket' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const changed = await curator.put(`/api/rival_groups/${id}.json`, { name: 'Enterprise rivals', addRivals: [rivals[0].id, rivals[1].id] });
    expect(changed.body).toMatchObject({ name: 'Enterprise rivals', rivals: [rivals[0].id, rivals[1].id] });
    expect((await curator.put(`/api/rival_groups/${id}`, { removeRivals: [rivals[0].id] })).body.rivals).toEqual([rivals[1].id]);
    const existing = (await curator.get('/api/rival_groups.json')).body as { id: number; name: string }[];
    const taken = existing.find((g) => g.id !== id)!.name.toUpperCase();
    expect((await curator.put(`/api/rival_groups/${id}.json`, { name: taken })).status).toBe(400);

    const order = [id, ...existing.filter((g) => g.id !== id).map((g) => g.id)];
    expect((await curator.put('/api/rival_groups/order.json', { ids: order })).body.map((g: { id: number }) => g.id)).toEqual(order);

    await changesNothing(() => seller.post('/api/rival_groups.json', { name: 'Nope' }), 403);
    await changesNothing(() => seller.delete(`/api/rival_groups/${id}.json`), 403);
    expect((await curator.delete(`/api/rival_groups/${id}.json`)).status).toBe(200);
    expect((await curator.get('/api/rival_groups.json')).body.map((g: { id: number }) => g.id)).not.toContain(id);
    expect((await curator.get('/api/rivals.json?minimal=true')).body.length).toBe(rivals.length);
    expect((await curator.delete(`/api/rival_groups/${id}.json`)).status).toBe(404);
  });
});

describe('audit log', () => {
  it('is for admins, newest first, searchable and paged', async () => {
    await changesNothing(() => curator.get('/api/audit.json'), 403);
    const page1 = (await admin.get('/api/audit.json?limit=2')).body;
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBeGreaterThan(4);
    const page2 = (await admin.get('/api/audit.json?limit=2&page=2')).body;
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
    expect(new Date(page1.items[0].createdAt) >= new Date(page2.items[0].createdAt)).toBe(true);
    const found = (await admin.get('/api/audit.json?query=enterprise')).body.items as { summary: string }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => /enterprise/i.test(e.summary))).toBe(true);
    const flags = (await admin.get('/api/audit.json?targetType=flag')).body.items as { targetType: string }[];
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.every((e) => e.targetType === 'flag')).toBe(true);
    expect((await admin.get('/api/audit.json?targetType=nope')).status).toBe(400);
  });
});
