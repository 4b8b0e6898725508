// Routes of review insights (part 3 §7.1), for admins, curators and staff impersonating anyone (part 3 §6); the
// writes that shape what everyone reads (imports, aspect edits, regeneration, cards) are for curators.
import express, { type Request } from 'express';
import {
  AspectListQuery,
  AspectPatchBody,
  InsightCardBody,
  InsightListQuery,
  InsightSourcesQuery,
  ReviewListQuery,
  ReviewPatchBody,
  type InsightCardResponse,
  type SupportedRivalsResponse,
} from '../../contracts/insights.ts';
import type { AppDeps } from '../deps.ts';
import { llmConfigOf } from '../ask/answering.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam, positiveId } from '../http/params.ts';
import { canReadInsights, canReadWinLoss } from '../visibility/index.ts';
import { MAX_IMPORT_BYTES } from './reviews/import/parse.ts';
import { readImport, startImport } from './reviews/import/service.ts';
import { fileSource } from './reviews/import/source.ts';
import { aspectSummary, bookmarkReview, listAspects, listReviews, patchAspect } from './reviews/service.ts';
import { insightCardDraft, insightCardDrafts, insightSources, listInsights, regenerate, supportedRivals, type InsightReader } from './service.ts';

/** The import call reads its body itself (a file of up to MAX_IMPORT_BYTES), after the session is checked. */
export const REVIEW_IMPORT_PATH = '/api/insights/v2/reviews/imports';

function requireInsights(req: Request) {
  const auth = requireAuth(req);
  if (!canReadInsights(auth)) throw apiError('insights_curators_only');
  return auth;
}

const scopeOf = (auth: { companyId: number }) => ({ companyId: auth.companyId });
/** Insight reads also say whether the reader reads win/loss: its reasons come from deals. */
const readerOf = (auth: ReturnType<typeof requireAuth>): InsightReader => ({ companyId: auth.companyId, winLoss: canReadWinLoss(auth) });
const actorOf = (auth: { companyId: number; user: { id: number } }) => ({ companyId: auth.companyId, userId: auth.user.id });

export function insightRoutes({ db, search, config, logger }: AppDeps) {
  const router = express.Router();
  const deps = { db, engine: search.engine };
  const summaryModel = { llm: llmConfigOf(config), logger };
  const base = '/insights/v2';

  router.get(`${base}/insights/supported-rivals`, async (req, res) => {
    res.json({ supportedRivals: await supportedRivals(db, readerOf(requireInsights(req))) } satisfies SupportedRivalsResponse);
  });

  router.get(`${base}/insights/supported-rivals/:rivalId`, async (req, res) => {
    const auth = requireInsights(req);
    res.json(await listInsights(db, readerOf(auth), idParam(req, 'rivalId'), parseInput(InsightListQuery, req.query, 'query'), auth.user.language));
  });

  router.get(`${base}/insights/:insightId/supported-rivals/:rivalId/sources`, async (req, res) => {
    const auth = requireInsights(req);
    const q = parseInput(InsightSourcesQuery, req.query, 'query');
    res.json(await insightSources(db, readerOf(auth), idParam(req, 'rivalId'), idParam(req, 'insightId'), q));
  });

  router.post(`${base}/insights/supported-rivals/:rivalId/card`, async (req, res) => {
    const auth = requireCurator(req);
    const { insightId } = parseInput(InsightCardBody, req.body, 'body');
    res.json(await insightCardDraft(db, scopeOf(auth), idParam(req, 'rivalId'), insightId, auth.user.language));
  });

  router.get(`${base}/insights/supported-rivals/:rivalId/card`, async (req, res) => {
    const auth = requireInsights(req);
    res.json({ insights: await insightCardDrafts(db, scopeOf(auth), idParam(req, 'rivalId'), auth.user.language) } satisfies InsightCardResponse);
  });

  router.post(`${base}/insights/supported-rivals/:rivalId/generate`, async (req, res) => {
    const auth = requireCurator(req);
    res.status(202).json(await regenerate(db, actorOf(auth), idParam(req, 'rivalId')));
  });

  router.get(`${base}/reviews/supported-rivals/:rivalId`, async (req, res) => {
    const auth = requireInsights(req);
    res.json(await listReviews(deps, scopeOf(auth), idParam(req, 'rivalId'), parseInput(ReviewListQuery, req.query, 'query')));
  });

  router.post(
    `${base}/reviews/imports`,
    (req, _res, next) => {
      requireCurator(req);
      next();
    },
    express.text({ type: () => true, limit: MAX_IMPORT_BYTES }),
    async (req, res) => {
      const auth = requireCurator(req);
      const rivalId = positiveId(typeof req.query.supportedRivalId === 'string' ? req.query.supportedRivalId : undefined, 'supportedRivalId');
      const fileName = typeof req.query.fileName === 'string' ? req.query.fileName.slice(0, 255) : null;
      const text = typeof req.body === 'string' ? req.body : '';
      const source = fileSource({ fileName: fileName ?? undefined, contentType: req.get('content-type') ?? undefined, text, now: new Date() });
      res.status(202).json(await startImport(db, actorOf(auth), rivalId, source, fileName));
    },
  );

  router.get(`${base}/reviews/imports/:importId`, async (req, res) => {
    const auth = requireCurator(req);
    res.json(await readImport(db, auth.companyId, idParam(req, 'importId')));
  });

  router.patch(`${base}/reviews/:reviewId`, async (req, res) => {
    const auth = requireInsights(req);
    const { bookmark } = parseInput(ReviewPatchBody, req.body, 'body');
    res.json(await bookmarkReview(db, scopeOf(auth), idParam(req, 'reviewId'), bookmark));
  });

  router.get(`${base}/aspects/supported-rivals/:rivalId`, async (req, res) => {
    const auth = requireInsights(req);
    res.json(await listAspects(deps, scopeOf(auth), idParam(req, 'rivalId'), parseInput(AspectListQuery, req.query, 'query')));
  });

  router.patch(`${base}/aspects/:aspectId`, async (req, res) => {
    const auth = requireCurator(req);
    const body = parseInput(AspectPatchBody, req.body, 'body');
    const aspectId = idParam(req, 'aspectId');
    const updated = await patchAspect(db, scopeOf(auth), aspectId, body);
    // Hides and merges change what reviews and insights say of the rival: regenerate them.
    if (body.state !== undefined || body.mergeInto !== undefined) await regenerate(db, actorOf(auth), updated.rivalId);
    res.json(updated);
  });

  router.get(`${base}/aspects/:aspectId/summary`, async (req, res) => {
    const auth = requireInsights(req);
    res.set('Cache-Control', 'private, max-age=86400');
    res.json(await aspectSummary(db, scopeOf(auth), idParam(req, 'aspectId'), summaryModel));
  });

  return router;
}
