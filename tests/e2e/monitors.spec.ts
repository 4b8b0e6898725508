// Monitors in the browser (issue #52): a curator adds a monitor for a page of a local site, the page changes, "Check
// now" finds the change, the change becomes an intel item, and its inline diff is read; the item opens its change.
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './session.ts';
import { startSite, type Site } from '../helpers/site.ts';

let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(() => site?.close());

const pricing = (enterprise: string) => `<!doctype html><html><head><title>DataHarbor pricing</title></head><body>
  <nav><a href="/">Home</a></nav><main><h1>DataHarbor pricing</h1>
  <p>Standard costs $2.10 per credit and includes the warehouse and Harbor BI viewers.</p>
  <p>Enterprise costs ${enterprise} per credit and adds Harbor Catalog, SSO and audit logs.</p>
  <p>Talk to our sales team for volume discounts on annual commitments.</p></main></body></html>`;

async function monitorStatus(page: Page) {
  return page.getByTestId('page-monitor').getAttribute('data-status');
}

test('a curator adds a monitor for a page, the page changes, and the change is read as intel with its diff', async ({ page }) => {
  const path = `/pricing-${test.info().workerIndex}`;
  site.set(path, { body: pricing('$3.20') });
  await signIn(page, 'curator@demo.test', { to: '/monitors' });
  // The demo's monitors are paused (the demo has no internet), and the screen says so.
  await expect(page.getByTestId('monitor-paused-note')).toBeVisible();

  // Add: the preview shows what will be watched and suggests the rival the page names.
  await page.getByTestId('monitor-add').click();
  await page.getByTestId('monitor-url-input').fill(`${site.url}${path}`);
  await page.getByTestId('monitor-preview').click();
  await expect(page.getByTestId('monitor-preview-result')).toHaveAttribute('data-kind', 'page');
  await expect(page.getByTestId('monitor-preview-text')).toContainText('Enterprise costs $3.20 per credit');
  await expect(page.getByTestId('monitor-rival-input')).toHaveValue('DataHarbor');
  await page.getByTestId('monitor-name-input').fill('DataHarbor pricing (local)');
  await page.getByTestId('monitor-save').click();
  // Saved, its page opens.
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('monitor-title')).toHaveText('DataHarbor pricing (local)');
  // The first check (made when it was added) only reads the page; it is OK once it ran.
  await expect(async () => {
    await page.reload();
    expect(await monitorStatus(page)).toBe('ok');
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('monitor-changes-empty')).toBeVisible();

  // The price changes; "Check now" follows the check until it ran and shows the change with its diff.
  site.set(path, { body: pricing('$3.60') });
  await page.getByTestId('monitor-check').click();
  const change = page.getByTestId('monitor-change').first();
  await expect(change).toBeVisible({ timeout: 30_000 });
  await expect(change.getByTestId('monitor-diff-added')).toContainText('3.60');
  await expect(change.getByTestId('monitor-diff-removed')).toContainText('3.20');
  await expect(change.getByTestId('monitor-diff-added')).toContainText('Added:');

  // The intel item it made is in the feed, as a page change; its sources open the change.
  await change.getByTestId('monitor-change-intel').click();
  const item = page.getByTestId('intel-item').filter({ hasText: 'DataHarbor pricing (local) changed' });
  await expect(item).toHaveCount(1);
  await item.getByTestId('intel-edit').click();
  const sources = page.getByTestId('intel-sources');
  await expect(sources).toContainText('DataHarbor pricing (local) changed');
  await sources.getByTestId('intel-source-change').click();
  await expect(page).toHaveURL(/\/monitors\/\d+#change-\d+$/);
  await expect(page.getByTestId('monitor-change').first()).toBeVisible();
});

test('a URL of a private network is refused under the address field, and nothing is added', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/monitors' });
  await page.getByTestId('monitor-add').click();
  await page.getByTestId('monitor-url-input').fill('http://10.0.0.5/admin');
  await page.getByTestId('monitor-preview').click();
  await expect(page.getByTestId('monitor-add-dialog')).toContainText('private network');
  await expect(page.getByTestId('monitor-add-form')).toHaveAttribute('data-step', 'url');
});
