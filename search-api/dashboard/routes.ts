// The dashboard tools' routes (contracts/dashboard.ts): favorite rivals, the curators' saved dashboard
// defaults, and company suggestions for the board wizard.
import express from 'express';
import { DashboardDefaultsBody, DiscoverQuery, FAVORITES_FLAG } from '../../contracts/dashboard.ts';
import type { AppDeps } from '../deps.ts';
import { isCurator, requireAuth, requireCurator, type Auth } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { viewerOf } from '../visibility/index.ts';
import { discoverCompanies, listFavorites, saveDashboardDefaults, setFavorite } from './service.ts';

/** Favorites: curators always, everyone else when the company flag is on (part 1 §6). */
function requireFavorites(req: express.Request): Auth {
  const auth = requireAuth(req);
  if (!isCurator(auth) && auth.company.companyData.flags?.[FAVORITES_FLAG] !== true) throw apiError('favorites_disabled');
  return auth;
}

export function dashboardRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/favorited_companies.json', async (req, res) => {
    const auth = requireFavorites(req);
    res.json(await listFavorites(db, viewerOf(auth), auth.user.id));
  });

  for (const [action, on] of [['favorite', true], ['unfavorite', false]] as const) {
    router.post(`/rivals/:rivalId/${action}.json`, async (req, res) => {
      const auth = requireFavorites(req);
      const rivalId = idParam(req, 'rivalId');
      await setFavorite(db, viewerOf(auth), auth.user.id, rivalId, on);
      res.json(await listFavorites(db, viewerOf(auth), auth.user.id));
    });
  }

  router.put('/dashboard/defaults.json', async (req, res) => {
    const auth = requireCurator(req);
    const body = parseInput(DashboardDefaultsBody, req.body, 'body');
    res.json(await saveDashboardDefaults(db, auth.companyId, auth.user.id, body));
  });

  router.get('/discover/companies.json', async (req, res) => {
    const auth = requireAuth(req);
    const { name } = parseInput(DiscoverQuery, req.query, 'query');
    res.json({ items: await discoverCompanies(db, viewerOf(auth), name) });
  });

  return router;
}
