// News for sellers (contracts/news.ts): the feed of published intel, one rival's news, unread counts per board,
// and a board's last change for polling.
import express from 'express';
import { FeedQuery, ProfileNewsQuery } from '../../contracts/news.ts';
import { flagValue } from '../../contracts/settings.ts';
import type { AppDeps } from '../deps.ts';
import { isCurator, requireAuth, type Auth } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam, PreviewQuery } from '../http/params.ts';
import { actorOf } from '../usage/rows.ts';
import { viewerOf } from '../visibility/index.ts';
import { boardUpdatedAt, unreadCounts } from './boards.ts';
import { feedItem, feedPage, feedTopics } from './feed.ts';
import { profileNews } from './profileNews.ts';

/** The feed-hidden flag takes the feed away from consumers; curators keep it beside /alerts. */
function requireFeed(req: express.Request): Auth {
  const auth = requireAuth(req);
  if (!isCurator(auth) && flagValue(auth.company.companyData.flags, 'feedHiddenInConsumerNav')) throw apiError('feed_disabled');
  return auth;
}

export function newsRoutes({ db, search, usage }: AppDeps) {
  const router = express.Router();
  const deps = { db, engine: search.engine };

  router.get('/feed.json', async (req, res) => {
    const auth = requireFeed(req);
    const q = parseInput(FeedQuery, req.query, 'query');
    const page = await feedPage(deps, viewerOf(auth), q);
    res.json({ ...page, ...usage.recordSearch(actorOf(auth), 'feed', q.q, page) });
  });

  router.get('/feed/topics.json', async (req, res) => {
    res.json(await feedTopics(deps, viewerOf(requireFeed(req))));
  });

  router.get('/feed/:id.json', async (req, res) => {
    const auth = requireFeed(req);
    res.json(await feedItem(deps, viewerOf(auth), idParam(req)));
  });

  router.get('/profiles/:id/news.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await profileNews(deps, viewerOf(auth), idParam(req), parseInput(ProfileNewsQuery, req.query, 'query')));
  });

  router.get('/news/unread.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await unreadCounts(deps, viewerOf(auth), auth.user.userData));
  });

  router.get('/profiles/:id/updated.json', async (req, res) => {
    const auth = requireAuth(req);
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    res.json(await boardUpdatedAt(db, viewerOf(auth, previewing), idParam(req)));
  });

  return router;
}
