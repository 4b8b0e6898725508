// Segment builds and merges on worker threads, so a bulk load analyses documents on every core while
// the main thread keeps taking writes and serving searches. A failed or crashed job rejects; the
// caller then does the work in its own thread, so documents are never lost to a worker.
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { IndexDefinition } from '../../port.ts';
import { decodeIndex } from '../storage/snapshot.ts';
import type { Segment } from './segment.ts';
import type { BatchDocs } from './batch.ts';

export interface BuildRequest {
  kind: 'build';
  job: number;
  def: IndexDefinition;
  segId: number;
  /** The documents, in buffers the thread takes over. */
  docs: BatchDocs;
  /** The file for the segment's stored sources; null keeps them in the segment. */
  sourcePath: string | null;
}

/** A merge of segments, each in the snapshot encoding in shared memory, with its live mask. */
export interface MergeRequest {
  kind: 'merge';
  job: number;
  segId: number;
  inputs: { image: SharedArrayBuffer; live: Uint8Array | null }[];
  /** Where the inputs' source files are (null when their sources are in the image). */
  sourcesDir: string | null;
  /** The file for the merged segment's stored sources; null keeps them in the segment. */
  sourcePath: string | null;
}

/** The segment in the snapshot encoding, in shared memory (see `Segment.image`). */
export type BuildResponse = { job: number; image: SharedArrayBuffer } | { job: number; error: string };

interface Job {
  req: BuildRequest | MergeRequest;
  resolve: (seg: Segment) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  /** Ends the thread once it has been idle for IDLE_MS. */
  idle: NodeJS.Timeout | null;
}

// A bounded heap makes a build thread collect its garbage between builds instead of growing to
// the process default (hundreds of MB per thread kept after a bulk load). The largest build (one
// full segment, 131,072 intel documents) runs within 256 MB; a build that runs out is redone in the
// caller's thread.
const WORKER_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32 };
/**
 * A thread idle this long ends: after a bulk load its heap (a few hundred MB, which V8 keeps) goes
 * back to the system; the next large refresh starts a new one (a fraction of a second).
 */
export const IDLE_MS = 2000;

/** Segments built and merged by worker threads so far (observable by tests). */
export const buildStats = { workerSegments: 0, workerMerges: 0 };

export class BuildPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private nextJob = 1;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly idleMs = IDLE_MS,
  ) {}

  build(def: IndexDefinition, segId: number, docs: BatchDocs, sourcePath: string | null = null): Promise<Segment> {
    return this.run({ kind: 'build', job: this.nextJob++, def, segId, docs, sourcePath });
  }

  /** Merges the given segments' live docs into segment `segId`. */
  merge(segId: number, inputs: MergeRequest['inputs'], sourcesDir: string | null, sourcePath: string | null): Promise<Segment> {
    return this.run({ kind: 'merge', job: this.nextJob++, segId, inputs, sourcesDir, sourcePath });
  }

  private run(req: BuildRequest | MergeRequest): Promise<Segment> {
    if (this.closed) return Promise.reject(new Error('build pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.threads) if (t.idle) clearTimeout(t.idle);
    for (const j of this.queue.splice(0)) j.reject(new Error('build pool is closed'));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let t = this.threads.find((x) => x.job === null);
      if (!t && this.threads.length < this.size) t = this.spawn();
      if (!t) return;
      const job = this.queue.shift()!;
      t.job = job;
      if (t.idle) clearTimeout(t.idle);
      t.idle = null;
      t.worker.ref();
      const req = job.req;
      // A build's documents move to the thread; a merge's inputs are shared, not copied.
      const moved = req.kind === 'build' ? [req.docs.versions.buffer, req.docs.bytes.buffer, req.docs.starts.buffer, req.docs.ends.buffer] : [];
      t.worker.postMessage(req, moved as ArrayBuffer[]);
    }
  }

  private spawn(): Thread {
    const t: Thread = { worker: new Worker(new URL('./build-worker.mjs', import.meta.url), { resourceLimits: WORKER_LIMITS }), job: null, idle: null };
    t.worker.on('message', (res: BuildResponse) => {
      const job = t.job;
      t.job = null;
      t.worker.unref();
      if (job) {
        if ('error' in res) job.reject(new Error(`segment ${job.req.kind} failed: ${res.error}`));
        else {
          try {
            const sources = job.req.sourcePath && dirname(job.req.sourcePath);
            const seg = decodeIndex(Buffer.from(res.image), sources).segments[0].seg;
            seg.image = res.image;
            job.resolve(seg);
            if (job.req.kind === 'build') buildStats.workerSegments++;
            else buildStats.workerMerges++;
          } catch (e) {
            job.reject(e as Error);
          }
        }
      }
      this.dispatch();
      if (t.job === null) t.idle = setTimeout(() => this.retire(t), this.idleMs).unref();
    });
    const fail = (e: Error) => {
      this.remove(t);
      t.job?.reject(e);
      t.job = null;
      if (!this.closed) this.dispatch();
    };
    t.worker.on('error', fail);
    t.worker.on('exit', (code) => fail(new Error(`segment build thread exited with code ${code}`)));
    this.threads.push(t);
    return t;
  }

  private retire(t: Thread): void {
    if (t.job !== null) return;
    this.remove(t);
    void t.worker.terminate();
  }

  private remove(t: Thread): void {
    const i = this.threads.indexOf(t);
    if (i >= 0) this.threads.splice(i, 1);
  }

  /** Build threads currently running (observable by tests). */
  get threadCount(): number {
    return this.threads.length;
  }
}
