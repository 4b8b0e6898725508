// Indexer tuning: batch size, the slow poll that covers missed notifications, and the advisory lock
// key that keeps one indexer running per database.
export const INDEXER = {
  batchSize: 1_000,
  pollMs: 2_000,
  reindexPageSize: 2_000,
  advisoryLockKey: 727_011,
} as const;
