// The competitor dashboard and a profile's board view: a seller sees the published rivals as tiles,
// opens one, sees lanes with cards and opens a card in the viewer; a curator lands on a profile's lanes.
import { expect, test, type Page } from './fixtures.ts';

async function signIn(page: Page, email: string) {
  await page.goto('/account/signin');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill('demo-password');
  await page.getByTestId('signin-submit').click();
}

const uniqueIds = async (page: Page, testId: string) =>
  new Set(await page.getByTestId(testId).evaluateAll((els) => els.map((e) => e.getAttribute('data-id'))));

test('a seller sees the published rivals, opens one, its lanes and a card', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('page-dashboard')).toBeVisible();
  await expect(page.getByTestId('rival-tile').first()).toBeVisible();
  // Twelve demo rivals, one of them a draft the seller never sees.
  await expect.poll(async () => (await uniqueIds(page, 'rival-tile')).size).toBe(11);

  const tile = page.getByTestId('rival-tile').first();
  const name = (await tile.getByTestId('rival-tile-name').textContent())!.trim();
  await tile.getByTestId('rival-tile-name').click();
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  await expect(page.getByTestId('page-profile')).toBeVisible();
  await expect(page.getByTestId('profile-rival-name')).toHaveText(name);
  await expect(page.getByTestId('lane').first()).toBeVisible();
  await expect(page.getByTestId('lane-card').first()).toBeVisible();
  expect(await page.getByTestId('lane-title').allTextContents()).not.toContain('Scratchpad');

  const card = page.getByTestId('lane-card').first();
  const cardId = await card.getAttribute('data-id');
  const title = (await card.getByTestId('lane-card-title').textContent())!.trim();
  await card.getByTestId('lane-card-title').click();
  await expect(page).toHaveURL(new RegExp(`viewCard=${cardId}`));
  await expect(page.getByTestId('card-viewer')).toBeVisible();
  await expect(page.getByTestId('card-viewer-title')).toHaveText(title);
  await page.getByTestId('card-viewer-close').click();
  await expect(page.getByTestId('card-viewer')).toHaveCount(0);

  // The profile is now the first recently viewed one in the quick switcher's data.
  const me = await page.request.get('/api/users/me.json');
  expect((await me.json()).userData.recentlyViewed.profile[0].name).toBe(name);
});

test('a curator lands on a profile and sees its lanes; ?lanes focuses one', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  await expect(page.getByTestId('page-profile')).toBeVisible();
  await expect(page.getByTestId('lane').first()).toBeVisible();
  await expect(page.getByTestId('lane-card').first()).toBeVisible();
  const lanes = page.getByTestId('lane');
  const last = lanes.last();
  const boardId = await last.getAttribute('data-id');
  await page.goto(`${new URL(page.url()).pathname}?lanes=${boardId}`);
  await expect(page.locator(`[data-testid="lane"][data-id="${boardId}"]`)).toHaveAttribute('data-focused', 'true');
  await expect(page.locator(`[data-testid="lane"][data-id="${boardId}"]`)).toBeInViewport();
});
