// The access log (pino-http): one line per request with its id (x-request-id, echoed), method, path and
// status. An operator reads what needs them at the default level: a slow request at warn, a refused (4xx) or
// failed (5xx) one at info; a successful fast request is logged at debug only (LOG_LEVEL=debug). A failure's
// own line, at the level its cause deserves (a warning for mail not set up, an error with a stack for a bug),
// is http/errorHandler.ts's: the access line does not say it twice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import crypto from 'node:crypto';
import type { Level, Logger } from 'pino';
import { pinoHttp, startTime } from 'pino-http';

/** A request answered this slowly is logged at warn, whatever its status. */
export const SLOW_REQUEST_MS = 1_000;

/** Slow, unless the answer is a stream (long by design: Ask's answers). */
const isSlow = (ms: number, stream: boolean) => ms >= SLOW_REQUEST_MS && !stream;

/** The access line's level: by status, and by time (isSlow). */
export function requestLogLevel(r: { statusCode: number; ms: number; stream: boolean; failed: boolean }): Level {
  if (isSlow(r.ms, r.stream)) return 'warn';
  if (r.failed || r.statusCode >= 400) return 'info';
  return 'debug';
}

const isStream = (res: ServerResponse) => String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
const elapsed = (res: ServerResponse) => Date.now() - res[startTime];

// Paths that end in a mailed link's secret token (an invitation, a password reset, a survey): logged without it.
const TOKEN_PATH = /^(\/(?:api\/)?(?:account\/(?:invitation|password_resets?)|win-loss\/p)\/)[^/]+$/;

/** A request's path as logged: no query string, no token. */
export const loggedPath = (url: string | undefined) => url?.split('?')[0].replace(TOKEN_PATH, '$1:token');

export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/api/health' },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      requestLogLevel({ statusCode: res.statusCode, ms: elapsed(res), stream: isStream(res), failed: err !== undefined }),
    customSuccessMessage: (_req, res, ms) => (isSlow(ms, isStream(res)) ? 'slow request' : 'request completed'),
    // http/errorHandler.ts logs each failure once, with a stack only when it was unexpected; a failed
    // request's access line carries no error of its own.
    customErrorObject: (_req, _res, _err, { err: _dropped, ...line }) => line,
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: loggedPath(req.url) }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
}
