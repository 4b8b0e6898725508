// `npm start`: runs the product on embedded defaults. Stops cleanly on SIGINT and SIGTERM: HTTP first, then the
// job queue, the indexer and the pools, and embedded PostgreSQL last (server.ts).
import { loadConfigOrExit } from '../server-shared/config.ts';
import { createLogger } from '../server-shared/logger.ts';
import { startServer } from './server.ts';

const config = loadConfigOrExit();
const logger = createLogger(config);
const running = await startServer(config, logger).catch((err) => {
  logger.fatal({ err }, 'could not start');
  process.exit(1);
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      // A second Ctrl-C does not wait; exiting still stops embedded PostgreSQL (its exit hook).
      logger.warn({ signal }, 'stopping without waiting for the shutdown');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
logger.info(`Rivalscope is ready at ${running.url} (demo accounts: see README)`);
