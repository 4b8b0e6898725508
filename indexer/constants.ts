// Indexer tuning: batch size, the slow poll that covers missed notifications and the reindex page size. The
// advisory lock that keeps one indexer running per database is db/schema/jobs.ts's INDEXER_LOCK_KEY.
export const INDEXER = {
  batchSize: 1_000,
  pollMs: 2_000,
  reindexPageSize: 2_000,
} as const;
