// GET /api/rivals.json, /api/rival_groups.json, /api/profiles/{id}.json, /api/boards/{id}/cards.json and
// /api/battlecards/{id}/cards.json: the read-only competitor slice (part 1 §7). Inputs are validated
// with zod (400 naming the field); unknown ids and other companies' ids answer 404.
import express from 'express';
import { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { requireAuth } from '../auth/context.ts';
import { notFound, parseInput } from '../errors.ts';
import { positiveId } from '../http/params.ts';
import { viewerOf } from '../visibility/index.ts';
import { RIVALS_MAX_LIMIT, battlecardCards, boardCards, listRivalGroups, listRivals, readProfile, rivalGroupExists } from './service.ts';
import { RIVAL_ORDERS } from '../../contracts/competitors.ts';
import { BATTLECARD_LAYOUTS } from '../../contracts/cards.ts';

const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const RivalsQuery = z.object({
  page: intParam(1, 1_000_000).default(1),
  limit: intParam(1, RIVALS_MAX_LIMIT).default(RIVALS_MAX_LIMIT),
  minimal: boolParam.default(false),
  cardsCount: boolParam.optional(),
  icon: boolParam.optional(),
  rivalGroupId: intParam(1, 2_147_483_647).optional(),
  order: z.enum(RIVAL_ORDERS).default('alpha'),
});

/** Query parameters that only the other routes take; anything given must be well-formed. */
const PreviewQuery = z.object({ previewing: intParam(0, 2_147_483_647).optional() });

/**
 * GET /battlecards/{id}/cards.json (part 1 §7): v=2 is the current shape (the only one); battlecardType
 * picks the layout; cardIds narrows to some cards; visibilityGroupId previews as a group, like previewing.
 */
const BattlecardCardsQuery = PreviewQuery.extend({
  v: z.enum(['1', '2']).optional(),
  battlecardType: z.enum(BATTLECARD_LAYOUTS).optional(),
  cardIds: z
    .string()
    .max(2000)
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'must be a comma-separated list of positive integer ids')
    .transform((s) => s.split(',').map(Number))
    .optional(),
  visibilityGroupId: intParam(0, 2_147_483_647).optional(),
});

export function competitorRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/rivals.json', async (req, res) => {
    const auth = requireAuth(req);
    const q = parseInput(RivalsQuery, req.query, 'query');
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    if (q.rivalGroupId !== undefined && !(await rivalGroupExists(db, auth.companyId, q.rivalGroupId))) throw notFound('Rival group');
    res.json(await listRivals(db, viewerOf(auth, previewing), q));
  });

  router.get('/rival_groups.json', async (req, res) => {
    const auth = requireAuth(req);
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    res.json(await listRivalGroups(db, viewerOf(auth, previewing)));
  });

  router.get('/profiles/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = positiveId(req.params.id, 'id');
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    const profile = await readProfile(db, viewerOf(auth, previewing), id);
    if (!profile) throw notFound('Profile');
    res.json(profile);
  });

  router.get('/boards/:id/cards.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = positiveId(req.params.id, 'id');
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    const cards = await boardCards(db, viewerOf(auth, previewing), id);
    if (!cards) throw notFound('Board');
    res.json(cards);
  });

  router.get('/battlecards/:id/cards.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = positiveId(req.params.id, 'id');
    const q = parseInput(BattlecardCardsQuery, req.query, 'query');
    const viewer = viewerOf(auth, q.visibilityGroupId ?? q.previewing);
    const battlecard = await battlecardCards(db, viewer, id, { layout: q.battlecardType, cardIds: q.cardIds });
    if (!battlecard) throw notFound('Battlecard');
    res.json(battlecard);
  });

  return router;
}
