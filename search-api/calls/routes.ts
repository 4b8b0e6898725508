// Routes of call insights (contracts/calls.ts): the company's curators and admins only (visibility canReadCalls),
// 403 curators_only for everyone else, checked before an import's body is read.
import express, { type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { CallImportQuery, CallListQuery, MentionQuery, PassageIntelBody, PassageSourceBody } from '../../contracts/calls.ts';
import { requireAuth, type Auth } from '../auth/context.ts';
import type { AppDeps } from '../deps.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam, intParam } from '../http/params.ts';
import { canReadCalls, viewerOf } from '../visibility/index.ts';
import { callOverview, callReps, getCall, importExport, listCalls, passageToIntel, passageToSource, rivalMentions } from './service.ts';

export const CALL_IMPORT_PATH = '/api/call-insights/imports';
/** A recorder's export of up to CALL_IMPORT_MAX_CALLS calls; each call's transcript is capped on its own (MAX_TRANSCRIPT_BYTES). */
const EXPORT_MAX_BYTES = 64 * 1024 * 1024;

function requireCallReader(req: Request): Auth {
  const auth = requireAuth(req);
  if (!canReadCalls(auth)) throw apiError('curators_only');
  return auth;
}

const exportBody: RequestHandler[] = [
  (req, _res, next) => {
    requireCallReader(req);
    next();
  },
  express.raw({ type: () => true, limit: EXPORT_MAX_BYTES }),
];

const OverviewQuery = MentionQuery.pick({ from: true, to: true });
const PassageParams = z.object({ seq: intParam(0, 1_000_000) });
const actorOf = (auth: Auth) => ({ viewer: viewerOf(auth), userId: auth.user.id });

export function callRoutes({ db, config, search }: AppDeps) {
  const router = express.Router();

  router.get('/call-insights/calls', async (req, res) => {
    const auth = requireCallReader(req);
    res.json(await listCalls(db, search.engine, viewerOf(auth), parseInput(CallListQuery, req.query, 'query')));
  });

  router.get('/call-insights/reps', async (req, res) => {
    const auth = requireCallReader(req);
    res.json(await callReps(db, viewerOf(auth)));
  });

  router.get('/call-insights/calls/:id', async (req, res) => {
    const auth = requireCallReader(req);
    res.json(await getCall(db, viewerOf(auth), idParam(req)));
  });

  router.post('/call-insights/imports', ...exportBody, async (req, res) => {
    const auth = requireCallReader(req);
    const query = parseInput(CallImportQuery, req.query, 'query');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.status(201).json(await importExport(db, actorOf(auth), query.importer, body, query));
  });

  router.get('/call-insights/overview.json', async (req, res) => {
    const auth = requireCallReader(req);
    res.json(await callOverview(db, viewerOf(auth), parseInput(OverviewQuery, req.query, 'query')));
  });

  router.get('/call-insights/mentions', async (req, res) => {
    const auth = requireCallReader(req);
    res.json(await rivalMentions(db, viewerOf(auth), parseInput(MentionQuery, req.query, 'query')));
  });

  router.post('/call-insights/calls/:id/passages/:seq/intel', async (req, res) => {
    const auth = requireCallReader(req);
    const { seq } = parseInput(PassageParams, { seq: req.params.seq }, 'path');
    const body = parseInput(PassageIntelBody, req.body ?? {}, 'body');
    res.status(201).json(await passageToIntel(db, actorOf(auth), config.APP_URL, idParam(req), seq, body));
  });

  router.post('/call-insights/calls/:id/passages/:seq/source', async (req, res) => {
    const auth = requireCallReader(req);
    const { seq } = parseInput(PassageParams, { seq: req.params.seq }, 'path');
    const body = parseInput(PassageSourceBody, req.body, 'body');
    res.status(201).json(await passageToSource(db, actorOf(auth), config.APP_URL, idParam(req), seq, body.cardId));
  });

  return router;
}
