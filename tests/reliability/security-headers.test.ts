// Security headers on every kind of answer (API JSON, the web app's HTML, an error): helmet's set, and a
// Content-Security-Policy whose scripts come only from the product itself (no inline script, no eval).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../search-api/app.ts';
import { testApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let web: ReturnType<typeof createApp>;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-web-'));

beforeAll(async () => {
  t = await testApp({ demo: false });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Rivalscope</title>');
  fs.writeFileSync(path.join(webDir, 'survey.html'), '<!doctype html><title>Survey</title>');
  web = createApp({ db: t.db, config: t.config, logger: pino({ level: 'silent' }), search: t.search, webDir });
});
afterAll(async () => {
  await t.drop();
  fs.rmSync(webDir, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((p) => p[0]).map(([name, ...values]) => [name, values]));
}

describe('security headers', () => {
  it.each([
    ['API JSON', '/api/health'],
    ['web app HTML', '/dashboard'],
    ['API 404', '/api/no-such-route'],
  ])('sends them on %s', async (_what, url) => {
    const res = await request(web).get(url);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    for (const [name, values] of csp) {
      if (name.startsWith('script')) expect(values.join(' '), name).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('never serves the page itself from a cache', async () => {
    const page = await request(web).get('/alerts');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('the public survey page', () => {
  it('is its own page at /win-loss/p/*, never the app nor a cached copy, with no cookie, whatever the request holds', async () => {
    for (const url of ['/win-loss/p/abc123', '/win-loss/p/abc123?lng=de', '/win-loss/p', '/win-loss/p/abc/def']) {
      const res = await request(web).get(url).set('Cookie', 'rivalscope_session=stale; i18next=de');
      expect(res.status, url).toBe(200);
      expect(res.text, url).toBe('<!doctype html><title>Survey</title>');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(directives(res.headers['content-security-policy']).get('script-src'), url).toEqual(["'self'"]);
    }
    // Paths that only start alike are the app's.
    for (const url of ['/win-loss/pricing', '/win-loss', '/win-loss/surveys']) expect((await request(web).get(url)).text, url).toBe('<!doctype html><title>Rivalscope</title>');
  });
});
