// No dead ends (issue #31): a seller, a curator and an admin open every menu of the top bar and the user
// menu and follow every entry; each lands on its real page, never a placeholder, "not found" or refusal.
// Areas not built yet are absent: their paths are not found, and old links into them go nowhere else.
// On a phone, search is one tap away in the top bar and reaches results.
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './session.ts';

/** Where a menu entry is: the control that opens its menu (null for a link in the bar itself), and its place there. */
type Entry = { trigger: string | null; index: number; href: string };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function menuEntries(page: Page): Promise<Entry[]> {
  const entries: Entry[] = [];
  const links = mainNav(page).locator('a[href]');
  for (let i = 0; i < (await links.count()); i++) entries.push({ trigger: null, index: i, href: (await links.nth(i).getAttribute('href'))! });
  const triggers = [...(await mainNav(page).locator('[data-testid^="nav-menu-"]').all()), page.getByTestId('user-menu')];
  for (const trigger of triggers) {
    const id = (await trigger.getAttribute('data-testid'))!;
    await trigger.click();
    const items = page.getByRole('menu').locator('a[href]');
    await expect(items.first()).toBeVisible();
    for (let i = 0; i < (await items.count()); i++) entries.push({ trigger: id, index: i, href: (await items.nth(i).getAttribute('href'))! });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  return entries;
}

async function follow(page: Page, entry: Entry) {
  if (entry.trigger === null) {
    await mainNav(page).locator('a[href]').nth(entry.index).click();
  } else {
    await page.getByTestId(entry.trigger).click();
    await page.getByRole('menu').locator('a[href]').nth(entry.index).click();
  }
}

/** The page's own heading, and nothing that says the page is not there. */
async function expectRealPage(page: Page, heading: RegExp) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
  await expect(page.getByTestId('page-not-found')).toHaveCount(0);
  await expect(page.getByTestId('page-not-authorized')).toHaveCount(0);
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  await expect(page).not.toHaveTitle(/not found|coming soon/i);
}

const roles = [
  {
    email: 'seller@demo.test',
    name: 'Sam Seller',
    // Win/loss (the demo gives sellers access) is their only Discover entry: a link in the bar itself, before the menus.
    entries: ['/win-loss', '/dashboard', '/feed', '/integrations', '/users/:id', '/settings/profile', '/notifications', '/integrations', '/extension/guide', '/help', '/whats-new'],
  },
  {
    email: 'curator@demo.test',
    name: 'Cory Curator',
    // Search analytics is their only measure report: a link in the bar itself, listed before the menus.
    entries: ['/reports/search-analytics', '/ask-rivalscope', '/alerts', '/insights', '/monitors', '/call-insights', '/win-loss', '/dashboard', '/digest', '/integrations', '/users/:id', '/settings/profile', '/notifications', '/knowledge-hub', '/settings', '/reports', '/integrations', '/extension/guide', '/help', '/whats-new'],
  },
  {
    email: 'admin@demo.test',
    name: 'Ada Admin',
    entries: [
      '/ask-rivalscope',
      '/alerts',
      '/insights',
      '/monitors',
      '/call-insights',
      '/win-loss',
      '/dashboard',
      '/digest',
      '/integrations',
      '/reports/consumer-usage/overview',
      '/reports/curator',
      '/reports/search-analytics',
      '/reports/competitive-analytics/overview',
      '/users/:id',
      '/settings/profile',
      '/notifications',
      '/knowledge-hub',
      '/settings/users',
      '/settings',
      '/reports',
      '/integrations',
      '/extension/guide',
      '/help',
      '/whats-new',
    ],
  },
];

