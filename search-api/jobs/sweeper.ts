// Work that lives in its own table rather than in a queue (monitors due a check, deliveries due an attempt) is found
// by sweeps: at start, every few seconds, and at once when its channel is NOTIFYed. One sweep at a time; a wake-up
// during one runs another right after it. The periodic sweep still finds the work while the listener is gone.
import pg from 'pg';
import type { Logger } from 'pino';

export type SweeperOptions = {
  /** What the sweeps are for, in the logs. */
  name: string;
  /** The NOTIFY channel that wakes a sweep. */
  channel: string;
  /** For the LISTEN connection; without it only the periodic sweeps (and sweep() calls) find work. */
  databaseUrl?: string;
  sweepMs: number;
  logger?: Logger;
};

export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private sweeping: Promise<void> | null = null;
  private again = false;
  /** Until stop(): a stopped sweeper starts no more work. */
  private on = true;

  /** `work` sweeps once; it may look at `running` to stop early. */
  constructor(
    private readonly work: () => Promise<void>,
    private readonly opts: SweeperOptions,
  ) {}

  get running(): boolean {
    return this.on;
  }

  async start(): Promise<void> {
    this.on = true;
    if (this.opts.databaseUrl) {
      const client = new pg.Client({ connectionString: this.opts.databaseUrl });
      client.on('error', (err) => {
        this.opts.logger?.warn({ err }, `${this.opts.name} lost its listening connection`);
        if (this.listener === client) this.listener = null;
      });
      client.on('notification', () => void this.sweep());
      await client.connect();
      await client.query(`LISTEN ${this.opts.channel}`);
      this.listener = client;
    }
    this.timer = setInterval(() => void this.sweep(), this.opts.sweepMs);
    await this.sweep();
  }

  /** Stops sweeping and waits for the sweep in progress. */
  async stop(): Promise<void> {
    this.on = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.listener?.end().catch(() => {});
    this.listener = null;
    await this.sweeping;
  }

  sweep(): Promise<void> {
    if (this.sweeping) {
      this.again = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      do {
        this.again = false;
        try {
          await this.work();
        } catch (err) {
          this.opts.logger?.error({ err }, `${this.opts.name} sweep failed`);
        }
      } while (this.again && this.on);
    })().finally(() => (this.sweeping = null));
    return this.sweeping;
  }
}
