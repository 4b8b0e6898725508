// Slack's routes: installing, disconnecting and listing channels (admins, with a session), and the requests Slack
// signs (slash commands, the message shortcut, events), which need their raw bytes: slackInboundRoutes is mounted
// before the app's body parsers and its CSRF guard (Slack's signature stands in for both).
import express, { Router } from 'express';
import { secretBoxFor } from '../../../server-shared/secretBox.ts';
import { requireAdmin, requireAuth } from '../../auth/context.ts';
import type { AppDeps } from '../../deps.ts';
import { LiveAnswers } from '../../ask/live.ts';
import { SLACK_INBOUND } from './constants.ts';
import { slackInboundHandler } from './inbound.ts';
import { disconnect, finishInstall, installUrl, type InstallDeps } from './install.ts';
import { slackChannels } from './post.ts';
import type { SlackWorkDeps } from './work.ts';

export function slackRoutes(deps: AppDeps): Router {
  const router = Router();
  const install: InstallDeps = { db: deps.db, config: deps.config, box: secretBoxFor(deps.config), logger: deps.logger };

  router.get('/integrations/slack/install', (req, res) => {
    res.redirect(302, installUrl(install, requireAdmin(req)));
  });

  router.get('/integrations/slack/callback', async (req, res) => {
    res.redirect(302, await finishInstall(install, requireAuth(req), req.query));
  });

  router.delete('/integrations/slack', async (req, res) => {
    await disconnect(install, requireAdmin(req));
    res.status(204).end();
  });

  router.get('/integrations/slack/channels', async (req, res) => {
    const auth = requireAdmin(req);
    res.json({ channels: await slackChannels(deps, auth.companyId) });
  });

  return router;
}

export function slackInboundRoutes(deps: AppDeps): Router {
  const router = Router();
  let work: SlackWorkDeps | undefined;
  const workDeps = () => (work ??= { db: deps.db, config: deps.config, logger: deps.logger, engine: deps.search.engine, box: secretBoxFor(deps.config), live: new LiveAnswers() });
  const raw = express.raw({ type: () => true, limit: '1mb' });
  router.post(SLACK_INBOUND.commands, raw, slackInboundHandler(deps, workDeps, 'command'));
  router.post(SLACK_INBOUND.interactivity, raw, slackInboundHandler(deps, workDeps, 'interaction'));
  router.post(SLACK_INBOUND.events, raw, slackInboundHandler(deps, workDeps, 'event'));
  return router;
}
