// GET and PUT /api/company.json; visibility groups (part 1 §3, §7).
import express from 'express';
import { FeatureFlagBody } from '../../contracts/account.ts';
import type { AppDeps } from '../app.ts';
import { requireAdmin, requireAuth } from '../auth/context.ts';
import { notFound, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { listVisibilityGroups, readVisibilityGroup, setCompanyData, toCompanyJson } from './service.ts';

export function companyRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/company.json', async (req, res) => {
    res.json(await toCompanyJson(db, requireAuth(req).company));
  });

  router.put('/company.json', async (req, res) => {
    const auth = requireAdmin(req);
    const body = parseInput(FeatureFlagBody, req.body, 'body');
    res.json(await setCompanyData(db, auth.company, body.featureFlag, body.value));
  });

  router.get('/visibility_groups.json', async (req, res) => {
    res.json(await listVisibilityGroups(db, requireAuth(req).companyId));
  });

  router.get('/visibility_groups/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const group = await readVisibilityGroup(db, auth.companyId, idParam(req));
    if (!group) throw notFound('Visibility group');
    res.json(group);
  });

  return router;
}
