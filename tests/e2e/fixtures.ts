// Playwright's test, with what every browser test checks besides its own assertions: no translation key is
// shown as itself (the translator reports such a key as a console error, web/src/i18n/missing.ts).
import { test as base, expect } from '@playwright/test';
import { MISSING_KEY_MESSAGE } from '../../web/src/i18n/missing.ts';

export * from '@playwright/test';

export const test = base.extend<{ translatedStrings: void }>({
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
