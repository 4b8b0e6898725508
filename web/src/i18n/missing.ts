// A key that no language holds is shown as itself ("quickSwitcher.shortcut"): the translator reports each such
// key once, as a console error the browser tests fail on (tests/e2e/fixtures.ts).
export const MISSING_KEY_MESSAGE = 'Missing translation:';

const reported = new Set<string>();

/** Reports a key with no string and answers it, as what the screen will show. */
export function missingKey(key: string): string {
  if (!reported.has(key)) {
    reported.add(key);
    console.error(`${MISSING_KEY_MESSAGE} ${key}`);
  }
  return key;
}
