// The browser extension (issue #55) in Chromium: built for this worker's server (its address stamped, test-only host
// grants since automation cannot click Chrome's permission prompt) and loaded unpacked into a persistent context.
// It connects with a token, searches and reads cards in the popup under the token owner's visibility, shows its
// badge on a rival's website (served here as *.localhost, which Chromium resolves to loopback) and nowhere else,
// sends a selection to Rivalscope, and asks to reconnect once its token is revoked.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, request, type APIRequestContext, type Browser, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { EXTENSION_ID, PING, type ExtensionLookup, type ExtensionPong } from '../../contracts/extension.ts';
import type { ApiTokenCreated } from '../../contracts/apiTokens.ts';
import type { RivalItem } from '../../contracts/competitors.ts';
import { buildExtension } from '../../scripts/build-extension.ts';
import { expect, test as base } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';

const GRANT_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*', 'http://*.localhost/*'];
const RIVAL_HOST = 'acme-e2e.localhost';

type Extension = { context: BrowserContext; worker: Worker };

const test = base.extend<{ extension: Extension }, { extensionDir: string; siteOrigin: (host: string) => string }>({
  extensionDir: [
    async ({ appServerUrl }, use) => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-ext-e2e-'));
      const dir = path.join(tmp, 'extension');
      await buildExtension({ out: dir, origin: appServerUrl, grantHosts: GRANT_HOSTS });
      await use(dir);
      fs.rmSync(tmp, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  // Any *.localhost host reaches this server: a rival's "website" and an unrelated one.
  siteOrigin: [
    async ({}, use) => {
      const server = http.createServer((req, res) => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><title>${req.headers.host}</title><h1>Welcome to ${req.headers.host}</h1><p>Pricing and plans.</p>`);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await use((host) => `http://${host}:${port}`);
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
  extension: async ({ extensionDir }, use) => {
    const context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), 'rs-ext-profile-')), {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use({ context, worker });
    await context.close();
  },
});

/** A token of scope extension for a demo user, made by that user signed in (tokens cannot make tokens). */
async function makeToken(page: Page, email: string): Promise<ApiTokenCreated> {
  await signIn(page, email);
  const res = await page.request.post('/api/account/tokens', { headers: await csrfHeaders(page), data: { name: 'Browser extension', scopes: ['extension'], expiresInDays: 30 } });
  expect(res.status()).toBe(201);
  return (await res.json()) as ApiTokenCreated;
}

async function openPopup({ context }: Extension): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
  return popup;
}

async function connect(popup: Page, address: string, token: string) {
  await popup.getByTestId('connect-address').fill(address);
  await popup.getByTestId('connect-token').fill(token);
  await popup.getByTestId('connect-submit').click();
  await expect(popup.getByTestId('popup-main')).toBeVisible();
}

/** Types a query in the popup and waits for the results list that answers it. */
async function search(popup: Page, query: string) {
  await popup.getByTestId('popup-search').fill(query);
  await expect(popup.locator(`[data-testid="popup-results"][data-query="${query}"]`)).toBeAttached();
}

/** The seller's first rival, its website set to RIVAL_HOST by a curator, as the seller's lookup of that site answers. */
async function rivalWithSite(browser: Browser, baseURL: string, token: string, site: string): Promise<{ rival: RivalItem; lookup: ExtensionLookup }> {
  const api = await bearer(baseURL, token);
  const rival = ((await (await api.get('/api/rivals.json')).json()) as RivalItem[])[0];
  const curator = await browser.newPage({ baseURL });
  await signIn(curator, 'curator@demo.test');
  const put = await curator.request.put(`/api/rivals/${rival.id}/domains.json`, { headers: await csrfHeaders(curator), data: { domains: [RIVAL_HOST] } });
  expect(put.status()).toBe(200);
  await curator.close();
  const lookup = (await (await api.get('/api/extension/lookup.json', { params: { url: site } })).json()) as ExtensionLookup;
  await api.dispose();
  return { rival, lookup };
}

/** Serious and critical WCAG 2.1 A/AA violations on the page as it stands (as tests/e2e/accessibility.spec.ts audits). */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 120)}`);
}

const bearer = (baseURL: string, token: string): Promise<APIRequestContext> =>
  request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });

test('connects with a token, answers the product’s ping, searches and reads a card in the popup', async ({ extension, page, baseURL }) => {
  const { token } = await makeToken(page, 'seller@demo.test');
  const popup = await openPopup(extension);
  await expect(popup.getByTestId('connect-form')).toBeVisible();
  expect(await axeFindings(popup)).toEqual([]);
  await connect(popup, baseURL!, token);
  await expect(popup.getByTestId('popup-user')).not.toBeEmpty();

  // The product's own pages may ask whether the extension is there and where it is connected (part 1 §5).
  const product = await extension.context.newPage();
  await product.goto(`${baseURL}/api/health`);
  const pong = (await product.evaluate(([id, type]) => chrome.runtime.sendMessage(id, { type }), [EXTENSION_ID, PING])) as ExtensionPong;
  expect(pong).toMatchObject({ type: 'rivalscope:pong', productUrl: baseURL, connectedHere: true });
  // The guide in this browser says so in words: installed, its version, connected to this address.
  await product.goto(`${baseURL}/account/signin`);
  await product.getByTestId('signin-email').fill('seller@demo.test');
  await product.getByTestId('signin-password').fill('demo-password');
  await product.getByTestId('signin-submit').click();
  await expect(product).not.toHaveURL(/\/account\/signin/);
  await product.goto(`${baseURL}/extension/guide`);
  await expect(product.getByTestId('extension-version')).toHaveText(pong.version);
  await expect(product.getByTestId('extension-connection')).toHaveAttribute('data-connected', 'true');

  await search(popup, 'pricing');
  expect(await axeFindings(popup)).toEqual([]);
  const first = popup.getByTestId('popup-result').first();
  const title = (await first.getByTestId('popup-result-title').innerText()).trim();
  const cardId = await first.getAttribute('data-card-id');
  await first.getByTestId('popup-result-open').click();
  await expect(popup.getByTestId('popup-card-title')).toHaveText(title);
  await expect(popup.getByTestId('popup-card-body')).not.toBeEmpty();
  await expect(popup.getByTestId('popup-card-body').locator('script, [onerror], [onclick]')).toHaveCount(0);
  await expect(popup.getByTestId('popup-card-open')).toHaveAttribute('href', new RegExp(`^${baseURL}/profile/\\d+\\?viewCard=${cardId}$`));
  expect(await axeFindings(popup)).toEqual([]);
  await popup.getByTestId('popup-card-back').click();
  await expect(popup.getByTestId('popup-result')).not.toHaveCount(0);
});

test('shows the badge with the rival’s battlecards on its website, in a frame the page cannot read, and nowhere else', async ({ extension, page, browser, baseURL, siteOrigin }) => {
  const { token } = await makeToken(page, 'seller@demo.test');
  const { rival, lookup: expected } = await rivalWithSite(browser, baseURL!, token, `${siteOrigin(RIVAL_HOST)}/pricing`);
  expect(expected.kind).toBe('rival');

  await connect(await openPopup(extension), baseURL!, token);
  const site = await extension.context.newPage();
  await site.goto(`${siteOrigin(`www.${RIVAL_HOST}`)}/pricing`);
  const badge = site.frameLocator('iframe[data-rivalscope-badge]');
  await expect(badge.getByTestId('badge-toggle')).toContainText(rival.name);
  await badge.getByTestId('badge-toggle').click();
  await expect(badge.getByTestId('badge-rival-name')).toHaveText(rival.name);
  // The frame is sized to the open panel: no transparent part of it lies over the page.
  expect((await site.locator('iframe[data-rivalscope-badge]').boundingBox())!.height).toBeLessThan(480);
  const cards = badge.getByTestId('badge-battlecard');
  await expect(cards).toHaveCount(expected.rivals[0].battlecards.length);
  for (const [i, b] of expected.rivals[0].battlecards.entries()) {
    await expect(cards.nth(i)).toHaveText(b.title);
    await expect(cards.nth(i)).toHaveAttribute('href', `${baseURL}${b.path}`);
  }
  // The rival's page sees one frame of another origin: none of our data is in its DOM, and the frame is closed to it.
  expect(await site.evaluate(() => (document.querySelector('iframe[data-rivalscope-badge]') as HTMLIFrameElement).contentDocument)).toBeNull();
  expect(await site.evaluate(() => document.body.innerText)).not.toContain(rival.name);
  // The click is made from inside the frame, after this call has returned: the frame it lands in is removed by it, and
  // a click Playwright waits on there may never finish.
  const frame = site.frames().find((f) => f.url().startsWith('chrome-extension://'))!;
  await frame.evaluate(() => setTimeout(() => document.querySelector<HTMLElement>('[data-testid="badge-close"]')!.click(), 0));
  await expect(site.locator('iframe[data-rivalscope-badge]')).toHaveCount(0);

  // Another site: the content script is not even registered there.
  const other = await extension.context.newPage();
  await other.goto(`${siteOrigin('unrelated-e2e.localhost')}/`);
  const registered = await extension.worker.evaluate(() => chrome.scripting.getRegisteredContentScripts());
  expect(registered.flatMap((s) => s.matches ?? []).some((m) => m.includes('unrelated-e2e'))).toBe(false);
  expect(registered.flatMap((s) => s.matches ?? [])).toContain(`http://${RIVAL_HOST}/*`);
  await other.waitForTimeout(1000);
  await expect(other.locator('iframe[data-rivalscope-badge]')).toHaveCount(0);
});

