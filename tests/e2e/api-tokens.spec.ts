// API tokens in Chromium (#53): a seller makes a token on their profile, sees it once, and it works as a bearer
// token; an admin sees it in Settings › API tokens and revokes it, after which it is refused.
import { request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

test('a seller makes a token that works once shown, and an admin revokes it', async ({ page, browser, baseURL }) => {
  await signIn(page, 'seller@demo.test', { to: '/settings/profile' });
  await expect(page.getByTestId('api-tokens-empty')).toBeVisible();
  await page.getByTestId('api-token-new').click();
  await page.getByTestId('api-token-name').fill('Deal desk script');
  // A seller is not offered the admin scope.
  await expect(page.getByTestId('api-token-scope-admin')).toHaveCount(0);
  await page.getByTestId('api-token-scope-intel:submit').check();
  await page.getByTestId('api-token-create').click();
  const value = page.getByTestId('api-token-value');
  await expect(value).toHaveValue(/^rsk_/);
  const token = await value.inputValue();
  await page.getByTestId('api-token-done').click();
  const row = page.getByTestId('api-token-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Deal desk script');
  await expect(row).toContainText('Never used');
  await expect(row).toContainText(token.slice(0, 10));
  await expect(page.getByText(token)).toHaveCount(0);

  // No cookie: the token alone says who calls.
  const anonymous = await request.newContext({ baseURL });
  const me = await anonymous.get('/api/users/me.json', { headers: { Authorization: `Bearer ${token}` } });
  expect((await me.json()).email).toBe('seller@demo.test');
  await page.reload();
  await expect(page.getByTestId('api-token-row')).not.toContainText('Never used');

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.test');
  await admin.goto('/settings/api-tokens');
  const listed = admin.getByTestId('api-token-row').filter({ hasText: 'Deal desk script' });
  await expect(listed).toContainText('seller@demo.test');
  await listed.getByTestId('api-token-revoke').click();
  await admin.getByTestId('api-token-revoke-confirm').click();
  await expect(listed).toHaveAttribute('data-state', 'revoked');
  await expect(listed).toContainText('Revoked');
  await adminContext.close();

  const refused = await anonymous.get('/api/users/me.json', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  await anonymous.dispose();
});
