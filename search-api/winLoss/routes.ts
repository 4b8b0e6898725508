// Routes of win/loss (contracts/deals.ts): reads for whoever canReadWinLoss, the reason taxonomy's writes for curators.
import express from 'express';
import { DealFilters, WinLossReasonBody, WinLossReportQuery } from '../../contracts/deals.ts';
import type { AppDeps } from '../deps.ts';
import { parseInput } from '../errors.ts';
import { requireWinLoss, requireWinLossCurator } from '../deals/access.ts';
import { addReason, listReasons, winLossFacets, winLossOverview, winLossReport } from './service.ts';

export function winLossRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/win-loss/reasons', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await listReasons(db, auth.companyId));
  });

  router.post('/win-loss/reasons', async (req, res) => {
    const auth = requireWinLossCurator(req);
    res.status(201).json(await addReason(db, auth.companyId, parseInput(WinLossReasonBody, req.body, 'body')));
  });

  router.get('/win-loss/facets.json', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await winLossFacets(db, auth.companyId));
  });

  router.get('/win-loss/overview.json', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await winLossOverview(db, auth.companyId, parseInput(DealFilters, req.query, 'query')));
  });

  router.get('/win-loss/reports.json', async (req, res) => {
    const auth = requireWinLoss(req);
    const { dimension, ...filters } = parseInput(WinLossReportQuery, req.query, 'query');
    res.json(await winLossReport(db, auth.companyId, dimension, filters));
  });

  return router;
}
