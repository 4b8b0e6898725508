// The one way usage gets recorded. Requests hand events over and go on: the server's own events (a search, a
// triage) are written in the background, and the collector's are acknowledged once written. Everything queued
// within COLLECTOR_FLUSH_MS goes to PostgreSQL in one statement (write.ts); one write runs at a time, so the
// rollups' upserts never wait on each other. close() writes what is left, so a restart loses nothing queued.
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { COLLECTOR_FLUSH_MS, type SearchContext, type ServerUsageEvent } from '../../contracts/usage.ts';
import { dropExpiredPartitions, ensureCurrentPartitions } from './partitions.ts';
import { toRow, type UsageActor, type UsageRow } from './rows.ts';
import { writeUsage } from './write.ts';
import { actorIndifferent } from '../notifications/actor.ts';
import { DAY_MS } from '../../contracts/time.ts';

/** A queue this long is written at once rather than after the wait. */
const FLUSH_AT_ROWS = 2_000;

type Pending = { rows: UsageRow[]; done?: { resolve: () => void; reject: (err: unknown) => void } };

export class UsageRecorder {
  private queue: Pending[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private maintenance: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: { retentionMonths: number; flushMs?: number },
  ) {}

  /** Partitions for the months ahead and the retention, now and once a day. */
  async start(now = () => new Date()): Promise<void> {
    await this.maintain(now());
    this.maintenance = setInterval(() => void this.maintain(now()).catch((err) => this.logger.error({ err }, 'usage partition upkeep failed')), DAY_MS);
    this.maintenance.unref();
  }

  private async maintain(now: Date) {
    await ensureCurrentPartitions(this.db, now);
    const dropped = await dropExpiredPartitions(this.db, this.options.retentionMonths, now);
    if (dropped.length) this.logger.info({ dropped }, 'usage events past retention dropped');
  }

  /** A server-side event of the request's user; never waits, never throws into the request. */
  record(actor: UsageActor | null, event: ServerUsageEvent, at = new Date()): void {
    if (!actor || this.closed) return;
    this.enqueue({ rows: [toRow(actor, event, at)] });
  }

  /**
   * A search's first page with terms, for search analytics: answers the id the web app sends back with the rank
   * of the result opened (later pages and empty queries are no new search).
   */
  recordSearch(actor: UsageActor | null, context: SearchContext, query: string, page: { offset: number; total: number }): { searchId?: string } {
    if (page.offset !== 0 || !query.trim()) return {};
    const searchId = crypto.randomUUID();
    this.record(actor, { kind: 'search', searchId, query, context, results: page.total });
    return { searchId };
  }

  /** The collector's events: resolves once they are in PostgreSQL. */
  store(rows: UsageRow[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('usage recorder is closed'));
    return new Promise((resolve, reject) => this.enqueue({ rows, done: { resolve, reject } }));
  }

  private enqueue(p: Pending) {
    this.queue.push(p);
    this.queued += p.rows.length;
    if (this.queued >= FLUSH_AT_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? COLLECTOR_FLUSH_MS);
  }

  /** Writes everything queued so far; resolves when it is written (or failed and was reported). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    this.queued = 0;
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: Pending[]) {
    if (!batch.length) return;
    try {
      await actorIndifferent(() => writeUsage(this.db, batch.flatMap((p) => p.rows)));
      for (const p of batch) p.done?.resolve();
    } catch (err) {
      // The collector's senders hear of it and send again; the server's own events of this batch are lost, said once.
      this.logger.error({ err, events: batch.reduce((n, p) => n + p.rows.length, 0) }, 'usage events not written');
      for (const p of batch) p.done?.reject(err);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.maintenance) clearInterval(this.maintenance);
    await this.flush();
  }
}
