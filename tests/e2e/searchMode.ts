// The unified search box's mode a user picked is kept in their user data, on the server all tests share: a test
// that relies on the box following what is typed clears it first.
import type { Page } from '@playwright/test';
import { putUserData } from './session.ts';

/** Forgets the signed-in user's picked mode, then reloads so the page reads it. */
export async function forgetPickedMode(page: Page) {
  await putUserData(page, 'unifiedSearchMode', null);
  await page.reload();
}
