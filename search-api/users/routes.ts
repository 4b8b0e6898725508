// /api/users/me.json, /api/users.json, /api/users/{id}.json (part 1 §7); deactivation, reactivation and
// one's own password (contracts/account.ts).
import express from 'express';
import { FeatureFlagBody, PasswordChangeBody, UserUpdateBody, UsersQuery } from '../../contracts/account.ts';
import { SIGNIN_LIMITS } from '../account/constants.ts';
import { changePassword } from '../account/service.ts';
import type { AppDeps } from '../deps.ts';
import { impersonatorOf, requireAdmin, requireAuth, requireCurator, requireSession, type Auth } from '../auth/context.ts';
import { SlidingWindowLimiter } from '../auth/rateLimit.ts';
import { apiError, fieldError, tooManyRequests, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { AuthoredQuery } from '../../contracts/people.ts';
import { viewerOf } from '../visibility/index.ts';
import { authoredCards, submittedIntel } from './authored.ts';
import { deactivateUser, reactivateUser, updateUser } from './changes.ts';
import { listUsers, setUserData, toUserJson, userJsonById } from './service.ts';

/** The signed-in user with the session's CSRF token, impersonation state and whether it may only enroll in two-step verification. */
const me = (db: AppDeps['db'], auth: Auth) =>
  toUserJson(
    db,
    { ...auth, companyName: auth.company.name },
    { csrfToken: auth.session?.csrfToken, isImpersonating: impersonatorOf(auth) !== null, twoFactorEnrollment: auth.session?.twoFactorEnrollment ?? false },
  );

export function userRoutes({ db }: AppDeps) {
  const router = express.Router();
  // Wrong current passwords count like failed sign-ins: a stolen session cannot guess its way to the password.
  const passwordFailures = new SlidingWindowLimiter(SIGNIN_LIMITS.perAccount, SIGNIN_LIMITS.windowMs);

  const userJson = async (auth: Auth, id: number) => {
    const user = await userJsonById(db, auth.companyId, id, auth.user.id);
    if (!user) throw apiError('user_not_found');
    return user;
  };

  router.get('/users/me.json', async (req, res) => {
    res.json(await me(db, requireAuth(req)));
  });

  router.put('/users/me.json', async (req, res) => {
    const auth = requireAuth(req);
    const body = parseInput(FeatureFlagBody, req.body, 'body');
    const userData = await setUserData(db, auth.user, body.featureFlag, body.value);
    res.json(await me(db, { ...auth, user: { ...auth.user, userData } }));
  });

  router.put('/users/me/password.json', async (req, res) => {
    const auth = requireSession(req);
    const body = parseInput(PasswordChangeBody, req.body, 'body');
    const key = String(auth.user.id);
    const wait = passwordFailures.retryAfter(key);
    if (wait > 0) throw tooManyRequests('password_too_many', wait);
    const changed = await changePassword(db, auth, body);
    if (!changed) {
      passwordFailures.hit(key);
      throw fieldError('password_wrong', 'currentPassword');
    }
    passwordFailures.reset(key);
    res.json({ ok: true, ...changed });
  });

  router.get('/users.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await listUsers(db, auth.companyId, auth.user.id, parseInput(UsersQuery, req.query, 'query')));
  });

  router.get('/users/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await userJson(auth, idParam(req)));
  });

  router.put('/users/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = idParam(req);
    await updateUser(db, auth, id, parseInput(UserUpdateBody, req.body, 'body'));
    res.json(await userJson(auth, id));
  });

  router.post('/users/:id/deactivate.json', async (req, res) => {
    const auth = requireAdmin(req);
    const id = idParam(req);
    await deactivateUser(db, auth, id);
    res.json(await userJson(auth, id));
  });

  router.post('/users/:id/reactivate.json', async (req, res) => {
    const auth = requireAdmin(req);
    const id = idParam(req);
    await reactivateUser(db, auth, id);
    res.json(await userJson(auth, id));
  });

  // A person's page: what they made (users/authored.ts).
  router.get('/users/:id/cards.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await authoredCards(db, viewerOf(auth), idParam(req), parseInput(AuthoredQuery, req.query, 'query')));
  });

  router.get('/users/:id/intel.json', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await submittedIntel(db, auth.companyId, idParam(req), parseInput(AuthoredQuery, req.query, 'query')));
  });

  return router;
}
