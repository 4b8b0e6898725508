// Routes of the intel feed (part 1 §7 Intel): the list and its counts, one item and its changes, bulk updates as
// jobs, saved views, and submit intel (POST /alerts.json, the one route for every signed-in user).
import express from 'express';
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
import type { AppDeps } from '../deps.ts';
import { actorOf } from '../usage/rows.ts';
import { requireAuth, requireCurator, type Auth } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { cancelJob, readJob } from '../jobs/store.ts';
import { bulkUpdate } from './bulk.ts';
import { untilSearchable } from '../search/searchable.ts';
import { readAttachment } from '../intelEmail/receive.ts';
import { editItem, removeRival, submitIntel, summarizeItem, unpublishItem, updateItem } from './edits.ts';
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
import { createView, deleteView, listViews, updateView } from './views.ts';

const actor = (auth: Auth) => ({ companyId: auth.companyId, userId: auth.user.id });

export function intelRoutes({ db, search, usage }: AppDeps) {
  const router = express.Router();
  const deps = { db, engine: search.engine };

  // ---- reading

  router.get('/intel/v1', async (req, res) => {
    const auth = requireCurator(req);
    const state = await resolveState(db, auth, parseListQuery(req.query, 'query'));
    const list = await listIntel(deps, auth, state);
    res.json({ ...list, ...usage.recordSearch(actorOf(auth), 'intel', state.q ?? '', list.pagination) });
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
    const result = await bulkUpdate(deps, auth, body);
    if (result.completedNow) await untilSearchable(db, auth.companyId, 'intel');
    res.json(result);
  });

  router.get('/intel/v1/jobs/:jobId', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await readJob(db, auth.companyId, idParam(req, 'jobId'), 'intelUpdate'));
  });

  router.post('/intel/v1/jobs/:jobId/cancel', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await cancelJob(db, auth.companyId, idParam(req, 'jobId'), 'intelUpdate'));
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
    const id = idParam(req, 'viewId');
    res.json(await updateView(db, auth, id, parseInput(IntelViewBody, req.body, 'body')));
  });

  router.delete('/intel/v1/views/:viewId', async (req, res) => {
    const auth = requireCurator(req);
    await deleteView(db, auth, idParam(req, 'viewId'));
    res.status(204).end();
  });

  // ---- one item

  router.get('/intel/v1/:intelId', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await readDetail(db, auth.companyId, idParam(req, 'intelId')));
  });

  router.patch('/intel/v1/:intelId', async (req, res) => {
    const auth = requireCurator(req);
    const id = idParam(req, 'intelId');
    await updateItem(db, actor(auth), id, parseInput(IntelUpdate, req.body, 'body'));
    await untilSearchable(db, auth.companyId, 'intel');
    res.json(await readItem(db, auth.companyId, id));
  });

  router.put('/intel/:intelId', async (req, res) => {
    const auth = requireCurator(req);
    const id = idParam(req, 'intelId');
    await editItem(db, actor(auth), id, parseInput(IntelEditBody, req.body, 'body'));
    await untilSearchable(db, auth.companyId, 'intel');
    res.json(await readItem(db, auth.companyId, id));
  });

  router.delete('/intel/v1/:intelId/rival/:rivalId', async (req, res) => {
    const auth = requireCurator(req);
    const id = idParam(req, 'intelId');
    await removeRival(db, actor(auth), id, idParam(req, 'rivalId'));
    await untilSearchable(db, auth.companyId, 'intel');
    res.json(await readItem(db, auth.companyId, id));
  });

  router.post('/intel/v1/:intelId/unpublish', async (req, res) => {
    const auth = requireCurator(req);
    const id = idParam(req, 'intelId');
    await unpublishItem(db, actor(auth), id);
    await untilSearchable(db, auth.companyId, 'intel');
    res.json(await readItem(db, auth.companyId, id));
  });

  router.post('/intel/v1/:intelId/summarize', async (req, res) => {
    const auth = requireCurator(req);
    const summary = await summarizeItem(db, actor(auth), idParam(req, 'intelId'));
    await untilSearchable(db, auth.companyId, 'intel');
    res.json({ summary, method: 'extractive' } satisfies IntelSummaryResponse);
  });

  router.get('/intel/v1/:intelId/attachments/:attachmentId', async (req, res) => {
    const auth = requireCurator(req);
    const file = await readAttachment(db, auth.companyId, idParam(req, 'intelId'), idParam(req, 'attachmentId'));
    if (!file) throw apiError('intel_attachment_not_found');
    // Served as a download, never rendered in the product's origin: an email's files are the sender's.
    res.attachment(file.filename).type(file.content_type).set('Content-Security-Policy', "default-src 'none'").send(file.data);
  });

  // ---- submit intel (every signed-in user)

  router.post('/alerts.json', async (req, res) => {
    const auth = requireAuth(req);
    const item = await submitIntel(db, actor(auth), parseInput(SubmitIntelBody, req.body, 'body'));
    await untilSearchable(db, auth.companyId, 'intel');
    usage.record(actorOf(auth), { kind: 'intelSubmitted', intelId: item.id });
    res.status(201).json(item);
  });

  return router;
}
