// Maps OpenSearch client errors onto the port's typed errors (engine/errors.ts).
import { errors as osErrors } from '@opensearch-project/opensearch';
import { EngineError, EngineIndexNotFound, EngineQueryError, EngineUnavailable } from '../errors.ts';

interface OsErrorBody {
  error?:
    | string
    | {
        type?: string;
        reason?: string;
        index?: string;
        root_cause?: { type?: string; reason?: string; index?: string }[];
        caused_by?: { type?: string; reason?: string };
      };
  status?: number;
}

/** `type: reason` of the most specific cause OpenSearch reports. */
export function describeOsError(body: unknown, fallback = 'OpenSearch error'): string {
  const b = (body ?? {}) as OsErrorBody;
  if (typeof b.error === 'string') return b.error;
  const e = b.error;
  if (!e) return fallback;
  const root = e.root_cause?.[0];
  // search_phase_execution_exception only says "all shards failed": its cause says why.
  const best =
    e.type === 'search_phase_execution_exception' && e.caused_by?.reason
      ? e.caused_by
      : root?.reason
        ? root
        : e;
  return `${best.type ?? e.type ?? 'error'}: ${best.reason ?? e.reason ?? fallback}`;
}

function missingIndexName(body: unknown): string | undefined {
  const e = (body as OsErrorBody)?.error;
  if (!e || typeof e === 'string') return undefined;
  return e.index ?? e.root_cause?.find((r) => r.index)?.index;
}

/** Connection refused, DNS failure, timeout, no living node, or an overloaded / unavailable cluster. */
export function isUnavailable(err: unknown): boolean {
  if (
    err instanceof osErrors.ConnectionError ||
    err instanceof osErrors.NoLivingConnectionsError ||
    err instanceof osErrors.TimeoutError ||
    err instanceof osErrors.RequestAbortedError
  ) {
    return true;
  }
  return err instanceof osErrors.ResponseError && [429, 502, 503, 504].includes(err.statusCode);
}

/** True for errors worth retrying with backoff (rejections and transient unavailability). */
export function isRetryable(err: unknown): boolean {
  return isUnavailable(err);
}

/**
 * Turns any error thrown by the client into an EngineError.
 * @param stripPrefix maps a concrete OpenSearch index name back to the port's (unprefixed) name.
 */
export function mapOsError(err: unknown, context: string, stripPrefix: (name: string) => string, index?: string): EngineError {
  if (err instanceof EngineError) return err;
  if (isUnavailable(err)) {
    const detail =
      err instanceof osErrors.ResponseError ? `HTTP ${err.statusCode} ${describeOsError(err.body)}` : (err as Error).message;
    return new EngineUnavailable(`OpenSearch unavailable during ${context}: ${detail}`, err);
  }
  if (err instanceof osErrors.ResponseError) {
    const status = err.statusCode;
    const type = typeof err.body?.error === 'object' ? err.body.error?.type : undefined;
    if (status === 404 && type === 'index_not_found_exception') {
      const name = missingIndexName(err.body);
      return new EngineIndexNotFound(name ? stripPrefix(name) : (index ?? 'unknown'));
    }
    if (status === 400) return new EngineQueryError(`${describeOsError(err.body)} (${context})`);
    return new EngineError(`OpenSearch HTTP ${status} during ${context}: ${describeOsError(err.body)}`);
  }
  if (err instanceof osErrors.OpenSearchClientError) {
    return new EngineUnavailable(`OpenSearch client error during ${context}: ${err.message}`, err);
  }
  return new EngineError(`unexpected error during ${context}: ${(err as Error)?.message ?? String(err)}`);
}
