// Routes of single sign-on (contracts/sso.ts). The settings API is for admins, under /api; the browser endpoints
// live at the top level, outside the CSRF guard: the start and the OIDC callback are top-level navigations, and the
// SAML ACS is the identity provider's cross-site form post by design (its signed assertion is the proof).
import { eq } from 'drizzle-orm';
import express, { type Request, type Response } from 'express';
import { SignInMethodBody, SsoSettingsBody, SSO_PATHS, type SignInMethod } from '../../contracts/sso.ts';
import { SIGNIN_LIMITS } from '../account/constants.ts';
import { safeRedirect, signInPageWith } from '../account/routes.ts';
import { signInAs } from '../account/service.ts';
import { requireAdmin } from '../auth/context.ts';
import { SlidingWindowLimiter } from '../auth/rateLimit.ts';
import { sessionTimeouts, setSessionCookie } from '../auth/sessions.ts';
import type { AppDeps } from '../deps.ts';
import { apiError, HttpError, parseInput, tooManyRequests } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { parseAllowHosts } from '../outbound/rules.ts';
import { companies } from '../../db/schema.ts';
import { secretBoxFor } from '../../server-shared/secretBox.ts';
import { setFlowCookie, takeFlowCookie } from './flowCookie.ts';
import { finishOidc, startOidc, type IssuerRules } from './oidc.ts';
import { userForIdentity, type SsoIdentity } from './provision.ts';
import { finishSaml, spMetadata, startSaml } from './saml.ts';
import { deleteSsoSettings, readSsoRow, readSsoSettings, saveSsoSettings, ssoRowForEmail, type SsoSettingsRow } from './settings.ts';

export function ssoRoutes({ db, config, outbound }: AppDeps) {
  const api = express.Router();
  const pages = express.Router();
  const rules: IssuerRules = { nodeEnv: config.NODE_ENV, allowHosts: parseAllowHosts(config.OUTBOUND_ALLOW_HOSTS), outbound };
  const box = secretBoxFor(config);
  const timeouts = sessionTimeouts(config);
  const appUrl = config.APP_URL.replace(/\/+$/, '');
  // Asking how an address signs in, and starting single sign-on, are sign-in attempts too: limited per IP like the
  // password form, so no one can walk a list of addresses to learn which domains use single sign-on.
  const byIp = new SlidingWindowLimiter(config.SIGNIN_ATTEMPTS_PER_IP, SIGNIN_LIMITS.windowMs);
  const countAttempt = (req: Request) => {
    const ip = req.ip ?? 'unknown';
    const wait = byIp.retryAfter(ip);
    if (wait > 0) throw tooManyRequests('sign_in_too_many', wait);
    byIp.hit(ip);
  };

  api.get('/company/sso', async (req, res) => {
    res.json(await readSsoSettings(db, config, requireAdmin(req).companyId));
  });

  api.put('/company/sso', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await saveSsoSettings(db, config, rules, auth, parseInput(SsoSettingsBody, req.body, 'body')));
  });

  api.delete('/company/sso', async (req, res) => {
    await deleteSsoSettings(db, requireAdmin(req));
    res.status(204).end();
  });

  // Told by the domain alone: the same answer for an address that has an account and one that has not.
  api.post('/account/signin_method', async (req, res) => {
    countAttempt(req);
    const { email } = parseInput(SignInMethodBody, req.body, 'body');
    const settings = await ssoRowForEmail(db, email);
    const answer: SignInMethod = settings ? { method: 'sso', url: `${SSO_PATHS.start}?${new URLSearchParams({ email })}` } : { method: 'password' };
    res.json(answer);
  });

  /** Signs the identity in and sends the browser on; a refusal goes back to the sign-in page with its code. */
  async function complete(req: Request, res: Response, settings: SsoSettingsRow, identity: () => Promise<SsoIdentity>, redirectTo: unknown) {
    try {
      const user = await userForIdentity(db, settings, await identity());
      const token = await signInAs(db, timeouts, user, req.auth?.session?.id, { ip: req.ip, userAgent: req.get('user-agent') });
      setSessionCookie(req, res, timeouts, token);
      res.redirect(303, safeRedirect(redirectTo));
    } catch (err) {
      refuse(req, res, err);
    }
  }

  function refuse(req: Request, res: Response, err: unknown) {
    if (!(err instanceof HttpError)) {
      // The library's reason (a bad signature, a wrong nonce, an expired assertion), never the token or assertion.
      req.log?.info({ reason: err instanceof Error ? err.message : String(err) }, 'single sign-on refused');
    }
    res.redirect(303, signInPageWith(err instanceof HttpError ? err : apiError('sso_failed')));
  }

  pages.get(SSO_PATHS.start, async (req, res) => {
    try {
      countAttempt(req);
      const { email } = parseInput(SignInMethodBody, { email: req.query.email }, 'query');
      const redirectTo = safeRedirect(req.query.redirectTo);
      const settings = await ssoRowForEmail(db, email);
      if (!settings) throw apiError('sso_not_configured');
      if (settings.protocol === 'saml') return res.redirect(302, await startSaml(db, appUrl, settings, redirectTo));
      const { url, flow } = await startOidc(rules, box, settings, { redirectUri: appUrl + SSO_PATHS.oidcCallback, email, redirectTo });
      setFlowCookie(req, res, box, flow);
      res.redirect(302, url);
    } catch (err) {
      refuse(req, res, err);
    }
  });

  pages.get(SSO_PATHS.oidcCallback, async (req, res) => {
    const flow = takeFlowCookie(req, res, box);
    const settings = flow && (await readSsoRow(db, flow.companyId));
    if (!flow || settings?.protocol !== 'oidc') return refuse(req, res, apiError('sso_state_invalid'));
    // The URL the provider redirected to, as registered (APP_URL), with the query it added.
    const callbackUrl = new URL(appUrl + req.originalUrl);
    await complete(req, res, settings, () => finishOidc(rules, box, settings, callbackUrl, flow), flow.redirectTo);
  });

  pages.get(`${SSO_PATHS.samlMetadata}/:id`, async (req, res) => {
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, idParam(req)));
    if (!company) throw apiError('company_not_found');
    res.type('application/samlmetadata+xml').send(spMetadata(appUrl, company.id));
  });

  pages.post(`${SSO_PATHS.samlAcs}/:id`, async (req, res) => {
    const settings = await readSsoRow(db, idParam(req));
    const samlResponse: unknown = req.body?.SAMLResponse;
    if (settings?.protocol !== 'saml' || typeof samlResponse !== 'string') return refuse(req, res, apiError('sso_failed'));
    await complete(req, res, settings, () => finishSaml(db, appUrl, settings, samlResponse), req.body?.RelayState);
  });

  return { api, pages };
}
