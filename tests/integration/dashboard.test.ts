// The dashboard tools (contracts/dashboard.ts): favorite rivals (who may, what is listed, another
// company's rival), the curators' saved dashboard defaults, and company suggestions from the provider
// dataset for the board wizard; each with its role checks and bad input.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';
import { users } from '../../db/schema.ts';
import { setUserData } from '../../search-api/users/service.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
type Favorite = { id: number; name: string; domain: string | null; profileId: number };

let t: TestApp;
let curator: Session;
let seller: Session;
let admin: Session;
let outsider: Session;
const { rows } = sqlReads(() => t.db);
const NW = sql`(SELECT id FROM companies WHERE name = 'Northwind Analytics')`;

/** Rivals of Northwind, published first. */
let published: { id: number; name: string; url: string }[];
let draft: { id: number; name: string };

beforeAll(async () => {
  t = await testApp();
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  admin = await signIn(t.app, 'admin@demo.test');
  outsider = await signInOutsider(t);
  published = await rows(sql`SELECT id, name, url FROM rivals WHERE company_id = ${NW} AND NOT is_draft AND NOT is_template ORDER BY id`);
  [draft] = await rows(sql`SELECT id, name FROM rivals WHERE company_id = ${NW} AND is_draft ORDER BY id LIMIT 1`);
});
afterAll(() => t.drop());

const userData = async (email: string) =>
  (await rows<{ user_data: Record<string, unknown> }>(sql`SELECT user_data FROM users WHERE email = ${email}`))[0].user_data;
const setFlag = (value: boolean) => admin.put('/api/company.json', { featureFlag: 'flags.companyFavorites', value });

describe('favorite companies', () => {
  it('lets a curator star rivals, lists them in the order starred with their domain, and unstar one', async () => {
    const [a, b] = published;
    expect((await curator.get('/api/favorited_companies.json')).body).toEqual([]);
    expect((await curator.post(`/api/rivals/${b.id}/favorite.json`)).status).toBe(200);
    const res = await curator.post(`/api/rivals/${a.id}/favorite.json`);
    expect(res.status).toBe(200);
    expect((res.body as Favorite[]).map((f) => f.id)).toEqual([b.id, a.id]);
    expect(res.body[0].name).toBe(b.name);
    expect(res.body[0].domain).toBe(new URL(b.url).hostname.replace(/^www\./, ''));
    expect(res.body[0].profileId).toEqual(expect.any(Number));
    // Starring again changes nothing.
    expect((await curator.post(`/api/rivals/${b.id}/favorite.json`)).body.map((f: Favorite) => f.id)).toEqual([b.id, a.id]);
    expect((await userData('curator@demo.test')).favoritedCompanies).toEqual([b.id, a.id]);

    const off = await curator.post(`/api/rivals/${b.id}/unfavorite.json`);
    expect(off.body.map((f: Favorite) => f.id)).toEqual([a.id]);
    expect((await curator.get('/api/favorited_companies.json')).body.map((f: Favorite) => f.id)).toEqual([a.id]);
    // Another user's favorites are their own.
    expect((await admin.get('/api/favorited_companies.json')).body).toEqual([]);
  });

  it('lets a curator star a draft rival, which a consumer cannot', async () => {
    expect((await curator.post(`/api/rivals/${draft.id}/favorite.json`)).status).toBe(200);
    expect((await setFlag(true)).status).toBe(200);
    try {
      expect((await seller.post(`/api/rivals/${draft.id}/favorite.json`)).status).toBe(404);
      expect((await userData('seller@demo.test')).favoritedCompanies).toBeUndefined();
    } finally {
      await setFlag(false);
    }
  });

  it('gives consumers favorites only with the company flag', async () => {
    const rival = published[2];
    expect((await seller.get('/api/favorited_companies.json')).status).toBe(403);
    expect((await seller.post(`/api/rivals/${rival.id}/favorite.json`)).status).toBe(403);
    expect((await userData('seller@demo.test')).favoritedCompanies).toBeUndefined();
    await setFlag(true);
    try {
      expect((await seller.post(`/api/rivals/${rival.id}/favorite.json`)).body.map((f: Favorite) => f.id)).toEqual([rival.id]);
    } finally {
      await setFlag(false);
    }
  });

  it('hides a favorite the user can no longer see, and still lets it be removed', async () => {
    const rival = published[3];
    await setFlag(true);
    try {
      await seller.post(`/api/rivals/${rival.id}/favorite.json`);
      await t.db.execute(sql`UPDATE rivals SET is_draft = true WHERE id = ${rival.id}`);
      expect((await seller.get('/api/favorited_companies.json')).body.map((f: Favorite) => f.id)).not.toContain(rival.id);
      expect((await seller.post(`/api/rivals/${rival.id}/unfavorite.json`)).status).toBe(200);
      expect((await userData('seller@demo.test')).favoritedCompanies).not.toContain(rival.id);
    } finally {
      await t.db.execute(sql`UPDATE rivals SET is_draft = false WHERE id = ${rival.id}`);
      await setFlag(false);
    }
  });

  it('ignores junk written into userData.favoritedCompanies through the user settings', async () => {
    const rival = published[4];
    expect((await admin.put('/api/users/me.json', { featureFlag: 'favoritedCompanies', value: ['x', rival.id, { id: 1 }, -3, rival.id] })).status).toBe(200);
    expect((await admin.get('/api/favorited_companies.json')).body.map((f: Favorite) => f.id)).toEqual([rival.id]);
    expect((await admin.post(`/api/rivals/${published[5].id}/favorite.json`)).body.map((f: Favorite) => f.id)).toEqual([rival.id, published[5].id]);
    expect((await userData('admin@demo.test')).favoritedCompanies).toEqual([rival.id, published[5].id]);
  });

  it('keeps a favorite starred while another request of the same user, loaded before it, saves a setting', async () => {
    // The other request's session was loaded before the star committed: its copy of userData lacks the favorite.
    const [loaded] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    expect((await admin.post(`/api/rivals/${published[6].id}/favorite.json`)).status).toBe(200);
    await setUserData(t.db, loaded, 'dashboardNewsToggle', true);
    const saved = await userData('admin@demo.test');
    expect(saved.favoritedCompanies).toContain(published[6].id);
    expect(saved.dashboardNewsToggle).toBe(true);
  });

  it('answers 404 for another company’s rival and an unknown one, 400 for a bad id, and writes nothing', async () => {
    const before = await userData('admin@other.test');
    expect((await outsider.post(`/api/rivals/${published[0].id}/favorite.json`)).status).toBe(404);
    expect((await outsider.post(`/api/rivals/${published[0].id}/unfavorite.json`)).status).toBe(404);
    expect((await outsider.post('/api/rivals/999999/favorite.json')).status).toBe(404);
    expect((await outsider.post('/api/rivals/abc/favorite.json')).status).toBe(400);
    expect(await userData('admin@other.test')).toEqual(before);
    expect((await outsider.get('/api/favorited_companies.json')).body).toEqual([]);
  });
});

