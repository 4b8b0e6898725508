// Two-step verification in Chromium, for a colleague invited for this test (the worker's server is shared, so the
// demo users stay as they are): they turn it on in their profile with a code computed here from the key the page
// shows, keep the recovery codes, and sign in again with the password and then a recovery code.
import { generate } from 'otplib';
import { expect, test } from './fixtures.ts';

const COLLEAGUE = { email: `tess.two.${Date.now()}@demo.test`, name: 'Tess Two', password: 'tess-first-password' };

test.beforeAll(async ({ playwright, appServerUrl }) => {
  const api = await playwright.request.newContext({ baseURL: appServerUrl });
  expect((await api.post('/account/signin', { data: { email: 'admin@demo.test', password: 'demo-password' } })).ok()).toBe(true);
  const headers = { 'X-CSRF-Token': (await (await api.get('/api/users/me.json')).json()).csrfToken as string };
  const invited = await (await api.post('/api/invitations.json', { headers, data: { email: COLLEAGUE.email, role: 'consumer' } })).json();
  const joined = await playwright.request.newContext({ baseURL: appServerUrl });
  expect((await joined.post(invited.path as string, { data: { name: COLLEAGUE.name, password: COLLEAGUE.password } })).status()).toBe(201);
  await Promise.all([api.dispose(), joined.dispose()]);
});

test('a user turns on two-step verification and signs in with a recovery code', async ({ page, context }) => {
  const signInWithPassword = async () => {
    await page.goto('/account/signin');
    await page.getByTestId('signin-email').fill(COLLEAGUE.email);
    await page.getByTestId('signin-password').fill(COLLEAGUE.password);
    await page.getByTestId('signin-submit').click();
  };
  await signInWithPassword();
  await expect(page).not.toHaveURL(/\/account\/signin/);

  await page.goto('/settings/profile');
  await page.getByTestId('two-factor-turn-on').click();
  await page.getByTestId('two-factor-start').click();
  await expect(page.getByTestId('two-factor-uri')).toHaveValue(/^otpauth:\/\/totp\/Rivalscope:/);
  const secret = await page.getByTestId('two-factor-secret').inputValue();
  await page.getByTestId('two-factor-code').fill(await generate({ secret }));
  await page.getByTestId('two-factor-confirm').click();
  const codes = (await page.getByTestId('two-factor-code-list').innerText()).split(/\s+/).filter(Boolean);
  expect(codes).toHaveLength(10);
  await page.getByTestId('two-factor-codes-done').click();
  await expect(page.getByTestId('two-factor-codes-left')).toHaveText('10 recovery codes left');

  await context.clearCookies();
  await signInWithPassword();
  await expect(page.getByTestId('page-signin-two-factor')).toBeVisible();
  await page.getByTestId('signin-code').fill('wrong-code');
  await page.getByTestId('signin-code-submit').click();
  await expect(page.getByTestId('signin-code-error')).toHaveText('Invalid verification code');
  await page.getByTestId('signin-code').fill(codes[0]);
  await page.getByTestId('signin-code-submit').click();
  await expect(page).not.toHaveURL(/\/account\/signin/);
  await page.goto('/settings/profile');
  await expect(page.getByTestId('two-factor-codes-left')).toHaveText('9 recovery codes left');
});
