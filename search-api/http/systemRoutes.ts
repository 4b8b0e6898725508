// Whether a session is live (the web app's first question), notification counts (the session poll, part 1 §7: the
// session's timeouts and the unread notifications) and the health report.
import { pingDatabase } from '../../db/client.ts';
import express from 'express';
import type { NotificationCounts, SessionState } from '../../contracts/account.ts';
import type { AppDeps } from '../deps.ts';
import { requireSession } from '../auth/context.ts';
import { sessionTimeouts, timeoutsOf } from '../auth/sessions.ts';
import { unreadCount } from '../notifications/service.ts';

export function systemRoutes({ db, config, search }: AppDeps) {
  const router = express.Router();
  const timeouts = sessionTimeouts(config);

  // Not a 401 when signed out: an anonymous visit is sent to sign-in without failed requests. Every data call still answers 401.
  router.get('/session.json', (req, res) => {
    const body: SessionState = { signedIn: req.auth !== undefined };
    res.set('Cache-Control', 'no-store').json(body);
  });

  // Polled every 5 minutes; reading it does not extend the idle time (see auth/context.ts).
  router.get('/notifications/counts.json', async (req, res) => {
    const auth = requireSession(req);
    const t = timeoutsOf(auth.session, timeouts);
    const body: NotificationCounts = {
      sessionIdleTimeoutAt: t.sessionIdleTimeoutAt.toISOString(),
      sessionAbsoluteTimeoutAt: t.sessionAbsoluteTimeoutAt.toISOString(),
      notifications: await unreadCount(db, auth),
    };
    res.json(body);
  });

  router.get('/health', async (_req, res) => {
    const database = await pingDatabase(db);
    const engine = await search.engine.health().catch((err: Error) => ({ status: 'red' as const, error: err.message }));
    const indexer = search.indexer
      ? await search.indexer.lag().catch(() => null)
      : { external: true as const };
    const ok = database.ok && engine.status !== 'red';
    res.status(ok ? 200 : 503).json({
      status: ok ? 'ok' : 'degraded',
      database,
      engine,
      indexer,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });

  return router;
}
