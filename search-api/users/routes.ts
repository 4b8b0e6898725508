// /api/users/me.json, /api/users.json, /api/users/{id}.json (part 1 §7).
import { and, eq } from 'drizzle-orm';
import express from 'express';
import { FeatureFlagBody, UserUpdateBody, UsersQuery } from '../../contracts/account.ts';
import { userRoles, users, visibilityGroups } from '../../db/schema.ts';
import type { AppDeps } from '../app.ts';
import { isAdmin, requireAuth } from '../auth/context.ts';
import { badRequest, forbidden, notFound, parseInput } from '../errors.ts';
import { setAtPath, toPath } from '../flagPath.ts';
import { positiveId } from '../http/params.ts';
import { listUsers, setUserGroups, toUserJson, USER_DATA_KEYS, userJsonById } from './service.ts';

export function userRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/users/me.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(
      await toUserJson(
        db,
        { ...auth, companyName: auth.company.name },
        { csrfToken: auth.session.csrfToken, isImpersonating: auth.session.impersonatorUserId !== null },
      ),
    );
  });

  router.put('/users/me.json', async (req, res) => {
    const auth = requireAuth(req);
    const body = parseInput(FeatureFlagBody, req.body, 'body');
    const path = toPath(body.featureFlag);
    if (!(USER_DATA_KEYS as readonly string[]).includes(path[0])) {
      throw badRequest(`Invalid featureFlag: ${path[0]} is not a user setting`, { field: 'featureFlag' });
    }
    const userData = setAtPath(auth.user.userData, path, body.value);
    await db.update(users).set({ userData }).where(eq(users.id, auth.user.id));
    res.json(
      await toUserJson(
        db,
        { ...auth, user: { ...auth.user, userData }, companyName: auth.company.name },
        { csrfToken: auth.session.csrfToken, isImpersonating: auth.session.impersonatorUserId !== null },
      ),
    );
  });

  router.get('/users.json', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await listUsers(db, auth.companyId, parseInput(UsersQuery, req.query, 'query')));
  });

  router.get('/users/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const user = await userJsonById(db, auth.companyId, positiveId(req.params.id, 'id'));
    if (!user) throw notFound('User');
    res.json(user);
  });

  router.put('/users/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = positiveId(req.params.id, 'id');
    const body = parseInput(UserUpdateBody, req.body, 'body');
    const self = id === auth.user.id;
    if (!self && !isAdmin(auth)) throw forbidden('Only admins can change other users');
    if ((body.roles || body.visibilityGroupIds) && !isAdmin(auth)) throw forbidden('Only admins can change roles and groups');
    const [target] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, auth.companyId)));
    if (!target) throw notFound('User');
    if (body.visibilityGroupIds?.length) {
      const known = await db
        .select({ id: visibilityGroups.id })
        .from(visibilityGroups)
        .where(eq(visibilityGroups.companyId, auth.companyId));
      const ids = new Set(known.map((g) => g.id));
      const unknown = body.visibilityGroupIds.filter((g) => !ids.has(g));
      if (unknown.length) throw badRequest(`Invalid visibilityGroupIds: unknown group ${unknown[0]}`);
    }
    await db.transaction(async (tx) => {
      const { roles, visibilityGroupIds, ...fields } = body;
      if (Object.keys(fields).length) await tx.update(users).set(fields).where(eq(users.id, id));
      if (roles) {
        await tx.delete(userRoles).where(eq(userRoles.userId, id));
        if (roles.length) await tx.insert(userRoles).values([...new Set(roles)].map((role) => ({ companyId: auth.companyId, userId: id, role })));
      }
      if (visibilityGroupIds) await setUserGroups(tx as unknown as typeof db, auth.companyId, id, visibilityGroupIds);
    });
    res.json(await userJsonById(db, auth.companyId, id));
  });

  return router;
}
