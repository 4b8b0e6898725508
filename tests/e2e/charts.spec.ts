// Every chart has a text alternative (issue #51): on each chart screen — a report's charts, the alerts' analyst panel,
// a rival's aspect chart and a card's live-data chart — the figure says what it shows in a summary tied to the chart
// image, and a keyboard user reaches "Show as table" with Tab, opens the table with Enter and returns to the chart
// with Space. The table heads its columns and rows and holds the figures the chart draws (read from the API answer
// the chart was drawn from, or from the figures printed beside it), formatted as the chart formats them. One chart
// reads German for a German reader. Nothing here writes to the demo data but the admin's own language, put back after.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type Response } from './fixtures.ts';
import type { Report } from '../../contracts/reports.ts';
import type { IntelListResponse } from '../../contracts/intel.ts';
import type { AspectSummaryResponse } from '../../contracts/insights.ts';
import type { ProviderAnswer } from '../../contracts/cards.ts';
import { liveProfile } from './demo.ts';
import { csrfHeaders, signIn } from './session.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const en = (n: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(n);
const utc = (day: string) => new Date(/^\d{4}-\d{2}$/.test(day) ? `${day}-01T00:00:00Z` : /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day);
/** "Nov 19" (a day in a chart within one year), "Mar 2026" (a month). */
const dayLabel = (day: string, locale = 'en') => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(utc(day));
const monthLabel = (month: string) => new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(utc(month));

/**
 * The figure's summary (non-empty, the description of the chart image) and its switch: reached with Tab from the
 * control before it, Enter shows the table (returned, with the switch still focused), Space the chart again.
 */
async function openTable(page: Page, figure: Locator, labels: { table: string; chart: string } = { table: 'Show as table', chart: 'Show as chart' }): Promise<Locator> {
  const summary = figure.getByTestId('chart-summary');
  await expect(summary).toHaveText(/\w{3,}.*\d/);
  await expect(figure.getByTestId('chart-image')).toHaveAttribute('aria-describedby', (await summary.getAttribute('id'))!);
  const toggle = figure.getByTestId('chart-view-toggle');
  await expect(toggle).toHaveText(labels.table);
  // In the tab order: from it one step back and one forward lands on it again.
  await toggle.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(toggle).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  const table = figure.getByTestId('chart-table');
  await expect(table).toBeVisible();
  await expect(figure.getByTestId('chart-image')).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveText(labels.chart);
  // The summary stays: it describes the figures either way.
  await expect(summary).toBeVisible();
  return table;
}

/** Back to the chart with Space, the switch keeping the focus. */
async function closeTable(page: Page, figure: Locator) {
  await page.keyboard.press('Space');
  await expect(figure.getByTestId('chart-image')).toBeVisible();
  await expect(figure.getByTestId('chart-table')).toHaveCount(0);
  await expect(figure.getByTestId('chart-view-toggle')).toBeFocused();
}

const headers = (table: Locator) => table.locator('thead th[scope="col"]');
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
/** The row headed `x` (its row header, then its cells). */
const row = (table: Locator, x: string) => table.locator('tbody tr').filter({ has: table.page().locator('th[scope="row"]', { hasText: exactly(x) }) });

