// Signing in from a browser test, and the CSRF header the signed-in page's own API calls need.
import { expect, type Page } from '@playwright/test';

/** Signs in through the form and waits to leave the sign-in page (and, with `app`, for the product shell). */
export async function signIn(page: Page, email: string, opts: { app?: boolean } = {}) {
  await page.goto('/account/signin');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill('demo-password');
  await page.getByTestId('signin-submit').click();
  await expect(page).not.toHaveURL(/\/account\/signin/);
  if (opts.app) await expect(page.getByTestId('unified-search-input')).toBeVisible();
}

/** The X-CSRF-Token header of the page's session, for page.request calls that change something. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const me = await page.request.get('/api/users/me.json');
  return { 'X-CSRF-Token': (await me.json()).csrfToken as string };
}
