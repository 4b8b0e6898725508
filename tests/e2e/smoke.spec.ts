// Each demo user signs in, lands on the home route the spec gives for the role, and signs out;
// a session past its idle timeout is sent to sign-in.
import { expect, test, type Page } from './fixtures.ts';
import { SHORT_IDLE_BASE_URL } from '../../playwright.config.ts';

async function signIn(page: Page, email: string, base = '') {
  await page.goto(`${base}/account/signin`);
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill('demo-password');
  await page.getByTestId('signin-submit').click();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('signout').click();
  await expect(page).toHaveURL(/\/account\/signin/);
}

const homes = [
  // Curators (and admins, who count as curators) land on a competitor profile.
  { email: 'admin@demo.test', home: /\/profile\/\d+$/, page: 'page-profile' },
  { email: 'curator@demo.test', home: /\/profile\/\d+$/, page: 'page-profile' },
  // Consumers land on the dashboard (the company's consumer home).
  { email: 'seller@demo.test', home: /\/dashboard$/, page: 'page-dashboard' },
  { email: 'staff@demo.test', home: /\/dashboard$/, page: 'page-dashboard' },
];

for (const { email, home, page: pageId } of homes) {
  test(`${email} signs in, lands on the home route and signs out`, async ({ page }) => {
    await signIn(page, email);
    await expect(page).toHaveURL(home);
    await expect(page.getByTestId(pageId)).toBeVisible();
    await signOut(page);
    // Signed out for real: a protected page sends the browser back to sign-in with redirectTo.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/account\/signin\?redirectTo=%2Fdashboard/);
  });
}

test('a wrong password shows the error and stays on sign-in', async ({ page }) => {
  await page.goto('/account/signin');
  await page.getByTestId('signin-email').fill('seller@demo.test');
  await page.getByTestId('signin-password').fill('not-the-password');
  await page.getByTestId('signin-submit').click();
  await expect(page.getByTestId('signin-error')).toContainText('Invalid email or password.');
  await expect(page).toHaveURL(/\/account\/signin/);
});

test('sign-in returns to the page the user asked for', async ({ page }) => {
  await page.goto('/not/a/real/page');
  await expect(page).toHaveURL(/\/account\/signin\?redirectTo=/);
  await page.getByTestId('signin-email').fill('seller@demo.test');
  await page.getByTestId('signin-password').fill('demo-password');
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(/\/not\/a\/real\/page$/);
  await expect(page.getByTestId('page-not-found')).toBeVisible();
});

test('a session past its idle timeout is sent to sign-in', async ({ page }) => {
  await signIn(page, 'seller@demo.test', SHORT_IDLE_BASE_URL);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Idle timeout on this server is about 5 s; the app notices and signs the user out.
  await expect(page).toHaveURL(/\/account\/signin\?redirectTo=%2Fdashboard/, { timeout: 30_000 });
});

test('staff impersonate a seller, see the tinted banner, and revert', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/impersonate');
  await page.getByPlaceholder(/search/i).fill('seller');
  await page.getByRole('button', { name: /impersonate/i }).first().click();
  await expect(page.getByTestId('impersonation-banner')).toBeVisible();
  await page.getByTestId('revert-impersonation').click();
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
});

test('the sign-in page downloads its own screen only, not the signed-in app or other screens', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/account/signin');
  await expect(page.getByTestId('signin-email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => /\/assets\/SignInPage-/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/assets\/(SignedInApp|DashboardPage|ProfilePage|AlertsPage|SettingsPage|SearchPage)-/.test(s))).toEqual([]);
});
