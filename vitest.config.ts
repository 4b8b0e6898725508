import { defineConfig } from 'vitest/config';
import os from 'node:os';

// Unit, integration and conformance tests. Browser e2e tests run under Playwright (tests/e2e, *.spec.ts).
export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'dist/**', '.data/**', 'tests/e2e/**'],
    globalSetup: ['tests/setup/global-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time even on two cores (vitest would take one there): each has its own database, and most of
    // a file's time is spent waiting on PostgreSQL, the search engine or a child server.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    minWorkers: 1,
    reporters: ['default'],
  },
});
