// The unified search box's mode a user picked is kept in their user data, on the server all tests share: a test
// that relies on the box following what is typed clears it first.
import { expect, type Page } from '@playwright/test';
import { csrfHeaders } from './session.ts';

/** Forgets the signed-in user's picked mode, then reloads so the page reads it. */
export async function forgetPickedMode(page: Page) {
  const res = await page.request.put('/api/users/me.json', { headers: await csrfHeaders(page), data: { featureFlag: 'unifiedSearchMode', value: null } });
  expect(res.status()).toBe(200);
  await page.reload();
}