describe('PUT /api/dashboard/defaults.json', () => {
  const defaults = async () =>
    (await rows<{ d: Record<string, unknown> | null }>(sql`SELECT company_data->'defaults'->'dashboard' AS d FROM companies WHERE id = ${NW}`))[0].d;

  it('saves the sort and group filter with who and when, keeping the other company data', async () => {
    const [group] = await rows<{ id: number }>(sql`SELECT id FROM rival_groups WHERE company_id = ${NW} ORDER BY id LIMIT 1`);
    const res = await curator.put('/api/dashboard/defaults.json', { sortBy: 'alpha-rev', activeGroupId: group.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sortBy: 'alpha-rev', activeGroupId: group.id, curatorId: curator.me.id });
    expect(Date.parse(res.body.updatedAt)).not.toBeNaN();
    expect(await defaults()).toEqual(res.body);
    // The company as the app reads it carries them, and the flags are untouched.
    const company = (await seller.get('/api/company.json')).body;
    expect(company.companyData.defaults.dashboard).toEqual(res.body);
    expect(company.companyData.flags.askDashboard).toBe(true);
    expect((await curator.put('/api/dashboard/defaults.json', { sortBy: 'cards', activeGroupId: 0 })).body.activeGroupId).toBe(0);
  });

  it('is for curators only, and refuses bad input without writing', async () => {
    const before = await defaults();
    expect((await seller.put('/api/dashboard/defaults.json', { sortBy: 'alpha', activeGroupId: -1 })).status).toBe(403);
    const [otherGroup] = await rows<{ id: number }>(
      sql`INSERT INTO rival_groups (company_id, name) VALUES ((SELECT id FROM companies WHERE name = 'Other Co'), 'Theirs') RETURNING id`,
    );
    const bad: [object, string][] = [
      [{ sortBy: 'random', activeGroupId: -1 }, 'sortBy'],
      [{ sortBy: 'alpha', activeGroupId: -3 }, 'activeGroupId'],
      [{ sortBy: 'alpha', activeGroupId: 1.5 }, 'activeGroupId'],
      [{ sortBy: 'alpha' }, 'activeGroupId'],
      [{ sortBy: 'alpha', activeGroupId: otherGroup.id }, 'activeGroupId'],
      [{ sortBy: 'alpha', activeGroupId: -1, curatorId: 1 }, 'body'],
    ];
    for (const [body, field] of bad) {
      const res = await curator.put('/api/dashboard/defaults.json', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain(field === 'body' ? 'curatorId' : field);
    }
    expect(await defaults()).toEqual(before);
  });
});

describe('GET /api/discover/companies.json', () => {
  type Item = { name: string; domain: string; logo: string | null };
  it('suggests companies of the provider dataset by name prefix first, then by contained text, at most 10', async () => {
    const [first] = published;
    const res = await curator.get(`/api/discover/companies.json?name=${encodeURIComponent(first.name.slice(0, 3).toLowerCase())}`);
    expect(res.status).toBe(200);
    const items = res.body.items as Item[];
    expect(items[0].name.toLowerCase().startsWith(first.name.slice(0, 3).toLowerCase())).toBe(true);
    expect(Object.keys(items[0]).sort()).toEqual(['domain', 'logo', 'name']);

    // A letter most names contain: capped at 10, names starting with it first.
    const many = (await curator.get('/api/discover/companies.json?name=an')).body.items as Item[];
    expect(many.length).toBeGreaterThan(0);
    expect(many.length).toBeLessThanOrEqual(10);
    const starts = many.map((i) => i.name.toLowerCase().startsWith('an'));
    expect(starts).toEqual([...starts].sort((x, y) => Number(y) - Number(x)));
    expect(many.every((i) => i.name.toLowerCase().includes('an') || i.domain.includes('an'))).toBe(true);
  });

  it('matches a domain, and never offers a consumer the company behind a draft rival', async () => {
    const [{ domain, name }] = await rows<{ domain: string; name: string }>(
      sql`SELECT d.data->>'domain' AS domain, d.data->>'name' AS name FROM provider_data d WHERE d.rival_id = ${draft.id} AND d.provider = 'companyData'`,
    );
    const q = `/api/discover/companies.json?name=${encodeURIComponent(domain)}`;
    expect((await curator.get(q)).body.items.map((i: Item) => i.name)).toContain(name);
    expect((await seller.get(q)).body.items.map((i: Item) => i.name)).not.toContain(name);
  });

  it('offers a domain once when a product board shares it with the company', async () => {
    const [lumenary] = await rows<{ id: number; name: string; domain: string }>(
      sql`SELECT r.id, r.name, d.data->>'domain' AS domain FROM rivals r JOIN provider_data d ON d.rival_id = r.id AND d.provider = 'companyData'
          WHERE r.company_id = ${NW} AND NOT r.is_draft ORDER BY r.id LIMIT 1`,
    );
    const [product] = await rows<{ id: number }>(
      sql`INSERT INTO rivals (company_id, name, category) VALUES (${NW}, ${`${lumenary.name} Cloud`}, 'product') RETURNING id`,
    );
    await t.db.execute(sql`INSERT INTO profiles (company_id, rival_id, name) VALUES (${NW}, ${product.id}, 'Cloud')`);
    await t.db.execute(sql`INSERT INTO provider_data (company_id, rival_id, provider, data)
      VALUES (${NW}, ${product.id}, 'companyData', ${JSON.stringify({ name: `${lumenary.name} Cloud`, domain: lumenary.domain })}::jsonb)`);
    try {
      const items = (await curator.get(`/api/discover/companies.json?name=${encodeURIComponent(lumenary.domain)}`)).body.items as Item[];
      expect(items.filter((i) => i.domain === lumenary.domain)).toHaveLength(1);
    } finally {
      await t.db.execute(sql`DELETE FROM rivals WHERE id = ${product.id}`);
    }
  });

  it('treats wildcards as text, answers 400 on a missing or too short name, and nothing to another company', async () => {
    expect((await curator.get('/api/discover/companies.json?name=%25%25')).body.items).toEqual([]);
    const missing = await curator.get('/api/discover/companies.json');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('name');
    expect((await curator.get('/api/discover/companies.json?name=a')).status).toBe(400);
    expect((await curator.get('/api/discover/companies.json?name=%20a%20')).status).toBe(400);
    expect((await outsider.get(`/api/discover/companies.json?name=${encodeURIComponent(published[0].name)}`)).body.items).toEqual([]);
  });
});
