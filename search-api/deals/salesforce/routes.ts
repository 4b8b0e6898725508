// Routes of the Salesforce connector (contracts/deals.ts): the connection (admins), its OAuth connect, sync runs, and
// the spec's sfdc provider calls (everyone signed in to the company; deals only for win/loss readers). Thin: parse,
// call the service, answer.
import express from 'express';
import { CrmConnectionBody, SfdcAccountQuery, SfdcOpportunitiesQuery, SfdcPersonQuery } from '../../../contracts/deals.ts';
import { secretBoxFor } from '../../../server-shared/secretBox.ts';
import { requireAdmin, requireAuth } from '../../auth/context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../errors.ts';
import { parseAllowHosts } from '../../outbound/rules.ts';
import { SALESFORCE } from './constants.ts';
import { authorizeUrl, disconnect, finishConnect, readConnection, saveSettings, STATE_COOKIE, STATE_COOKIE_PATH, type SalesforceDeps } from './connection.ts';
import { sfdcAccount, sfdcInstance, sfdcOpportunities, sfdcPerson } from './providers.ts';
import { requestSync } from './queue.ts';

export const salesforceDeps = ({ db, config, outbound, logger }: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'logger'>): SalesforceDeps => ({
  db,
  box: secretBoxFor(config),
  reach: { allowHosts: parseAllowHosts(config.OUTBOUND_ALLOW_HOSTS), outbound },
  appUrl: config.APP_URL,
  logger,
});

export function salesforceRoutes(app: AppDeps) {
  const router = express.Router();
  const deps = salesforceDeps(app);
  const { db } = deps;

  router.get('/integrations/salesforce', async (req, res) => {
    res.json(await readConnection(db, requireAdmin(req).companyId));
  });

  router.put('/integrations/salesforce', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await saveSettings(deps, auth, parseInput(CrmConnectionBody, req.body ?? {}, 'body')));
  });

  router.delete('/integrations/salesforce', async (req, res) => {
    await disconnect(deps, requireAdmin(req));
    res.status(204).end();
  });

  router.post('/integrations/salesforce/authorize', async (req, res) => {
    const { url, nonce } = await authorizeUrl(deps, requireAdmin(req));
    // Lax: Salesforce's redirect back is a top-level GET, which carries it.
    res.cookie(STATE_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: STATE_COOKIE_PATH, maxAge: SALESFORCE.stateTtlMs });
    res.json({ url });
  });

  router.get('/integrations/salesforce/callback', async (req, res) => {
    const auth = requireAuth(req);
    const nonce: unknown = req.cookies?.[STATE_COOKIE];
    res.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    res.redirect(302, await finishConnect(deps, auth, req.query, nonce));
  });

  router.post('/integrations/salesforce/sync', async (req, res) => {
    res.status(202).json(await requestSync(deps, app.jobs, requireAdmin(req)));
  });

  router.get('/providers/sfdc/instance', async (req, res) => {
    res.json(await sfdcInstance(db, requireAuth(req).companyId));
  });

  router.get('/providers/sfdc/opportunities', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await sfdcOpportunities(db, auth, parseInput(SfdcOpportunitiesQuery, req.query, 'query')));
  });

  router.get('/providers/sfdc/person', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await sfdcPerson(db, auth, parseInput(SfdcPersonQuery, req.query, 'query').email));
  });

  router.get('/providers/sfdc/account', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await sfdcAccount(db, auth, parseInput(SfdcAccountQuery, req.query, 'query')));
  });

  return router;
}
