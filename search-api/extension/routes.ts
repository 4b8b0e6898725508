// Routes of the browser extension (contracts/extension.ts). The extension calls them with a token of scope
// "extension" (auth/tokenAccess.ts checks the scope against contracts/apiRoutes.ts); each answers under its owner's
// roles and visibility. Where badges appear is set by curators. Thin: parse, call the service, answer.
import express from 'express';
import { CrmHostsBody, ExtensionClipBody, ExtensionLookupQuery, ExtensionMentionsBody, RivalDomainsBody } from '../../contracts/extension.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import type { AppDeps } from '../deps.ts';
import { parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { untilSearchable } from '../search/searchable.ts';
import { actorOf } from '../usage/rows.ts';
import { callerOf, clipPage, extensionConfig, lookupPage, pageMentions } from './service.ts';
import { readSites, setCrmHosts, setRivalDomains } from './sites.ts';

export function extensionRoutes({ db, usage }: AppDeps) {
  const router = express.Router();

  router.get('/extension/config.json', async (req, res) => {
    res.json(await extensionConfig(db, callerOf(requireAuth(req))));
  });

  router.get('/extension/lookup.json', async (req, res) => {
    const auth = requireAuth(req);
    const { url } = parseInput(ExtensionLookupQuery, req.query, 'query');
    res.json(await lookupPage(db, callerOf(auth), url));
  });

  router.post('/extension/mentions.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await pageMentions(db, callerOf(auth), parseInput(ExtensionMentionsBody, req.body, 'body')));
  });

  // Everyone may send intel, as with POST /alerts.json; the answer waits until the feed shows it.
  router.post('/extension/clips.json', async (req, res) => {
    const auth = requireAuth(req);
    const created = await clipPage(db, callerOf(auth), parseInput(ExtensionClipBody, req.body, 'body'));
    await untilSearchable(db, auth.companyId, 'intel');
    usage.record(actorOf(auth), { kind: 'intelSubmitted', intelId: created.id });
    res.status(201).json(created);
  });

  router.get('/extension/sites.json', async (req, res) => {
    res.json(await readSites(db, requireCurator(req).companyId));
  });

  router.put('/extension/crm_hosts.json', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await setCrmHosts(db, auth, parseInput(CrmHostsBody, req.body, 'body').hosts));
  });

  router.put('/rivals/:id/domains.json', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await setRivalDomains(db, auth.companyId, idParam(req), parseInput(RivalDomainsBody, req.body, 'body').domains));
  });

  return router;
}