test('a report’s charts: summarised, and a table away with the figures the chart draws', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { app: true });
  const report = (await (await page.request.get('/api/reports/search-analytics/overview.json')).json()) as Report;
  const chart = report.charts.find((c) => c.key === 'searches')!;
  await page.goto('/reports/search-analytics/overview');
  const figure = page.locator('[data-testid="report-chart"][data-key="searches"] figure');
  // A figure named by the chart's title.
  await expect(page.getByRole('figure', { name: chart.title, exact: true })).toHaveCount(1);
  // Two series, each named in the key beside a swatch drawn with its own pattern.
  await expect(figure.getByTestId('chart-key').locator('li')).toHaveText(chart.series.map((s) => s.label));
  const patterns = await figure.getByTestId('chart-key').locator('[data-pattern]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pattern')));
  expect(new Set(patterns).size).toBe(chart.series.length);

  const total = chart.data.reduce((n, d) => n + chart.series.reduce((m, s) => m + Number(d[s.key]), 0), 0);
  await expect(figure.getByTestId('chart-summary')).toContainText(`In all ${en(total)}`);
  const table = await openTable(page, figure);
  await expect(headers(table)).toHaveText(['Day', ...chart.series.map((s) => s.label), 'Total']);
  await expect(table.locator('tbody tr')).toHaveCount(chart.data.length);
  // The busiest day, as the chart draws it: each series and their sum.
  const busiest = chart.data.reduce((a, b) => (chart.series.reduce((n, s) => n + Number(b[s.key]), 0) > chart.series.reduce((n, s) => n + Number(a[s.key]), 0) ? b : a));
  const values = chart.series.map((s) => Number(busiest[s.key]));
  await expect(row(table, dayLabel(String(busiest.day))).locator('td')).toHaveText([...values.map(en), en(values.reduce((n, v) => n + v, 0))]);
  // The table view passes the axe rules the screens are held to (accessibility.spec.ts walks the chart view).
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="report-chart"][data-key="searches"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await closeTable(page, figure);
});

test('the analyst panel’s chart: summarised, its table one row per day with the totals the timeline counted', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true });
  const answer = page.waitForResponse((r: Response) => r.url().includes('/api/intel/v1?') && r.url().includes('aggregate='));
  await page.goto('/alerts?aggregate=timeline&sliceBy=topics');
  const timeline = ((await (await answer).json()) as IntelListResponse).aggregations!.timeline!;
  const figure = page.getByTestId('analyst-figure');
  await expect(figure.getByTestId('chart-image')).toBeVisible();
  await expect(figure).toContainText('Items per day, by topic');
  const slices = await figure.getByTestId('chart-key').locator('li').allTextContents();
  expect(slices.length).toBeGreaterThan(1);

  const table = await openTable(page, figure);
  await expect(headers(table)).toHaveText(['Day', ...slices, 'Total']);
  await expect(table.locator('tbody tr')).toHaveCount(timeline.buckets.length);
  for (const bucket of [timeline.buckets[0], timeline.buckets.at(-1)!]) await expect(row(table, dayLabel(bucket.date)).locator('td').last()).toHaveText(en(bucket.count));
  await closeTable(page, figure);
});

test('a rival’s aspect chart: summarised, its table a month a row by sentiment', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true });
  const answer = page.waitForResponse((r: Response) => /\/aspects\/\d+\/summary/.test(r.url()));
  await page.goto('/insights');
  const summary = (await (await answer).json()) as AspectSummaryResponse;
  const figure = page.getByTestId('aspect-chart').locator('figure');
  await expect(figure.getByTestId('aspect-chart-title')).toBeVisible();
  await expect(figure.getByTestId('chart-key').locator('li')).toHaveText(['Positive', 'Neutral', 'Negative']);
  await expect(figure.getByTestId('chart-summary')).toContainText(/^From \w{3} \d{4} to \w{3} \d{4}\. In all [\d,]+/);

  const table = await openTable(page, figure);
  await expect(headers(table)).toHaveText(['Month', 'Positive', 'Neutral', 'Negative', 'Total']);
  const busiest = summary.timeline.reduce((a, b) => (b.positive + b.neutral + b.negative > a.positive + a.neutral + a.negative ? b : a));
  await expect(row(table, monthLabel(busiest.month)).locator('td')).toHaveText([busiest.positive, busiest.neutral, busiest.negative, busiest.positive + busiest.neutral + busiest.negative].map(en));
  await closeTable(page, figure);
});

