// Review imports: a ReviewSource (a curator's file or a posted batch today, a site fetcher later) is checked whole,
// its rows wait in review_import_rows while a reviewImport job analyses them chunk by chunk (progress survives a
// restart), and the job's last step moves them into reviews in one transaction, skipping permalinks already
// stored, then queues the rival's insight generation. An import lands whole or not at all. The analysis starts as
// the file's rows are checked (ahead.ts); the job's chunks take it from there when they can.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../../../db/client.ts';
import type { ReviewImportView } from '../../../../contracts/insights.ts';
import { normalizePermalink, reviewReasonText, type ReviewInput } from '../../../../contracts/reviews.ts';
import { apiError, HttpError } from '../../../errors.ts';
import { createJob, type JobHandler } from '../../../jobs/store.ts';
import { analysisPool } from '../../analysis/pool.ts';
import { analysedRowsJson } from '../../analysis/stored.ts';
import { generateInsights } from '../../generate.ts';
import { writeInsightSummaries, type SummaryModel } from '../../writing.ts';
import { analyseAhead, forgetAhead, takeAhead } from './ahead.ts';
import { ReviewFileError, type ReviewSource } from './source.ts';

/** Staged rows written per statement. */
const STAGE_BATCH = 2_000;

type Actor = { companyId: number; userId: number };

/** The rival's name, or 404 when it is not one of the company's rivals. */
async function rivalName(db: Exec, companyId: number, rivalId: number): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(db, sql`SELECT name FROM rivals WHERE id = ${rivalId} AND company_id = ${companyId}`);
  if (!row) throw apiError('rival_not_found');
  return row.name;
}

/**
 * Checks a source whole and stages its reviews with a queued job, in one transaction. A bad file is a 400 whose
 * details list each bad row with its line; nothing is written then.
 */

