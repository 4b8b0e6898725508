// Playwright's test, with what every browser test relies on or checks besides its own assertions: its worker's
// own server (appServer.ts) as the base URL, and no translation key shown as itself (the translator reports
// such a key as a console error, web/src/i18n/missing.ts).
import { test as base, expect } from '@playwright/test';
import { MISSING_KEY_MESSAGE } from '../../web/src/i18n/missing.ts';
import { E2E_PORT, startAppServer } from './appServer.ts';

export * from '@playwright/test';

export const test = base.extend<{ translatedStrings: void }, { appServerUrl: string }>({
  appServerUrl: [
    async ({}, use, worker) => {
      // After the config's own server; a worker that replaces a failed one gets the same slot and a fresh database.
      const port = E2E_PORT + 2 + worker.parallelIndex;
      const server = await startAppServer(port, `.tmp/e2e-${port}`);
      await use(server.url);
      await server.stop();
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ appServerUrl }, use) => use(appServerUrl),
  translatedStrings: [
    async ({ context }, use) => {
      const shownAsKeys: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith(MISSING_KEY_MESSAGE)) shownAsKeys.push(message.text());
      });
      await use();
      expect(shownAsKeys, 'translation keys shown on screen as themselves').toEqual([]);
    },
    { auto: true },
  ],
});
