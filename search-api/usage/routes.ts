// The collector (contracts/usage.ts): the web app's events, recorded as the signed-in user, 202 once stored.
import express from 'express';
import { CollectorBody } from '../../contracts/usage.ts';
import type { AppDeps } from '../deps.ts';
import { requireAuth } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { actorOf, occurredAt, toRow } from './rows.ts';

export function usageRoutes({ usage }: Pick<AppDeps, 'usage'>) {
  const router = express.Router();

  router.post(['/events', '/events.json'], async (req, res) => {
    const auth = requireAuth(req);
    const { events } = parseInput(CollectorBody, req.body, 'body');
    const other = events.findIndex((e) => e.userId !== undefined && e.userId !== auth.user.id);
    if (other >= 0) throw apiError('usage_events_own_only', { index: other });
    const actor = actorOf(auth);
    if (!actor) return res.status(202).json({ accepted: 0 });
    const now = new Date();
    try {
      await usage.store(events.map((e) => toRow(actor, e, occurredAt(e.at, now))));
    } catch {
      throw apiError('usage_not_stored');
    }
    res.status(202).json({ accepted: events.length });
  });

  return router;
}
