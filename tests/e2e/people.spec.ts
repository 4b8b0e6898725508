// People, in Chromium: an admin invites a colleague (no SMTP here, so the admin copies the link), the
// colleague opens it in another browser, sets a password and lands signed in; the admin changes their role,
// then deactivates them and the colleague's open session ends. A seller changes their digest preference
// and password, signs out, and signs in with the new password.
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './session.ts';

const SELLER_NEW_PASSWORD = 'seller-new-password';

// The later spec files of this worker share its server: whatever happened below, the seller leaves with the
// demo password and digests on, as every later test expects.
test.afterAll(async ({ playwright, appServerUrl }) => {
  const api = await playwright.request.newContext({ baseURL: appServerUrl });
  const signin = await api.post('/account/signin', { data: { email: 'seller@demo.test', password: SELLER_NEW_PASSWORD } });
  if (signin.ok()) {
    const me = await (await api.get('/api/users/me.json')).json();
    const headers = { 'X-CSRF-Token': me.csrfToken as string };
    expect((await api.put('/api/users/me/password.json', { headers, data: { currentPassword: SELLER_NEW_PASSWORD, newPassword: 'demo-password' } })).ok()).toBe(true);
    expect((await api.put(`/api/users/${me.id}.json`, { headers, data: { emailDigest: true } })).ok()).toBe(true);
  }
  await api.dispose();
});

const COLLEAGUE = { email: `dana.ruiz.${Date.now()}@demo.test`, name: 'Dana Ruiz', password: 'dana-first-password' };

async function openUser(page: Page, email: string) {
  await page.getByTestId('users-search').fill(email);
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId('user-actions').click();
  return row;
}

test('an admin invites a colleague, who joins through the link; the admin changes their role and deactivates them', async ({ page, browser }) => {
  await signIn(page, 'admin@demo.test', { to: '/settings/users' });
  await expect(page.getByTestId('users-section')).toBeVisible();

  // Invite: consumer in Sales.
  await page.getByTestId('invite-open').click();
  await page.getByTestId('invite-email').fill(COLLEAGUE.email);
  await page.getByTestId('invite-group').click();
  await page.getByRole('option', { name: 'Sales' }).click();
  await page.getByTestId('invite-submit').click();
  const linkInput = page.getByTestId('invitation-link');
  await expect(linkInput).toBeVisible();
  await expect(page.getByTestId('invitation-link-modal')).toContainText('Mail is not set up');
  const link = await linkInput.inputValue();
  expect(link).toMatch(/\/account\/invitation\/[\w-]{40,}$/);
  await page.getByTestId('invitation-link-done').click();
  await expect(page.locator(`[data-testid="invitation-row"][data-email="${COLLEAGUE.email}"]`)).toBeVisible();

  // The colleague, in a browser of their own.
  const theirs = await browser.newContext();
  const colleague = await theirs.newPage();
  await colleague.goto(link);
  await expect(colleague.getByTestId('invitation-email')).toHaveValue(COLLEAGUE.email);
  await expect(colleague.getByTestId('page-invitation')).toContainText('Join Northwind Analytics on Rivalscope');
  await colleague.getByTestId('invitation-name').fill(COLLEAGUE.name);
  await colleague.getByTestId('invitation-password').fill('too-short');
  await colleague.getByTestId('invitation-confirm').fill('too-short');
  await colleague.getByTestId('invitation-submit').click();
  await expect(colleague.getByText('Use at least 12 characters')).toBeVisible();
  await colleague.getByTestId('invitation-password').fill(COLLEAGUE.password);
  await colleague.getByTestId('invitation-confirm').fill(COLLEAGUE.password);
  await colleague.getByTestId('invitation-submit').click();
  await expect(colleague).toHaveURL(/\/dashboard/);
  await expect(colleague.getByTestId('user-menu')).toBeVisible();
  const me = await (await colleague.request.get('/api/users/me.json')).json();
  expect(me).toMatchObject({ email: COLLEAGUE.email, name: COLLEAGUE.name, roles: [] });

  // The link is used up.
  const again = await theirs.newPage();
  await again.goto(link);
  await expect(again.getByTestId('invitation-unusable')).toHaveAttribute('data-problem', 'used');
  await again.close();

  // The admin sees them as a user, and makes them a curator.
  await page.reload();
  await expect(page.locator(`[data-testid="invitation-row"][data-email="${COLLEAGUE.email}"]`)).toHaveCount(0);
  await openUser(page, COLLEAGUE.email);
  await page.getByTestId('user-change-access').click();
  const dialog = page.getByTestId('access-modal');
  await dialog.getByText('Curator', { exact: true }).click();
  await dialog.getByTestId('access-save').click();
  await expect(dialog).toBeHidden();
  const row = page.locator(`[data-testid="user-row"][data-email="${COLLEAGUE.email}"]`);
  await expect(row).toHaveAttribute('data-role', 'curator');
  expect((await (await colleague.request.get('/api/users/me.json')).json()).roles).toEqual(['curator']);

  // Deactivated: confirmed, and the colleague's open session ends.
  await openUser(page, COLLEAGUE.email);
  await page.getByTestId('user-deactivate').click();
  await page.getByTestId('confirm-deactivate').click();
  await expect(row).toHaveAttribute('data-state', 'deactivated');
  await colleague.goto('/dashboard');
  await expect(colleague).toHaveURL(/\/account\/signin/);

  // They cannot sign back in, and are told why.
  await colleague.getByTestId('signin-email').fill(COLLEAGUE.email);
  await colleague.getByTestId('signin-password').fill(COLLEAGUE.password);
  await colleague.getByTestId('signin-submit').click();
  await expect(colleague.getByTestId('signin-error')).toContainText('deactivated');
  await theirs.close();
});

test('a seller turns off digests and changes their password, then signs in with it', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { to: '/settings/profile' });
  const digest = page.getByTestId('profile-digest');
  await expect(digest).toBeChecked();
  await digest.uncheck();
  await expect(digest).not.toBeChecked();
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-digest')).not.toBeChecked();

  // A wrong current password is refused on its field.
  await page.getByTestId('password-current').fill('not-my-password');
  await page.getByTestId('password-new').fill(SELLER_NEW_PASSWORD);
  await page.getByTestId('password-confirm').fill(SELLER_NEW_PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('is not your current password')).toBeVisible();

  await page.getByTestId('password-current').fill('demo-password');
  await page.getByTestId('password-submit').click();
  await expect(page.getByText(/Password changed/)).toBeVisible();
  await expect(page.getByTestId('password-current')).toHaveValue('');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('signout').click();
  await expect(page).toHaveURL(/\/account\/signin/);

  await page.getByTestId('signin-email').fill('seller@demo.test');
  await page.getByTestId('signin-password').fill('demo-password');
  await page.getByTestId('signin-submit').click();
  await expect(page.getByTestId('signin-error')).toBeVisible();

  await page.getByTestId('signin-email').fill('seller@demo.test');
  await page.getByTestId('signin-password').fill(SELLER_NEW_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await expect(page).not.toHaveURL(/\/account\/signin/);
  await page.goto('/settings/profile');
  await expect(page.getByTestId('profile-digest')).not.toBeChecked();
});
