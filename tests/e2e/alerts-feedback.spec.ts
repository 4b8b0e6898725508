// Feedback of the alerts list (issue #49): Archive, Publish and Mark important each say what they did in a toast
// whose Undo puts the item back as it was (on the server too) and back in the list; the two counts of triage say
// what each counts; Important is not the red of Delete.
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './session.ts';

type Item = { state: string; priority: string | null; publishedAt: string | null };

async function item(page: Page, id: number): Promise<Item> {
  const res = await page.request.get(`/api/intel/v1/${id}`);
  expect(res.status()).toBe(200);
  const { state, priority, publishedAt } = (await res.json()) as Item;
  return { state, priority, publishedAt };
}

const row = (page: Page, id: number) => page.locator(`[data-testid="intel-item"][data-id="${id}"]`);
const toast = (page: Page) => page.getByTestId('intel-toast');

/** The first row of the unprocessed view, as the API has it before anything is done to it. */
async function firstUnprocessed(page: Page) {
  await page.goto('/alerts?view=unprocessed');
  await expect(page.getByTestId('intel-count')).toHaveAttribute('data-count', /^\d+$/);
  const first = page.getByTestId('intel-item').first();
  const id = Number(await first.getAttribute('data-id'));
  const title = (await first.getAttribute('aria-label'))!;
  const before = await item(page, id);
  expect(before).toEqual({ state: 'unprocessed', priority: null, publishedAt: null });
  return { id, title, before };
}

/** Clicks the toast's Undo and waits for the item to be back in the list and on the server as it was. */
async function undo(page: Page, id: number, title: string, before: Item) {
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/intel/v1/${id}`));
  await toast(page).getByTestId('intel-undo').click();
  expect((await patched).status()).toBe(200);
  await expect(toast(page)).toHaveCount(0);
  await expect(page.getByTestId('intel-undone-toast').last()).toContainText(`Put “${title}” back as it was`);
  await expect(row(page, id)).toBeVisible();
  await expect(row(page, id).getByTestId('intel-state')).toHaveAttribute('data-state', before.state);
  expect(await item(page, id)).toEqual(before);
}

test('Archive in the list says so, and Undo brings the item back as it was', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  const { id, title, before } = await firstUnprocessed(page);

  await row(page, id).getByTestId('intel-archive').click();
  await expect(toast(page)).toContainText(`Archived “${title}”`);
  await expect(toast(page)).toHaveAttribute('data-change', 'archived');
  // It left the unprocessed view, on screen and on the server.
  await expect(row(page, id)).toHaveCount(0);
  await expect.poll(() => item(page, id).then((x) => x.state)).toBe('archived');

  await undo(page, id, title, before);
});

test('Publish and Mark important say so, each with an Undo that puts the item back', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  const { id, title, before } = await firstUnprocessed(page);

  await row(page, id).getByTestId('intel-more').click();
  await page.getByTestId('intel-publish').click();
  await expect(toast(page)).toContainText(`Published “${title}”`);
  await expect(row(page, id)).toHaveCount(0);
  await expect.poll(() => item(page, id).then((x) => [x.state, x.publishedAt !== null])).toEqual(['archived', true]);
  await undo(page, id, title, before);

  await row(page, id).getByTestId('intel-more').click();
  await page.getByTestId('intel-important').click();
  await expect(toast(page)).toContainText(`Marked “${title}” important`);
  // The row is redrawn from the search engine once the change is indexed: give a busy machine's indexer time.
  await expect(row(page, id).getByTestId('intel-priority')).toHaveText('Important', { timeout: 30_000 });
  await expect.poll(() => item(page, id).then((x) => x.priority)).toBe('important');
  await undo(page, id, title, before);
  await expect(row(page, id).getByTestId('intel-priority')).toHaveCount(0);
});

test('triage’s two counts say what each counts, and Important is not the red of Delete', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/alerts?view=unprocessed&action=triage' });
  await expect(page.getByTestId('intel-count')).toHaveText(/^\d{1,3}(,\d{3})* items? in this view$/);
  await expect(page.getByTestId('triage-remaining')).toHaveText(/^\d{1,3}(,\d{3})* items? in your triage queue(, more load as you go)?$/);

  const colors = (testId: string) =>
    page.getByTestId(testId).evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, color: s.color };
    });
  const important = await colors('triage-important');
  const del = await colors('triage-delete');
  expect(important.background).not.toBe(del.background);
  expect(important.color).not.toBe(del.color);

  // The Important badge of the list neither.
  await page.goto('/alerts?view=important');
  const badge = page.getByTestId('intel-priority').first();
  await expect(badge).toHaveText('Important');
  const red = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.background = 'var(--mantine-color-red-filled)';
    const c = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return c;
  });
  expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(red);
});
