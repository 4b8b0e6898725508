// Asking how an address signs in and starting single sign-on count as sign-in attempts per IP (issue #53): past the
// limit both are refused with 429 and Retry-After (the start, a browser navigation, goes back to the sign-in page
// with the code), so no one can walk a list of addresses to learn which domains use single sign-on.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.ts';

const LIMIT = 3;
let t: TestApp;

beforeAll(async () => {
  t = await testApp({ demo: false, env: { SIGNIN_ATTEMPTS_PER_IP: String(LIMIT) } });
});
afterAll(() => t?.drop());

it('refuses the sign-in method look-up and the single sign-on start past the per-IP limit', async () => {
  for (let i = 0; i < LIMIT - 1; i++) {
    expect((await request(t.app).post('/api/account/signin_method').send({ email: `person${i}@example.test` })).status).toBe(200);
  }
  // The start counts too: the third attempt is within the limit (no SSO here, so it goes back with its own code).
  const start = await request(t.app).get('/auth/sso/start?email=someone@example.test');
  expect(start.status).toBe(303);
  expect(start.headers.location).not.toMatch(/sign_in_too_many/);

  const refused = await request(t.app).post('/api/account/signin_method').send({ email: 'next@example.test' });
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe('sign_in_too_many');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

  const startRefused = await request(t.app).get('/auth/sso/start?email=next@example.test');
  expect(startRefused.status).toBe(303);
  expect(startRefused.headers.location).toMatch(/sign_in_too_many/);
});
