// Sign-in (with its second step when the user has two-step verification), sign-out, accepting an invitation and
// impersonation (part 1 §2, §6, §7). Sign-in and its second step accept a form or JSON; accepting an invitation is JSON; sign-out and revert are form POSTs with _method=DELETE
// and the authenticity_token (the session's CSRF token).
import express, { type Request, type Response } from 'express';
import { AcceptInvitationBody, ImpersonateBody, SIGNIN_TWO_FACTOR_PATH, SignInBody, TwoFactorSignInBody, type SignInNeedsCode } from '../../contracts/account.ts';
import { secretBoxFor } from '../../server-shared/secretBox.ts';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { requireSession } from '../auth/context.ts';
import { SlidingWindowLimiter } from '../auth/rateLimit.ts';
import { SESSION_COOKIE, destroySession, sessionTimeouts, setSessionCookie } from '../auth/sessions.ts';
import { apiError, HttpError, tooManyRequests, parseInput } from '../errors.ts';
import { acceptInvitation } from '../invitations/service.ts';
import { endPendingSignIn, passwordSignInStep, PENDING_SIGN_IN_MS, pendingSignIn, useSecondFactor } from '../twoFactor/service.ts';
import { refuseWhenSsoRequired } from '../sso/settings.ts';
import { SIGNIN_LIMITS } from './constants.ts';
import { checkCredentials, impersonationCandidates, revertImpersonation, signInAs, startImpersonation } from './service.ts';


/** Only same-origin paths are followed after sign-in, so redirectTo cannot send a user elsewhere. */
const SIGNIN_PATH = '/account/signin';
/** The pending sign-in of a password that needs a code next (twoFactor/service.ts), sent only to the sign-in paths. */
const PENDING_SIGN_IN_COOKIE = 'rs_signin_pending';

export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return '/';
  if (target.startsWith('/account/signin')) return '/';
  return target;
}

/**
 * The sign-in page telling a refusal: its English text, and its code and values for the page to word in the reader's
 * language, keeping where the user was headed (and `extra` state, such as the code step of two-step verification).
 */
export function signInPageWith(err: HttpError, redirectTo?: unknown, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ error: err.message, errorCode: err.code, ...extra });
  if (err.params) params.set('errorValues', JSON.stringify(err.params));
  if (typeof redirectTo === 'string') params.set('redirectTo', safeRedirect(redirectTo));
  return `${SIGNIN_PATH}?${params}`;
}