test('on a CRM page the badge shows the rivals its text names', async ({ extension, page, browser, baseURL, siteOrigin }) => {
  const { token } = await makeToken(page, 'seller@demo.test');
  const api = await bearer(baseURL!, token);
  const rival = ((await (await api.get('/api/rivals.json')).json()) as RivalItem[])[1];
  await api.dispose();
  const curator = await browser.newPage({ baseURL });
  await signIn(curator, 'curator@demo.test');
  const put = await curator.request.put('/api/extension/crm_hosts.json', { headers: await csrfHeaders(curator), data: { hosts: ['*.crm-e2e.localhost'] } });
  expect(put.status()).toBe(200);

  await connect(await openPopup(extension), baseURL!, token);
  const crm = await extension.context.newPage();
  // A deal page that names the rival (the worker's site server only ever says its host).
  await crm.route('**/deal/*', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><h1>Deal 42</h1><p>Competing against ${rival.name} on price.</p>` }));
  await crm.goto(`${siteOrigin('eu.crm-e2e.localhost')}/deal/42`);
  const badge = crm.frameLocator('iframe[data-rivalscope-badge]');
  await expect(badge.getByTestId('badge-toggle')).toContainText(rival.name);
});

test('sends a selection to Rivalscope, which lands in the intel feed on channel extension', async ({ extension, page, browser, baseURL, siteOrigin }) => {
  const { token } = await makeToken(page, 'seller@demo.test');
  const api = await bearer(baseURL!, token);
  const rival = ((await (await api.get('/api/rivals.json')).json()) as RivalItem[])[0];
  await api.dispose();
  await connect(await openPopup(extension), baseURL!, token);

  // Chrome's context menu cannot be clicked from a test: call the menu's handler in the service worker.
  const clipOpened = extension.context.waitForEvent('page', (p) => p.url().includes('/clip.html'));
  const pageUrl = `${siteOrigin('news-e2e.localhost')}/story`;
  const selection = `${rival.name} cuts its list prices by 30% for new customers`;
  await extension.worker.evaluate(
    ([pageUrl, selectionText]) =>
      (globalThis as unknown as { sendToRivalscope: (info: object, tab: object) => Promise<void> }).sendToRivalscope(
        { menuItemId: 'selection', pageUrl, selectionText },
        { title: 'Price war' },
      ),
    [pageUrl, selection],
  );
  const clip = await clipOpened;
  await expect(clip.getByTestId('clip-url')).toHaveValue(pageUrl);
  await expect(clip.getByTestId('clip-selection')).toHaveValue(selection);
  await clip.getByTestId('clip-note').fill('Heard on a call today');
  await clip.getByTestId('clip-send').click();
  await expect(clip.getByTestId('clip-done')).toBeVisible();
  await expect(clip.getByTestId('clip-rivals')).toContainText(rival.name);
  const href = (await clip.getByTestId('clip-open').getAttribute('href'))!;
  const intelId = new URL(href).searchParams.get('alertId');
  expect(href.startsWith(`${baseURL}/alerts?alertId=`)).toBe(true);

  const curator = await browser.newPage({ baseURL });
  await signIn(curator, 'curator@demo.test');
  const feed = (await (await curator.request.get(`/api/intel/v1?intelIds=${intelId}`)).json()) as { hits: { id: number; channel: string; title: string }[] };
  expect(feed.hits.map((h) => [String(h.id), h.channel, h.title])).toEqual([[intelId, 'extension', 'Price war']]);
});

const EXEC_TITLE = 'Executive pricing strategy';

test('the popup searches under the token owner’s visibility: a seller never sees the Executives-only cards', async ({ extension, page, browser, baseURL }) => {
  const curatorPage = await browser.newPage({ baseURL });
  const curatorToken = (await makeToken(curatorPage, 'curator@demo.test')).token;
  const { token } = await makeToken(page, 'seller@demo.test');
  const popup = await openPopup(extension);

  await connect(popup, baseURL!, curatorToken);
  await search(popup, EXEC_TITLE);
  await expect(popup.getByTestId('popup-result-title').filter({ hasText: EXEC_TITLE }).first()).toBeVisible();
  await popup.getByTestId('popup-disconnect').click();
  await expect(popup.getByTestId('connect-form')).toBeVisible();

  await connect(popup, baseURL!, token);
  await search(popup, EXEC_TITLE);
  await expect(popup.getByTestId('popup-result-title').filter({ hasText: EXEC_TITLE })).toHaveCount(0);
  await expect(popup.getByTestId('popup-suggestion').filter({ hasText: EXEC_TITLE })).toHaveCount(0);
});

test('a revoked token is refused: the popup asks to reconnect and the badges are gone', async ({ extension, page, browser, baseURL, siteOrigin }) => {
  const created = await makeToken(page, 'seller@demo.test');
  await rivalWithSite(browser, baseURL!, created.token, siteOrigin(RIVAL_HOST));
  const popup = await openPopup(extension);
  await connect(popup, baseURL!, created.token);
  await search(popup, 'pricing');
  expect(await extension.worker.evaluate(() => chrome.scripting.getRegisteredContentScripts())).not.toEqual([]);

  const revoked = await page.request.delete(`/api/account/tokens/${created.id}`, { headers: await csrfHeaders(page) });
  expect(revoked.status()).toBe(204);
  await popup.getByTestId('popup-search').fill('pricing plans');
  await expect(popup.getByTestId('connect-form')).toBeVisible();
  await expect(popup.getByTestId('connect-error')).toContainText('reconnect');
  expect(await extension.worker.evaluate(() => chrome.scripting.getRegisteredContentScripts())).toEqual([]);
  expect(await extension.worker.evaluate(() => chrome.storage.local.get('connection'))).toEqual({});
});
