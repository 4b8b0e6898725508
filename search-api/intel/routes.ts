// Routes of the intel feed (part 1 §7 Intel): the list and its counts, one item and its changes, bulk updates as
// jobs, saved views, and submit intel (POST /alerts.json, the one route for every signed-in user).
import express from 'express';
import { sql } from 'drizzle-orm';
import {
  IntelBatchBody,
  IntelEditBody,
  IntelUpdate,
  IntelViewBody,
  SubmitIntelBody,
  intelBulkUpdateSchema,
  type IntelBatchResponse,
  type IntelSummaryResponse,
} from '../../contracts/intel.ts';
import { htmlToText } from '../../indexer/htmlText.ts';
import type { AppDeps } from '../app.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import { badRequest, HttpError, notFound, parseInput } from '../errors.ts';
import { sanitizeHtml } from '../html/sanitize.ts';
import { positiveId } from '../http/params.ts';
import { cancelJob, readJob } from '../jobs/store.ts';
import { bulkUpdate } from './bulk.ts';
import { INTEL } from './constants.ts';
import { unpublishIntel, type Tx } from './publish.ts';
import {
  countIntel,
  intelTopics,
  listIntel,
  parseListQuery,
  parseQueryString,
  readDetail,
  readItem,
  resolveState,
} from './service.ts';
import { extractiveSummary } from './summarize.ts';
import { applyIntelUpdate, assertRivals, validateUpdate } from './update.ts';
import { createView, deleteView, listViews, updateView } from './views.ts';