/** A file with bad rows: its first error in the message, every error the parser listed in the details. */
function reviewFileError(err: ReviewFileError): HttpError {
  const [first] = err.errors;
  const count = err.errors.length + err.moreErrors;
  const details = { errors: err.errors, moreErrors: err.moreErrors };
  return first.field
    ? apiError('review_file_field_errors', { count, line: first.line, column: first.field, reason: first.reason }, details)
    : apiError('review_file_errors', { count, line: first.line, reason: first.reason }, details);
}
export async function startImport(db: Db, actor: Actor, rivalId: number, source: ReviewSource, fileName: string | null): Promise<ReviewImportView> {
  const name = await rivalName(db, actor.companyId, rivalId);
  analysisPool().warm();
  const ahead = analyseAhead([name]);
  const batches: ReviewInput[][] = [];
  try {
    for await (const batch of source.fetch(null)) {
      batches.push(batch);
      ahead.add(batch);
    }
  } catch (err) {
    ahead.drop();
    if (err instanceof ReviewFileError) throw reviewFileError(err);
    throw err;
  }
  const reviews = batches.flat();
  if (!reviews.length) throw apiError('review_file_empty', undefined, { errors: [{ line: 0, reason: reviewReasonText('no_reviews'), code: 'no_reviews' }], moreErrors: 0 });
  const staging = db.transaction(async (tx) => {
    const [created] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO review_imports (company_id, user_id, rival_id, file_name, source, total)
          VALUES (${actor.companyId}, ${actor.userId}, ${rivalId}, ${fileName}, ${source.site ?? 'file'}, ${reviews.length}) RETURNING id`,
    );
    const rowIds: number[] = [];
    for (let i = 0; i < reviews.length; i += STAGE_BATCH) {
      const written = await rowsOf<{ id: number }>(
        tx,
        sql`INSERT INTO review_import_rows (import_id, review)
            SELECT ${created.id}, r FROM jsonb_array_elements(${JSON.stringify(reviews.slice(i, i + STAGE_BATCH).map(staged))}::jsonb) WITH ORDINALITY AS x(r, n)
            ORDER BY n RETURNING id`,
      );
      rowIds.push(...written.map((w) => w.id).sort((a, b) => a - b));
    }
    const jobId = await createJob(tx, { ...actor, kind: 'reviewImport', payload: { importId: created.id, rivalId }, targetIds: rowIds, inline: false });
    await tx.execute(sql`UPDATE review_imports SET job_id = ${jobId} WHERE id = ${created.id}`);
    return { importId: created.id, rowIds };
  });
  const { importId, rowIds } = await staging.catch((err: unknown) => {
    ahead.drop();
    throw err;
  });
  ahead.staged(importId, rowIds);
  return readImport(db, actor.companyId, importId);
}

export async function readImport(db: Exec, companyId: number, importId: number): Promise<ReviewImportView> {
  const [row] = await rowsOf<ReviewImportView>(
    db,
    sql`SELECT i.id, i.rival_id AS "rivalId", i.file_name AS "fileName", i.source, i.state, i.total,
          CASE WHEN i.state = 'analysing' THEN coalesce(j.tasks_completed, 0) ELSE i.total END AS analysed,
          i.imported, i.duplicates, i.error, i.created_at AS "createdAt", i.completed_at AS "completedAt"
        FROM review_imports i LEFT JOIN jobs j ON j.id = i.job_id
        WHERE i.id = ${importId} AND i.company_id = ${companyId}`,
  );
  if (!row) throw apiError('import_not_found');
  return { ...row, createdAt: new Date(row.createdAt).toISOString(), completedAt: row.completedAt ? new Date(row.completedAt).toISOString() : null };
}

/** Analyses staged rows; the last chunk lands the import (or, when a chunk failed, drops it) and queues generation. */
export function reviewImportJob(): JobHandler {
  return {
    async run(tx, job, targetIds) {
      const names = [await rivalName(tx, job.companyId, Number(job.payload.rivalId))];
      const analysed = (await takeAhead(Number(job.payload.importId), targetIds, names)) ?? (await analyseStaged(tx, targetIds, names));
      await tx.execute(sql`
        INSERT INTO review_import_analyses (row_id, analysis)
        SELECT x.id, x.analysis FROM jsonb_to_recordset(${analysed}::jsonb) AS x(id int, analysis jsonb)`);
    },
    async finish(tx, job, outcome) {
      const importId = Number(job.payload.importId);
      forgetAhead(importId);
      if (outcome.failed > 0) {
        await tx.execute(sql`
          UPDATE review_imports SET state = 'failed', error = ${outcome.error ?? 'the analysis of some reviews failed'}, completed_at = now()
          WHERE id = ${importId}`);
      } else {
        await landImport(tx, job.companyId, importId);
        await createJob(tx, {
          companyId: job.companyId,
          userId: job.userId ?? 0,
          kind: 'insightGeneration',
          payload: { rivalId: Number(job.payload.rivalId) },
          targetIds: [Number(job.payload.rivalId)],
          inline: false,
        });
      }
      await tx.execute(sql`
        DELETE FROM review_import_analyses a USING review_import_rows s WHERE s.id = a.row_id AND s.import_id = ${importId}`);
      await tx.execute(sql`DELETE FROM review_import_rows WHERE import_id = ${importId}`);
    },
  };
}

/** Staged rows' analyses, as analysedRowsJson gives them, made here: for a chunk whose rows were not analysed ahead. */
async function analyseStaged(tx: Exec, rowIds: number[], rivalNames: string[]): Promise<string> {
  const rows = await rowsOf<{ id: number; review: ReviewInput }>(tx, sql`SELECT id, review FROM review_import_rows WHERE id = ANY(${sql.param(rowIds)}::int[])`);
  return analysedRowsJson(rows.map((r) => r.id), await analysisPool().analyse(rows.map((r) => r.review), rivalNames));
}

/** A review as staged: with the key its permalink is de-duplicated by. */
const staged = (review: ReviewInput) => ({ ...review, permalinkKey: normalizePermalink(review.permalink) });

/** Moves an import's analysed rows into reviews; a permalink the company already has is a duplicate. */
async function landImport(tx: Exec, companyId: number, importId: number): Promise<void> {
  // The rows are landed in file order (the first of two equal permalinks wins); sorting an import's rows in memory
  // rather than on disk halves the landing.
  await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
  const { rowCount } = await tx.execute(sql`
    INSERT INTO reviews (company_id, rival_id, import_id, site, permalink, permalink_key, title, text, rating, published_at,
                         reviewer_role, company_size, sentiment, analysis)
    SELECT i.company_id, i.rival_id, i.id, s.review->>'source', s.review->>'permalink', s.review->>'permalinkKey', s.review->>'title', s.review->>'text',
           (s.review->>'rating')::real, (s.review->>'publishedAt')::timestamptz, s.review->>'reviewerRole',
           s.review->>'companySize', (a.analysis->>'sentiment')::real, a.analysis - 'sentiment'
    FROM review_import_rows s JOIN review_imports i ON i.id = s.import_id JOIN review_import_analyses a ON a.row_id = s.id
    WHERE s.import_id = ${importId} AND i.company_id = ${companyId}
    ORDER BY s.id
    ON CONFLICT (company_id, permalink_key) DO NOTHING`);
  const imported = rowCount ?? 0;
  await tx.execute(sql`
    UPDATE review_imports SET state = 'succeeded', imported = ${imported}, duplicates = total - ${imported}, completed_at = now()
    WHERE id = ${importId}`);
}

/**
 * Regenerates a rival's aspects and insights (after an import, or on demand). With a model, their summaries are then
 * written once the generation has committed, so its calls hold no transaction; a failure there is logged, never
 * the job's.
 */
export function insightGenerationJob({ llm, logger }: SummaryModel): JobHandler {
  return {
    async run(tx, job, targetIds) {
      for (const rivalId of targetIds) await generateInsights(tx, job.companyId, rivalId);
    },
    ...(llm && {
      async afterCommit(db, job, targetIds) {
        for (const rivalId of targetIds) {
          await writeInsightSummaries(db, llm, job.companyId, rivalId, logger).catch((err: unknown) =>
            logger?.warn({ err, rivalId }, 'writing insight summaries failed'),
          );
        }
      },
    }),
  };
}
