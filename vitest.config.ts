import { defineConfig } from 'vitest/config';
import os from 'node:os';

/**
 * Web tests that read the modules' start-up state (the translator's first load, zod's global configuration): they
 * need modules of their own, which the other web tests share to spare each file the imports of the app.
 */
const WEB_FRESH_MODULES = ['web/src/zodConfig.test.ts', 'web/src/i18n/areas.test.ts', 'web/src/i18n/translate.test.ts'];
const WEB = 'web/**/*.test.{ts,tsx}';

// Unit, integration and conformance tests. Browser e2e tests run under Playwright (tests/e2e, *.spec.ts).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time even on two cores (vitest would take one there): each has its own database, and most of
    // a file's time is spent waiting on PostgreSQL, the search engine or a child server.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    minWorkers: 1,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: ['node_modules/**', 'dist/**', '.data/**', 'tests/e2e/**', WEB],
          globalSetup: ['tests/setup/global-db.ts'],
        },
      },
      // The web app's components against fake APIs: no database, and one module graph per worker.
      { extends: true, test: { name: 'web', include: [WEB], exclude: WEB_FRESH_MODULES, isolate: false } },
      { extends: true, test: { name: 'web, fresh modules', include: WEB_FRESH_MODULES } },
    ],
  },
});
