// Maps errors to HTTP responses once: typed errors keep their status, message, code and values, malformed JSON is a
// 400, a database that cannot be reached is a 503, anything else a 500 with no internals leaked.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { EngineIndexNotFound, EngineQueryError, EngineUnavailable } from '../../engine/errors.ts';
import type { ApiErrorBody } from '../../contracts/errors.ts';
import { apiError, HttpError } from '../errors.ts';

const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001']);

/** drizzle wraps the driver's error (DrizzleQueryError), so the cause chain is searched. */
function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code !== undefined && DB_UNAVAILABLE_CODES.has(e.code)) return true;
    if (/timeout exceeded when trying to connect|Connection terminated|terminating connection due to administrator command/i.test(e.message ?? '')) return true;
  }
  return false;
}

/** What an error answers as: a typed error as it is, anything else as the code of what went wrong. */
function asHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof EngineQueryError) return apiError('invalid_search', { reason: err.message });
  if (err instanceof EngineUnavailable || err instanceof EngineIndexNotFound) return apiError('search_unavailable');
  const type = (err as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') return apiError('malformed_json');
  if (type === 'entity.too.large') return apiError('body_too_large');
  if (isDatabaseUnavailable(err)) return apiError('database_unavailable');
  return apiError('internal_error');
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const known = asHttpError(err);
  const status = known.status;
  // The message in English as the API writes it, and its code and values for a client that words it itself.
  const body: ApiErrorBody = {
    error: known.message,
    code: known.code,
    ...(known.params && Object.keys(known.params).length ? { params: known.params } : {}),
    ...(known.details !== undefined ? { details: known.details } : {}),
  };
  const retry = (known.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
  if (status === 429 && retry) res.set('Retry-After', String(retry));
  // Logged once, here, with the request id pino-http attached. A typed error of 5xx is a condition the code
  // expects (mail not set up, a mail server that refused): a warning, without a stack. Anything else is an error.
  if (err instanceof HttpError && status >= 500) req.log?.warn({ status, error: body.error }, 'request not served');
  else if (status >= 500) req.log?.error({ err }, body.error);
  else req.log?.info({ status, error: body.error }, 'request rejected');
  if (res.headersSent) return;
  res.status(status).json({ ...body, requestId: req.id });
};

export const apiNotFound: RequestHandler = (req, res) => {
  const err = apiError('no_api_route', { method: req.method, path: req.path });
  res.status(err.status).json({ error: err.message, code: err.code, params: err.params } satisfies ApiErrorBody);
};
