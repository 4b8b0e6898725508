// CSRF on every state-changing /api route, read from the router's own table: a signed-in curator's
// request without the X-CSRF-Token header, or with a wrong one, is refused with 403 and writes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routeAccess } from '../../search-api/auth/tokenAccess.ts';
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
  const writes = routesOf(t.app).filter((r) => r.path.startsWith('/api/') && r.method !== 'GET');
  // Public writes need no session, so no CSRF token: asking which way to sign in, the two steps of a password
  // reset (which refuse a cross-site Origin instead, as sign-in does), and what Slack and Teams send, which must be
  // signed with their secret instead (slack.test.ts, integrations.test.ts). A new one must be added here knowingly.
  const open = writes.filter((r) => routeAccess(r.method, r.path.replace(/:(\w+)/g, '1')) === 'public');
  expect(open.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
    'POST /api/account/password_resets',
    'POST /api/account/signin_method',
    'POST /api/integrations/slack/commands',
    'POST /api/integrations/slack/events',
    'POST /api/integrations/slack/interactivity',
    'POST /api/integrations/teams/messages',
    // A survey contact's answer: no session is read or set there, the mailed token is the credential (surveys.test.ts).
    'POST /api/win-loss/p/:token',
    'PUT /api/account/password_resets/:token',
  ]);
  const routes = writes.filter((r) => !open.includes(r));
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
