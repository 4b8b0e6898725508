// Numbers of monitors (issue #52). The API's own (page size, intervals, limits) are in contracts/monitors.ts.
export const MONITORS = {
  /** How often the scheduler looks for monitors due a check, besides being woken by "Check now". */
  sweepMs: 30_000,
  /** Due monitors claimed per sweep. */
  sweepBatch: 1_000,
  /** A claimed check that has not stored its result by then is due again (a crash mid-check). */
  claimMinutes: 5,
  /**
   * Checks one server runs side by side (the outbound client still caps each host at 2). Enough to keep the checks'
   * connections and parsing threads busy while others wait on the network; more only queue, on a 2-core server.
   */
  concurrency: 8,
  /** The checks' own PostgreSQL pool (search-api/server.ts), apart from the API's. */
  connections: 4,
  /** After n failures in a row the next check waits interval × 2^min(n, 6), at most a day. */
  backoffMaxMinutes: 24 * 60,
  /** The NOTIFY channel that wakes the scheduler when a check is asked for now. */
  channel: 'rivalscope_monitors',
  /** A story seen again within this many days joins the intel item it made. */
  duplicateWindowDays: 14,
  /** SimHashes within this many bits are the same story. */
  duplicateBits: 3,
  /** On a feed's first check only entries this recent become intel (the rest are marked seen), at most firstCheckItems. */
  firstCheckDays: 7,
  firstCheckItems: 10,
  /** Entries of one feed read per check, newest first. */
  entriesPerCheck: 100,
  /** A preview shows this many blocks of a page's text, or entries of a feed. */
  previewBlocks: 40,
  previewEntries: 10,
  /** Intel text cut to these lengths. */
  titleChars: 300,
  bodyChars: 20_000,
} as const;
