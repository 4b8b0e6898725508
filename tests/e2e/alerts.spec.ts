// The intel feed in the browser (part 1 §2 Alerts, §4 Triage, Views and presets; part 2 §4 Submit intel):
// a curator triages five items by keyboard and back restores the last one, saves a custom view that is
// listed with its live count, and slices the feed by topic in the analyst panel; a seller is kept out of
// /alerts and submits intel. A row's icon actions say what they do (archive is a box, not a check mark).
// Run with E2E_PORT=3300.
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';


async function intelState(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/intel/v1/${id}`);
  expect(res.status()).toBe(200);
  const item = (await res.json()) as { state: string; priority: string | null };
  return `${item.state}/${item.priority ?? '-'}`;
}

/** The count the page shows once the current results have loaded. */
async function shownCount(page: Page): Promise<number> {
  const count = page.getByTestId('intel-count');
  await expect(count).toHaveAttribute('data-count', /^\d+$/);
  return Number(await count.getAttribute('data-count'));
}

test('a curator triages five items by keyboard; back restores the last one', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/alerts?view=unprocessed&action=triage' });
  await expect(page.getByTestId('page-alerts')).toHaveAttribute('data-layout', 'triage');
  // The nav's alert count badge: myNewIntel's count.
  await expect(page.getByTestId('alert-count')).toHaveAttribute('data-count', /^\d+$/);
  const card = page.getByTestId('triage-card');

  // a archive, d delete, i important, n interesting, a archive: each card leaves for the actioned list.
  const keys = ['a', 'd', 'i', 'n', 'a'] as const;
  const expected = ['archived/', 'deleted/', 'working/important', 'working/interesting', 'archived/'];
  const ids: number[] = [];
  for (const key of keys) {
    await expect(card).toBeVisible();
    const id = Number(await card.getAttribute('data-id'));
    expect(ids).not.toContain(id);
    ids.push(id);
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/intel/v1/${id}`));
    await page.keyboard.press(key);
    expect((await patched).status()).toBe(200);
    await expect(card).not.toHaveAttribute('data-id', String(id));
  }
  await expect(page.getByTestId('triage-actioned-item')).toHaveCount(5);

  for (const [i, id] of ids.entries()) {
    await expect.poll(() => intelState(page.request, id)).toMatch(new RegExp(`^${expected[i]}`));
  }

  // Back: the last card returns to the front and its update is undone.
  await page.keyboard.press('b');
  await expect(card).toHaveAttribute('data-id', String(ids[4]));
  await expect(page.getByTestId('triage-actioned-item')).toHaveCount(4);
  await expect.poll(() => intelState(page.request, ids[4])).toBe('unprocessed/-');

  // Skip changes nothing on the server.
  await page.keyboard.press('s');
  await expect(card).not.toHaveAttribute('data-id', String(ids[4]));
  expect(await intelState(page.request, ids[4])).toBe('unprocessed/-');

  // The unprocessed list no longer holds the archived and deleted ones.
  await page.goto('/alerts?view=unprocessed');
  await shownCount(page);
  for (const id of ids.slice(0, 2)) await expect(page.locator(`[data-testid="intel-item"][data-id="${id}"]`)).toHaveCount(0);
});

