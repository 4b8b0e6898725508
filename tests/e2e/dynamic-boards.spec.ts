// Dynamic boards in the browser (issue #30; part 3 §2.4, §3, §4.8): a curator saves a search as a dynamic board,
// finds it on its page as a draft with the search's cards and publishes it; a seller then opens it from the
// dashboard's collections grid and reads its cards, without the curator's controls.
import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

test('a curator saves a search as a dynamic board and publishes it; a seller opens it from the dashboard', async ({ page, browser }) => {
  const name = `Pricing plays ${Date.now().toString(36)}`;
  await signIn(page, 'curator@demo.test', { to: '/search/pricing' });
  const count = page.getByTestId('results-count');
  await expect(count).toHaveAttribute('data-count', /^[1-9]\d*$/);
  const found = Number(await count.getAttribute('data-count'));

  await page.getByTestId('save-search').click();
  await expect(page.getByTestId('save-search-name')).toHaveValue('pricing');
  await page.getByTestId('save-search-name').fill(name);
  await page.getByTestId('save-search-submit').click();

  await expect(page).toHaveURL(/\/dynamic-board\/\d+$/);
  const boardPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('dynamic-board-name')).toHaveValue(name);
  await expect(page.getByTestId('dynamic-board-query')).toHaveValue('pricing');
  await expect(page.getByTestId('dynamic-board-draft')).toBeVisible();
  // The board shows what the search found.
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-count', String(found));
  await expect(page.getByTestId('search-result').first()).toBeVisible();

  const published = page.waitForResponse((r) => r.url().endsWith(`/api${boardPath.replace('/dynamic-board', '/dynamic_boards')}.json`) && r.request().method() === 'PUT');
  await page.getByTestId('dynamic-board-publish').click();
  expect((await published).status()).toBe(200);
  await expect(page.getByTestId('dynamic-board-draft')).toHaveCount(0);

  const seller = await (await browser.newContext()).newPage();
  await signIn(seller, 'seller@demo.test');
  await seller.goto('/dashboard');
  const tile = seller.getByTestId('collections-grid').locator(`[data-testid="dynamic-board-tile"][data-name="${name}"]`);
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(seller).toHaveURL(new RegExp(`${boardPath}$`));
  await expect(seller.getByTestId('dynamic-board-name')).toHaveText(name);
  await expect(seller.getByTestId('results-count')).toHaveAttribute('data-count', /^[1-9]\d*$/);
  await expect(seller.getByTestId('search-result').first()).toBeVisible();
  // Curators' controls stay with curators.
  await expect(seller.getByTestId('dynamic-board-publish')).toHaveCount(0);
  await expect(seller.getByTestId('dynamic-board-delete')).toHaveCount(0);
  await seller.context().close();
});