export function intelRoutes({ db, search }: AppDeps) {
  const router = express.Router();
  const deps = { db, engine: search.engine };

  /** Locks one item of the company for a change; 404 when it is not one. */
  async function lockItem(tx: Tx, companyId: number, id: number): Promise<{ published_at: Date | null; body: string; title: string }> {
    const { rows } = await tx.execute(
      sql`SELECT published_at, body, title FROM intel_items WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`,
    );
    if (!rows[0]) throw notFound('Intel item');
    return rows[0] as { published_at: Date | null; body: string; title: string };
  }

  // ---- reading

  router.get('/intel/v1', async (req, res) => {
    const auth = requireCurator(req);
    const state = await resolveState(db, auth, parseListQuery(req.query, 'query'));
    res.json(await listIntel(deps, auth, state));
  });

  router.post('/intel/v1/batch', async (req, res) => {
    const auth = requireCurator(req);
    const body = parseInput(IntelBatchBody, req.body, 'body');
    const states = body.searches.map((qs, i) => {
      const { aggregate: _a, ...state } = parseQueryString(qs, `searches.${i}`);
      return state;
    });
    const totals = await Promise.all(states.map(async (s) => countIntel(deps, auth, await resolveState(db, auth, s))));
    res.json({ results: totals.map((total) => ({ pagination: { total } })) } satisfies IntelBatchResponse);
  });

  router.get('/intel/v1/count', async (req, res) => {
    const auth = requireCurator(req);
    const { aggregate: _a, ...state } = parseListQuery(req.query, 'query');
    res.json({ count: await countIntel(deps, auth, await resolveState(db, auth, state)) });
  });

  router.get('/intel/v1/topics', async (req, res) => {
    res.json(await intelTopics(deps, requireCurator(req)));
  });

  // ---- bulk updates and their jobs

  router.patch('/intel/v1', async (req, res) => {
    const auth = requireCurator(req);
    const body = parseInput(intelBulkUpdateSchema(req.body), req.body, 'body');
    res.json(await bulkUpdate(deps, auth, body));
  });

  router.get('/intel/v1/jobs/:jobId', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await readJob(db, auth.companyId, positiveId(req.params.jobId, 'jobId'), 'intelUpdate'));
  });

  router.post('/intel/v1/jobs/:jobId/cancel', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await cancelJob(db, auth.companyId, positiveId(req.params.jobId, 'jobId'), 'intelUpdate'));
  });

  // ---- saved views

  router.get('/intel/v1/views', async (req, res) => {
    res.json({ views: await listViews(db, requireCurator(req)) });
  });

  router.post('/intel/v1/views', async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await createView(db, auth, parseInput(IntelViewBody, req.body, 'body')));
  });

  router.put('/intel/v1/views/:viewId', async (req, res) => {
    const auth = requireCurator(req);
    const id = positiveId(req.params.viewId, 'viewId');
    res.json(await updateView(db, auth, id, parseInput(IntelViewBody, req.body, 'body')));
  });

  router.delete('/intel/v1/views/:viewId', async (req, res) => {
    const auth = requireCurator(req);
    await deleteView(db, auth, positiveId(req.params.viewId, 'viewId'));
    res.status(204).end();
  });

  // ---- one item

  router.get('/intel/v1/:intelId', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await readDetail(db, auth.companyId, positiveId(req.params.intelId, 'intelId')));
  });

  router.patch('/intel/v1/:intelId', async (req, res) => {
    const auth = requireCurator(req);
    const id = positiveId(req.params.intelId, 'intelId');
    const update = parseInput(IntelUpdate, req.body, 'body');
    await validateUpdate(db, auth.companyId, update, 'body');
    await db.transaction(async (tx) => {
      const item = await lockItem(tx, auth.companyId, id);
      if (update.publishIntel === false && !item.published_at) throw new HttpError(409, 'This intel item is not published');
      await applyIntelUpdate(tx, auth.companyId, [id], update, auth.user.id);
    });
    res.json(await readItem(db, auth.companyId, id));
  });

  router.put('/intel/:intelId', async (req, res) => {
    const auth = requireCurator(req);
    const id = positiveId(req.params.intelId, 'intelId');
    const edit = parseInput(IntelEditBody, req.body, 'body');
    await assertRivals(db, auth.companyId, edit.rivalIds ?? [], 'rivalIds');
    await db.transaction(async (tx) => {
      await lockItem(tx, auth.companyId, id);
      await tx.execute(sql`
        UPDATE intel_items SET updated_at = now()
          ${edit.curatedTitle !== undefined ? sql`, curated_title = ${edit.curatedTitle || null}` : sql``}
          ${edit.summary !== undefined ? sql`, summary = ${edit.summary || null}` : sql``}
          ${edit.topics ? sql`, topics = ${sql.param([...new Set(edit.topics)])}::text[]` : sql``}
        WHERE id = ${id}`);
      if (edit.rivalIds) {
        const rivals = sql.param(edit.rivalIds);
        await tx.execute(sql`DELETE FROM intel_rivals WHERE intel_id = ${id} AND NOT rival_id = ANY(${rivals}::int[])`);
        await tx.execute(sql`
          INSERT INTO intel_rivals (company_id, intel_id, rival_id) SELECT ${auth.companyId}, ${id}, r
          FROM unnest(${rivals}::int[]) AS r ON CONFLICT DO NOTHING`);
      }
    });
    res.json(await readItem(db, auth.companyId, id));
  });

  router.delete('/intel/v1/:intelId/rival/:rivalId', async (req, res) => {
    const auth = requireCurator(req);
    const id = positiveId(req.params.intelId, 'intelId');
    const rivalId = positiveId(req.params.rivalId, 'rivalId');
    await db.transaction(async (tx) => {
      await lockItem(tx, auth.companyId, id);
      const { rowCount } = await tx.execute(sql`DELETE FROM intel_rivals WHERE intel_id = ${id} AND rival_id = ${rivalId}`);
      if (!rowCount) throw notFound('Rival of this intel item');
      await tx.execute(sql`UPDATE intel_items SET updated_at = now() WHERE id = ${id}`);
    });
    res.json(await readItem(db, auth.companyId, id));
  });

  router.post('/intel/v1/:intelId/unpublish', async (req, res) => {
    const auth = requireCurator(req);
    const id = positiveId(req.params.intelId, 'intelId');
    await db.transaction((tx) => unpublishIntel(tx, auth.companyId, id, auth.user.id));
    res.json(await readItem(db, auth.companyId, id));
  });

  /** An extractive summary (the body's best sentences), also when an LLM is configured: it is instant and free. */
  router.post('/intel/v1/:intelId/summarize', async (req, res) => {
    const auth = requireCurator(req);
    const id = positiveId(req.params.intelId, 'intelId');
    const summary = await db.transaction(async (tx) => {
      const item = await lockItem(tx, auth.companyId, id);
      const text = extractiveSummary(htmlToText(item.body)) || item.title;
      await tx.execute(sql`UPDATE intel_items SET summary = ${text}, updated_at = now() WHERE id = ${id}`);
      return text;
    });
    res.json({ summary, method: 'extractive' } satisfies IntelSummaryResponse);
  });

  // ---- submit intel (every signed-in user)

  router.post('/alerts.json', async (req, res) => {
    const auth = requireAuth(req);
    const body = parseInput(SubmitIntelBody, req.body, 'body');
    const rivalIds = body.rivals ?? [];
    await assertRivals(db, auth.companyId, rivalIds, 'rivals');
    const content = sanitizeHtml(body.item.content);
    const text = htmlToText(content);
    if (!text) throw badRequest('Invalid body: item.content has no text once sanitized', [{ field: 'item.content', message: 'no text' }]);
    const title = body.item.title || text.slice(0, INTEL.submittedTitleChars);
    const id = await db.transaction(async (tx) => {
      const { rows } = await tx.execute(sql`
        INSERT INTO intel_items (company_id, state, channel, content_type, title, body, submitted_by_id)
        VALUES (${auth.companyId}, 'unprocessed', 'in_app', 'submission', ${title}, ${content}, ${auth.user.id}) RETURNING id`);
      const intelId = (rows[0] as { id: number }).id;
      for (const rivalId of rivalIds) {
        await tx.execute(sql`INSERT INTO intel_rivals (company_id, intel_id, rival_id) VALUES (${auth.companyId}, ${intelId}, ${rivalId})`);
      }
      return intelId;
    });
    res.status(201).json({ id, title, state: 'unprocessed', rivals: rivalIds });
  });

  return router;
}
