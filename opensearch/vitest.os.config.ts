// Runs the OpenSearch conformance test without the database globalSetup (it needs no PostgreSQL):
//   OPENSEARCH_URL=http://127.0.0.1:9201 npx vitest run -c opensearch/vitest.os.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['tests/conformance/opensearch.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
