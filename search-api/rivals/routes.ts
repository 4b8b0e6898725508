// Rivals, rival groups and profiles (part 1 §7; part 3 §4.8, §7.4, §7.5): the rival list with visible
// counts, the quick finder, a profile with its boards and battlecards, and the curators' writes
// (create a rival as a job the client polls, delete, publish through the profile, group membership).
// Inputs are validated with zod (400 naming the field); unknown ids and other companies' ids answer 404.
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { ProfileClone, ProfileUpdate, RivalCreate } from '../../contracts/cards.ts';
import { RIVAL_ORDERS } from '../../contracts/competitors.ts';
import { RivalSearchQuery } from '../../contracts/search.ts';
import { GroupNameBody, GroupOrderBody, RivalGroupChange } from '../../contracts/settings.ts';
import type { AppDeps } from '../deps.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { boolParam, idParam, intParam, PreviewQuery } from '../http/params.ts';
import { viewerOf } from '../visibility/index.ts';
import { createRival, deleteRival, jobStatus, updateProfile } from './authoring.ts';
import { cloneProfile } from './clone.ts';
import { changeRivalGroup, createRivalGroup, deleteRivalGroup, reorderRivalGroups } from './groups.ts';
import { RIVALS_MAX_LIMIT, listRivalGroups, listRivals, readProfile, rivalGroupExists, searchRivals } from './service.ts';

const RivalsQuery = z.object({
  page: intParam(1, 1_000_000).default(1),
  limit: intParam(1, RIVALS_MAX_LIMIT).default(RIVALS_MAX_LIMIT),
  minimal: boolParam.default(false),
  cardsCount: boolParam.optional(),
  icon: boolParam.optional(),
  rivalGroupId: intParam(1, 2_147_483_647).optional(),
  order: z.enum(RIVAL_ORDERS).default('alpha'),
});

type Handler = (req: Request, res: Response) => Promise<unknown>;

export function rivalRoutes({ db }: AppDeps) {
  const router = express.Router();
  /** Paths the spec writes both with and without ".json" (the .json one first, or :id would take "12.json"). */
  const both = (method: 'put' | 'delete', path: string, handler: Handler) => {
    router[method](`${path}.json`, handler);
    router[method](path, handler);
  };

  router.get('/rivals.json', async (req, res) => {
    const auth = requireAuth(req);
    const q = parseInput(RivalsQuery, req.query, 'query');
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    if (q.rivalGroupId !== undefined && !(await rivalGroupExists(db, auth.companyId, q.rivalGroupId))) throw apiError('rival_group_not_found');
    res.json(await listRivals(db, viewerOf(auth, previewing), q));
  });

  router.get('/rivals/search.json', async (req, res) => {
    const auth = requireAuth(req);
    const q = parseInput(RivalSearchQuery, req.query, 'query');
    res.json(await searchRivals(db, viewerOf(auth), q.query, q.limit));
  });

  router.get('/seller_rivals.json', async (req, res) => {
    const auth = requireAuth(req);
    const seller = { ...viewerOf(auth), curator: false };
    res.json(await listRivals(db, seller, { page: 1, limit: RIVALS_MAX_LIMIT, minimal: true, order: 'alpha' }));
  });

  router.post('/rivals.json', async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await createRival(db, auth.companyId, auth.user.id, parseInput(RivalCreate, req.body, 'body')));
  });

  both('delete', '/rivals/:id', async (req, res) => {
    const auth = requireCurator(req);
    const rivalId = idParam(req);
    await deleteRival(db, auth.companyId, rivalId);
    res.json({ id: rivalId });
  });

  router.get('/job_statuses/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const job = await jobStatus(db, auth.companyId, idParam(req));
    if (!job) throw apiError('job_not_found');
    res.json(job);
  });

  router.get('/rival_groups.json', async (req, res) => {
    const auth = requireAuth(req);
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    res.json(await listRivalGroups(db, viewerOf(auth, previewing)));
  });

  router.post('/rival_groups.json', async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await createRivalGroup(db, auth, parseInput(GroupNameBody, req.body, 'body').name));
  });

  // Before /:id, which would take "order.json" for an id.
  router.put('/rival_groups/order.json', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await reorderRivalGroups(db, auth, parseInput(GroupOrderBody, req.body, 'body').ids));
  });

  both('put', '/rival_groups/:id', async (req, res) => {
    const auth = requireCurator(req);
    const groupId = idParam(req);
    res.json(await changeRivalGroup(db, auth, groupId, parseInput(RivalGroupChange, req.body, 'body')));
  });

  both('delete', '/rival_groups/:id', async (req, res) => {
    const auth = requireCurator(req);
    const groupId = idParam(req);
    await deleteRivalGroup(db, auth, groupId);
    res.json({ id: groupId });
  });

  router.get('/profiles/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = idParam(req);
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    const profile = await readProfile(db, viewerOf(auth, previewing), id);
    if (!profile) throw apiError('profile_not_found');
    res.json(profile);
  });

  both('put', '/profiles/:id', async (req, res) => {
    const auth = requireCurator(req);
    const profileId = idParam(req);
    res.json(await updateProfile(db, auth.companyId, profileId, parseInput(ProfileUpdate, req.body, 'body')));
  });

  // Clone (part 3 §7.4): profile body.id's lanes, cards and battlecards are added to this one.
  router.post('/profiles/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    const profileId = idParam(req);
    res.json(await cloneProfile(db, auth.companyId, profileId, parseInput(ProfileClone, req.body, 'body')));
  });

  return router;
}
