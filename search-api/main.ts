// `npm start`: runs the product on embedded defaults. Stops cleanly on SIGINT and SIGTERM.
import { loadConfigOrExit } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { startServer } from './server.ts';

const config = loadConfigOrExit();
const logger = createLogger(config);
const running = await startServer(config, logger).catch((err) => {
  logger.fatal({ err }, 'could not start');
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
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
