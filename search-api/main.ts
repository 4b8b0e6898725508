// `npm start`: runs the product on embedded defaults. Stops cleanly on SIGINT and SIGTERM.
import { ConfigError, loadConfig } from './config.ts';
import { createLogger, startServer } from './server.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
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
