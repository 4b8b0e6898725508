// Report tiles as a reader reads them (issue #49): a figure that belongs to a rival or a reader names them on the
// tile (not only in its ⓘ), "Found nothing" is not drawn in a success colour, and on a 390 px phone no tile or
// control cuts its words.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import type { Report } from '../../contracts/reports.ts';
import { signIn } from './session.ts';

const tile = (page: Page, key: string) => page.locator(`[data-testid="report-kpi"][data-key="${key}"]`);

async function report(page: Page, path: string): Promise<Report> {
  const res = await page.request.get(`/api/reports/${path}.json`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Report;
}

/** The first row of a report's table, as the table lists it. */
function firstRow(r: Report, table: string) {
  const row = r.tables.find((x) => x.key === table)?.rows[0];
  expect(row, `${table} has a row`).toBeTruthy();
  return row!.cells;
}

/** Texts under `root` that are cut: wider than their box while the box hides what overflows (ellipsis or not). */
function clippedTexts(root: Locator): Promise<string[]> {
  return root.evaluateAll((roots) =>
    roots.flatMap((r) =>
      [r, ...r.querySelectorAll('*')]
        .filter((el) => {
          const style = getComputedStyle(el);
          const clips = el instanceof HTMLInputElement || style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
          return clips && el.scrollWidth > el.clientWidth + 1 && (el instanceof HTMLInputElement ? el.value : el.textContent)?.trim();
        })
        .map((el) => (el instanceof HTMLInputElement ? el.value : el.textContent!.trim())),
    ),
  );
}

test('the most-mentioned rival and the reader with most reads are named on their tiles', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.test', { app: true });

  const overview = await report(page, 'competitive-analytics/overview');
  const top = firstRow(overview, 'rivals');
  await page.goto('/reports/competitive-analytics/overview');
  const rival = tile(page, 'topRival');
  await expect(rival.getByTestId('report-kpi-subject')).toHaveText(String(top.rival));
  await expect(rival.getByTestId('report-kpi-value')).toHaveText(`${Number(top.items).toLocaleString('en')} mentions`);

  const leaders = await report(page, 'consumer-usage/leaderboards');
  const reader = firstRow(leaders, 'users');
  await page.goto('/reports/consumer-usage/leaderboards');
  const most = tile(page, 'top');
  await expect(most.getByTestId('report-kpi-subject')).toHaveText(String(reader.name));
  await expect(most.getByTestId('report-kpi-value')).toHaveText(`${Number(reader.reads).toLocaleString('en')} reads`);
});

test('searches that found nothing are drawn in red, not green', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.test', { app: true, to: '/reports/search-analytics/overview' });
  const chart = page.locator('[data-testid="report-chart"][data-key="searches"]');
  const swatch = (name: string) =>
    chart.getByText(name, { exact: true }).evaluate((label) => {
      // The legend item's swatch: the first element beside the name that is painted.
      const item = label.parentElement!;
      const painted = [...item.querySelectorAll('*')].map((el) => getComputedStyle(el).backgroundColor).find((c) => c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent');
      const [r, g, b] = (painted ?? '').match(/\d+/g)!.map(Number);
      return { r, g, b };
    });
  const nothing = await swatch('Found nothing');
  expect(nothing.r, 'red leads').toBeGreaterThan(nothing.g + 60);
  expect(nothing.r).toBeGreaterThan(nothing.b + 60);
  const found = await swatch('Found results');
  expect(found).not.toEqual(nothing);
});

test('on a 390 px phone the tiles and controls cut no word', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { app: true });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['competitive-analytics/overview', 'competitive-analytics/data-hygiene', 'consumer-usage/leaderboards', 'search-analytics/overview']) {
    await page.goto(`/reports/${path}`);
    await expect(page.getByTestId('report-kpi').first()).toBeVisible();
    expect(await clippedTexts(page.getByTestId('report-kpis')), path).toEqual([]);
    expect(await clippedTexts(page.getByTestId('report-controls')), path).toEqual([]);
  }
  // The trend reads whole, its wording kept.
  await page.goto('/reports/competitive-analytics/overview');
  await expect(tile(page, 'items')).toContainText('vs prior period');
  await page.goto('/reports/competitive-analytics/data-hygiene');
  await expect(page.getByTestId('report-stale-days')).toHaveValue('Stale after 180 days');
});
