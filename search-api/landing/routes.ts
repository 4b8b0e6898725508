// Routes of the company landing page (part 3 §7.2; contracts/landing.ts): read by everyone who may see the rival,
// in their own visibility scope (curators may preview as a group); refreshing and curating are for curators.
import express from 'express';
import { CURATED_SECTION_TYPES, CuratedBody, LandingQuery, type UpdateSummariesResponse } from '../../contracts/landing.ts';
import type { AppDeps } from '../deps.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam, PreviewQuery } from '../http/params.ts';
import { profileOfRival, readerOf, refreshLandingPage, readLandingPage, readUpdateSummaries, setCuratedSection, trackShareLink } from './service.ts';

export function landingRoutes({ db }: AppDeps) {
  const router = express.Router();
  const reader = (req: express.Request, auth = requireAuth(req)) => readerOf(auth, parseInput(PreviewQuery, req.query, 'query').previewing);
  const retryFailed = (req: express.Request) => parseInput(LandingQuery, req.query, 'query').retryFailed === 'true';

  router.get('/overviews/:rivalId/landing_page.json', async (req, res) => {
    const r = reader(req);
    const profileId = await profileOfRival(db, r.viewer, idParam(req, 'rivalId'));
    res.json(await readLandingPage(db, r, profileId, { retryFailed: retryFailed(req) }));
  });

  router.get('/profiles/:profileId/landing_page.json', async (req, res) => {
    res.json(await readLandingPage(db, reader(req), idParam(req, 'profileId'), { retryFailed: retryFailed(req) }));
  });

  // Refresh: every section of the page is made again for the curator now, and for other readers on their next view.
  router.post('/landing_pages/:id.json', async (req, res) => {
    res.json(await refreshLandingPage(db, reader(req, requireCurator(req)), idParam(req)));
  });

  router.get('/profiles/:profileId/update_summaries', async (req, res) => {
    res.json({ updateSummaries: await readUpdateSummaries(db, reader(req), idParam(req, 'profileId')) } satisfies UpdateSummariesResponse);
  });

  router.post('/profiles/:profileId/share.json', async (req, res) => {
    await trackShareLink(db, reader(req), idParam(req, 'profileId'));
    res.status(204).end();
  });

  router.put('/profiles/:profileId/landing_page/curated/:sectionType', async (req, res) => {
    const r = reader(req, requireCurator(req));
    const sectionType = CURATED_SECTION_TYPES.find((t) => t === req.params.sectionType);
    if (!sectionType) throw apiError('curated_section_type', { types: CURATED_SECTION_TYPES.join(', ') }, { field: 'sectionType' });
    const { cardIds } = parseInput(CuratedBody, req.body, 'body');
    res.json(await setCuratedSection(db, r, idParam(req, 'profileId'), sectionType, cardIds));
  });

  return router;
}
