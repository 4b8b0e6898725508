// A person's page in Chromium: reached from the user menu, it lists the cards they wrote (paged) and,
// for curators, the intel they submitted; a card opens in the viewer over its profile.
import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

test('a curator opens their page from the user menu, pages their cards and opens one', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByTestId('user-name')).toHaveText('Cory Curator');
  await expect(page.getByTestId('user-role')).toHaveText('Curator');
  const cards = page.getByTestId('user-cards');
  await expect(cards.getByTestId('user-card')).toHaveCount(10);
  const firstOnPage1 = await cards.getByTestId('user-card').first().textContent();
  await page.getByTestId('user-cards-pages').getByRole('button', { name: '2' }).click();
  await expect(cards.getByTestId('user-card').first()).not.toHaveText(firstOnPage1!);

  await page.getByTestId('user-tab-intel').click();
  await expect(page.getByTestId('user-intel-list').getByTestId('user-intel').first()).toBeVisible();

  await page.getByTestId('user-tab-cards').click();
  const name = (await cards.getByTestId('user-card').first().getByRole('link').first().textContent())!;
  await cards.getByTestId('user-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/profile\/\d+\?viewCard=\d+/);
  await expect(page.getByRole('dialog')).toContainText(name);
});

test('a seller reading a curator’s page sees only the cards shared with them, and no intel', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  const curatorId = (await (await page.request.get('/api/users/me.json')).json()).id;
  const all = (await (await page.request.get(`/api/users/${curatorId}/cards.json`)).json()).total;
  await page.context().clearCookies();

  await signIn(page, 'seller@demo.test', { to: `/users/${curatorId}` });
  await expect(page.getByTestId('user-name')).toHaveText('Cory Curator');
  const shown = Number(await page.getByTestId('user-cards').getAttribute('data-total'));
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(all);
  await expect(page.getByTestId('user-tab-intel')).toHaveCount(0);
});
