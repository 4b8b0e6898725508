// Routes of integrations (contracts/integrations.ts): what is connected (everyone signed in), Teams' connection and
// the routing rules of either chat (admins; another company's rule is not found). Thin: parse, call the service,
// answer. The Teams outgoing webhook signs its raw body, so it is mounted before body parsing (teamsMessageRoute).
import express from 'express';
import { CHAT_PROVIDERS, ChatRouteBody, ChatRoutePatch, DeliveriesQuery, TeamsConnectBody } from '../../contracts/integrations.ts';
import { secretBoxFor } from '../../server-shared/secretBox.ts';
import { requireAdmin, requireAuth } from '../auth/context.ts';
import type { AppDeps } from '../deps.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { createRoute, deleteRoute, integrationsOverview, listRoutes, routeDeliveries, testRoute, updateRoute, type IntegrationDeps } from './service.ts';
import { connectTeams, disconnectTeams } from './teams/connect.ts';
import { answerTeamsMessage } from './teams/messages.ts';

export const TEAMS_MESSAGES_PATH = '/api/integrations/teams/messages';
/** Teams posts one activity: a message and its metadata. */
const TEAMS_MESSAGE_LIMIT = '256kb';

export function integrationRoutes({ db, config, outbound, chat }: AppDeps) {
  const router = express.Router();
  const deps: IntegrationDeps = { db, box: secretBoxFor(config), outbound, appUrl: config.APP_URL, chat };
  const providerParam = (req: express.Request) => {
    const provider = CHAT_PROVIDERS.find((p) => p === req.params.provider);
    if (!provider) throw apiError('no_api_route', { method: req.method, path: req.originalUrl.split('?')[0] });
    return provider;
  };

  router.get('/integrations', async (req, res) => {
    res.json(await integrationsOverview(db, chat, requireAuth(req)));
  });

  router.put('/integrations/teams', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await connectTeams(db, deps.box, auth, parseInput(TeamsConnectBody, req.body ?? {}, 'body')));
  });

  router.delete('/integrations/teams', async (req, res) => {
    await disconnectTeams(db, requireAdmin(req));
    res.status(204).end();
  });

  router.get('/integrations/:provider/routes', async (req, res) => {
    const auth = requireAdmin(req);
    res.json({ routes: await listRoutes(deps, auth.companyId, providerParam(req)) });
  });

  router.post('/integrations/:provider/routes', async (req, res) => {
    const auth = requireAdmin(req);
    const provider = providerParam(req);
    res.status(201).json(await createRoute(deps, auth, provider, parseInput(ChatRouteBody, req.body, 'body')));
  });

  router.patch('/integrations/routes/:id', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await updateRoute(deps, auth, idParam(req), parseInput(ChatRoutePatch, req.body, 'body')));
  });

  router.delete('/integrations/routes/:id', async (req, res) => {
    await deleteRoute(deps, requireAdmin(req), idParam(req));
    res.status(204).end();
  });

  router.post('/integrations/routes/:id/test', async (req, res) => {
    res.json(await testRoute(deps, requireAdmin(req), idParam(req)));
  });

  router.get('/integrations/routes/:id/deliveries', async (req, res) => {
    const auth = requireAdmin(req);
    const { page } = parseInput(DeliveriesQuery, req.query, 'query');
    res.json(await routeDeliveries(db, auth.companyId, idParam(req), page));
  });

  return router;
}

/** POST /api/integrations/teams/messages: the raw body, for its signature; no session, the HMAC says who sent it. */
export function teamsMessageRoute({ db, config, search }: AppDeps) {
  const deps = { db, engine: search.engine, box: secretBoxFor(config), appUrl: config.APP_URL };
  const router = express.Router();
  router.post(TEAMS_MESSAGES_PATH, express.raw({ type: () => true, limit: TEAMS_MESSAGE_LIMIT }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await answerTeamsMessage(deps, req.get('authorization'), body));
  });
  return router;
}
