// Numbers of the integrations' dispatcher (issue #54). The API's own (retries, page sizes, limits) are in
// contracts/integrations.ts.
export const DISPATCHER = {
  /** The NOTIFY channel the event triggers wake the dispatcher on (db/migrations/0032_integration_event_triggers.sql). */
  channel: 'integration_events',
  /** How often it looks for retries come due and events missed while it was not listening. */
  sweepMs: 5_000,
  /**
   * A claimed delivery whose process dies before it records the attempt is due again after this long: well past a
   * send's timeout, so a live process always records first.
   */
  claimSeconds: 120,
  /** Sends in flight at once, over every target. */
  concurrency: 32,
  /** Events fanned out per transaction, and deliveries claimed per round. */
  eventBatch: 500,
  deliveryBatch: 128,
  /** A receiver has this long to answer (Standard Webhooks asks receivers to answer fast and work later). */
  sendTimeoutMs: 10_000,
  /** Sends to one webhook host at a time: receivers are services, not sites to crawl politely. */
  perHostConcurrency: 16,
  /** The dispatcher's own PostgreSQL pool (search-api/server.ts), apart from the API's. */
  connections: 6,
} as const;

/** The prefix of a webhook signing secret (Standard Webhooks), before 24 random bytes in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 24;