export function accountRoutes(deps: AppDeps) {
  const { db, config } = deps;
  // Form posts and sign-in live at the top level; the impersonation API goes under /api (and its CSRF guard).
  const router = express.Router();
  const api = express.Router();
  const byAccount = new SlidingWindowLimiter(SIGNIN_LIMITS.perAccount, SIGNIN_LIMITS.windowMs);
  const byIp = new SlidingWindowLimiter(config.SIGNIN_ATTEMPTS_PER_IP, SIGNIN_LIMITS.windowMs);
  const timeouts = sessionTimeouts(config);
  const box = secretBoxFor(config);

  const setCookie = (req: Request, res: Response, token: string) => setSessionCookie(req, res, timeouts, token);

  const isForm = (req: Request) => req.is('application/x-www-form-urlencoded') !== false && !req.is('json');

  /** The password was right and a code is needed: no session yet, a pending sign-in cookie for the second step. */
  const askForCode = (req: Request, res: Response, pendingToken: string, redirectTo: string, form: boolean) => {
    res.cookie(PENDING_SIGN_IN_COOKIE, pendingToken, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: SIGNIN_PATH, maxAge: PENDING_SIGN_IN_MS });
    if (form) return res.redirect(303, `${SIGNIN_PATH}?${new URLSearchParams({ twoFactor: '1', redirectTo })}`);
    res.json({ ok: false, twoFactorRequired: true, redirectTo } satisfies SignInNeedsCode);
  };

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
      const redirectTo = safeRedirect(body.redirectTo ?? req.query.redirectTo);
      const step = await passwordSignInStep(db, user);
      if ('pendingToken' in step) return askForCode(req, res, step.pendingToken, redirectTo, form);
      const token = await signInAs(db, timeouts, user, req.auth?.session?.id, { ip, userAgent: req.get('user-agent') }, step.enroll);
      setCookie(req, res, token);
      if (form) return res.redirect(303, redirectTo);
      res.json({ ok: true, redirectTo });
    } catch (err) {
      if (!form || !(err instanceof HttpError)) return next(err);
      backToSignIn(req, res, err);
    }
  });

  // The second step of a password sign-in with two-step verification: the pending sign-in's cookie and a code.
  router.post(SIGNIN_TWO_FACTOR_PATH, async (req, res, next) => {
    const form = isForm(req);
    try {
      rejectCrossOrigin(req);
      const body = parseInput(TwoFactorSignInBody, req.body, 'sign-in');
      const pending = await pendingSignIn(db, req.cookies?.[PENDING_SIGN_IN_COOKIE]);
      const ip = req.ip ?? 'unknown';
      const key = `two_factor:${pending.user.id}`;
      const wait = Math.max(byAccount.retryAfter(key), byIp.retryAfter(ip));
      if (wait > 0) throw tooManyRequests('two_factor_too_many', wait);
      byIp.hit(ip);
      if (!(await useSecondFactor(db, box, pending.user.id, body.code))) {
        byAccount.hit(key);
        throw apiError('two_factor_failed');
      }
      byAccount.reset(key);
      await endPendingSignIn(db, pending.id);
      res.clearCookie(PENDING_SIGN_IN_COOKIE, { path: SIGNIN_PATH });
      const token = await signInAs(db, timeouts, pending.user, req.auth?.session?.id, { ip, userAgent: req.get('user-agent') });
      setCookie(req, res, token);
      const redirectTo = safeRedirect(body.redirectTo ?? req.query.redirectTo);
      if (form) return res.redirect(303, redirectTo);
      res.json({ ok: true, redirectTo });
    } catch (err) {
      if (!form || !(err instanceof HttpError)) return next(err);
      // A wrong code may be tried again while the sign-in waits; an expired one starts over with the password.
      backToSignIn(req, res, err, err.code === 'two_factor_sign_in_expired' ? {} : { twoFactor: '1' });
    }
  });

  // The invitation page posts here: the account is made and signed in, like a password sign-in (so a company's
  // two-step verification requirement leads the new user to enrollment first).
  router.post('/account/invitation/:token', async (req, res) => {
    rejectCrossOrigin(req);
    const body = parseInput(AcceptInvitationBody, req.body, 'body');
    const user = await acceptInvitation(db, String(req.params.token), body);
    const step = await passwordSignInStep(db, user);
    const token = await signInAs(db, timeouts, user, req.auth?.session?.id, { ip: req.ip, userAgent: req.get('user-agent') }, 'enroll' in step && step.enroll);
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

/** A refused form post goes back to the sign-in page with the refusal (signInPageWith). */
function backToSignIn(req: Request, res: Response, err: HttpError, extra: Record<string, string> = {}) {
  res.redirect(303, signInPageWith(err, req.body?.redirectTo ?? req.query.redirectTo, extra));
}

const ImpersonationSearch = z.object({ query: z.string().trim().max(200).optional() });

function requireImpersonator(req: Request) {
  const auth = requireSession(req);
  if (!auth.user.isStaff || !auth.user.canImpersonate || auth.session.impersonatorUserId) {
    throw apiError('impersonate_staff_only');
  }
  return auth;
}

/** A form POST standing for DELETE must name the method and carry the session's authenticity token. */
function requireFormDelete(req: Request) {
  const auth = requireSession(req);
  const method = req.body?._method;
  const token = req.body?.authenticity_token ?? req.get('x-csrf-token');
  if (typeof method !== 'string' || method.toUpperCase() !== 'DELETE') throw apiError('sign_out_method');
  if (token !== auth.session.csrfToken) throw apiError('authenticity_token_invalid');
  return auth;
}

/** Sign-in has no session yet to hold a CSRF token; a cross-site Origin is refused instead. */
export function rejectCrossOrigin(req: Request) {
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
