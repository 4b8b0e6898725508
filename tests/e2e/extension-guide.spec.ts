// The browser extension's guide in Chromium (#55): a seller opens it from the user menu and from the integrations
// screen, reads that the extension is not installed (Playwright's Chromium has none: the page has no
// chrome.runtime.sendMessage), finds the download link to the zip, and makes a token for the extension that is shown
// once and works as one; the seller does not see where badges appear. A curator edits a rival's domains (a valid one
// kept after a reload, an invalid one and another rival's refused in words) and the CRM hosts. In German, the page
// has no English left on its headings.
import { request } from '@playwright/test';
import { EXTENSION_ZIP_PATH } from '../../contracts/extension.ts';
import { expect, test, type Page } from './fixtures.ts';
import { saveLanguage, signIn } from './session.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/** The row of a rival in "Where badges appear", found through the search box. */
async function rivalRow(page: Page, name: string) {
  await page.getByTestId('sites-search').fill(name);
  const row = page.getByTestId('site-rival-row').filter({ has: page.getByTestId('site-rival-name').getByText(name, { exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

/** Types a tag into a TagsInput and presses Enter. */
async function addTag(page: Page, input: ReturnType<Page['getByTestId']>, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('a seller opens the guide, reads that the extension is not installed, downloads it and makes its token once', async ({ page, baseURL }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-browserExtension')).toHaveText('Browser extension');
  await page.getByTestId('user-menu-browserExtension').click();
  await expect(page).toHaveURL('/extension/guide');
  await expect(page).toHaveTitle('Browser extension · Rivalscope');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browser extension');

  const status = page.getByTestId('extension-status');
  await expect(status).toHaveAttribute('data-state', 'not_installed');
  await expect(status).toContainText('Not installed');
  await expect(page.getByTestId('extension-status-reason')).toHaveText(/not installed in this browser.*Install it below/);
  await page.getByTestId('extension-status-check').click();
  await expect(status).toHaveAttribute('data-state', 'not_installed');

  await expect(page.getByTestId('extension-download')).toHaveAttribute('href', EXTENSION_ZIP_PATH);
  await expect(page.getByTestId('extension-install-steps').locator('li')).toHaveCount(4);
  await expect(page.getByTestId('extension-install-steps')).toContainText('chrome://extensions');
  await expect(page.getByTestId('extension-install-steps')).toContainText('edge://extensions');
  await expect(page.getByTestId('extension-address')).toHaveValue(new URL(baseURL!).origin);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['In this browser', 'Install', 'Connect', 'Use']);
  await expect(page.getByTestId('extension-sites')).toHaveCount(0);

  await page.getByTestId('extension-token-create').click();
  const value = page.getByTestId('extension-token-value');
  await expect(value).toHaveValue(/^rsk_/);
  await expect(page.getByTestId('extension-token-created')).toContainText('shown only this once');
  await expect(page.getByTestId('extension-token-create')).toHaveCount(0);
  const token = await value.inputValue();

  // The seller's token list (other specs on this server may have made tokens of theirs): this one, by its prefix.
  const tokens = (await (await page.request.get('/api/account/tokens')).json()) as { tokens: { name: string; prefix: string; scopes: string[]; expiresAt: string; createdAt: string }[] };
  const made = tokens.tokens.filter((t) => token.startsWith(t.prefix));
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ name: 'Browser extension', scopes: ['extension'] });
  const days = (Date.parse(made[0].expiresAt) - Date.parse(made[0].createdAt)) / 86_400_000;
  expect(Math.round(days)).toBe(90);

  // It is the extension's: its own calls answer, with the seller's name.
  const extension = await request.newContext({ baseURL });
  const config = await extension.get('/api/extension/config.json', { headers: { Authorization: `Bearer ${token}` } });
  expect(config.status()).toBe(200);
  expect(((await config.json()) as { user: { email: string } }).user.email).toBe('seller@demo.test');
  await extension.dispose();

  // Shown once: after a reload it is gone, and the profile lists it to revoke.
  await page.reload();
  await expect(page.getByTestId('extension-token-create')).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);
  await page.getByTestId('extension-tokens-link').click();
  await expect(page).toHaveURL('/settings/profile');
  await expect(page.getByTestId('api-token-row').filter({ hasText: 'Browser extension' })).toHaveCount(1);

  // The integrations screen leads to the guide too.
  await page.goto('/integrations');
  await page.getByTestId('integrations-extension-guide').click();
  await expect(page).toHaveURL('/extension/guide');
  await expect(page.getByTestId('extension-status')).toHaveAttribute('data-state', 'not_installed');
});

test('a curator edits where badges appear: a rival’s domains and the CRM hosts', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true, to: '/extension/guide' });
  await expect(page.getByTestId('extension-sites')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['In this browser', 'Install', 'Connect', 'Use', 'Where badges appear']);

  let row = await rivalRow(page, 'Lumenary');
  await expect(row).toContainText('lumenary.test');
  const input = row.getByTestId('site-domains');

  // What is pasted is kept as a domain; what is not one is refused in words and never sent.
  await addTag(page, input, 'https://www.Lumenary-Cloud.test/pricing');
  await expect(row).toContainText('lumenary-cloud.test');
  await addTag(page, input, 'lumenary_app');
  await expect(row.getByTestId('site-error')).toHaveText('“lumenary_app” is not a website domain. Type a name such as acme.com.');
  await row.getByTestId('site-save').click();
  await expect(row.getByTestId('site-saved')).toHaveText('Saved');
  await expect(row.getByTestId('site-error')).toHaveCount(0);

  await page.reload();
  row = await rivalRow(page, 'Lumenary');
  await expect(row).toContainText('lumenary.test');
  await expect(row).toContainText('lumenary-cloud.test');

  // Another rival's domain: the server refuses it, on the row, naming whose it is.
  await addTag(page, row.getByTestId('site-domains'), 'dataharbor.test');
  await row.getByTestId('site-save').click();
  await expect(row.getByTestId('site-error')).toHaveText('dataharbor.test already belongs to DataHarbor. Remove it there first.');
  await page.reload();
  row = await rivalRow(page, 'Lumenary');
  await expect(row).not.toContainText('dataharbor.test');

  // The search says when nothing matches.
  await page.getByTestId('sites-search').fill('No such rival');
  await expect(page.getByTestId('sites-none')).toHaveText('No rival matches “No such rival”.');

  // CRM hosts: a wildcard host added and kept; a bad one refused; back to the defaults.
  const crm = page.getByTestId('sites-crm');
  const hosts = page.getByTestId('crm-hosts');
  await expect(crm).toContainText('*.my.salesforce.com');
  await addTag(page, hosts, '*.CRM.Northwind.test');
  await addTag(page, hosts, 'http://');
  await expect(page.getByTestId('crm-error')).toContainText('“http://” is not a host.');
  await page.getByTestId('crm-save').click();
  await expect(page.getByTestId('crm-saved')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByTestId('sites-crm')).toContainText('*.crm.northwind.test');
  await page.getByTestId('crm-reset').click();
  await expect(page.getByTestId('sites-crm')).not.toContainText('*.crm.northwind.test');
  await page.getByTestId('crm-save').click();
  await expect(page.getByTestId('crm-saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('sites-crm')).toContainText('app.hubspot.com');
  await expect(page.getByTestId('sites-crm')).not.toContainText('*.crm.northwind.test');
  await expect(page.getByTestId('crm-reset')).toBeDisabled();
});

test.describe('in German', () => {
  test.afterEach(async ({ page }) => {
    if ((await page.request.get('/api/users/me.json')).ok()) await saveLanguage(page, 'en');
  });

  test('the guide and where badges appear have no English left on their headings', async ({ page }) => {
    await signIn(page, 'curator@demo.test', { app: true });
    await saveLanguage(page, 'de');
    await page.goto('/extension/guide');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Browsererweiterung · Rivalscope');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browsererweiterung');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['In diesem Browser', 'Installieren', 'Verbinden', 'Nutzen', 'Wo Abzeichen erscheinen']);
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([
      'Aus der Symbolleiste suchen',
      'Battlecards dort, wo Sie arbeiten',
      'An Rivalscope senden',
      'Sofort stoppen',
      'Websites der Wettbewerber',
      'CRM-Hosts',
    ]);
    await expect(page.getByTestId('extension-status-reason')).toContainText('nicht installiert');
    await expect(page.getByTestId('extension-download')).toHaveText('Erweiterung herunterladen');
    await expect(page.getByTestId('extension-token-create')).toHaveText('Token für die Erweiterung erstellen');
    // No sideways scroll on a phone, long German words and all.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('sites-table')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