const HEADINGS: Record<string, RegExp> = {
  '/dashboard': /Competitor dashboard/,
  '/feed': /^News$/,
  '/ask-rivalscope': /What do you want to know/,
  '/alerts': /My new intel/,
  '/insights': /Review insights/,
  '/monitors': /^Monitors$/,
  '/call-insights': /^Call insights$/,
  '/win-loss': /^Win\/loss$/,
  '/integrations': /^Integrations$/,
  '/digest': /Email digests/,
  '/settings/profile': /Your profile/,
  '/notifications': /^Notifications$/,
  '/settings/users': /Company settings/,
  '/settings': /Company settings/,
  '/reports/consumer-usage/overview': /Consumer usage/,
  '/reports/curator': /Curator activity/,
  '/reports/search-analytics': /Search analytics/,
  '/reports/competitive-analytics/overview': /Competitive/,
  // The first report the reader may open: consumer usage for an admin, search analytics for a curator.
  '/reports': /Consumer usage|Search analytics/,
  '/extension/guide': /^Browser extension$/,
  '/help': /^FAQs and guides$/,
  '/whats-new': /^What's new$/,
  '/knowledge-hub': /^Knowledge hub$/,
};

for (const role of roles) {
  test(`${role.email}: every menu entry opens its page`, async ({ page }) => {
    // The full bar, each menu its own (narrower, a curator's share one menu: tests/e2e/top-bar.spec.ts).
    await page.setViewportSize({ width: 1920, height: 900 });
    await signIn(page, role.email, { app: true });
    const entries = await menuEntries(page);
    expect(entries.map((e) => e.href.replace(/^\/users\/\d+$/, '/users/:id'))).toEqual(role.entries);
    for (const entry of entries) {
      await follow(page, entry);
      // /insights opens its first supported rival (/insights/{id}); /reports and /reports/{id} their first report.
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === entry.href ||
          (entry.href === '/insights' && url.pathname.startsWith('/insights/')) ||
          (entry.href.startsWith('/reports') && url.pathname.startsWith(`${entry.href}/`)),
      );
      await expectRealPage(page, HEADINGS[entry.href] ?? new RegExp(role.name));
    }
  });
}

test('the knowledge hub opens at its path for a curator; the old survey link opens the win/loss surveys', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/knowledge-hub' });
  await expect(page.getByTestId('page-knowledge-hub')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/knowledge-hub');
  await page.goto('/winloss/survey');
  await expect(page).toHaveURL((url) => url.pathname === '/win-loss/surveys');
  await expect(page.getByTestId('win-loss-surveys')).toBeVisible();
});

test('the spec’s other alerts views open the screens that show them', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true });
  for (const path of ['/alerts?view=settings', '/settings/alerts']) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/alerts' && !url.searchParams.has('view'));
    await expect(page.getByTestId('page-alerts')).toHaveAttribute('data-view', 'myNewIntel');
    await expect(page).not.toHaveTitle(/Settings/);
  }
  // Insights: the analyst panel, the query kept.
  await page.goto('/alerts?view=insights&q=pricing');
  await expect(page.getByTestId('page-alerts')).toHaveAttribute('data-layout', 'analyst');
  await expect(page.getByTestId('analyst-panel')).toBeVisible();
  await expect(page.getByTestId('intel-search')).toHaveValue('pricing');
  // Search: every item, for the query.
  await page.goto('/alerts?view=search&q=pricing');
  await expect(page).toHaveURL((url) => url.searchParams.get('view') === 'allIntel' && url.searchParams.get('q') === 'pricing');
  await expect(page.getByTestId('page-alerts')).toHaveAttribute('data-view', 'allIntel');
});

test('on a phone a seller opens search from the top bar and reaches results', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'seller@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const bar = page.getByTestId('top-nav');
  // The bar fits the phone: its controls, and the search button in place of the box.
  await expect(page.getByTestId('unified-search-input')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(bar.getByTestId('user-menu')).toBeInViewport();

  // Open and close: the bar comes back as it was.
  await page.getByTestId('phone-search-open').click();
  await expect(page.getByTestId('unified-search-input')).toBeFocused();
  await page.getByTestId('phone-search-close').click();
  await expect(page.getByTestId('unified-search-input')).toHaveCount(0);
  await expect(bar.getByTestId('user-menu')).toBeVisible();

  await page.getByTestId('phone-search-open').click();
  const input = page.getByTestId('unified-search-input');
  await expect(input).toBeFocused();
  const box = await input.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const mode = page.getByTestId('unified-search-mode');
  if (await mode.count()) await mode.getByText('Cards', { exact: true }).click();
  await input.fill('pricing');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\/pricing$/);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  // Reaching the results ends the phone's search: the bar is back.
  await expect(page.getByTestId('phone-search-open')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
