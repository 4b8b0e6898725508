// Battlecards (part 1 §7; part 2 §3, §5, §7, §9): the company's list (cached by ETag), one battlecard's
// cards as the viewer may see them, and create, update and delete for curators.
import express from 'express';
import { z } from 'zod';
import { BATTLECARD_LAYOUTS, BATTLECARD_LIST_CACHE_SECONDS, BattlecardCreate, BattlecardUpdate } from '../../contracts/cards.ts';
import type { AppDeps } from '../deps.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam, intParam, PreviewQuery } from '../http/params.ts';
import { viewerOf } from '../visibility/index.ts';
import { battlecardCards, createBattlecard, deleteBattlecard, listBattlecards, updateBattlecard } from './service.ts';

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

export function battlecardRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/battlecards.json', async (req, res) => {
    const auth = requireAuth(req);
    const { items, etag } = await listBattlecards(db, viewerOf(auth));
    res.set('Cache-Control', `private, max-age=${BATTLECARD_LIST_CACHE_SECONDS}`).set('ETag', etag);
    if (req.get('If-None-Match')?.split(/\s*,\s*/).includes(etag)) return void res.status(304).end();
    res.json(items);
  });

  router.get('/battlecards/:id/cards.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = idParam(req);
    const q = parseInput(BattlecardCardsQuery, req.query, 'query');
    const viewer = viewerOf(auth, q.visibilityGroupId ?? q.previewing);
    const battlecard = await battlecardCards(db, viewer, id, { layout: q.battlecardType, cardIds: q.cardIds });
    if (!battlecard) throw apiError('battlecard_not_found');
    res.json(battlecard);
  });

  router.post('/profiles/:id/battlecards.json', async (req, res) => {
    const auth = requireCurator(req);
    const profileId = idParam(req);
    res.status(201).json(await createBattlecard(db, viewerOf(auth), profileId, parseInput(BattlecardCreate, req.body, 'body')));
  });

  router.put('/battlecards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    const battlecardId = idParam(req);
    res.json(await updateBattlecard(db, viewerOf(auth), battlecardId, parseInput(BattlecardUpdate, req.body, 'body')));
  });

  router.delete('/battlecards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    const battlecardId = idParam(req);
    await deleteBattlecard(db, auth.companyId, battlecardId);
    res.json({ id: battlecardId });
  });

  return router;
}
