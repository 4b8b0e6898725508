// Dead ends and noise (issue #49 item 9): a profile that does not exist says so with a way back and is not
// polled; a card link to a card that does not exist says so with a Close button; an anonymous visit goes to
// sign-in without a single request that answers 401.
import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

const MISSING = 999999;

test('a profile that does not exist says so, leads back to the dashboard and stops asking for updates', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  const polls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/profiles/${MISSING}/updated.json`)) polls.push(r.url());
  });
  await page.clock.install();
  await page.goto(`/profile/${MISSING}`);
  const notice = page.getByTestId('profile-not-found');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Profile not found');
  // The board would ask every 2 minutes: five minutes pass on the page's clock.
  await page.clock.runFor('05:00');
  await expect(notice).toBeVisible();
  expect(polls.length).toBeLessThanOrEqual(1);

  await notice.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('page-dashboard')).toBeVisible();
});

test('a link to a card that does not exist says so, with a Close button that works by tap or click', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard?viewCard=${MISSING}`);
  const failed = page.getByTestId('card-viewer-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('data-reason', 'not-found');
  await expect(failed).toContainText('This card does not exist, or you do not have access to it.');
  await expect(failed).not.toContainText(/click|tap/i);
  await failed.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('card-viewer')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an anonymous visit goes to sign-in without a request that answers 401, and signing in leads back', async ({ page }) => {
  const unauthorized: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorized.push(r.url());
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/account\/signin\?redirectTo=%2Fdashboard$/);
  await expect(page.getByTestId('page-signin')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/account/signin');
  await expect(page.getByTestId('page-signin')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(unauthorized).toEqual([]);
  // The data itself stays behind sign-in.
  expect((await page.request.get('/api/users/me.json')).status()).toBe(401);

  await page.goto('/dashboard');
  await page.getByTestId('signin-email').fill('seller@demo.test');
  await page.getByTestId('signin-password').fill('demo-password');
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('page-dashboard')).toBeVisible();
});
