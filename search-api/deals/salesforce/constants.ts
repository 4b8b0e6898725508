// Tuning of the Salesforce connector (issue #56).
export const SALESFORCE = {
  /** The REST API version every call names. */
  apiVersion: '59.0',
  /** Records per query page (Salesforce's Sforce-Query-Options batchSize: 200 to 2,000; 2,000 is its default). */
  pageSize: 2_000,
  /** How long the admin has between Connect and Salesforce's redirect back. */
  stateTtlMs: 10 * 60_000,
  /** The plain job queue of sync runs (search-api/jobs/runner.ts), one waiting run per company. */
  queue: 'salesforce-sync',
  /** A run stopped by the API limit is retried by the queue, waiting longer each time (pg-boss backoff). */
  retryLimit: 5,
  retryDelaySeconds: 15 * 60,
  /** Every connection syncs by itself this often (scheduler.ts), looked for every sweepMs. */
  syncEveryMinutes: 60,
  sweepMs: 5 * 60_000,
  /** A run that outlives this is delivered again (resuming from its cursor). */
  expireInSeconds: 3_600,
  /** Deals a provider call lists at most. */
  providerDeals: 50,
  /** The provider calls' window (part 1 §9: "Last 6 Months"). */
  windowMonths: 6,
} as const;

/** The objects a run syncs, in order: owners and accounts before the opportunities that name them, competitors last. */
export const SYNC_OBJECTS = ['User', 'Account', 'Opportunity', 'OpportunityCompetitor'] as const;
export type SyncObject = (typeof SYNC_OBJECTS)[number];
