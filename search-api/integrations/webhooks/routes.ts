// Routes of webhook endpoints (contracts/integrations.ts): admins only, every one scoped by the admin's company.
// Thin: parse, call the service, answer.
import express from 'express';
import { DeliveriesQuery, WebhookBody, WebhookPatch } from '../../../contracts/integrations.ts';
import { secretBoxFor } from '../../../server-shared/secretBox.ts';
import { requireAdmin } from '../../auth/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../errors.ts';
import { idParam } from '../../http/params.ts';
import type { DeliveryContext } from '../dispatcher.ts';
import { createEndpoint, deleteEndpoint, listEndpointDeliveries, listEndpoints, readEndpoint, testEndpoint, updateEndpoint } from './service.ts';

export function webhookRoutes({ db, config, outbound, logger }: AppDeps) {
  const router = express.Router();
  const ctx: DeliveryContext = { db, outbound, box: secretBoxFor(config), appUrl: config.APP_URL, logger };

  router.get('/webhooks', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await listEndpoints(db, auth.companyId));
  });

  router.post('/webhooks', async (req, res) => {
    const auth = requireAdmin(req);
    res.status(201).json(await createEndpoint(ctx, auth, parseInput(WebhookBody, req.body, 'body')));
  });

  router.get('/webhooks/:id', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await readEndpoint(db, auth.companyId, idParam(req)));
  });

  router.patch('/webhooks/:id', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await updateEndpoint(ctx, auth, idParam(req), parseInput(WebhookPatch, req.body, 'body')));
  });

  router.delete('/webhooks/:id', async (req, res) => {
    const auth = requireAdmin(req);
    await deleteEndpoint(db, auth, idParam(req));
    res.status(204).end();
  });

  router.get('/webhooks/:id/deliveries', async (req, res) => {
    const auth = requireAdmin(req);
    const { page } = parseInput(DeliveriesQuery, req.query, 'query');
    res.json(await listEndpointDeliveries(db, auth.companyId, idParam(req), page));
  });

  router.post('/webhooks/:id/test', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await testEndpoint(ctx, auth, idParam(req)));
  });

  return router;
}
