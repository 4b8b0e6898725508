// /api/users/me.json, /api/users.json, /api/users/{id}.json (part 1 §7).
import express from 'express';
import { FeatureFlagBody, UserUpdateBody, UsersQuery } from '../../contracts/account.ts';
import type { AppDeps } from '../app.ts';
import { requireAuth, type Auth } from '../auth/context.ts';
import { notFound, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { listUsers, setUserData, toUserJson, updateUser, userJsonById } from './service.ts';

/** The signed-in user with the session's CSRF token and impersonation state. */
const me = (db: AppDeps['db'], auth: Auth) =>
  toUserJson(db, { ...auth, companyName: auth.company.name }, { csrfToken: auth.session.csrfToken, isImpersonating: auth.session.impersonatorUserId !== null });

export function userRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/users/me.json', async (req, res) => {
    res.json(await me(db, requireAuth(req)));
  });

  router.put('/users/me.json', async (req, res) => {
    const auth = requireAuth(req);
    const body = parseInput(FeatureFlagBody, req.body, 'body');
    const userData = await setUserData(db, auth.user, body.featureFlag, body.value);
    res.json(await me(db, { ...auth, user: { ...auth.user, userData } }));
  });

  router.get('/users.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await listUsers(db, auth.companyId, parseInput(UsersQuery, req.query, 'query')));
  });

  router.get('/users/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const user = await userJsonById(db, auth.companyId, idParam(req));
    if (!user) throw notFound('User');
    res.json(user);
  });

  router.put('/users/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = idParam(req);
    await updateUser(db, auth, id, parseInput(UserUpdateBody, req.body, 'body'));
    res.json(await userJsonById(db, auth.companyId, id));
  });

  return router;
}
