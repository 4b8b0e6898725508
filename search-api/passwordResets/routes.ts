// Password reset (contracts/account.ts): asking for a link by email, and setting a new password with it. Both are
// public (the token, or nothing, is the credential) and mounted before the CSRF guard, which would otherwise refuse
// a browser that still holds a session; a cross-site Origin is refused instead, as for sign-in.
import express from 'express';
import { PasswordResetBody, PasswordResetRequestBody } from '../../contracts/account.ts';
import type { AppDeps } from '../deps.ts';
import { rejectCrossOrigin } from '../account/routes.ts';
import { PASSWORD_RESET_LIMITS } from '../account/constants.ts';
import { SlidingWindowLimiter } from '../auth/rateLimit.ts';
import { parseInput, tooManyRequests } from '../errors.ts';
import { mailerFrom } from '../mail/transport.ts';
import { issuePasswordReset, resetPassword } from './service.ts';

export function passwordResetRoutes({ db, config, logger }: AppDeps) {
  const router = express.Router();
  const byAddress = new SlidingWindowLimiter(PASSWORD_RESET_LIMITS.perAddress, PASSWORD_RESET_LIMITS.windowMs);
  const byIp = new SlidingWindowLimiter(PASSWORD_RESET_LIMITS.perIp, PASSWORD_RESET_LIMITS.windowMs);
  const mailer = mailerFrom(config);

  // 202 whether or not the address has an account, so the answer tells nobody which addresses do. The look-up, the
  // link and the mail come after the answer, so its time does not tell either.
  router.post('/account/password_resets', async (req, res) => {
    rejectCrossOrigin(req);
    const { email } = parseInput(PasswordResetRequestBody, req.body, 'body');
    const ip = req.ip ?? 'unknown';
    const wait = Math.max(byAddress.retryAfter(email), byIp.retryAfter(ip));
    if (wait > 0) throw tooManyRequests('password_reset_too_many', wait);
    byAddress.hit(email);
    byIp.hit(ip);
    res.status(202).json({ ok: true });
    try {
      const mail = await issuePasswordReset(db, config, email);
      if (!mail) return;
      if (!mailer) return logger.warn('a password reset link was made but SMTP_URL is not set: no mail went out');
      await mailer.send([mail]);
    } catch (err) {
      logger.warn({ error: (err as Error).message }, 'a password reset link could not be made or mailed');
    }
  });

  router.put('/account/password_resets/:token', async (req, res) => {
    rejectCrossOrigin(req);
    const { password } = parseInput(PasswordResetBody, req.body, 'body');
    await resetPassword(db, String(req.params.token), password);
    res.status(204).end();
  });

  return router;
}
