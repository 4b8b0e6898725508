// The search engines a test can run against: the embedded engine always, and a real OpenSearch
// when OPENSEARCH_URL is set (CI starts one; see scripts/with-opensearch.sh).
import crypto from 'node:crypto';
import type { SearchEngine } from '../../engine/port.ts';
import { createEmbeddedEngine } from '../../engine/embedded/index.ts';
import { createOpenSearchEngine } from '../../engine/opensearch/index.ts';
import { allIndexes } from '../../documents/index.ts';

export type EngineFactory = { name: 'embedded' | 'opensearch'; open: () => Promise<SearchEngine> };

export const OPENSEARCH_NOT_RUN =
  'OpenSearch tests not run: OPENSEARCH_URL is not set (start one with npm run opensearch:local, or run bash .ci/run)';

/** Deletes the test's indexes when the engine is closed, so runs against a shared cluster stay clean. */
async function isolatedOpenSearch(url: string): Promise<SearchEngine> {
  const engine = createOpenSearchEngine({ url, indexPrefix: `t${crypto.randomBytes(4).toString('hex')}_` });
  const close = engine.close.bind(engine);
  engine.close = async () => {
    for (const def of allIndexes) {
      const target = await engine.aliasTarget(def.name).catch(() => null);
      if (target) await engine.deleteIndex(target).catch(() => {});
    }
    await close();
  };
  return engine;
}

export function availableEngines(): EngineFactory[] {
  const engines: EngineFactory[] = [{ name: 'embedded', open: () => createEmbeddedEngine({ refreshIntervalMs: -1, persistIntervalMs: -1 }) }];
  const url = process.env.OPENSEARCH_URL;
  if (url) engines.push({ name: 'opensearch', open: () => isolatedOpenSearch(url) });
  else console.warn(OPENSEARCH_NOT_RUN);
  return engines;
}
