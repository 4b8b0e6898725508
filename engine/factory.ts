// Opens the configured search engine: the embedded engine (in-process, its files under dataDir) or an
// OpenSearch cluster. Each is loaded on demand, so a deployment pays only for the one it runs.
import path from 'node:path';
import type { IndexDefinition, SearchEngine } from './port.ts';

export type EngineConfig = {
  SEARCH_ENGINE: 'embedded' | 'opensearch';
  OPENSEARCH_URL?: string;
  OPENSEARCH_INDEX_PREFIX?: string;
  DATA_DIR: string;
};

export async function openEngine(config: EngineConfig, indexes: IndexDefinition[]): Promise<SearchEngine> {
  if (config.SEARCH_ENGINE === 'opensearch') {
    const { createOpenSearchEngine } = await import('./opensearch/index.ts');
    return createOpenSearchEngine({ url: config.OPENSEARCH_URL!, indexPrefix: config.OPENSEARCH_INDEX_PREFIX });
  }
  const { createEmbeddedEngine } = await import('./embedded/index.ts');
  return createEmbeddedEngine({ dataDir: path.resolve(config.DATA_DIR, 'engine'), indexes });
}
