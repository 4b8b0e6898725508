// The Express application: security headers, body parsing, request logs, SCIM, sessions, CSRF, the /api
// routes, the account form posts, and the built web app with its client-side routes.
import fs from 'node:fs';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { accountRoutes } from './account/routes.ts';
import { apiTokenRoutes } from './apiTokens/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { askRoutes } from './ask/routes.ts';
import { authLoader, csrfGuard } from './auth/context.ts';
import { sessionTimeouts } from './auth/sessions.ts';
import { bookmarkRoutes } from './bookmarks/routes.ts';
import { battlecardRoutes } from './battlecards/routes.ts';
import { boardRoutes } from './boards/routes.ts';
import { cardRoutes } from './cards/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { companyRoutes } from './company/routes.ts';
import { synonymRoutes } from './synonyms/routes.ts';
import { SCIM_BASE_PATH } from '../contracts/scim.ts';
import type { AppDeps } from './deps.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { extensionRoutes } from './extension/routes.ts';
import { dynamicBoardRoutes } from './dynamicBoards/routes.ts';
import { digestRoutes } from './digests/routes.ts';
import { digestTrackingRoutes } from './digests/tracking.ts';
import { extensionDownload } from './extension/download.ts';
import { apiNotFound, errorHandler } from './http/errorHandler.ts';
import { rejectNulBytes } from './http/nulBytes.ts';
import { requestLogger } from './http/requestLog.ts';
import { systemRoutes } from './http/systemRoutes.ts';
import { insightRoutes, REVIEW_IMPORT_PATH } from './insights/routes.ts';
import { winLossExclusiveGuard } from './deals/access.ts';
import { DEAL_FILE_PATHS, dealRoutes } from './deals/routes.ts';
import { winLossRoutes } from './winLoss/routes.ts';
import { publicSurveyRoutes, surveyRoutes } from './surveys/routes.ts';
import { CALL_IMPORT_PATH, callRoutes } from './calls/routes.ts';
import { interviewRoutes, isTranscriptUpload } from './interviews/routes.ts';
import { isKnowledgeFileUpload, knowledgeFileRoutes } from './knowledgeHub/fileRoutes.ts';
import { slackInboundRoutes, slackRoutes } from './integrations/slack/routes.ts';
import { webhookRoutes } from './integrations/webhooks/routes.ts';
import { integrationRoutes, teamsMessageRoute } from './integrations/routes.ts';
import { chatDeps } from './integrations/chat.ts';
import { intelRoutes } from './intel/routes.ts';
import { landingRoutes } from './landing/routes.ts';
import { monitorRoutes } from './monitors/routes.ts';
import { OutboundClient } from './outbound/client.ts';
import { parseAllowHosts } from './outbound/rules.ts';
import { newsRoutes } from './news/routes.ts';
import { organizationRoutes } from './organizations/routes.ts';
import { knowledgeHubRoutes } from './knowledgeHub/routes.ts';
import { passwordResetRoutes } from './passwordResets/routes.ts';
import { actorScope } from './notifications/actor.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { rivalRoutes } from './rivals/routes.ts';
import { scimRoutes } from './scim/routes.ts';
import { scimTokenRoutes } from './scim/tokenRoutes.ts';
import { salesforceRoutes } from './deals/salesforce/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { ssoRoutes } from './sso/routes.ts';
import { tagRoutes } from './tags/routes.ts';
import { enrollmentGuard } from './twoFactor/guard.ts';
import { twoFactorRoutes } from './twoFactor/routes.ts';
import { userRoutes } from './users/routes.ts';
import { UsageRecorder } from './usage/recorder.ts';
import { usageRoutes } from './usage/routes.ts';


export const DEFAULT_WEB_DIR = path.resolve(import.meta.dirname, '..', 'dist', 'web');

