// A fuzz pass over every /api route (read from the router table): random JSON bodies and query parameters,
// SQL-injection and markup strings in every common parameter, as a curator and as a seller. Every answer is
// a 2xx or a 4xx with a message, never a 500; and a 4xx writes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { companyFingerprint, routesOf, type Route } from '../helpers/routes.ts';
import { recordFigure } from './figures.ts';

const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE cards; --",
  "1' UNION SELECT password_hash FROM users --",
  '") OR 1=1 --',
  "'; SELECT pg_sleep(5); --",
  '%27%20OR%201%3D1',
  '\\',
  '\u0000',
  '<script>alert(1)</script>',
  '{"$gt": ""}',
  '../../etc/passwd',
  '9'.repeat(40),
  '-1',
  'null',
];
/** Parameter names the API's routes take; every one gets every injection string. */
const PARAMS = [
  'query', 'q', 'filters', 'sort', 'order', 'rivals', 'lanes', 'states', 'topics', 'sources', 'rivalIds', 'intelIds',
  'page', 'limit', 'offset', 'size', 'updated_start', 'countersFor', 'typeFilter', 'filter', 'view', 'aggregate',
  'createdAfter', 'dateRange', 'previewing', 'visibilityGroupId', 'rivalGroupId', 'profileId', 'cardIds', 'tz', 'path',
];
const SKIP = new Set(['POST /api/signout', 'DELETE /api/session']);

let t: TestApp;
let companyId: number;
const clients: Record<string, Awaited<ReturnType<typeof signIn>>> = {};

beforeAll(async () => {
  t = await testApp({ search: true });
  companyId = await northwindId(t.db);
  clients.curator = await signIn(t.app, 'curator@demo.test');
  clients.seller = await signIn(t.app, 'seller@demo.test');
});
afterAll(() => t.drop());

const apiRoutes = (): Route[] => routesOf(t.app).filter((r) => r.path.startsWith('/api/') && !SKIP.has(`${r.method} ${r.path}`));

type Client = (typeof clients)[string];
async function call(c: Client, method: string, url: string, body?: unknown) {
  const req =
    method === 'GET' ? c.agent.get(url) : method === 'DELETE' ? c.agent.delete(url) : method === 'PUT' ? c.agent.put(url) : method === 'PATCH' ? c.agent.patch(url) : c.agent.post(url);
  req.set('X-CSRF-Token', c.csrf);
  // A stream (Ask answers) must not hold the fuzzer up.
  req.timeout({ response: 15_000, deadline: 30_000 });
  // Any JSON value, not only objects, as a browser could send.
  return body === undefined ? req : req.set('Content-Type', 'application/json').send(JSON.stringify(body) ?? 'null');
}

function expectAnswered(res: { status: number; body: unknown; type: string }, what: string) {
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400 && res.type === 'application/json') {
    expect((res.body as { error?: string }).error, `${what}: a 4xx names what is wrong`).toEqual(expect.any(String));
  }
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const idLike = fc.oneof(fc.integer({ min: -5, max: 5 }).map(String), fc.constantFrom('abc', '0', '1.5', '99999999999', '%00', 'null'));

describe('fuzz', () => {
  it('answers random bodies and ids on every route with a 2xx or a 4xx, and a 4xx writes nothing', async () => {
    let requests = 0;
    // The company as it stands, known until a request may have written (a 2xx, a read that records usage, a
    // new session): most answers to writes are 4xx, so the fingerprint taken after one is the one before the next.
    let known: string | null = null;
    for (const role of ['seller', 'curator'] as const) {
      for (const route of apiRoutes()) {
        const samples = fc.sample(fc.tuple(idLike, jsonValue), { numRuns: 5, seed: 42 });
        for (const [id, body] of samples) {
          // GET routes never write (the tenant-isolation walk checks that); the others are fingerprinted.
          const read = route.method === 'GET';
          const before = read ? '' : (known ??= await companyFingerprint(t.db, companyId));
          const url = route.path.replace(/:(\w+)/g, id);
          const res = await call(clients[role], route.method, url, read ? undefined : body);
          requests++;
          expectAnswered(res, `${role} ${route.method} ${url} ${JSON.stringify(body)?.slice(0, 80)}`);
          if (!read && res.status >= 400) {
            expect(await companyFingerprint(t.db, companyId), `${role} ${route.method} ${url} wrote on a ${res.status}`).toBe(before);
          } else known = null;
          // A 401 of a signed route (Slack, Teams) is about its signature; only a session that ended needs a new one.
          if (res.status === 401 && (res.body as { code?: string }).code === 'sign_in_required') {
            clients[role] = await signIn(t.app, `${role}@demo.test`);
            known = null;
          }
        }
      }
    }
    recordFigure('Fuzz: random bodies and ids on every route', `${requests} requests, 0 × 5xx`);
  }, 600_000);

  it('answers SQL-injection and markup strings in every query parameter with a 2xx or a 4xx', async () => {
    let requests = 0;
    const gets = apiRoutes().filter((r) => r.method === 'GET');
    for (const route of gets) {
      const url = route.path.replace(/:(\w+)/g, '1');
      for (const injection of INJECTIONS) {
        const query = PARAMS.map((p) => `${p}=${encodeURIComponent(injection)}`).join('&');
        const res = await call(clients.curator, 'GET', `${url}?${query}`);
        requests++;
        expectAnswered(res, `GET ${url} with ${injection}`);
      }
    }
    // Still intact and still answering.
    expect((await clients.curator.get('/api/search.json?query=pricing')).status).toBe(200);
    recordFigure('SQL injection strings in every query parameter', `${requests} requests, 0 × 5xx`);
  }, 600_000);
});
