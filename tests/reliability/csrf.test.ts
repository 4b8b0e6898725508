// CSRF on every state-changing /api route, read from the router's own table: a signed-in curator's
// request without the X-CSRF-Token header, or with a wrong one, is refused with 403 and writes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { companyFingerprint, routesOf } from '../helpers/routes.ts';

let t: TestApp;
let curator: Awaited<ReturnType<typeof signIn>>;
let companyId: number;

beforeAll(async () => {
  t = await testApp({ demo: true });
  curator = await signIn(t.app, 'curator@demo.test');
  companyId = await northwindId(t.db);
});
afterAll(() => t.drop());

it('refuses every non-GET /api route without a valid CSRF token, writing nothing', async () => {
  const routes = routesOf(t.app).filter((r) => r.path.startsWith('/api/') && r.method !== 'GET');
  expect(routes.length).toBeGreaterThan(40);
  const before = await companyFingerprint(t.db, companyId);
  for (const route of routes) {
    const url = route.path.replace(/:(\w+)/g, '1');
    const method = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
    for (const token of [undefined, 'not-the-token']) {
      const req = curator.agent[method](url);
      if (token) req.set('X-CSRF-Token', token);
      const res = await req.send({ name: 'Planted', state: 'deleted' });
      expect(res.status, `${route.method} ${url} with ${token ?? 'no'} token`).toBe(403);
      expect(res.body.error, `${route.method} ${url}`).toMatch(/CSRF/);
    }
  }
  expect(await companyFingerprint(t.db, companyId)).toBe(before);
});
