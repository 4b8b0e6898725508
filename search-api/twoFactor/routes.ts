// Two-step verification of one's own account, and the company's requirement (contracts/account.ts). The second
// step of a sign-in is a sign-in post (account/routes.ts).
import express, { type Request } from 'express';
import { TwoFactorCodeBody, TwoFactorProofBody, TwoFactorRequirementBody } from '../../contracts/account.ts';
import { secretBoxFor } from '../../server-shared/secretBox.ts';
import { SIGNIN_LIMITS } from '../account/constants.ts';
import { requireAdmin, requireAuth, requireSession } from '../auth/context.ts';
import { SlidingWindowLimiter } from '../auth/rateLimit.ts';
import type { AppDeps } from '../deps.ts';
import { apiError, fieldError, HttpError, parseInput, tooManyRequests } from '../errors.ts';
import { confirmSetup, disableTwoFactor, proofHolds, regenerateRecoveryCodes, setTwoFactorRequirement, startSetup, twoFactorStatus } from './service.ts';

export function twoFactorRoutes({ db, config }: AppDeps) {
  const router = express.Router();
  const box = secretBoxFor(config);
  // Wrong codes and passwords count like failed sign-ins: a stolen session cannot guess its way through.
  const failures = new SlidingWindowLimiter(SIGNIN_LIMITS.perAccount, SIGNIN_LIMITS.windowMs);

  /** The signed-in user, not while impersonating: staff may not change someone's second factor. */
  const ownAccount = (req: Request) => {
    const auth = requireSession(req);
    if (auth.session.impersonatorUserId) throw apiError('two_factor_while_impersonating');
    return auth;
  };

  /** Throws unless the body proves it is the user (a current code or the password), counting failures. */
  const requireProof = async (req: Request) => {
    const auth = ownAccount(req);
    const body = parseInput(TwoFactorProofBody, req.body, 'body');
    const key = String(auth.user.id);
    const wait = failures.retryAfter(key);
    if (wait > 0) throw tooManyRequests('two_factor_too_many', wait);
    if (!(await proofHolds(db, box, auth, body))) {
      failures.hit(key);
      throw body.code !== undefined ? fieldError('two_factor_code_wrong', 'code') : fieldError('password_wrong', 'currentPassword');
    }
    return auth;
  };

  router.get('/account/two_factor', async (req, res) => {
    res.json(await twoFactorStatus(db, requireAuth(req)));
  });

  router.post('/account/two_factor/setup', async (req, res) => {
    res.json(await startSetup(db, box, ownAccount(req)));
  });

  router.post('/account/two_factor/confirm', async (req, res) => {
    const auth = ownAccount(req);
    const { code } = parseInput(TwoFactorCodeBody, req.body, 'body');
    const key = String(auth.user.id);
    const wait = failures.retryAfter(key);
    if (wait > 0) throw tooManyRequests('two_factor_too_many', wait);
    try {
      res.json(await confirmSetup(db, box, auth, code));
    } catch (err) {
      if (err instanceof HttpError && err.code === 'two_factor_code_wrong') failures.hit(key);
      throw err;
    }
  });

  router.delete('/account/two_factor', async (req, res) => {
    await disableTwoFactor(db, await requireProof(req));
    res.status(204).end();
  });

  router.post('/account/two_factor/recovery_codes', async (req, res) => {
    res.json(await regenerateRecoveryCodes(db, await requireProof(req)));
  });

  router.put('/company/two_factor.json', async (req, res) => {
    const auth = requireAdmin(req);
    const { required } = parseInput(TwoFactorRequirementBody, req.body, 'body');
    res.json(await setTwoFactorRequirement(db, auth, required));
  });

  return router;
}
