// `npm run indexer`: the indexer as its own process, for deployments where several app servers share
// one OpenSearch (start them with INDEXER_IN_PROCESS=false). Stops cleanly on SIGINT and SIGTERM.
import { connect } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { loadConfigOrExit } from '../server-shared/config.ts';
import { createLogger } from '../server-shared/logger.ts';
import { startSearch } from './bootstrap.ts';

const config = loadConfigOrExit();
const logger = createLogger(config);
if (!config.DATABASE_URL) {
  logger.fatal('DATABASE_URL is required: the standalone indexer reads the same PostgreSQL as the app servers');
  process.exit(1);
}
const db = connect(config.DATABASE_URL, 5);
await migrateDatabase(db);
const search = await startSearch(db, config, { databaseUrl: config.DATABASE_URL, runIndexer: true, logger });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Closing the engine writes its snapshot; only then may the process end.
    search
      .close()
      .then(() => db.$client.end())
      .then(
        () => process.exit(0),
        (err) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
logger.info({ engine: search.engine.kind }, 'indexer ready');
