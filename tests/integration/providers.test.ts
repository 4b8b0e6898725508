// GET /api/providers/{provider}.json on the seeded provider data: the six providers by rival id or
// domain, the spec's names in kebab and snake case, the errors for an unknown formula type and an
// invalid company identifier, and an empty answer for a rival without data.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let curator: Session;
let seller: Session;
let outsider: Session;
let lumenary: number;
let beaconly: number;
const { one } = sqlReads(() => t.db);

beforeAll(async () => {
  t = await testApp();
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
  lumenary = (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE name = 'Lumenary'`)).id;
  beaconly = (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE name = 'Beaconly'`)).id;
});
afterAll(() => t.drop());

describe('GET /api/providers/:provider.json', () => {
  it('answers each of the six providers for a demo rival with realistic data', async () => {
    const get = async (p: string) => {
      const res = await seller.get(`/api/providers/${p}.json?rivalId=${lumenary}`);
      expect(res.status, p).toBe(200);
      expect(res.body.rival).toEqual({ id: lumenary, name: 'Lumenary' });
      expect(res.body.updatedAt).not.toBeNull();
      return res.body.data;
    };
    expect(await get('companyData')).toMatchObject({ name: 'Lumenary', domain: 'lumenary.test', founded: 2018, employees: 620 });
    const firmo = await get('firmographic');
    expect(firmo.employeeRange).toBe('501-1,000');
    expect(firmo.estimatedRevenueUsd).toBeGreaterThan(50e6);
    // Provider own is not stored: it is computed from the CRM deals (tests/integration/deals-analytics.test.ts).
    const own = await seller.get(`/api/providers/own.json?rivalId=${lumenary}`);
    expect(own.status).toBe(200);
    expect(own.body.rival).toEqual({ id: lumenary, name: 'Lumenary' });
    if (Object.keys(own.body.data).length) expect(own.body.data.conditionName).toBe('Opportunities Last 6 Months');
    else expect(own.body.updatedAt).toBeNull();
    const traffic = await get('webTraffic');
    expect(traffic.series).toHaveLength(12);
    expect(traffic.monthlyVisits).toBe(traffic.series[11].visits);
    const news = await get('news');
    expect(news.articles.length).toBeGreaterThan(0);
    expect(news.articles[0].url).toMatch(/^https:\/\//);
    const hiring = await get('hiring');
    expect(hiring.series).toHaveLength(12);
    expect(Object.values(hiring.byDepartment as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(hiring.openRoles);
  });

  it('accepts kebab-case and snake_case names and a domain instead of an id', async () => {
    const camel = await seller.get(`/api/providers/webTraffic.json?rivalId=${lumenary}`);
    const kebab = await seller.get('/api/providers/web-traffic.json?domain=www.lumenary.test');
    const snake = await seller.get('/api/providers/web_traffic.json?domain=LUMENARY.test');
    expect(kebab.status).toBe(200);
    expect(kebab.body).toEqual(camel.body);
    expect(snake.body).toEqual(camel.body);
  });

  it('names an unknown formula type and an invalid company identifier', async () => {
    const unknown = await seller.get(`/api/providers/stockPrice.json?rivalId=${lumenary}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Unknown formula type');
    for (const q of ['rivalId=99999999', 'domain=nowhere.test', '']) {
      const res = await seller.get(`/api/providers/news.json?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('Invalid company identifier');
    }
    // A draft rival is not the seller's to see; another company's rival is nobody else's.
    expect((await seller.get(`/api/providers/news.json?rivalId=${beaconly}`)).body.error).toBe('Invalid company identifier');
    expect((await curator.get(`/api/providers/news.json?rivalId=${beaconly}`)).status).toBe(200);
    expect((await outsider.get(`/api/providers/news.json?rivalId=${lumenary}`)).body.error).toBe('Invalid company identifier');
    expect((await outsider.get('/api/providers/news.json?domain=lumenary.test')).body.error).toBe('Invalid company identifier');
    expect((await seller.get('/api/providers/news.json?rivalId=abc')).status).toBe(400);
  });

  it('answers an empty data object for a rival without provider data', async () => {
    const created = await curator.post('/api/rivals.json', { name: 'Fresh Rival', url: 'https://fresh.test' });
    const res = await curator.get('/api/providers/hiring.json?domain=fresh.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'hiring', rival: { id: created.body.id, name: 'Fresh Rival' }, data: {}, updatedAt: null });
  });
});
