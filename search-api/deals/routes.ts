// Routes of deals (contracts/deals.ts): reads for whoever canReadWinLoss; imports and mappings for curators.
import express, { type RequestHandler } from 'express';
import { DealListQuery, DealMappingBody, DEAL_IMPORT_MAX_BYTES } from '../../contracts/deals.ts';
import type { AppDeps } from '../deps.ts';
import { parseInput } from '../errors.ts';
import { idParam, positiveId } from '../http/params.ts';
import { viewerOf } from '../visibility/index.ts';
import { requireWinLoss, requireWinLossCurator } from './access.ts';
import { previewDealCsv, readDealImport, startDealImport } from './import.ts';
import { competitiveDeals, deleteMapping, getDeal, getMapping, listDeals, listMappings, saveMapping } from './service.ts';

const IMPORT_PATH = '/api/deals/imports';
const PREVIEW_PATH = '/api/deals/imports/preview';
/** Routes that read a CSV body themselves (app.ts leaves them out of the JSON parser). */
export const DEAL_FILE_PATHS = [IMPORT_PATH, PREVIEW_PATH];

/** The curator is checked before the body (up to DEAL_IMPORT_MAX_BYTES) is read. */
const csvBody: RequestHandler[] = [
  (req, _res, next) => {
    requireWinLossCurator(req);
    next();
  },
  express.text({ type: () => true, limit: DEAL_IMPORT_MAX_BYTES }),
];
const textOf = (body: unknown) => (typeof body === 'string' ? body : '');

export function dealRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/deals', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await listDeals(db, auth.companyId, parseInput(DealListQuery, req.query, 'query')));
  });

  router.get('/deals/competitive.json', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await competitiveDeals(db, viewerOf(auth), auth.user.id));
  });

  router.post('/deals/imports/preview', ...csvBody, (req, res) => {
    res.json(previewDealCsv(textOf(req.body)));
  });

  router.post('/deals/imports', ...csvBody, async (req, res) => {
    const auth = requireWinLossCurator(req);
    const raw = typeof req.query.mappingId === 'string' ? req.query.mappingId : undefined;
    const mapping = raw === undefined ? null : await getMapping(db, auth.companyId, positiveId(raw, 'mappingId'));
    const actor = { companyId: auth.companyId, userId: auth.user.id };
    res.status(202).json(await startDealImport(db, actor, textOf(req.body), mapping?.columns ?? null, mapping?.id ?? null));
  });

  router.get('/deals/imports/:id', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await readDealImport(db, auth.companyId, idParam(req)));
  });

  router.get('/deals/mappings', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await listMappings(db, auth.companyId));
  });

  router.post('/deals/mappings', async (req, res) => {
    const auth = requireWinLossCurator(req);
    const body = parseInput(DealMappingBody, req.body, 'body');
    res.status(201).json(await saveMapping(db, { companyId: auth.companyId, userId: auth.user.id }, body));
  });

  router.put('/deals/mappings/:id', async (req, res) => {
    const auth = requireWinLossCurator(req);
    const body = parseInput(DealMappingBody, req.body, 'body');
    res.json(await saveMapping(db, { companyId: auth.companyId, userId: auth.user.id }, body, idParam(req)));
  });

  router.delete('/deals/mappings/:id', async (req, res) => {
    const auth = requireWinLossCurator(req);
    await deleteMapping(db, auth.companyId, idParam(req));
    res.status(204).end();
  });

  router.get('/deals/:id', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await getDeal(db, auth.companyId, idParam(req)));
  });

  return router;
}
