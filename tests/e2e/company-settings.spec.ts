// Company settings in Chromium: an admin edits the company, turns a feature on and sees it take effect,
// chooses Ask's groups, and sets digest defaults that a new digest starts with; a curator sees only the
// sections that are theirs. Each change lands in the audit log.
import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './session.ts';

const auditSummaries = async (page: Page): Promise<string[]> =>
  (await (await page.request.get('/api/audit.json?limit=20')).json()).items.map((i: { summary: string }) => i.summary);

test('an admin edits the company profile; invalid input is refused on its field', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { to: '/settings' });
  await expect(page.getByTestId('company-section')).toBeVisible();
  await expect(page.getByTestId('company-save')).toBeDisabled();

  await page.getByTestId('company-url').fill('ftp://nope');
  await page.getByTestId('company-save').click();
  await expect(page.getByText('must be an http or https URL')).toBeVisible();

  await page.getByTestId('company-url').fill('https://northwind.example');
  await page.getByTestId('company-name').fill('Northwind Analytics Group');
  await page.getByTestId('company-email-domains').fill('@Northwind.Example');
  await page.getByTestId('company-email-domains').press('Enter');
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Company details saved')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('company-name')).toHaveValue('Northwind Analytics Group');
  await expect(page.getByTestId('company-section').getByText('northwind.example', { exact: true })).toBeVisible();
  await expect(page.getByText('Settings that apply to everyone at Northwind Analytics Group.')).toBeVisible();
  expect(await auditSummaries(page)).toContain("Changed the company's name, url, email domains");

  await page.getByTestId('company-name').fill('Northwind Analytics');
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Company details saved')).toBeVisible();
});

test('an admin turns "Ask as the home page" on and the home page becomes Ask, then turns it off', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { to: '/settings/features' });
  const row = page.locator('[data-testid="feature-flag"][data-flag="askPage"]');
  await expect(row).not.toHaveAttribute('data-on');
  await row.getByTestId('feature-flag-switch').click({ force: true });
  await expect(page.getByText('Ask as the home page is on')).toBeVisible();
  await expect(row).toHaveAttribute('data-on', 'true');
  await expect(row).toContainText('Last changed by Ada');

  await page.goto('/');
  await expect(page.getByTestId('page-ask')).toBeVisible();
  expect(await auditSummaries(page)).toContain('Turned on ask page');

  await page.goto('/settings/features');
  await row.getByTestId('feature-flag-switch').click({ force: true });
  await expect(row).not.toHaveAttribute('data-on');
  // Back to the usual home: an admin, a curator, lands on a profile.
  await page.goto('/');
  await expect(page).toHaveURL(/\/profile\/\d+/);
});

test('an admin chooses the groups Ask answers for', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { to: '/settings/ask' });
  await expect(page.getByTestId('ask-groups-summary')).toHaveText('No group chosen: Ask answers for every group.');
  await page.getByRole('checkbox', { name: 'Product Marketing' }).check();
  await page.getByTestId('ask-save').click();
  await expect(page.getByText('Ask groups saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Product Marketing' })).toBeChecked();
  await expect(page.getByTestId('ask-groups-summary')).toHaveText('Ask answers for 1 group.');
  const groups = await (await page.request.get('/api/ask/visibility-groups')).json();
  expect(groups.groups.map((g: { name: string }) => g.name)).toEqual(['Product Marketing']);

  await page.getByRole('checkbox', { name: 'Product Marketing' }).uncheck();
  await page.getByTestId('ask-save').click();
  await expect(page.getByTestId('ask-groups-summary')).toHaveText('No group chosen: Ask answers for every group.');
});

test('digest defaults are what a new digest starts with', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { to: '/settings/digest' });
  await page.getByTestId('digest-default-title').fill('Rival roundup · {date}');
  await expect(page.getByTestId('digest-title-preview')).toContainText('Rival roundup · ');
  await page.getByTestId('digest-default-intro').fill('The week in competitive news.');
  await page.getByTestId('digest-save').click();
  await expect(page.getByText('Digest defaults saved')).toBeVisible();

  await page.goto('/digest');
  await page.getByTestId('digest-new').click();
  await expect(page.getByTestId('digest-create-title')).toHaveValue(/^Rival roundup · \w+ \d{1,2}, \d{4}$/);
  await expect(page.getByTestId('digest-create-intro')).toHaveValue('The week in competitive news.');
});

test('a curator sees only the sections that are theirs', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { to: '/settings' });
  await expect(page.getByTestId('page-company-settings')).toHaveAttribute('data-section', 'rivalGroups');
  const items = page.getByTestId('settings-nav-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toHaveAttribute('data-section', 'synonyms');
  await page.goto('/settings/features');
  await expect(page.getByTestId('page-not-authorized')).toBeVisible();
  expect((await page.request.get('/api/audit.json')).status()).toBe(403);
});
