// The top bar keeps its search box usable at laptop widths (1280–1440 px), in English and in German, for a seller,
// a curator and an admin (the most menus and search modes): the box is at least 320 px wide and shows its whole
// placeholder, nothing of the bar is cut off, and every destination the full bar offers (at 1920 px) is still one
// or two clicks away. Screenshots of the bar at 1280, 1366 and 1440 px go to test-results/top-bar/ for a person to
// look at.
import fs from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { saveLanguage, signIn } from './session.ts';

const SHOTS = 'test-results/top-bar';
const FULL = 1920;
const WIDTHS = [1280, 1366, 1440];
const SEARCH_MIN_WIDTH = 320;

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
test.afterEach(async ({ page }) => {
  if ((await page.request.get('/api/users/me.json')).ok()) await saveLanguage(page, 'en');
});

/** The search box's input: its width, and whether its placeholder shows whole (measured in the input's own font). */
async function searchBox(page: Page) {
  return page.getByTestId('unified-search-input').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { width: input.getBoundingClientRect().width, placeholder: input.placeholder, fits: ctx.measureText(input.placeholder).width <= room };
  });
}

/** Where the bar's links and menus lead (its own links, each menu's entries, the user menu's), and its controls. */
async function destinations(page: Page): Promise<string[]> {
  const bar = page.getByTestId('top-nav');
  const found = new Set<string>();
  const add = async (href: string | null) => href && found.add(href.replace(/^\/users\/\d+$/, '/users/:id'));
  for (const link of await bar.locator('a[href]').all()) if (await link.isVisible()) await add(await link.getAttribute('href'));
  const triggers = [];
  for (const trigger of await bar.locator('[data-testid^="nav-menu-"]').all()) if (await trigger.isVisible()) triggers.push(trigger);
  triggers.push(bar.getByTestId('user-menu'));
  for (const trigger of triggers) {
    await trigger.click();
    const items = page.getByRole('menu').locator('a[href]');
    await expect(items.first()).toBeVisible();
    for (const item of await items.all()) await add(await item.getAttribute('href'));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  // The controls that open something in place.
  for (const id of ['submit-intel', 'bookmarks-menu', 'notification-bell', 'user-menu']) if (await bar.getByTestId(id).isVisible()) found.add(`#${id}`);
  return [...found].sort();
}

/** Nothing of the bar is cut off: it is no wider than the window, and its last control is in view. */
async function expectWhole(page: Page) {
  const bar = page.getByTestId('top-nav');
  expect(await bar.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(bar.getByTestId('user-menu')).toBeInViewport({ ratio: 1 });
  await expect(bar.getByTestId('nav-home')).toBeInViewport({ ratio: 1 });
}

const roles = [
  { email: 'seller@demo.test', name: 'seller' },
  { email: 'curator@demo.test', name: 'curator' },
  { email: 'admin@demo.test', name: 'admin' },
];

for (const role of roles) {
  test(`${role.name}: the search box keeps a usable width at 1280–1440 px in English and German, and every destination stays in the bar`, async ({ page }) => {
    await page.setViewportSize({ width: FULL, height: 900 });
    await signIn(page, role.email, { app: true });
    for (const language of ['en', 'de'] as const) {
      await saveLanguage(page, language);
      await page.goto('/dashboard');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.setViewportSize({ width: FULL, height: 900 });
      const bar = page.getByTestId('top-nav');
      // The full bar: every menu of its own, every name.
      await expect(bar).toHaveAttribute('data-fit', '0');
      const everything = await destinations(page);
      expect(everything).toContain('/help');

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect
          .poll(async () => (await searchBox(page)).width, { message: `${role.name} ${language} ${width}: the search box's width` })
          .toBeGreaterThanOrEqual(SEARCH_MIN_WIDTH);
        const box = await searchBox(page);
        expect(box.fits, `${role.name} ${language} ${width}: "${box.placeholder}" shows whole`).toBe(true);
        await expectWhole(page);
        await bar.screenshot({ path: `${SHOTS}/${role.name}-${language}-${width}.png` });
        expect(await destinations(page), `${role.name} ${language} ${width}: the bar's destinations`).toEqual(everything);
      }
    }
  });
}

test('a curator’s collapsed menus still say where each entry belongs, and the full bar comes back when there is room', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'curator@demo.test', { app: true });
  const bar = page.getByTestId('top-nav');
  await expect(bar).not.toHaveAttribute('data-fit', '0');
  await expect(bar.getByTestId('nav-menu-discover')).toHaveCount(0);
  await bar.getByTestId('nav-menu-more').click();
  const menu = page.getByRole('menu');
  for (const heading of ['Discover', 'Share', 'Measure']) await expect(menu.getByText(heading, { exact: true })).toBeVisible();
  await page.getByTestId('nav-more-discover-alerts').click();
  await expect(page).toHaveURL(/\/alerts/);
  // Wider again: the menus are their own once more.
  await page.setViewportSize({ width: FULL, height: 900 });
  await expect(bar).toHaveAttribute('data-fit', '0');
  await expect(bar.getByTestId('nav-menu-discover')).toBeVisible();
  await expect(bar.getByTestId('nav-menu-more')).toBeHidden();
  await bar.screenshot({ path: `${SHOTS}/curator-en-${FULL}.png` });
  // And narrow: collapsed again, with the search box still wide.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(bar.getByTestId('nav-menu-more')).toBeVisible();
  expect((await searchBox(page)).width).toBeGreaterThanOrEqual(SEARCH_MIN_WIDTH);
  // Narrower than a laptop, the bar gives up the names too, and still cuts nothing off.
  for (const width of [1024, 900]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(bar).toHaveAttribute('data-fit', /^[23]$/);
    await expectWhole(page);
    expect((await searchBox(page)).fits).toBe(true);
    await bar.screenshot({ path: `${SHOTS}/curator-en-${width}.png` });
  }
});
