// Maps errors to HTTP responses once: typed errors keep their status and message, malformed JSON is a
// 400, a database that cannot be reached is a 503, anything else a 500 with no internals leaked.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { EngineIndexNotFound, EngineQueryError, EngineUnavailable } from '../../engine/errors.ts';
import { HttpError } from '../errors.ts';

const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001']);

/** drizzle wraps the driver's error (DrizzleQueryError), so the cause chain is searched. */
function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code !== undefined && DB_UNAVAILABLE_CODES.has(e.code)) return true;
    if (/timeout exceeded when trying to connect|Connection terminated|terminating connection due to administrator command/i.test(e.message ?? '')) return true;
  }
  return false;
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let status = 500;
  let body: { error: string; details?: unknown };
  if (err instanceof HttpError) {
    status = err.status;
    body = { error: err.message, ...(err.details !== undefined ? { details: err.details } : {}) };
    const retry = (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    if (status === 429 && retry) res.set('Retry-After', String(retry));
  } else if (err instanceof EngineQueryError) {
    status = 400;
    body = { error: `Invalid search: ${err.message}` };
  } else if (err instanceof EngineUnavailable || err instanceof EngineIndexNotFound) {
    status = 503;
    body = { error: 'Search is unavailable right now. Please try again in a moment.' };
  } else if (err?.type === 'entity.parse.failed') {
    status = 400;
    body = { error: 'Malformed JSON body' };
  } else if (err?.type === 'entity.too.large') {
    status = 413;
    body = { error: 'Request body too large' };
  } else if (isDatabaseUnavailable(err)) {
    status = 503;
    body = { error: 'The database is unavailable. Please try again in a moment.' };
  } else {
    body = { error: 'Internal server error' };
  }
  // Logged once, here, with the request id pino-http attached. A typed error of 5xx is a condition the code
  // expects (mail not set up, a mail server that refused): a warning, without a stack. Anything else is an error.
  if (err instanceof HttpError && status >= 500) req.log?.warn({ status, error: body.error }, 'request not served');
  else if (status >= 500) req.log?.error({ err }, body.error);
  else req.log?.info({ status, error: body.error }, 'request rejected');
  if (res.headersSent) return;
  res.status(status).json({ ...body, requestId: req.id });
};

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No API route for ${req.method} ${req.path}` });
};
