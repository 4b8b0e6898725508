// The incremental indexer: reads pending rows of search_outbox in version order, builds their
// documents from PostgreSQL, writes them to the engine in bulk, then records what it wrote.
// At-least-once and idempotent by version: a crash between the write and the record only means the
// same versions are written again, which the engine ignores. A NOTIFY wakes it; a slow poll covers
// missed notifications. One indexer runs at a time (an advisory lock), however many app servers.
import pg from 'pg';
import type { Logger } from 'pino';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { SearchEngine } from '../engine/port.ts';
import type { IndexName } from '../documents/index.ts';
import { INDEXER_LOCK_KEY } from '../db/schema/jobs.ts';
import { INDEXER } from './constants.ts';
import { writeChanges } from './write.ts';

export type Pending = { index: IndexName; docId: number; version: number };

export type IndexerLag = { pending: number; secondsBehind: number };

export class Indexer {
  private running = false;
  private wake: (() => void) | null = null;
  /** A notification came since the last batch started: the next sleep must not wait. */
  private notified = false;
  private listener: pg.Client | null = null;
  private loop: Promise<void> | null = null;
  private holdsLock = false;

  constructor(
    private readonly db: Db,
    private readonly engine: SearchEngine,
    private readonly opts: { databaseUrl: string; logger?: Logger; batchSize?: number; pollMs?: number },
  ) {}

  /** Processes one batch of pending changes; returns how many documents it handled. */
  async runOnce(): Promise<number> {
    const batch = await this.pending(this.opts.batchSize ?? INDEXER.batchSize);
    if (batch.length === 0) return 0;
    const byIndex = new Map<IndexName, Pending[]>();
    for (const p of batch) byIndex.set(p.index, [...(byIndex.get(p.index) ?? []), p]);
    // Indexes are written side by side: a card edit also marks the battlecards that name it, and the card
    // must not wait for their write and refresh to become searchable.
    const handled = await Promise.all([...byIndex].map(([index, items]) => this.apply(index, items)));
    return handled.reduce((a, b) => a + b, 0);
  }

  /** Runs batches until nothing is pending (tests, reindex catch-up, benchmarks). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0);
  }

  apply(index: IndexName, items: Pending[]): Promise<number> {
    return writeChanges(this.db, this.engine, index, items, this.opts.logger);
  }

  async lag(): Promise<IndexerLag> {
    const { rows } = await this.db.execute(sql`
      SELECT count(*)::int AS pending, coalesce(extract(epoch FROM now() - min(changed_at)), 0)::float AS behind
      FROM search_outbox WHERE version > indexed_version`);
    const r = rows[0] as { pending: number; behind: number };
    return { pending: r.pending, secondsBehind: Math.round(r.behind * 10) / 10 };
  }

  /** Starts listening and indexing in the background. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.connectListener();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.listener?.end().catch(() => {});
    this.listener = null;
  }

  /** The listening connection also holds the advisory lock; losing it means reconnecting and relocking. */
  private async connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.databaseUrl });
    client.on('error', (err) => {
      this.opts.logger?.warn({ err }, 'indexer lost its database connection; reconnecting');
      if (this.listener === client) this.listener = null;
      this.holdsLock = false;
      client.end().catch(() => {});
    });
    client.on('notification', () => {
      this.notified = true;
      this.wake?.();
    });
    await client.connect();
    await client.query('LISTEN search_outbox');
    this.listener = client;
  }

  private async run(): Promise<void> {
    const pollMs = this.opts.pollMs ?? INDEXER.pollMs;
    while (this.running) {
      let handled = 0;
      // Cleared before reading the outbox: a notification from here on triggers another pass.
      this.notified = false;
      try {
        if (!this.listener) await this.connectListener();
        if (!this.holdsLock) this.holdsLock = await this.tryLock();
        if (this.holdsLock) handled = await this.runOnce();
      } catch (err) {
        this.opts.logger?.error({ err }, 'indexer batch failed; retrying');
      }
      if (handled === 0 && this.running) await this.sleep(pollMs);
    }
  }

  private async tryLock(): Promise<boolean> {
    if (!this.listener) return false;
    const { rows } = await this.listener.query('SELECT pg_try_advisory_lock($1) AS ok', [INDEXER_LOCK_KEY]);
    return rows[0].ok === true;
  }

  private sleep(ms: number): Promise<void> {
    if (this.notified) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async pending(limit: number): Promise<Pending[]> {
    const { rows } = await this.db.execute(sql`
      SELECT index, doc_id, version FROM search_outbox WHERE version > indexed_version ORDER BY version LIMIT ${limit}`);
    return (rows as { index: IndexName; doc_id: number; version: string }[]).map((r) => ({
      index: r.index,
      docId: r.doc_id,
      version: Number(r.version),
    }));
  }
}