test('a card’s live-data chart: each company’s months in a table', async ({ page }) => {
  await signIn(page, 'seller@demo.test');
  const { profileId, battlecardId } = await liveProfile(page);
  const answers: ProviderAnswer[] = [];
  page.on('response', (r) => {
    if (/\/api\/providers\/hiring\.json/.test(r.url())) void r.json().then((a: ProviderAnswer) => answers.push(a));
  });
  await page.goto(`/profile/${profileId}/battlecard/view/${battlecardId}`);
  const figure = page.getByTestId('dynamic-block-chart').first();
  await expect(figure.locator('.recharts-line').first()).toBeVisible();
  const companies = await figure.getByTestId('chart-key').locator('li').allTextContents();
  // The months the first company's line was drawn from.
  await expect.poll(() => answers.some((a) => a.rival.name === companies[0])).toBe(true);
  const series = answers.find((a) => a.rival.name === companies[0])!.data.series as { month: string; openRoles: number }[];
  expect(series.length).toBeGreaterThan(1);

  const table = await openTable(page, figure);
  await expect(headers(table)).toHaveText(['Month', ...companies]);
  const last = series.at(-1)!;
  await expect(row(table, monthLabel(last.month)).locator('td').first()).toHaveText(new Intl.NumberFormat('en').format(last.openRoles));
  await closeTable(page, figure);
});

test.describe('in German', () => {
  /** The admin's saved language, as the profile page saves it. */
  const saveLanguage = async (page: Page, language: 'en' | 'de') => {
    const me = (await (await page.request.get('/api/users/me.json')).json()) as { id: number };
    expect((await page.request.put(`/api/users/${me.id}.json`, { headers: await csrfHeaders(page), data: { language } })).status()).toBe(200);
  };
  test.afterEach(async ({ page }) => {
    if ((await page.request.get('/api/users/me.json')).ok()) await saveLanguage(page, 'en');
  });

  test('a German reader gets the donut’s summary and table in German, with German numbers', async ({ page }) => {
    await signIn(page, 'admin@demo.test', { app: true });
    await saveLanguage(page, 'de');
    const report = (await (await page.request.get('/api/reports/consumer-usage/overview.json')).json()) as Report;
    const chart = report.charts.find((c) => c.key === 'sources')!;
    await page.goto('/reports/consumer-usage/overview');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const figure = page.locator('[data-testid="report-chart"][data-key="sources"] figure');
    const total = chart.data.reduce((n, d) => n + Number(d[chart.series[0].key]), 0);
    const de = (n: number) => new Intl.NumberFormat('de', { maximumFractionDigits: 1 }).format(n);
    const summary = figure.getByTestId('chart-summary');
    await expect(summary).toHaveText(/^\d+ Einträge\. Insgesamt /);
    await expect(summary).toContainText(`Insgesamt ${de(total)}. ${chart.series[0].label}: am höchsten `);
    await expect(summary).toContainText(', am niedrigsten ');
    // The figure the donut's legend prints for its first slice…
    const first = figure.getByRole('list', { name: chart.title }).locator('li').first();
    const name = (await first.locator('p').first().textContent())!;
    const shown = (await first.locator('p').last().textContent())!.split(' · ')[0];

    const table = await openTable(page, figure, { table: 'Als Tabelle zeigen', chart: 'Als Diagramm zeigen' });
    await expect(figure.getByTestId('chart-view-toggle')).toHaveAccessibleName(`Als Diagramm zeigen: ${chart.title}`);
    await expect(headers(table)).toHaveText(['Quelle', chart.series[0].label]);
    // …is the table's, in the same German format.
    await expect(row(table, name).locator('td')).toHaveText([shown]);
    const largest = chart.data.reduce((a, b) => (Number(b[chart.series[0].key]) > Number(a[chart.series[0].key]) ? b : a));
    await expect(row(table, String(largest[chart.xKey])).locator('td')).toHaveText([de(Number(largest[chart.series[0].key]))]);
    await closeTable(page, figure);
  });
});
