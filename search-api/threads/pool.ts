// CPU-heavy work on worker threads, so it does not run on the thread that serves requests. A thread takes one job at a
// time; jobs queue for a free thread; threads start on demand up to `size` and end when idle (their heap goes back to
// the system). A job whose thread fails or dies, or that the thread's work throws on, or sent to a closed pool, runs in
// the caller's thread instead (`fallback`), so no work is lost to a worker; an error there is the caller's, as it would
// have been without threads.
import { parentPort, Worker } from 'node:worker_threads';

/** Threads started, jobs done on threads, and jobs redone in the caller's thread (observable by tests and benches). */
export type ThreadStats = { threadsStarted: number; threadJobs: number; callerJobs: number };
export const threadStats = (): ThreadStats => ({ threadsStarted: 0, threadJobs: 0, callerJobs: 0 });

type Answer<Res> = { res: Res } | { error: string };
type Pending<Req, Res> = { req: Req; resolve: (res: Res) => void; reject: (e: Error) => void };
type Thread<Req, Res> = { worker: Worker; pending: Pending<Req, Res> | null; idle: NodeJS.Timeout | null };

/** Loads the TypeScript worker module through tsx, which the process may not have registered (under a test runner). */
const ENTRY = new URL('./entry.mjs', import.meta.url);

export class ThreadPool<Req, Res> {
  private readonly threads: Thread<Req, Res>[] = [];
  private readonly queue: Pending<Req, Res>[] = [];
  private closed = false;

  /** `module`: a TypeScript module that calls serveJobs. */
  constructor(
    private readonly module: URL,
    readonly size: number,
    private readonly opts: { name: string; idleMs: number; stats?: ThreadStats },
  ) {}

  /** `req` done on a thread, else by `fallback` in the caller's thread. */
  run(req: Req, fallback: (req: Req) => Res | Promise<Res>): Promise<Res> {
    return this.onThread(req).catch(() => {
      if (this.opts.stats) this.opts.stats.callerJobs++;
      return fallback(req);
    });
  }

  /** Starts the threads ahead of work (what they load loads meanwhile); threads not sent anything end when idle. */
  warm(): void {
    if (this.closed) return;
    while (this.threads.length < this.size) {
      const t = this.spawn();
      t.worker.unref();
      this.retireWhenIdle(t);
    }
  }

  /** Ends the threads; later jobs run in the caller's thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error(`${this.opts.name} pool is closed`));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private onThread(req: Req): Promise<Res> {
    if (this.closed) return Promise.reject(new Error(`${this.opts.name} pool is closed`));
    return new Promise((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length) {
      let t = this.threads.find((x) => x.pending === null);
      if (!t && this.threads.length < this.size) t = this.spawn();
      if (!t) return;
      const p = this.queue.shift()!;
      t.pending = p;
      if (t.idle) clearTimeout(t.idle);
      t.idle = null;
      t.worker.ref();
      t.worker.postMessage(p.req);
    }
  }

  private spawn(): Thread<Req, Res> {
    const t: Thread<Req, Res> = { worker: new Worker(ENTRY, { workerData: { module: this.module.href } }), pending: null, idle: null };
    if (this.opts.stats) this.opts.stats.threadsStarted++;
    t.worker.on('message', (answer: Answer<Res>) => {
      const p = t.pending;
      t.pending = null;
      t.worker.unref();
      if (p) {
        if ('error' in answer) p.reject(new Error(answer.error));
        else {
          if (this.opts.stats) this.opts.stats.threadJobs++;
          p.resolve(answer.res);
        }
      }
      this.dispatch();
      if (t.pending === null) this.retireWhenIdle(t);
    });
    const fail = (e: Error) => {
      this.remove(t);
      t.pending?.reject(e);
      t.pending = null;
      this.dispatch();
    };
    t.worker.on('error', fail);
    t.worker.on('exit', (code) => fail(new Error(`${this.opts.name} thread exited with code ${code}`)));
    this.threads.push(t);
    return t;
  }

  /** Ends the thread unless it is sent work within idleMs. */
  private retireWhenIdle(t: Thread<Req, Res>): void {
    t.idle = setTimeout(() => this.retire(t), this.opts.idleMs).unref();
  }

  private retire(t: Thread<Req, Res>): void {
    if (t.pending !== null) return;
    this.remove(t);
    void t.worker.terminate();
  }

  private remove(t: Thread<Req, Res>): void {
    const i = this.threads.indexOf(t);
    if (i >= 0) this.threads.splice(i, 1);
  }
}

/**
 * `items` split across the pool's threads, at most one slice a thread and at least `minSlice` items a slice (below
 * that a slice is not worth a message round trip), each slice's answer in the items' order.
 */
export async function inSlices<T, Req, R>(
  pool: ThreadPool<Req, R[]>,
  items: readonly T[],
  minSlice: number,
  request: (slice: T[]) => Req,
  fallback: (req: Req) => R[] | Promise<R[]>,
): Promise<R[]> {
  const slices = Math.max(1, Math.min(pool.size, Math.floor(items.length / minSlice)));
  const per = Math.ceil(items.length / slices);
  const parts = await Promise.all(Array.from({ length: slices }, (_, i) => pool.run(request(items.slice(i * per, (i + 1) * per)), fallback)));
  return parts.flat();
}

/** In a pool's worker module: answers each job with `work`'s result (awaited when it is a promise), or the error it threw. */
export function serveJobs<Req, Res>(work: (req: Req) => Res | Promise<Res>): void {
  parentPort!.on('message', (req: Req) => {
    void (async () => {
      let answer: Answer<Res>;
      try {
        answer = { res: await work(req) };
      } catch (e) {
        answer = { error: e instanceof Error ? e.message : String(e) };
      }
      parentPort!.postMessage(answer);
    })();
  });
}
