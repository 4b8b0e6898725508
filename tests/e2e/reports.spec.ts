// Reports in the browser (issue #29; part 1 §2 Reports, §6): a seller searches for something nobody wrote a card
// about; an admin finds that query in search analytics' "Queries with no results" (Measure → Search analytics),
// exports the table as CSV, follows "Add a synonym" to the synonyms editor with a new entry from the query, follows
// "Write a card for this" to the search page's new card dialog and writes the card, then opens
// consumer usage and drills down from the leaderboards to that seller. The period stays in the URL across tabs and
// drill-downs. A curator without the curator report flags is refused consumer usage. A German admin reads a report
// in German: its name as the menu says it, and the figures, tables and actions the server words.
import fs from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { openNavItem, saveLanguage, signIn } from './session.ts';

/** Words no card of the demo company has, so the search finds nothing at all. */
const QUERY = 'quantum teleportation wormhole';

/** Searches cards from the top bar's search box, as a reader does. */
async function searchCards(page: Page, terms: string) {
  const mode = page.getByTestId('unified-search-mode');
  if (await mode.count()) {
    await mode.getByText('Cards', { exact: true }).click();
    await expect(mode).toHaveAttribute('data-mode', 'cards');
  }
  const input = page.getByTestId('unified-search-input');
  await input.fill(terms);
  await input.press('Enter');
  await expect(page).toHaveURL(`/search/${encodeURIComponent(terms)}`);
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-count', '0');
}

/** Opens an item of the top bar's Measure menu. */
const openMeasure = (page: Page, item: string) => openNavItem(page, 'measure', item);

const table = (page: Page, key: string) => page.locator(`[data-testid="report-table"][data-key="${key}"]`);

