// Making the search engine's indexes ready: created when missing, rebuilt
// from PostgreSQL when missing, outdated (mapping version changed) or lost (snapshot corrupt), and
// reconciled with PostgreSQL after a restart of the embedded engine. Then the indexer runs.
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { SearchEngine } from '../engine/port.ts';
import { allIndexes, type IndexName } from '../documents/index.ts';
import { openEngine, type EngineConfig } from '../engine/factory.ts';
import { Indexer } from './indexer.ts';
import { reconcile } from './reconcile.ts';
import { reindex, type ReindexProgress } from './reindex.ts';

export type SearchRuntime = { engine: SearchEngine; indexer: Indexer | null; close: () => Promise<void> };

export async function prepareIndexes(
  db: Db,
  engine: SearchEngine,
  opts: { logger?: Logger; onProgress?: (index: string, p: ReindexProgress) => void } = {},
): Promise<void> {
  if (opts.logger) await logSnapshot(engine, opts.logger);
  for (const def of allIndexes) {
    const state = await engine.ensureIndex(def);
    if (state.created || !state.upToDate || state.needsRebuild) {
      const reason = state.created ? 'new index' : state.needsRebuild ? 'not in the snapshot' : 'mapping version changed';
      opts.logger?.info({ index: def.name, reason }, 'building index from PostgreSQL');
      const result = await reindex(db, engine, def, {
        logger: opts.logger,
        inPlace: (state.created || state.needsRebuild) && state.upToDate,
        onProgress: (p) => opts.onProgress?.(def.name, p),
      });
      opts.logger?.info({ index: def.name, docs: result.docs, seconds: Math.round(result.seconds * 10) / 10 }, 'index built');
    } else if (engine.kind === 'embedded') {
      const requeued = await reconcile(db, engine, def.name as IndexName);
      if (requeued) opts.logger?.info({ index: def.name, requeued }, 'snapshot behind PostgreSQL; changes queued again');
    }
  }
}

/**
 * One line on the snapshot the embedded engine started from: none is every first start (info); a corrupt one lost
 * the indexes it held (a warning). Either way the indexes are then built from PostgreSQL, each logged below.
 */
async function logSnapshot(engine: SearchEngine, logger: Logger): Promise<void> {
  if (engine.kind !== 'embedded') return;
  const { snapshot } = await engine.health();
  if (snapshot?.state === 'missing') logger.info('no snapshot yet: building the search indexes from PostgreSQL');
  if (snapshot?.state === 'corrupt') logger.warn({ detail: snapshot.detail }, 'search snapshot corrupt: rebuilding the indexes it held from PostgreSQL');
}

/** Opens the engine, prepares the indexes and starts the indexer (unless `runIndexer` is false). */
export async function startSearch(
  db: Db,
  config: EngineConfig,
  opts: { databaseUrl: string; runIndexer: boolean; logger?: Logger },
): Promise<SearchRuntime> {
  const engine = await openEngine(config, allIndexes);
  try {
    await prepareIndexes(db, engine, { logger: opts.logger });
    const indexer = opts.runIndexer ? new Indexer(db, engine, { databaseUrl: opts.databaseUrl, logger: opts.logger }) : null;
    await indexer?.start();
    return {
      engine,
      indexer,
      close: async () => {
        await indexer?.stop();
        await engine.close();
      },
    };
  } catch (err) {
    await engine.close();
    throw err;
  }
}
