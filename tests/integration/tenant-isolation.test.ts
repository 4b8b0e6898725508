// Tenant isolation, generated from the router's own table so that a new /api route is covered the
// day it is added: a user of another company calls every route with the ids of Northwind's rows,
// and nothing of Northwind's is read, listed, searched, suggested, counted or changed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { companyFingerprint, routesOf } from '../helpers/routes.ts';

let t: TestApp;
let outsider: Awaited<ReturnType<typeof signIn>>;
const northwind: Record<string, number> = {};
let fingerprint: () => Promise<string>;

beforeAll(async () => {
  t = await testApp({ search: true });
  outsider = await signInOutsider(t);

  const one = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)).rows[0] as { id: number }).id;
  const nw = sql`(SELECT id FROM companies WHERE name = 'Northwind Analytics')`;
  northwind.card = await one(sql`SELECT id FROM cards WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.user = await one(sql`SELECT id FROM users WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.bookmark = await one(sql`SELECT id FROM bookmarks WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.group = await one(sql`SELECT id FROM visibility_groups WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.rival = await one(sql`SELECT id FROM rivals WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.profile = await one(sql`SELECT id FROM profiles WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.board = await one(sql`SELECT id FROM boards WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.battlecard = await one(sql`SELECT id FROM battlecards WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.tag = await one(sql`SELECT id FROM tags WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.intel = await one(sql`SELECT id FROM intel_items WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.source = await one(sql`SELECT id FROM card_sources WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.rivalGroup = await one(sql`SELECT id FROM rival_groups WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.digest = await one(sql`SELECT id FROM email_digests WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.post = await one(sql`SELECT id FROM posts WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.review = await one(sql`SELECT id FROM reviews WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.aspect = await one(sql`SELECT id FROM aspects WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.insight = await one(sql`SELECT id FROM insights WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.organization = await one(sql`SELECT id FROM organizations WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.product = await one(sql`SELECT id FROM products WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
  northwind.dynamicBoard = await one(sql`SELECT id FROM dynamic_boards WHERE company_id = ${nw} ORDER BY id LIMIT 1`);

  // Everything Northwind owns, summed up; any write by the outsider would change it.
  fingerprint = () => companyFingerprint(t.db, nw);
});
afterAll(() => t.drop());

/** Northwind words that must never reach the outsider. */
const LEAKS = [/Northwind/i, /@demo\.test/i, /Lumenary|Quantive|DataHarbor|Insightloom|Clearmetric|Beaconly/];

const BODIES: Record<string, object> = {
  PUT: { featureFlag: 'flags.askPage', value: true, name: 'Taken over', url: '/x', roles: ['admin'], visibilityGroupIds: [] },
  POST: { name: 'Planted', url: '/x', userId: 1 },
  PATCH: { state: 'deleted', priority: 'important' },
};

/** The Northwind id a route parameter names, judged by the parameter and the path around it. */
function idFor(path: string, param: string): number {
  const before = path.slice(0, path.indexOf(`:${param}`));
  const by: [RegExp, string][] = [
    [/rival$/i, 'rival'], [/^rivalId$/, 'rival'], [/^profileId$/, 'profile'], [/^boardId$/, 'board'], [/^cardId$/, 'card'],
    [/^battlecardId$/, 'battlecard'], [/^tagId$/, 'tag'], [/^intelId$/, 'intel'], [/^userId$/, 'user'],
    [/^reviewId$/, 'review'], [/^aspectId$/, 'aspect'], [/^insightId$/, 'insight'], [/^organizationId$/, 'organization'],
  ];
  for (const [re, key] of by) if (re.test(param)) return northwind[key];
  const owner: [RegExp, string][] = [
    [/dynamic_boards\/$/, 'dynamicBoard'], [/bookmarks\/$/, 'bookmark'], [/visibility_groups\/$/, 'group'], [/users\/$/, 'user'], [/rival_groups\/$/, 'rivalGroup'],
    [/rivals\/$/, 'rival'], [/profiles\/$/, 'profile'], [/boards\/$/, 'board'], [/battlecards\/$/, 'battlecard'],
    [/tags\/$/, 'tag'], [/sources\/$/, 'source'], [/email_digests\/$/, 'digest'], [/posts\/$/, 'post'], [/intel(\/v1)?\/$/, 'intel'], [/feed\/$/, 'intel'], [/cards\/$/, 'card'],
    [/products\/$/, 'product'], [/landing_pages\/$/, 'profile'],
  ];
  for (const [re, key] of owner) if (re.test(before)) return northwind[key];
  return northwind.card;
}

describe('tenant isolation', () => {
  const apiRoutes = () => routesOf(t.app).filter((r) => r.path.startsWith('/api/'));

  it('finds the API routes from the router table', () => {
    const paths = apiRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('GET /api/search.json');
    expect(paths).toContain('GET /api/users/:id.json');
    expect(paths.length).toBeGreaterThan(15);
  });

  it('never shows or changes another company’s data on any route', async () => {
    const before = await fingerprint();
    for (const route of apiRoutes()) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => String(idFor(route.path, name)));
      const url = path + (route.method === 'GET' ? `?query=a&rivals=${northwind.rival}` : '');
      const res =
        route.method === 'GET'
          ? await outsider.get(url)
          : route.method === 'DELETE'
            ? await outsider.delete(url)
            : route.method === 'PUT'
              ? await outsider.put(url, BODIES.PUT)
              : route.method === 'PATCH'
                ? await outsider.patch(url, BODIES.PATCH)
                : await outsider.post(url, BODIES.POST);
      expect(res.status, `${route.method} ${url}`).toBeLessThan(500);
      const body = JSON.stringify(res.body ?? '') + (res.type.startsWith('text/') ? res.text : '');
      for (const leak of LEAKS) expect(body, `${route.method} ${url} leaked ${leak}`).not.toMatch(leak);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('keeps search, suggestions and counters empty of Northwind for the outsider', async () => {
    const res = await outsider.get('/api/search.json?query=&countersFor=tags.id,board.id,board.rival_id');
    expect(res.body.nr_results).toBe(0);
    expect(res.body.counters).toEqual({ 'tags.id': [], 'board.id': [], 'board.rival_id': [] });
    expect((await outsider.get('/api/suggest.json?query=pri')).body.suggestions).toEqual([]);
    expect((await outsider.get(`/api/cards/${northwind.card}.json`)).status).toBe(404);
  });
});

