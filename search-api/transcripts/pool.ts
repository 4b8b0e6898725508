// Transcript analysis on worker threads (threads/pool.ts), as review analysis is (insights/analysis/pool.ts): an
// import's transcripts are split across the cores, so reading sentiment and rivals in thousands of calls does not run
// on the thread that serves requests. A thread answers with each passage's sentiment and rivals only (not its
// sentences), which is all a call keeps and keeps the messages small.
import os from 'node:os';
import { inSlices, ThreadPool, threadStats } from '../threads/pool.ts';
import type { RivalNames } from '../monitors/mentions.ts';
import { analysePassages } from './analyse.ts';

/** What a call keeps of its passages' analysis, in the passages' order. */
export type TranscriptAnalysis = { sentiment: number[]; rivalIds: number[][] };
export type TranscriptRequest = { transcripts: string[][]; rivals: RivalNames[] };

/** A thread idle this long ends; an import sends slices far more often. */
const IDLE_MS = 10_000;
/** A transcript is thousands of words: two make a slice worth a message. */
const MIN_SLICE = 2;

/** Of every transcript pool; a job is a slice. */
export const transcriptPoolStats = threadStats();

export const analyseTranscripts = (req: TranscriptRequest): TranscriptAnalysis[] =>
  req.transcripts.map((texts) => {
    const a = analysePassages(texts, req.rivals);
    return { sentiment: a.map((p) => p.sentiment), rivalIds: a.map((p) => p.rivalIds) };
  });

export class TranscriptPool {
  private readonly threads: ThreadPool<TranscriptRequest, TranscriptAnalysis[]>;

  constructor(readonly size: number = Math.min(4, os.availableParallelism())) {
    this.threads = new ThreadPool(new URL('./pool-worker.ts', import.meta.url), size, { name: 'transcript analysis', idleMs: IDLE_MS, stats: transcriptPoolStats });
  }

  /** Each transcript's (its passages' texts) analysis, in the transcripts' order. */
  analyse(transcripts: string[][], rivals: RivalNames[]): Promise<TranscriptAnalysis[]> {
    return inSlices(this.threads, transcripts, MIN_SLICE, (slice) => ({ transcripts: slice, rivals }), analyseTranscripts);
  }

  warm(): void {
    this.threads.warm();
  }

  close(): Promise<void> {
    return this.threads.close();
  }
}

/** The process's pool, started on first use. */
let shared: TranscriptPool | null = null;
export const transcriptPool = (): TranscriptPool => (shared ??= new TranscriptPool());
