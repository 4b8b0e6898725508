// GET /api/search.json (cards, intel for curators, deals for readers of win/loss, files with the knowledge hub) and /api/suggest.json.
import express from 'express';
import { SearchQuery, SuggestQuery } from '../../contracts/search.ts';
import type { AppDeps } from '../deps.ts';
import { isCurator, requireAuth } from '../auth/context.ts';
import { actorOf } from '../usage/rows.ts';
import { apiError, parseInput } from '../errors.ts';
import { tagsVisible } from '../tags/service.ts';
import { canReadWinLoss, knowledgeHubOn, viewerOf } from '../visibility/index.ts';
import { searchCards, searchDeals, searchFiles, searchIntel, suggest } from './service.ts';

export function searchRoutes({ db, search, logger, usage }: AppDeps) {
  const router = express.Router();
  const deps = () => ({ db, engine: search.engine, logger });
  router.get('/search.json', async (req, res) => {
    const auth = requireAuth(req);
    const params = parseInput(SearchQuery, req.query, 'query');
    if (params.index === 'intel') {
      // The alerts context of search is for curators; consumers never see intel here.
      if (!isCurator(auth)) throw apiError('intel_search_curators_only');
      const found = await searchIntel(deps(), auth.companyId, params);
      return res.json({ ...found, ...usage.recordSearch(actorOf(auth), 'intel', params.query, { offset: found.offset, total: found.nr_results }) });
    }
    if (params.index === 'deals') {
      // Deals are for readers of win/loss; for everyone else the deals index is never asked.
      if (!canReadWinLoss(auth)) throw apiError('win_loss_off');
      const found = await searchDeals(deps(), viewerOf(auth), params);
      return res.json({ ...found, ...usage.recordSearch(actorOf(auth), 'deals', params.query, { offset: found.offset, total: found.nr_results }) });
    }
    if (params.index === 'files') {
      // The knowledge hub's passages, for every reader of a company with the hub, under each file's audiences.
      if (!knowledgeHubOn(auth)) throw apiError('knowledge_hub_off');
      const found = await searchFiles(deps(), viewerOf(auth, params.previewing), params, auth.user.language);
      return res.json({ ...found, ...usage.recordSearch(actorOf(auth), 'files', params.query, { offset: found.offset, total: found.nr_results }) });
    }
    const found = await searchCards(deps(), viewerOf(auth, params.previewing), params);
    res.json({ ...found, ...usage.recordSearch(actorOf(auth), 'cards', params.query, { offset: found.offset, total: found.nr_results }) });
  });

  router.get('/suggest.json', async (req, res) => {
    const auth = requireAuth(req);
    const q = parseInput(SuggestQuery, req.query, 'query');
    res.json({ suggestions: await suggest(deps(), viewerOf(auth, q.visibilityGroupId), q.query, { tagsVisible: tagsVisible(auth) }) });
  });

  return router;
}
