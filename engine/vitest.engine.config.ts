// Runs the engine's unit tests and the conformance suite without the database globalSetup.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'tests/conformance/**/*.test.ts', 'indexer/**/*.test.ts', 'mappings/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
