// Review analysis on worker threads: an import's reviews are split across the cores, so analysis (the costliest step of
// an import) does not run on the thread that serves requests and takes every core it can. Threads answer with each
// review's analysis as JSON, which crosses threads as strings and goes to PostgreSQL as is. A slice whose thread
// fails or dies is analysed in the caller's thread instead, so no review is lost to a worker; an analysis that throws
// there fails the chunk as it would have anyway.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { analysesJson, type AnalysisInput } from './stored.ts';

export type AnalysisRequest = { job: number; reviews: AnalysisInput[]; rivalNames: string[] };
export type AnalysisResponse = { job: number; analyses: string[] } | { job: number; error: string };

type Pending = { req: AnalysisRequest; resolve: (analyses: string[]) => void; reject: (e: Error) => void };
type Thread = { worker: Worker; pending: Pending | null; idle: NodeJS.Timeout | null };

/** A thread idle this long ends (its model and heap go back to the system); imports send chunks far more often. */
const IDLE_MS = 10_000;
/** Below this many reviews a slice is not worth a message round trip. */
const MIN_SLICE = 50;

/** Threads started, slices analysed on threads, and slices redone in the caller's thread (observable by tests). */
export const poolStats = { threadsStarted: 0, threadSlices: 0, callerSlices: 0 };

export class AnalysisPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextJob = 1;
  private closed = false;

  constructor(readonly size: number = Math.min(4, os.availableParallelism())) {}

  /** The reviews' stored analyses, each as JSON (analysesJson), in the reviews' order. */
  async analyse(reviews: AnalysisInput[], rivalNames: string[]): Promise<string[]> {
    const slices = Math.max(1, Math.min(this.size, Math.floor(reviews.length / MIN_SLICE)));
    const per = Math.ceil(reviews.length / slices);
    const parts = await Promise.all(
      Array.from({ length: slices }, (_, i) => reviews.slice(i * per, (i + 1) * per)).map((slice) =>
        this.onThread(slice, rivalNames).catch(() => {
          poolStats.callerSlices++;
          return analysesJson(slice, rivalNames);
        }),
      ),
    );
    return parts.flat();
  }

  /**
   * Starts the threads ahead of work, so their model loads (most of a second) while the caller still parses what
   * it will send; threads not sent anything end after the usual idle time.
   */
  warm(): void {
    if (this.closed) return;
    while (this.threads.length < this.size) {
      const t = this.spawn();
      t.worker.unref();
      this.retireWhenIdle(t);
    }
  }

  /** Ends the threads; later slices are analysed in the caller's thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('analysis pool is closed'));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private onThread(reviews: AnalysisInput[], rivalNames: string[]): Promise<string[]> {
    if (this.closed) return Promise.reject(new Error('analysis pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ req: { job: this.nextJob++, reviews, rivalNames }, resolve, reject });
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

  private spawn(): Thread {
    const t: Thread = { worker: new Worker(new URL('./pool-worker.mjs', import.meta.url)), pending: null, idle: null };
    poolStats.threadsStarted++;
    t.worker.on('message', (res: AnalysisResponse) => {
      const p = t.pending;
      t.pending = null;
      t.worker.unref();
      if (p) {
        if ('error' in res) p.reject(new Error(res.error));
        else {
          poolStats.threadSlices++;
          p.resolve(res.analyses);
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
    t.worker.on('exit', (code) => fail(new Error(`review analysis thread exited with code ${code}`)));
    this.threads.push(t);
    return t;
  }

  /** Ends the thread unless it is sent work within IDLE_MS. */
  private retireWhenIdle(t: Thread): void {
    t.idle = setTimeout(() => this.retire(t), IDLE_MS).unref();
  }

  private retire(t: Thread): void {
    if (t.pending !== null) return;
    this.remove(t);
    void t.worker.terminate();
  }

  private remove(t: Thread): void {
    const i = this.threads.indexOf(t);
    if (i >= 0) this.threads.splice(i, 1);
  }
}

/** The process's pool, started on first use. */
let shared: AnalysisPool | null = null;
export const analysisPool = (): AnalysisPool => (shared ??= new AnalysisPool());
