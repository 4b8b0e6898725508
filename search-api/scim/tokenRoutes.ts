// The company's SCIM token (contracts/scim.ts), for admins in Settings → Provisioning (SCIM).
import express from 'express';
import type { AppDeps } from '../deps.ts';
import { requireAdmin } from '../auth/context.ts';
import { revokeScimToken, rotateScimToken, scimTokenState } from './token.ts';

export function scimTokenRoutes({ db, config }: AppDeps) {
  const router = express.Router();

  router.get('/company/scim_token', async (req, res) => {
    res.json(await scimTokenState(db, requireAdmin(req).companyId, config.APP_URL));
  });

  router.post('/company/scim_token', async (req, res) => {
    res.status(201).json(await rotateScimToken(db, requireAdmin(req), config.APP_URL));
  });

  router.delete('/company/scim_token', async (req, res) => {
    await revokeScimToken(db, requireAdmin(req));
    res.status(204).end();
  });

  return router;
}
