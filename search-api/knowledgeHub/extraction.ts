// The extraction job of the knowledge hub's files: a file `pending` (uploaded, or a new version) is taken by a worker
// (`running`, with the time it was taken), its bytes extracted on a thread (extract/pool.ts), and its passages written
// in one transaction with its counts (`done`), or its reason (`failed`). It runs on the job runner's queue; a sweep at
// start and every minute sends the files left pending and those whose worker died while running (taken longer than
// staleExtractionMs ago), so a restart or a crash loses nothing. Without a runner (tests) it runs in-process.
//
// A version outruns its extraction: a worker writes only when the file is still at the version it took, checked under
// the row's lock in the transaction that writes, so an older version's slow extraction never overwrites a newer one.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type Db } from '../../db/client.ts';
import { KNOWLEDGE_HUB, type FileKind } from '../../contracts/knowledgeHub.ts';
import type { JobRunner, QueueHandler } from '../jobs/runner.ts';
import { Sweeper } from '../jobs/sweeper.ts';
import type { ExtractedPassage } from './extract/chunk.ts';
import type { ExtractionRequest, ExtractionResult } from './extract/index.ts';
import { extractOnThread } from './extract/pool.ts';

export const EXTRACTION_QUEUE = 'knowledge-extraction';
export const EXTRACTION = {
  /** The sweep finds what a crash left; new files are sent to the queue as they are uploaded. */
  sweepMs: 60_000,
  expireInSeconds: 15 * 60,
  /** Passages a statement inserts. */
  insertBatch: 500,
} as const;

export type ExtractionDeps = { db: Db; logger?: Logger; extract?: (req: ExtractionRequest) => Promise<ExtractionResult> };

/** Where a file stands after a job: written, or not this job's to write (taken by another, or a newer version came). */
export type ExtractionOutcome = 'done' | 'failed' | 'skipped' | 'stale';

/** A file is due when pending, or running with a start older than staleExtractionMs (its worker died). */
const dueSql = (now: Date) =>
  sql`(extraction = 'pending' OR (extraction = 'running' AND (extraction_started_at IS NULL OR extraction_started_at < ${new Date(now.getTime() - KNOWLEDGE_HUB.staleExtractionMs).toISOString()}::timestamptz)))`;

/** Takes the file if due and extracts it; answers what became of it. */
export async function extractFile(deps: ExtractionDeps, fileId: number, now = new Date()): Promise<ExtractionOutcome> {
  // Taken and read in one transaction: a new version updates the file row first, so its bytes are the ones read here.
  const taken = await deps.db.transaction(async (tx) => {
    const [f] = await rowsOf<{ version: number; kind: FileKind; company_id: number }>(
      tx,
      sql`UPDATE knowledge_files SET extraction = 'running', extraction_started_at = ${now.toISOString()}::timestamptz
          WHERE id = ${fileId} AND ${dueSql(now)} RETURNING version, kind, company_id`,
    );
    if (!f) return null;
    const [c] = await rowsOf<{ content: Buffer }>(tx, sql`SELECT content FROM knowledge_file_contents WHERE file_id = ${fileId}`);
    return { ...f, content: c?.content ?? null };
  });
  if (!taken) return 'skipped';
  const result: ExtractionResult =
    taken.content === null
      ? { ok: false, reason: 'the file’s content is missing: upload it again' }
      : await (deps.extract ?? extractOnThread)({ kind: taken.kind, bytes: taken.content }).catch((err: unknown) => {
          deps.logger?.error({ err, fileId }, 'file extraction threw');
          return { ok: false as const, reason: 'the file could not be read' };
        });
  return writeResult(deps.db, fileId, taken.version, taken.company_id, result);
}

