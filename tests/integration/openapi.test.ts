// The OpenAPI document (#53): valid by a real OpenAPI 3.1 validator, generated from the contracts, and naming
// exactly the /api routes the server mounts; its reference page reads it.
import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccess } from '../../search-api/auth/tokenAccess.ts';
import { routesOf } from '../helpers/routes.ts';
import { testApp, type TestApp } from '../helpers/app.ts';

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[] }>> };

  beforeAll(async () => {
    t = await testApp({ demo: false });
    const res = await request(t.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  }, 60_000);
  afterAll(() => t?.drop());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every /api and /scim/v2 route the server mounts, and nothing else', () => {
    const mounted = routesOf(t.app)
      .filter((r) => r.path.startsWith('/api/') || r.path.startsWith('/scim/v2/'))
      // A route mounted on several paths reads '/api/events,/events.json': the later ones lack the router's mount.
      .flatMap((r) => {
        const [first, ...more] = r.path.split(',');
        return [first, ...more.map((p) => `/api${p}`)].map((p) => `${r.method} ${p.replace(/:(\w+)/g, '{$1}')}`);
      });
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect([...new Set(documented)].sort()).toEqual([...new Set(mounted)].sort());
  });

  it('carries the request bodies and parameters the routes parse', () => {
    const submit = doc.paths['/api/alerts.json'].post.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    expect(Object.keys(submit.content['application/json'].schema.properties)).toEqual(['item', 'rivals']);
    const names = doc.paths['/api/search.json'].get.parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['query', 'size', 'offset', 'sort']));
    expect(doc.paths['/api/cards/{id}.json'].get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
  });

  it('matches a request to its route as the router does, literal paths first', () => {
    expect(routeAccess('GET', '/api/monitors/inbox')).toBe('intel:manage');
    expect(routeAccess('GET', '/api/intel/v1/count')).toBe('intel:read');
    expect(routeAccess('POST', '/api/account/tokens')).toBe('session');
    expect(routeAccess('GET', '/api/cards/12.json')).toBe('cards:read');
    expect(routeAccess('GET', '/api/nowhere')).toBeNull();
  });

  it('is readable at /api/docs without signing in', async () => {
    const res = await request(t.app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('<code>/api/alerts.json</code>');
    expect(res.text).toContain('intel:submit');
    expect(res.text).not.toMatch(/<script/i);
  });
});
