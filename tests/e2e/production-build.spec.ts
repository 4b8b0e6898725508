// What `npm start` serves is React's production build: the browser tests run against the bundle built by the
// same script (`npm run build:web` and `npm start` both go through scripts/build-web.ts). A development build
// mounts every screen twice, sends each API call twice and cancels one, and nags for the React DevTools.
import { expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

test('the served bundle is the production build, and a first screen sends no call it then cancels', async ({ page }) => {
  const scripts: Promise<{ url: string; source: string }>[] = [];
  const consoleLines: string[] = [];
  const aborted: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((source) => ({ url: response.url(), source })));
  });
  page.on('console', (message) => consoleLines.push(message.text()));
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) aborted.push(`${request.url()} ${request.failure()?.errorText}`);
  });

  await signIn(page, 'seller@demo.test', { app: true });
  await expect(page.getByTestId('page-dashboard')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0);
  // jsx-dev-runtime's jsxDEV appears in every module of a development build and never in a production one.
  expect(loaded.filter(({ source }) => source.includes('jsxDEV')).map(({ url }) => url)).toEqual([]);
  expect(consoleLines.filter((line) => line.includes('React DevTools'))).toEqual([]);
  expect(aborted).toEqual([]);
});
