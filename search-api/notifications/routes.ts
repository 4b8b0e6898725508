// Notifications of the signed-in user (part 1 §2 /notifications) and card follows. Every signed-in user has
// them; each sees and marks only their own. The unread count rides on GET /notifications/counts.json
// (http/systemRoutes.ts).
import express from 'express';
import { NotificationsQuery, type ReadAllResponse } from '../../contracts/notifications.ts';
import type { AppDeps } from '../deps.ts';
import { requireAuth } from '../auth/context.ts';
import { parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { followState, listNotifications, markAllRead, markRead, setFollow } from './service.ts';

export function notificationRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/notifications.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await listNotifications(db, auth, parseInput(NotificationsQuery, req.query, 'query')));
  });

  router.post('/notifications/read_all', async (req, res) => {
    const auth = requireAuth(req);
    res.json({ updated: await markAllRead(db, auth) } satisfies ReadAllResponse);
  });

  router.post('/notifications/:id/read', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await markRead(db, auth, idParam(req)));
  });

  router.get('/cards/:id/follow.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await followState(db, auth, idParam(req)));
  });

  router.put('/cards/:id/follow.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await setFollow(db, auth, idParam(req), true));
  });

  router.delete('/cards/:id/follow.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await setFollow(db, auth, idParam(req), false));
  });

  return router;
}