test('an admin finds a seller’s search with no results, exports it, and drills down to that seller’s usage', async ({ browser, page }) => {
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, 'seller@demo.test', { app: true });
  const me = (await (await seller.request.get('/api/users/me.json')).json()) as { id: number; name: string };
  await searchCards(seller, QUERY);
  await sellerContext.close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.test', { app: true });
  await openMeasure(page, 'searchAnalytics');
  await expect(page).toHaveURL('/reports/search-analytics/overview');
  await expect(page.getByTestId('report-title')).toHaveText('Search analytics');
  await expect(page.getByTestId('report-kpi').first()).toBeVisible();
  // The search is recorded as it is answered; a report opened in the same instant may be a moment behind it.
  const zero = table(page, 'zero-results');
  // The seller may read win/loss, so the results page also searched their deals: a row of its own, context Deals.
  const row = zero.getByTestId('report-table-row').filter({ hasText: QUERY }).filter({ hasText: 'Cards' });
  await expect(async () => {
    if (!(await row.count())) await page.reload();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // The table's CSV: the whole table, downloaded with the session's cookie.
  const exportLink = zero.getByTestId('report-table-export');
  const href = (await exportLink.getAttribute('href'))!;
  expect(href).toBe('/api/reports/search-analytics/overview.csv?table=zero-results');
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toContain('Query');
  expect(csv).toContain(QUERY);
  const res = await page.request.get(href);
  expect(res.headers()['content-type']).toMatch(/^text\/csv/);
  expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="?[\w.-]+\.csv"?$/);

  // The period is kept in the URL, and the export follows it.
  await page.getByTestId('report-date-range').click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL('/reports/search-analytics/overview?dateRange=last7Days');
  await expect(page.getByTestId('report-period')).toContainText('7 days');
  await expect(exportLink).toHaveAttribute('href', '/api/reports/search-analytics/overview.csv?dateRange=last7Days&table=zero-results');
  await page.reload();
  await expect(page.getByTestId('report-date-range')).toHaveValue('Last 7 days');
  await expect(row).toBeVisible();

  // "Add a synonym": the synonyms section of company settings, a new entry holding the query open; the parameter is
  // gone from the URL, so Back is the report.
  await row.getByTestId('report-table-link').filter({ hasText: 'Add a synonym' }).click();
  await expect(page).toHaveURL('/settings/synonyms');
  const editor = page.getByRole('dialog', { name: 'Add an entry' });
  await expect(editor).toBeVisible();
  await expect(editor.getByTestId('synonym-editor-query')).toHaveText(`Searches for “${QUERY}” found nothing. Add the words your cards use for it.`);
  // A one-way entry from the query, the focus where the words the cards use go; nothing is wrong yet.
  await expect(editor.getByRole('radio', { name: 'One-way' })).toBeChecked();
  await expect(editor.getByTestId('synonym-editor-maps-to')).toBeFocused();
  await expect(editor.locator('.mantine-TagsInput-pill')).toHaveText([QUERY]);
  await expect(editor.getByText('a one-way entry needs at least one term to find')).toHaveCount(0);
  await editor.getByTestId('synonym-editor-maps-to').fill('wormhole physics');
  await editor.getByTestId('synonym-editor-maps-to').press('Enter');
  await expect(editor.locator('.mantine-TagsInput-pill')).toHaveText([QUERY, 'wormhole physics']);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL('/reports/search-analytics/overview?dateRange=last7Days');

  // "Write a card for this": the search page with the new card dialog, its title the query; closing it leaves the search.
  const writeCard = row.getByTestId('report-table-link').filter({ hasText: 'Write a card for this' });
  await writeCard.click();
  await expect(page).toHaveURL(`/search/${encodeURIComponent(QUERY)}?newCard=1`);
  await expect(page.getByRole('dialog', { name: 'Write a card for this' })).toBeVisible();
  await expect(page.getByTestId('write-card-name')).toHaveValue(QUERY);
  await expect(page.getByTestId('write-card-board')).toBeDisabled();
  await page.getByTestId('write-card-cancel').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(`/search/${encodeURIComponent(QUERY)}`);

  // Closing replaced the dialog's URL: back is the report. Written for real this time: on the first board of the
  // rival picked, then opened on that board.
  await page.goBack();
  await expect(page).toHaveURL('/reports/search-analytics/overview?dateRange=last7Days');
  await writeCard.click();
  await expect(page).toHaveURL(`/search/${encodeURIComponent(QUERY)}?newCard=1`);
  await page.getByTestId('write-card-rival').click();
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('write-card-board')).not.toHaveValue('');
  await page.getByRole('dialog').locator('.ProseMirror').fill('Nothing on this yet: ask the product team.');
  await page.getByTestId('write-card-submit').click();
  await expect(page).toHaveURL(/\/profile\/\d+\?viewCard=\d+$/);
  await expect(page.getByTestId('card-viewer-title')).toHaveText(QUERY);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('card-viewer')).toHaveCount(0);

  // Consumer usage: the leaderboards list the seller; their row opens their own usage for the same period.
  await openMeasure(page, 'consumerUsage');
  await expect(page).toHaveURL('/reports/consumer-usage/overview');
  await expect(page.getByTestId('report-title')).toHaveText('Consumer usage');
  await page.getByTestId('report-tab').filter({ hasText: 'Leaderboards' }).click();
  await expect(page).toHaveURL('/reports/consumer-usage/leaderboards');
  const users = table(page, 'users');
  await users.getByTestId('report-table-link').filter({ hasText: me.name }).click();
  await expect(page).toHaveURL(`/reports/consumer-usage/leaderboards/user/${me.id}`);
  await expect(page.getByTestId('page-report')).toHaveAttribute('data-drill', 'true');
  await expect(page.getByTestId('report-subtitle')).toContainText(me.name);
  await expect(page.getByTestId('report-kpi').first()).toBeVisible();
  await page.getByTestId('report-back').click();
  await expect(page).toHaveURL('/reports/consumer-usage/leaderboards');
});

test('a curator without the curator report flags is refused consumer usage, and keeps search analytics', async ({ page }) => {
  // Wide enough for the bar's menus to be their own (narrower, they share one: tests/e2e/top-bar.spec.ts).
  await page.setViewportSize({ width: 1920, height: 1000 });
  await signIn(page, 'curator@demo.test', { app: true, to: '/reports/consumer-usage/overview' });
  await expect(page.getByTestId('page-not-authorized')).toBeVisible();
  await expect(page).toHaveURL('/reports/consumer-usage/overview');

  // Search analytics is their only measure report: a link of its own in the top bar rather than a menu.
  await expect(page.getByTestId('nav-menu-measure')).toHaveCount(0);
  await page.getByTestId('nav-measure-searchAnalytics').click();
  await expect(page.getByTestId('report-title')).toHaveText('Search analytics');
  await expect(page.getByTestId('page-not-authorized')).toHaveCount(0);
});

