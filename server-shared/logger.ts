// JSON logs (pino) that never carry a password, token or cookie.
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

export function createLogger(config: Config): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', '*.password', '*.passwordHash'],
      censor: '[redacted]',
    },
  });
}
