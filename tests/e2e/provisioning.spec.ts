// Settings › Provisioning (SCIM) in Chromium: an admin creates the company's SCIM token, sees it once with the base
// URL, and the token works on /scim/v2; after "Done" only its prefix stays. axe finds no serious violation on the way.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './session.ts';

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include('[data-testid="scim-section"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id);

test('an admin creates a SCIM token that is shown once and works', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { to: '/settings/provisioning' });
  await expect(page.getByTestId('scim-base-url')).toHaveValue(/\/scim\/v2$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('scim-create').click();
  const secret = await page.getByTestId('scim-secret').inputValue();
  expect(secret).toMatch(/^rsscim_/);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByTestId('scim-token-prefix')).toHaveText(`${secret.slice(0, 13)}…`);
  const users = await page.request.get('/scim/v2/Users?count=1', { headers: { Authorization: `Bearer ${secret}` } });
  expect(users.status()).toBe(200);

  await page.getByTestId('scim-secret-done').click();
  await expect(page.getByTestId('scim-secret')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('scim-token-prefix')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
});
