// Typed engine errors: the HTTP layer maps them once (EngineQueryError → 400, EngineUnavailable → 503).

export class EngineError extends Error {
  override readonly name: string = 'EngineError';
}

/** The request is invalid: unknown field, malformed date math, size over the window, empty bool... */
export class EngineQueryError extends EngineError {
  override readonly name = 'EngineQueryError';
  readonly status = 400;
  constructor(
    message: string,
    /** Dotted path in the request, e.g. `query.bool.filter[0].range.createdAt.gte`. */
    readonly path?: string,
  ) {
    super(path ? `${message} (at ${path})` : message);
  }
}

/** The engine cannot serve right now (cluster down, index missing, engine closed). */
export class EngineUnavailable extends EngineError {
  override readonly name = 'EngineUnavailable';
  readonly status = 503;
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
  }
}

/** The index (or alias) does not exist. Maps to 404 for admin routes, 503 for searches. */
export class EngineIndexNotFound extends EngineError {
  override readonly name = 'EngineIndexNotFound';
  readonly status = 404;
  constructor(readonly index: string) {
    super(`no such index: ${index}`);
  }
}

/** The on-disk snapshot is missing or corrupt: the indexer must rebuild from PostgreSQL. */
export class EngineSnapshotError extends EngineError {
  override readonly name = 'EngineSnapshotError';
  constructor(
    message: string,
    readonly state: 'missing' | 'corrupt',
  ) {
    super(message);
  }
}