async function writeResult(db: Db, fileId: number, version: number, companyId: number, result: ExtractionResult): Promise<ExtractionOutcome> {
  return db.transaction(async (tx) => {
    const [f] = await rowsOf<{ version: number; extraction: string }>(tx, sql`SELECT version, extraction FROM knowledge_files WHERE id = ${fileId} FOR UPDATE`);
    if (!f || f.version !== version || f.extraction !== 'running') return 'stale';
    // Passages are always the current version's: a failed version leaves none rather than its predecessor's.
    await tx.execute(sql`DELETE FROM knowledge_passages WHERE file_id = ${fileId}`);
    if (!result.ok) {
      await tx.execute(
        sql`UPDATE knowledge_files SET extraction = 'failed', extraction_error = ${result.reason}, extracted_at = now(), unit_count = 0, passage_count = 0, updated_at = now()
            WHERE id = ${fileId}`,
      );
      return 'failed';
    }
    for (let i = 0; i < result.passages.length; i += EXTRACTION.insertBatch) {
      const rows = result.passages.slice(i, i + EXTRACTION.insertBatch).map((p: ExtractedPassage) => sql`(${companyId}, ${fileId}, ${p.seq}, ${p.location}, ${p.number}, ${p.label}, ${p.text})`);
      await tx.execute(sql`INSERT INTO knowledge_passages (company_id, file_id, seq, location, number, label, text) VALUES ${sql.join(rows, sql`, `)}`);
    }
    await tx.execute(
      sql`UPDATE knowledge_files SET extraction = 'done', extraction_error = NULL, extracted_at = now(), unit_count = ${result.unitCount},
            passage_count = ${result.passages.length}, updated_at = now()
          WHERE id = ${fileId}`,
    );
    return 'done';
  });
}

/** The files due an extraction at `now`, oldest first. */
export async function filesDue(db: Db, now = new Date()): Promise<{ id: number; version: number }[]> {
  return rowsOf(db, sql`SELECT id, version FROM knowledge_files WHERE ${dueSql(now)} ORDER BY updated_at, id`);
}

export function extractionQueue(deps: ExtractionDeps): QueueHandler {
  return {
    batchSize: 1,
    expireInSeconds: EXTRACTION.expireInSeconds,
    handle: async (data) => {
      const outcome = await extractFile(deps, Number(data.fileId));
      deps.logger?.info({ fileId: data.fileId, outcome }, 'file extraction');
    },
  };
}

/** The key of a file version's job: a new version is queued even while an older version's job runs. */
const jobKey = (f: { id: number; version: number }) => `${f.id}:${f.version}`;

/**
 * Has a file extracted: through the job runner's queue, or, for an app without a runner (as tests build it), in the
 * background of this process (the request answers 202 at once either way; a failure leaves the file due).
 */
export async function requestExtraction(deps: ExtractionDeps & { jobs?: Pick<JobRunner, 'send'> }, file: { id: number; version: number }): Promise<void> {
  if (deps.jobs) return deps.jobs.send(EXTRACTION_QUEUE, { fileId: file.id }, jobKey(file));
  void extractFile(deps, file.id).catch((err: unknown) => deps.logger?.error({ err, fileId: file.id }, 'file extraction failed; the file stays due'));
}

/** Sends every file due an extraction to the queue (or extracts them here, without a runner); answers how many. */
export async function sweepExtractions(deps: ExtractionDeps & { jobs?: Pick<JobRunner, 'send'> }, now = new Date()): Promise<number> {
  const due = await filesDue(deps.db, now);
  for (const f of due) {
    if (deps.jobs) await deps.jobs.send(EXTRACTION_QUEUE, { fileId: f.id }, jobKey(f));
    else await extractFile(deps, f.id, now);
  }
  return due.length;
}

/** The server's sweep: at start (the demo seed's files, what a crash left) and every minute. */
export class ExtractionScheduler {
  private readonly sweeper: Sweeper;

  constructor(db: Db, jobs: Pick<JobRunner, 'send'>, opts: { logger?: Logger; sweepMs?: number } = {}) {
    this.sweeper = new Sweeper(async () => void (await sweepExtractions({ db, jobs, logger: opts.logger })), {
      name: 'file extraction scheduler',
      channel: 'rivalscope_knowledge_extraction',
      sweepMs: opts.sweepMs ?? EXTRACTION.sweepMs,
      logger: opts.logger,
    });
  }

  start = () => this.sweeper.start();
  stop = () => this.sweeper.stop();
}
