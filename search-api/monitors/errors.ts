// The typed errors of the monitors' text pieces. They are pure (no HTTP here): the monitors' service maps each code
// to its API error once, as the HTTP layer does for every typed error.
export type MonitorTextErrorCode = 'selector_invalid' | 'selector_not_found' | 'feed_malformed';

export class MonitorTextError extends Error {
  constructor(
    readonly code: MonitorTextErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MonitorTextError';
  }
}
