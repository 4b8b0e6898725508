// Personal API tokens (contracts/apiTokens.ts): only a signed-in session makes, lists or revokes them.
import express from 'express';
import { ApiTokenBody } from '../../contracts/apiTokens.ts';
import type { AppDeps } from '../deps.ts';
import { isAdmin, requireSession } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { createApiToken, listCompanyTokens, listOwnTokens, revokeApiToken } from './service.ts';

export function apiTokenRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/account/tokens', async (req, res) => {
    res.json(await listOwnTokens(db, requireSession(req)));
  });

  router.post('/account/tokens', async (req, res) => {
    const auth = requireSession(req);
    res.status(201).set('Cache-Control', 'no-store').json(await createApiToken(db, auth, parseInput(ApiTokenBody, req.body, 'body')));
  });

  router.delete('/account/tokens/:id', async (req, res) => {
    await revokeApiToken(db, requireSession(req), idParam(req));
    res.status(204).end();
  });

  router.get('/company/tokens', async (req, res) => {
    const auth = requireSession(req);
    if (!isAdmin(auth)) throw apiError('admins_only');
    res.json(await listCompanyTokens(db, auth));
  });

  return router;
}
