// The one error of outbound HTTP. Its message is written for a curator (what went wrong, in words), and names a host
// or an address at most, never a path or query: URLs such as webhooks carry secrets there.

export type OutboundReason =
  | 'scheme'
  | 'credentials'
  | 'address'
  | 'dns'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'content_type'
  | 'robots'
  | 'http'
  | 'network';

export class OutboundError extends Error {
  override readonly name = 'OutboundError';
  /** The answer's status, for reason 'http'. */
  readonly status?: number;
  /** The answer's Retry-After header, for reason 'http' (a 429 or 503 saying when to come back). */
  readonly retryAfter?: string;

  constructor(
    readonly reason: OutboundReason,
    message: string,
    options: { status?: number; retryAfter?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.retryAfter = options.retryAfter;
  }
}
