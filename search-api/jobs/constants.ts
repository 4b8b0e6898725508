// Tuning of the job runner (bulk intel updates, board creation).
export const JOBS = {
  /** Targets handled per transaction: the work and the progress commit together. */
  chunkSize: 1_000,
  /** A running job whose worker has not reported for this long is taken over (a crashed worker). */
  staleAfterMs: 30_000,
  /** How often a runner looks for queued jobs and stale running ones. */
  sweepMs: 10_000,
  /** pg-boss polling of its queues. */
  pollingIntervalSeconds: 0.5,
  /** The NOTIFY channel that tells runners a job was queued. */
  channel: 'rivalscope_jobs',
  /** pg-boss's own schema. */
  schema: 'pgboss',
} as const;
