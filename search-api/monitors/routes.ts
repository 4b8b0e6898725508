// Routes of monitors (contracts/monitors.ts): curators only, every one scoped by the curator's company. Thin:
// parse, call the service, answer.
import express from 'express';
import { type MonitorInbox, MonitorBody, MonitorChangesQuery, MonitorImportBody, MonitorPatch, MonitorPreviewBody, MonitorsQuery } from '../../contracts/monitors.ts';
import { requireCurator } from '../auth/context.ts';
import type { AppDeps } from '../deps.ts';
import { parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { intelAddress } from '../intelEmail/receive.ts';
import { parseAllowHosts } from '../outbound/rules.ts';
import { checkNow, createMonitor, deleteMonitor, importOpml, listChanges, listMonitors, previewMonitor, readMonitor, updateMonitor } from './service.ts';

export function monitorRoutes({ db, config, outbound }: AppDeps) {
  const router = express.Router();
  const allowHosts = parseAllowHosts(config.OUTBOUND_ALLOW_HOSTS);
  const scope = (auth: ReturnType<typeof requireCurator>) => ({ companyId: auth.companyId, userId: auth.user.id });

  router.get('/monitors', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await listMonitors(db, auth.companyId, parseInput(MonitorsQuery, req.query, 'query')));
  });

  router.get('/monitors/inbox', async (req, res) => {
    const auth = requireCurator(req);
    const inbox: MonitorInbox = { address: await intelAddress(db, auth.companyId, config.INTEL_EMAIL_DOMAIN), listening: config.INTEL_SMTP_PORT !== undefined };
    res.json(inbox);
  });

  router.post('/monitors', async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await createMonitor(db, allowHosts, scope(auth), parseInput(MonitorBody, req.body, 'body')));
  });

  router.post('/monitors/preview', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await previewMonitor(db, outbound, allowHosts, auth.companyId, parseInput(MonitorPreviewBody, req.body, 'body')));
  });

  router.post('/monitors/import', async (req, res) => {
    const auth = requireCurator(req);
    const body = parseInput(MonitorImportBody, req.body, 'body');
    res.json(await importOpml(db, allowHosts, scope(auth), body.opml, body.rivalId));
  });

  router.get('/monitors/:id', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await readMonitor(db, auth.companyId, idParam(req)));
  });

  router.patch('/monitors/:id', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await updateMonitor(db, auth.companyId, idParam(req), parseInput(MonitorPatch, req.body, 'body')));
  });

  router.delete('/monitors/:id', async (req, res) => {
    const auth = requireCurator(req);
    await deleteMonitor(db, auth.companyId, idParam(req));
    res.status(204).end();
  });

  router.post('/monitors/:id/check', async (req, res) => {
    const auth = requireCurator(req);
    await checkNow(db, auth.companyId, idParam(req));
    res.status(202).json({ queued: true });
  });

  router.get('/monitors/:id/changes', async (req, res) => {
    const auth = requireCurator(req);
    const { page } = parseInput(MonitorChangesQuery, req.query, 'query');
    res.json(await listChanges(db, auth.companyId, idParam(req), page));
  });

  return router;
}
