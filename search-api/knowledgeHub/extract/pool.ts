// Extraction on a worker thread (threads/pool.ts), so parsing a 300-page PDF or a large workbook does not hold the
// thread that serves requests for seconds. One thread: extractions are queued by the job anyway, and a thread keeps
// one PDF stack loaded.
import { ThreadPool, threadStats } from '../../threads/pool.ts';
import { extractPassages, type ExtractionRequest, type ExtractionResult } from './index.ts';

/** A thread idle this long ends (and its heap with it). */
const IDLE_MS = 30_000;

export const extractionPoolStats = threadStats();

let shared: ThreadPool<ExtractionRequest, ExtractionResult> | null = null;
const pool = () => (shared ??= new ThreadPool(new URL('./pool-worker.ts', import.meta.url), 1, { name: 'file extraction', idleMs: IDLE_MS, stats: extractionPoolStats }));

/** A file's passages, extracted on the thread (in this thread if the thread fails). */
export const extractOnThread = (req: ExtractionRequest): Promise<ExtractionResult> => pool().run(req, extractPassages);
