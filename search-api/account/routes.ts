// Sign-in, sign-out, accepting an invitation and impersonation (part 1 §2, §6, §7). Sign-in accepts a
// form or JSON; accepting an invitation is JSON; sign-out and revert are form POSTs with _method=DELETE
// and the authenticity_token (the session's CSRF token).
import express, { type Request, type Response } from 'express';
import { AcceptInvitationBody, ImpersonateBody, SignInBody } from '../../contracts/account.ts';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { requireAuth } from '../auth/context.ts';
import { SlidingWindowLimiter } from '../auth/rateLimit.ts';
import { SESSION_COOKIE, destroySession, sessionTimeouts, setSessionCookie } from '../auth/sessions.ts';
import { apiError, HttpError, tooManyRequests, parseInput } from '../errors.ts';
import { acceptInvitation } from '../invitations/service.ts';
import { refuseWhenSsoRequired } from '../sso/settings.ts';
import { SIGNIN_LIMITS } from './constants.ts';
import { checkCredentials, impersonationCandidates, revertImpersonation, signInAs, startImpersonation } from './service.ts';


/** Only same-origin paths are followed after sign-in, so redirectTo cannot send a user elsewhere. */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return '/';
  if (target.startsWith('/account/signin')) return '/';
  return target;
}

/** The sign-in page telling a refusal: its English text, and its code and values for the page to word. */
export function signInPageWith(err: HttpError, redirectTo?: unknown): string {
  const params = new URLSearchParams({ error: err.message, errorCode: err.code });
  if (err.params) params.set('errorValues', JSON.stringify(err.params));
  if (typeof redirectTo === 'string') params.set('redirectTo', safeRedirect(redirectTo));
  return `/account/signin?${params}`;
}

export function accountRoutes(deps: AppDeps) {
  const { db, config } = deps;
  // Form posts and sign-in live at the top level; the impersonation API goes under /api (and its CSRF guard).
  const router = express.Router();
  const api = express.Router();
  const byAccount = new SlidingWindowLimiter(SIGNIN_LIMITS.perAccount, SIGNIN_LIMITS.windowMs);
  const byIp = new SlidingWindowLimiter(config.SIGNIN_ATTEMPTS_PER_IP, SIGNIN_LIMITS.windowMs);
  const timeouts = sessionTimeouts(config);

  const setCookie = (req: Request, res: Response, token: string) => setSessionCookie(req, res, timeouts, token);

  const isForm = (req: Request) => req.is('application/x-www-form-urlencoded') !== false && !req.is('json');

  router.post('/account/signin', async (req, res, next) => {
    const form = isForm(req);
    try {
      rejectCrossOrigin(req);
      const body = parseInput(SignInBody, req.body, 'sign-in');
      const ip = req.ip ?? 'unknown';
      const wait = Math.max(byAccount.retryAfter(body.email), byIp.retryAfter(ip));
      if (wait > 0) throw tooManyRequests('sign_in_too_many', wait);
      byIp.hit(ip);

      const user = await checkCredentials(db, body.email, body.password);
      await refuseWhenSsoRequired(db, body.email, user);
      if (!user) {
        byAccount.hit(body.email);
        throw apiError('sign_in_failed');
      }
      byAccount.reset(body.email);
      // The right password of a deactivated account: saying so helps its owner and tells an attacker nothing they could not already do.
      if (user.deactivatedAt) throw apiError('account_deactivated');
      const token = await signInAs(db, timeouts, user, req.auth?.session.id, { ip, userAgent: req.get('user-agent') });
      setCookie(req, res, token);
      const redirectTo = safeRedirect(body.redirectTo ?? req.query.redirectTo);
      if (form) return res.redirect(303, redirectTo);
      res.json({ ok: true, redirectTo });
    } catch (err) {
      if (!form || !(err instanceof HttpError)) return next(err);
      // A form post goes back to the page with the message (and its code and values, for the page to word in the
      // reader's language), keeping where the user was headed.
      res.redirect(303, signInPageWith(err, req.body?.redirectTo ?? req.query.redirectTo));
    }
  });

  // The invitation page posts here: the account is made and signed in, like a sign-in.
  router.post('/account/invitation/:token', async (req, res) => {
    rejectCrossOrigin(req);
    const body = parseInput(AcceptInvitationBody, req.body, 'body');
    const user = await acceptInvitation(db, String(req.params.token), body);
    const token = await signInAs(db, timeouts, user, req.auth?.session.id, { ip: req.ip, userAgent: req.get('user-agent') });
    setCookie(req, res, token);
    res.status(201).json({ ok: true, redirectTo: '/' });
  });

  router.post('/account/signout', async (req, res, next) => {
    try {
      const auth = requireFormDelete(req);
      await destroySession(db, auth.session.id);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      if (isForm(req)) return res.redirect(303, '/account/signin');
      res.json({ ok: true });
    } catch (err) {
      next(err);
    }
  });

  // Users of every company, for staff picking whom to impersonate.
  api.get('/impersonate/users.json', async (req, res) => {
    requireImpersonator(req);
    const { query } = parseInput(ImpersonationSearch, req.query, 'query');
    res.json(await impersonationCandidates(db, query ?? ''));
  });

  api.post('/impersonate', async (req, res, next) => {
    try {
      const auth = requireImpersonator(req);
      const { userId } = parseInput(ImpersonateBody, req.body, 'body');
      const token = await startImpersonation(db, timeouts, auth, userId, { ip: req.ip, userAgent: req.get('user-agent') });
      setCookie(req, res, token);
      res.json({ ok: true, redirectTo: '/' });
    } catch (err) {
      next(err);
    }
  });

  router.post('/impersonate/revert', async (req, res, next) => {
    try {
      const auth = requireFormDelete(req);
      const token = await revertImpersonation(db, timeouts, auth, { ip: req.ip, userAgent: req.get('user-agent') });
      setCookie(req, res, token);
      if (isForm(req)) return res.redirect(303, '/');
      res.json({ ok: true, redirectTo: '/' });
    } catch (err) {
      next(err);
    }
  });

  return { pages: router, api };
}

const ImpersonationSearch = z.object({ query: z.string().trim().max(200).optional() });

function requireImpersonator(req: Request) {
  const auth = requireAuth(req);
  if (!auth.user.isStaff || !auth.user.canImpersonate || auth.session.impersonatorUserId) {
    throw apiError('impersonate_staff_only');
  }
  return auth;
}

/** A form POST standing for DELETE must name the method and carry the session's authenticity token. */
function requireFormDelete(req: Request) {
  const auth = requireAuth(req);
  const method = req.body?._method;
  const token = req.body?.authenticity_token ?? req.get('x-csrf-token');
  if (typeof method !== 'string' || method.toUpperCase() !== 'DELETE') throw apiError('sign_out_method');
  if (token !== auth.session.csrfToken) throw apiError('authenticity_token_invalid');
  return auth;
}

/** Sign-in has no session yet to hold a CSRF token; a cross-site Origin is refused instead. */
function rejectCrossOrigin(req: Request) {
  const origin = req.get('origin');
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw apiError('sign_in_cross_site');
  }
  if (host !== req.get('host')) throw apiError('sign_in_cross_site');
}