test('unknown reports are not found, and a report id opens its first type with its period', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { app: true });
  for (const path of ['/reports/nope', '/reports/curator/leaderboards', '/reports/consumer-usage/overview/user/abc']) {
    await page.goto(path);
    await expect(page.getByTestId('page-not-found'), path).toBeVisible();
  }
  await page.goto('/reports/curator?dateRange=last90Days');
  await expect(page).toHaveURL('/reports/curator/overview?dateRange=last90Days');
  await expect(page.getByTestId('report-period')).toContainText('90 days');
  // Impact stands on the demo's deals: it opens on its own default period with its figures, not a page saying what it needs.
  await page.goto('/reports/competitive-analytics/impact');
  await expect(page.getByTestId('report-kpi').first()).toBeVisible();
  await expect(page.getByTestId('report-needs')).toHaveCount(0);
  await expect(page.getByTestId('report-error')).toHaveCount(0);
  await expect(page.getByTestId('report-tab').filter({ hasText: 'Impact' }).getByTestId('report-tab-needs-data')).toHaveCount(0);
});

test('a German admin reads a report in German, named as the menu names it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.test', { app: true });
  // The other specs share this server and read the admin in English: the language goes back whatever happens.
  await saveLanguage(page, 'de');
  try {
    await page.goto('/reports/competitive-analytics/threat-analysis');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('report-eyebrow')).toHaveText('Berichte · Wettbewerbsanalyse');
    await expect(page.getByTestId('report-title')).toHaveText('Bedrohungsanalyse');
    await expect(page.locator('[data-testid="report-kpi"][data-key="topScore"]')).toContainText('Höchster Bedrohungswert');
    await expect(table(page, 'threats').getByRole('columnheader', { name: 'Begründung' })).toBeVisible();

    await openMeasure(page, 'searchAnalytics');
    await expect(page.getByTestId('report-title')).toHaveText('Suchanalyse');
    const zero = table(page, 'zero-results');
    await expect(zero.getByRole('heading', { name: 'Suchbegriffe ohne Ergebnis' })).toBeVisible();
    await expect(zero.getByTestId('report-table-link').filter({ hasText: 'Synonym hinzufügen' }).first()).toBeVisible();
    await expect(page).toHaveTitle('Suchanalyse · Berichte · Rivalscope');
  } finally {
    await saveLanguage(page, 'en');
  }
});

type SentEvent = { kind: string; context?: string; rank?: number; query?: string; searchId?: string };
/** The searchOpen event the tracker sends (it sends what it collected every 10 s) after `open`. */
async function searchOpenSent(page: Page, open: () => Promise<void>): Promise<SentEvent | undefined> {
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/events.json') && (r.postData() ?? '').includes('"searchOpen"'), { timeout: 25_000 });
  await open();
  const body = JSON.parse((await sent).postData() ?? '{}') as { events: SentEvent[] };
  return body.events.find((e) => e.kind === 'searchOpen');
}

test('a seller opening an item found in the feed sends the search, its id and the rank opened', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true, to: '/feed?q=pricing' });
  const items = page.getByTestId('feed-item');
  await expect(items.first()).toBeVisible();
  const feed = (await (await page.request.get('/api/feed.json?q=pricing')).json()) as { items: { id: number }[] };
  expect(feed.items.length).toBeGreaterThan(1);
  // The open is the second item of the list.
  const open = await searchOpenSent(page, () => items.nth(1).getByTestId('feed-item-title').click());
  expect(open).toMatchObject({ context: 'feed', rank: 2, query: 'pricing' });
  expect(open?.searchId).toMatch(/^[0-9a-f-]{36}$/);
});

test('a curator opening an alert found by searching /alerts sends the search, its id and the rank opened', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true, to: '/alerts?view=allIntel&q=pricing' });
  const items = page.getByTestId('intel-item');
  await expect(items.nth(1)).toBeVisible();
  // Opening the second alert's editor is the first open from this search.
  const open = await searchOpenSent(page, () => items.nth(1).getByTestId('intel-edit').click());
  expect(open).toMatchObject({ context: 'intel', rank: 2, query: 'pricing' });
  expect(open?.searchId).toMatch(/^[0-9a-f-]{36}$/);
});