test('the icon actions of a row say what they do, and Archive archives', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/alerts?view=unprocessed' });
  await shownCount(page);
  const row = page.getByTestId('intel-item').first();
  const id = Number(await row.getAttribute('data-id'));
  const title = (await row.getAttribute('aria-label'))!;

  // Each is an icon (no ✓, ✕ or ⋯ characters) whose label names the action and the item.
  const labels = { 'intel-edit': `Edit ${title}`, 'intel-archive': `Archive “${title}”`, 'intel-delete': `Delete “${title}”`, 'intel-more': `More actions for “${title}”` };
  for (const [testId, label] of Object.entries(labels)) {
    const button = row.getByTestId(testId);
    await expect(button).toHaveAccessibleName(label);
    await expect(button.locator('svg')).toHaveCount(1);
    await expect(button).toHaveText('');
  }
  // Hovering says what it does.
  const tips = { 'intel-edit': 'Edit', 'intel-archive': 'Archive: handled, moves to Archived', 'intel-delete': 'Delete: not relevant, moves to Deleted', 'intel-more': 'More actions' };
  for (const [testId, tip] of Object.entries(tips)) {
    await row.getByTestId(testId).hover();
    await expect(page.getByRole('tooltip', { name: tip, exact: true })).toBeVisible();
  }
  // The triage buttons are named by their action; their key is a shortcut, not part of the name.
  await page.goto('/alerts?view=unprocessed&action=triage');
  await expect(page.getByTestId('triage-archive')).toHaveAccessibleName('Archive');
  await expect(page.getByTestId('triage-archive')).toHaveAttribute('aria-keyshortcuts', 'a');

  await page.goto('/alerts?view=unprocessed');
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/intel/v1/${id}`));
  await page.locator(`[data-testid="intel-item"][data-id="${id}"]`).getByTestId('intel-archive').click();
  expect((await patched).status()).toBe(200);
  await expect.poll(() => intelState(page.request, id)).toMatch(/^archived\//);
  // The demo data as it was.
  const restored = await page.request.patch(`/api/intel/v1/${id}`, { data: { state: 'unprocessed' }, headers: await csrfHeaders(page) });
  expect(restored.status()).toBe(200);
});

test('a curator saves a custom view and finds it listed with its count', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/alerts?view=allIntel' });
  const all = await shownCount(page);

  // Filter by a topic through the sidebar: the URL carries it, the list narrows.
  const topic = page.getByTestId('facet-topics').first();
  const value = (await topic.getAttribute('data-value'))!;
  await topic.click();
  await expect(page).toHaveURL(new RegExp(`topics=${encodeURIComponent(value).replace(/%20/g, '(\\+|%20)')}`));
  await expect(topic).toHaveAttribute('data-mode', 'should');
  await expect.poll(() => shownCount(page)).toBeLessThan(all);
  const filtered = await shownCount(page);

  const name = `Topic ${value} ${Date.now()}`;
  await page.getByTestId('save-view').click();
  await page.getByTestId('save-view-name').fill(name);
  await page.getByTestId('save-view-submit').click();

  const link = page.getByTestId('custom-view-link').filter({ hasText: name });
  await expect(link).toBeVisible();
  await expect(link.getByTestId('view-count')).toHaveAttribute('data-count', String(filtered));
  // Preset views have their live counts too.
  await expect(page.locator('[data-testid="view-link"][data-view="allIntel"] [data-testid="view-count"]')).toHaveAttribute('data-count', /^\d+$/);

  // Opening it applies its filters.
  await link.click();
  await expect(page).toHaveURL(/view=custom-\d+$/);
  await expect.poll(() => shownCount(page)).toBe(filtered);
});

test('a curator slices the feed by topic and clicks a topic to filter', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/alerts?view=allIntel&dateRange=last30Days' });
  const before = await shownCount(page);
  await page.getByTestId('layout-analyst').click();
  await expect(page).toHaveURL(/aggregate=timeline/);
  await expect(page.getByTestId('analyst-panel')).toBeVisible();
  // A bar of the stacked chart: its topic becomes a filter.
  const bar = page.locator('[data-testid="analyst-chart"] .recharts-bar-rectangle').first();
  await expect(bar).toBeVisible();
  await bar.click({ force: true });
  await expect(page).toHaveURL(/topics=/);
  const barTopic = new URL(page.url()).searchParams.get('topics')!;
  await expect(page.locator(`[data-testid="applied-filter"][data-param="topics"][data-value="${barTopic}"]`)).toBeVisible();
  await expect.poll(() => shownCount(page)).toBeLessThan(before);
  await page.locator(`[data-testid="applied-filter"][data-value="${barTopic}"] button[aria-label^="Remove"]`).click();
  await expect(page).not.toHaveURL(/topics=[^&]/);
  await expect.poll(() => shownCount(page)).toBe(before);

  // A row of the top topics: the same.
  const row = page.getByTestId('analyst-row-topics').nth(1);
  const topic = (await row.getAttribute('data-value'))!;
  await row.click();
  expect(new URL(page.url()).searchParams.get('topics')).toBe(topic);
  await expect(page.locator(`[data-testid="applied-filter"][data-param="topics"][data-value="${topic}"]`)).toBeVisible();
  await expect.poll(() => shownCount(page)).toBeLessThan(before);

  // Back to the list: the filter stays.
  await page.getByTestId('layout-list').click();
  await expect(page.getByTestId('intel-item').first()).toBeVisible();
  await expect(page.getByTestId('intel-topic').filter({ hasText: topic }).first()).toBeVisible();
});

test('a curator bulk edits every matching item through a job and sees it complete', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/alerts?view=deleted&action=bulkEdit' });
  const total = await shownCount(page);
  expect(total).toBeGreaterThan(200); // more than the server does inside the request: a job
  await page.getByTestId('bulk-all-matching').click();
  await expect(page.getByTestId('bulk-count')).toHaveAttribute('data-count', String(total));
  await page.getByTestId('bulk-priority').click();
  await page.getByRole('option', { name: 'Interesting' }).click();
  await expect(page.getByTestId('bulk-job')).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
  await expect(page.getByTestId('bulk-job')).toContainText(`${total} of ${total}`);

  await page.goto('/alerts?view=deleted&priorities=not:interesting');
  await expect(page.getByTestId('intel-empty')).toBeVisible();
});

test('a list that fails offers a reset to the view\'s defaults', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/alerts?view=nosuchview&topics=pricing' });
  await expect(page.getByTestId('intel-error')).toHaveAttribute('data-kind', 'reset');
  await page.getByTestId('intel-reset').click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByTestId('page-alerts')).toHaveAttribute('data-view', 'myNewIntel');
  await shownCount(page);
});

test('a seller is kept out of /alerts and submits intel', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { to: '/alerts' });
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByTestId('submit-intel').click();
  const send = page.getByTestId('submit-intel-send');
  await expect(send).toBeDisabled();
  await page.getByTestId('submit-intel-rival').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByTestId('submit-intel-title').fill('Lumenary discounting in EMEA');
  await page.getByTestId('submit-intel-content').fill('Heard on a call: 30% off list for multi-year deals this quarter.');
  await expect(send).toBeEnabled();
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/alerts.json') && r.request().method() === 'POST');
  await send.click();
  expect((await posted).status()).toBeLessThan(300);
  await expect(page.getByTestId('submit-intel-success')).toBeVisible();
  // The dialog closes by itself after 3.5 s, and opens again empty.
  await expect(page.getByTestId('submit-intel-success')).toBeHidden({ timeout: 10_000 });
  await page.getByTestId('submit-intel').click();
  await expect(page.getByTestId('submit-intel-content')).toHaveValue('');
});
