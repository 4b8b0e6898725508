// Review analysis on worker threads (threads/pool.ts): an import's reviews are split across the cores, so analysis (the
// costliest step of an import) does not run on the thread that serves requests and takes every core it can. Threads
// answer with each review's analysis as JSON, which crosses threads as strings and goes to PostgreSQL as is. A slice
// whose thread fails or dies is analysed in the caller's thread instead; an analysis that throws there fails the chunk
// as it would have anyway.
import os from 'node:os';
import { inSlices, ThreadPool, threadStats } from '../../threads/pool.ts';
import { analysesJson, type AnalysisInput } from './stored.ts';

export type AnalysisRequest = { reviews: AnalysisInput[]; rivalNames: string[] };

/** A thread idle this long ends (its model and heap go back to the system); imports send chunks far more often. */
const IDLE_MS = 10_000;
/** Below this many reviews a slice is not worth a message round trip. */
const MIN_SLICE = 50;

/** Of every analysis pool; a job is a slice. */
export const poolStats = threadStats();

export const analyseSlice = (req: AnalysisRequest) => analysesJson(req.reviews, req.rivalNames);

export class AnalysisPool {
  private readonly threads: ThreadPool<AnalysisRequest, string[]>;

  constructor(readonly size: number = Math.min(4, os.availableParallelism())) {
    this.threads = new ThreadPool(new URL('./pool-worker.ts', import.meta.url), size, { name: 'review analysis', idleMs: IDLE_MS, stats: poolStats });
  }

  /** The reviews' stored analyses, each as JSON (analysesJson), in the reviews' order. */
  async analyse(reviews: AnalysisInput[], rivalNames: string[]): Promise<string[]> {
    return inSlices(this.threads, reviews, MIN_SLICE, (slice) => ({ reviews: slice, rivalNames }), analyseSlice);
  }

  /** Starts the threads ahead of work, so their model loads (most of a second) while the caller still parses what it will send. */
  warm(): void {
    this.threads.warm();
  }

  /** Ends the threads; later slices are analysed in the caller's thread. */
  close(): Promise<void> {
    return this.threads.close();
  }
}

/** The process's pool, started on first use. */
let shared: AnalysisPool | null = null;
export const analysisPool = (): AnalysisPool => (shared ??= new AnalysisPool());
