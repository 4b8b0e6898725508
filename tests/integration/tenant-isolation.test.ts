// Tenant isolation, generated from the router's own table so that a new /api route is covered the
// day it is added: a user of another company calls every route with the ids of Northwind's rows,
// and nothing of Northwind's is read, listed, searched, suggested, counted or changed.
import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';

type Route = { method: string; path: string };

/** Every route of the app with its full path, read from Express's router stack. */
function routesOf(app: Express): Route[] {
  const out: Route[] = [];
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) out.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
      } else if (layer.handle?.stack) {
        // A router mounted at /api does not match a path outside it; routers at the root do.
        const mount = layer.match('/x') ? '' : '/api';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as any).router.stack, '');
  return out;
}

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

  // Everything Northwind owns, summed up; any write by the outsider would change it.
  fingerprint = async () =>
    JSON.stringify(
      (
        await t.db.execute(sql`SELECT
          (SELECT md5(string_agg(c::text, '' ORDER BY id)) FROM companies c WHERE id = ${nw}) AS company,
          (SELECT md5(string_agg(u::text, '' ORDER BY id)) FROM users u WHERE company_id = ${nw}) AS users,
          (SELECT md5(string_agg(r::text, '' ORDER BY user_id, role)) FROM user_roles r WHERE company_id = ${nw}) AS roles,
          (SELECT md5(string_agg(b::text, '' ORDER BY id)) FROM bookmarks b WHERE company_id = ${nw}) AS bookmarks,
          (SELECT md5(string_agg(g::text, '' ORDER BY visibility_group_id, user_id)) FROM visibility_group_members g WHERE company_id = ${nw}) AS groups,
          (SELECT count(*) FROM sessions s WHERE company_id = ${nw}) AS sessions`)
      ).rows[0],
    );
});
afterAll(() => t.drop());

/** Northwind words that must never reach the outsider. */
const LEAKS = [/Northwind/i, /@demo\.test/i, /Lumenary|Quantive|DataHarbor|Insightloom|Clearmetric|Beaconly/];

const BODIES: Record<string, object> = {
  PUT: { featureFlag: 'flags.askPage', value: true, name: 'Taken over', url: '/x', roles: ['admin'], visibilityGroupIds: [] },
  POST: { name: 'Planted', url: '/x', userId: 1 },
};

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
    const idsFor = (path: string) => {
      if (path.includes('bookmarks')) return [northwind.bookmark];
      if (path.includes('visibility_groups')) return [northwind.group];
      if (path.includes('users')) return [northwind.user];
      return [northwind.card];
    };
    for (const route of apiRoutes()) {
      for (const id of idsFor(route.path)) {
        const url = route.path.replace(':id', String(id)) + (route.method === 'GET' ? `?query=a&rivals=${northwind.rival}` : '');
        const res =
          route.method === 'GET'
            ? await outsider.get(url)
            : route.method === 'DELETE'
              ? await outsider.delete(url)
              : route.method === 'PUT'
                ? await outsider.put(url, BODIES.PUT)
                : await outsider.post(url, BODIES.POST);
        expect(res.status, `${route.method} ${url}`).toBeLessThan(500);
        const body = JSON.stringify(res.body ?? '');
        for (const leak of LEAKS) expect(body, `${route.method} ${url} leaked ${leak}`).not.toMatch(leak);
      }
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

