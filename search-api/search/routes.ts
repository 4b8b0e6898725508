// GET /api/search.json, /api/suggest.json, /api/rivals/search.json and /api/cards/{id}.json.
import express from 'express';
import { RivalSearchQuery, SearchQuery, SuggestQuery } from '../../contracts/search.ts';
import type { AppDeps } from '../app.ts';
import { isCurator, requireAuth } from '../auth/context.ts';
import { forbidden, notFound, parseInput } from '../errors.ts';
import { positiveId } from '../http/params.ts';
import { readCard, searchCards, searchIntel, searchRivals, suggest } from './service.ts';
import { viewerOf } from '../visibility/index.ts';

export function searchRoutes({ db, search, logger }: AppDeps) {
  const router = express.Router();
  const deps = () => ({ db, engine: search.engine, logger });

  router.get('/search.json', async (req, res) => {
    const auth = requireAuth(req);
    const params = parseInput(SearchQuery, req.query, 'query');
    if (params.index === 'intel') {
      // The alerts context of search is for curators; consumers never see intel here.
      if (!isCurator(auth)) throw forbidden('Only curators can search intel');
      return res.json(await searchIntel(deps(), auth.companyId, params));
    }
    res.json(await searchCards(deps(), viewerOf(auth, params.previewing), params));
  });

  router.get('/suggest.json', async (req, res) => {
    const auth = requireAuth(req);
    const q = parseInput(SuggestQuery, req.query, 'query');
    const tagsVisible = isCurator(auth) || auth.company.companyData.flags?.tagVisibleToConsumers !== false;
    res.json({ suggestions: await suggest(deps(), viewerOf(auth, q.visibilityGroupId), q.query, { tagsVisible }) });
  });

  router.get('/rivals/search.json', async (req, res) => {
    const auth = requireAuth(req);
    const q = parseInput(RivalSearchQuery, req.query, 'query');
    res.json(await searchRivals(db, viewerOf(auth), q.query, q.limit));
  });

  router.get('/cards/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const previewing = req.query.previewing === undefined ? undefined : positiveIdOrZero(String(req.query.previewing));
    const card = await readCard(db, viewerOf(auth, previewing), positiveId(req.params.id, 'id'));
    if (!card) throw notFound('Card');
    res.json(card);
  });

  return router;
}

function positiveIdOrZero(raw: string): number {
  return raw === '0' ? 0 : positiveId(raw, 'previewing');
}
