import { defineConfig } from 'vitest/config';

// Unit, integration and conformance tests. Browser e2e tests run under Playwright (tests/e2e, *.spec.ts).
export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'dist/**', '.data/**', 'tests/e2e/**'],
    globalSetup: ['tests/setup/global-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
