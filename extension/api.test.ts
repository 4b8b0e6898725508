// The background's calls and where badges may run, against a stub of the few chrome APIs they use.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { call, request } from './api.ts';
import { grantedPatterns, missingPatterns } from './sites.ts';

const removed: string[][] = [];
const unregistered: string[][] = [];
let granted = new Set<string>();

beforeEach(() => {
  removed.length = 0;
  unregistered.length = 0;
  vi.stubGlobal('chrome', {
    i18n: { getMessage: (key: string) => key },
    storage: {
      local: {
        get: async () => ({ connection: { productUrl: 'https://rs.example.com', token: 'rsk_t', user: { id: 1, name: 'S', email: 's@x' } } }),
        remove: async (keys: string[]) => void removed.push(keys),
      },
    },
    scripting: { unregisterContentScripts: async ({ ids }: { ids: string[] }) => void unregistered.push(ids) },
    permissions: { contains: async ({ origins }: { origins: string[] }) => origins.every((o) => granted.has(o)) },
  });
});
afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown = {}) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));
const conn = { productUrl: 'https://rs.example.com', token: 'rsk_t' };

describe('request', () => {
  test('sends the token as a bearer, without cookies, and answers the JSON', async () => {
    answer(200, { ok: 1 });
    expect(await request(conn, '/api/extension/config.json', { query: { url: 'https://a.test/?x=1' } })).toEqual({ ok: 1 });
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [URL, RequestInit];
    expect(String(url)).toBe('https://rs.example.com/api/extension/config.json?url=https%3A%2F%2Fa.test%2F%3Fx%3D1');
    expect(init).toMatchObject({ credentials: 'omit', headers: { Authorization: 'Bearer rsk_t' } });
  });

  test.each([
    [401, 'revoked', 'errRevoked'],
    [403, 'forbidden', 'errForbidden'],
    [429, 'rate_limited', 'errRateLimited'],
    [500, 'server', 'errServer'],
  ])('maps %i to %s', async (status, code, message) => {
    answer(status);
    await expect(request(conn, '/api/x')).rejects.toMatchObject({ code, message });
  });

  test('a refused body says the server’s words; no network says so', async () => {
    answer(400, { error: 'url: must use http or https' });
    await expect(request(conn, '/api/x')).rejects.toMatchObject({ code: 'invalid', message: 'url: must use http or https' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request(conn, '/api/x')).rejects.toMatchObject({ code: 'network', message: 'errNetwork' });
  });
});

describe('call', () => {
  test('on a 401 forgets the connection and unregisters the badge script at once', async () => {
    answer(401);
    await expect(call('/api/search.json')).rejects.toMatchObject({ code: 'revoked' });
    expect(removed).toEqual([['connection', 'sites']]);
    expect(unregistered).toEqual([['rivalscope-badge']]);
  });

  test('keeps both on other failures', async () => {
    answer(429);
    await expect(call('/api/search.json')).rejects.toMatchObject({ code: 'rate_limited' });
    expect(removed).toEqual([]);
    expect(unregistered).toEqual([]);
  });
});

describe('badge sites', () => {
  const sites = { rivalDomains: ['acme.com'], crmHosts: ['*.crm.test'] };

  test('only the schemes and hosts the person granted are registered', async () => {
    granted = new Set(['https://acme.com/*', 'http://*.crm.test/*']);
    expect(await grantedPatterns(sites)).toEqual(['https://acme.com/*', 'http://*.crm.test/*']);
    expect(await missingPatterns(sites)).toEqual(['*://*.acme.com/*']);
  });

  test('nothing granted, nothing registered; every site is offered', async () => {
    granted = new Set();
    expect(await grantedPatterns(sites)).toEqual([]);
    expect(await missingPatterns(sites)).toEqual(['*://acme.com/*', '*://*.acme.com/*', '*://*.crm.test/*']);
  });
});
