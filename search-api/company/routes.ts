// GET and PUT /api/company.json; the company profile, Ask's permitted groups and digest defaults;
// visibility groups (part 1 §3, §7). Reads are for everyone in the company, changes for admins.
import express from 'express';
import { FeatureFlagBody } from '../../contracts/account.ts';
import { AskGroupsBody, CompanyProfileBody, DigestDefaults, GroupMembersBody, GroupNameBody, GroupOrderBody, UsageQuery } from '../../contracts/settings.ts';
import type { AppDeps } from '../deps.ts';
import { actorOf } from '../audit/service.ts';
import { requireAdmin, requireAuth } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { listVisibilityGroups, readVisibilityGroup, setAskGroups, setCompanyData, setDigestDefaults, toCompanyJson, updateCompanyProfile } from './service.ts';
import {
  changeMembers,
  createVisibilityGroup,
  deleteVisibilityGroup,
  listGroupUsage,
  listMembers,
  renameVisibilityGroup,
  reorderVisibilityGroups,
} from './visibilityGroups.ts';

export function companyRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/company.json', async (req, res) => {
    res.json(await toCompanyJson(db, requireAuth(req).company));
  });

  router.put('/company.json', async (req, res) => {
    const auth = requireAdmin(req);
    const body = parseInput(FeatureFlagBody, req.body, 'body');
    res.json(await setCompanyData(db, auth, body.featureFlag, body.value));
  });

  router.put('/company/profile.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await updateCompanyProfile(db, auth, parseInput(CompanyProfileBody, req.body, 'body')));
  });

  router.put('/company/ask_groups.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await setAskGroups(db, auth, parseInput(AskGroupsBody, req.body, 'body').visibilityGroupIds));
  });

  router.put('/company/digest_defaults.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await setDigestDefaults(db, auth, parseInput(DigestDefaults, req.body, 'body')));
  });

  router.get('/visibility_groups.json', async (req, res) => {
    const { usage } = parseInput(UsageQuery, req.query, 'query');
    if (usage === 'true') {
      res.json(await listGroupUsage(db, requireAdmin(req).companyId));
      return;
    }
    res.json(await listVisibilityGroups(db, requireAuth(req).companyId));
  });

  router.post('/visibility_groups.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.status(201).json(await createVisibilityGroup(db, actorOf(auth), parseInput(GroupNameBody, req.body, 'body').name));
  });

  // Before /:id.json, which would take "order" for an id.
  router.put('/visibility_groups/order.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await reorderVisibilityGroups(db, actorOf(auth), parseInput(GroupOrderBody, req.body, 'body').ids));
  });

  router.get('/visibility_groups/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const group = await readVisibilityGroup(db, auth.companyId, idParam(req));
    if (!group) throw apiError('visibility_group_not_found');
    res.json(group);
  });

  router.put('/visibility_groups/:id.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await renameVisibilityGroup(db, actorOf(auth), idParam(req), parseInput(GroupNameBody, req.body, 'body').name));
  });

  router.delete('/visibility_groups/:id.json', async (req, res) => {
    const auth = requireAdmin(req);
    const id = idParam(req);
    await deleteVisibilityGroup(db, actorOf(auth), id);
    res.json({ id });
  });

  router.get('/visibility_groups/:id/members.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await listMembers(db, auth.companyId, idParam(req)));
  });

  router.put('/visibility_groups/:id/members.json', async (req, res) => {
    const auth = requireAdmin(req);
    const id = idParam(req);
    res.json(await changeMembers(db, actorOf(auth), id, parseInput(GroupMembersBody, req.body, 'body')));
  });

  return router;
}