/** Until the Slack app is merged (search-api/integrations/slack), Slack has no sender and no channels. */
export function createApp(given: Omit<AppDeps, 'usage' | 'outbound' | 'chat'> & Partial<Pick<AppDeps, 'usage' | 'outbound' | 'chat'>>) {
  const outbound = given.outbound ?? new OutboundClient({ allowHosts: parseAllowHosts(given.config.OUTBOUND_ALLOW_HOSTS) });
  const deps: AppDeps = {
    ...given,
    usage: given.usage ?? new UsageRecorder(given.db, given.logger, { retentionMonths: given.config.USAGE_RETENTION_MONTHS }),
    outbound,
    chat: given.chat ?? chatDeps({ db: given.db, config: given.config, outbound, logger: given.logger }),
  };
  const { db, config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('query parser', 'extended');

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  app.use(requestLogger(logger));
  const webDir = deps.webDir ?? DEFAULT_WEB_DIR;
  // The public survey page (issue #57) before anything reads a session: it never gets the app's HTML, a sign-in
  // redirect or a session's cookie, and calls only /api/win-loss/p/{token}.
  app.get(SURVEY_PAGE, (_req, res) => sendPage(res, path.join(webDir, 'survey.html'), { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }));
  // SCIM (issue #53) answers before the session, body parsing and CSRF of the app: its caller is an identity provider with a token.
  app.use(SCIM_BASE_PATH, scimRoutes(deps));
  // Slack's signed requests are verified over their raw bytes, and carry no session or CSRF token.
  app.use(slackInboundRoutes(deps));
  // The Teams outgoing webhook signs its raw body: before the body parsers (and the session, which it has none of).
  app.use(teamsMessageRoute(deps));
  // A review import carries a file of up to 50 MB, a deal import one of up to 200 MB: their routes read the body
  // themselves, once the session is checked.
  const json = express.json({ limit: '2mb' });
  app.use((req, res, next) => (req.path === REVIEW_IMPORT_PATH || req.path === CALL_IMPORT_PATH || DEAL_FILE_PATHS.includes(req.path) || isTranscriptUpload(req.path) || isKnowledgeFileUpload(req.path) ? next() : json(req, res, next)));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use(cookieParser());
  app.use(rejectNulBytes);
  app.use(authLoader(db, sessionTimeouts(config)));
  app.use(actorScope(db));

  const account = accountRoutes(deps);
  app.use(account.pages);
  const sso = ssoRoutes(deps);
  app.use(sso.pages);

  const api = express.Router();
  // Public, and called by browsers that may still hold a session: before the CSRF guard (see its routes).
  api.use(passwordResetRoutes(deps));
  // A survey contact's page: no session (authLoader reads none there), its own rate limit.
  api.use(publicSurveyRoutes(deps));
  api.use(csrfGuard);
  api.use(enrollmentGuard);
  api.use(winLossExclusiveGuard);
  api.use(account.api);
  api.use(twoFactorRoutes(deps));
  api.use(sso.api);
  api.use(systemRoutes(deps));
  api.use(openApiRoutes(deps));
  api.use(userRoutes(deps));
  api.use(apiTokenRoutes(deps));
  api.use(invitationRoutes(deps));
  api.use(companyRoutes(deps));
  api.use(scimTokenRoutes(deps));
  api.use(auditRoutes(deps));
  api.use(synonymRoutes(deps));
  api.use(bookmarkRoutes(deps));
  api.use(notificationRoutes(deps));
  api.use(searchRoutes(deps));
  api.use(rivalRoutes(deps));
  api.use(boardRoutes(deps));
  api.use(battlecardRoutes(deps));
  api.use(tagRoutes(deps));
  api.use(cardRoutes(deps));
  api.use(dashboardRoutes(deps));
  api.use(dynamicBoardRoutes(deps));
  api.use(intelRoutes(deps));
  api.use(monitorRoutes(deps));
  api.use(webhookRoutes(deps));
  api.use(integrationRoutes(deps));
  api.use(salesforceRoutes(deps));
  api.use(extensionRoutes(deps));
  api.use(digestRoutes(deps));
  api.use(digestTrackingRoutes(deps));
  api.use(askRoutes(deps));
  api.use(insightRoutes(deps));
  api.use(dealRoutes(deps));
  api.use(winLossRoutes(deps));
  api.use(interviewRoutes(deps));
  api.use(surveyRoutes(deps));
  api.use(callRoutes(deps));
  api.use(landingRoutes(deps));
  api.use(newsRoutes(deps));
  api.use(organizationRoutes(deps));
  api.use(knowledgeHubRoutes(deps));
  api.use(knowledgeFileRoutes(deps));
  api.use(usageRoutes(deps));
  api.use(reportRoutes(deps));
  api.use(slackRoutes(deps));
  api.use(apiNotFound);
  app.use('/api', api);

  // The browser extension's zip: outside /api (a download, not an API answer), before the web app's catch-all.
  app.use(extensionDownload(deps));
  serveWeb(app, webDir);
  app.use(errorHandler);
  return app;
}

/** The public survey page's path, /win-loss/p/{token} (and anything below /win-loss/p, which the page reads as not found). */
const SURVEY_PAGE = /^\/win-loss\/p(?:\/.*)?$/;

/** A page of the built web app, or 503 while it is not built. */
function sendPage(res: express.Response, file: string, headers: Record<string, string>) {
  if (!fs.existsSync(file)) {
    res.status(503).type('text').send('The web app is not built yet. Run `npm run build:web` (npm start does it).');
    return;
  }
  res.set(headers).sendFile(file);
}

/** The built single-page app: hashed assets cached for long, every other GET answered with index.html. */
function serveWeb(app: express.Express, webDir: string) {
  const indexHtml = path.join(webDir, 'index.html');
  app.use('/assets', express.static(path.join(webDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(webDir, { index: false }));
  app.get(/.*/, (_req, res) => sendPage(res, indexHtml, { 'Cache-Control': 'no-cache' }));
}
