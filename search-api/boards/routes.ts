// Boards, the lanes of a rival's profile (part 1 §3, §7; part 2 §7): a rival's boards and one board's
// cards for everyone who may see the rival; create, rename, delete (optionally moving the cards to
// another lane), rearrange a lane's cards and a profile's lanes for curators.
import express from 'express';
import { BoardCreate, BoardDeleteQuery, BoardIdsBody, BoardsRearrange, BoardUpdate, Rearrange } from '../../contracts/cards.ts';
import type { AppDeps } from '../deps.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam, PreviewQuery } from '../http/params.ts';
import { viewerOf } from '../visibility/index.ts';
import { boardCards, createBoard, deleteBoard, deleteBoards, rearrangeBoard, rearrangeBoards, rivalBoards, updateBoard } from './service.ts';

export function boardRoutes({ db }: AppDeps) {
  const router = express.Router();

  router.get('/rivals/:id/boards.json', async (req, res) => {
    const auth = requireAuth(req);
    const boards = await rivalBoards(db, viewerOf(auth), idParam(req));
    if (!boards) throw apiError('rival_not_found');
    res.json(boards);
  });

  router.post('/boards.json', async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await createBoard(db, viewerOf(auth), parseInput(BoardCreate, req.body, 'body')));
  });

  router.delete('/boards.json', async (req, res) => {
    const auth = requireCurator(req);
    const { boardIds } = parseInput(BoardIdsBody, req.body, 'body');
    res.json(await deleteBoards(db, auth.companyId, boardIds));
  });

  router.put('/boards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    const boardId = idParam(req);
    res.json(await updateBoard(db, viewerOf(auth), boardId, parseInput(BoardUpdate, req.body, 'body')));
  });

  router.delete('/boards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    const boardId = idParam(req);
    const { moveCardsTo } = parseInput(BoardDeleteQuery, req.query, 'query');
    res.json(await deleteBoard(db, auth.companyId, boardId, moveCardsTo));
  });

  router.get('/boards/:id/cards.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = idParam(req);
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    const cards = await boardCards(db, viewerOf(auth, previewing), id);
    if (!cards) throw apiError('board_not_found');
    res.json(cards);
  });

  router.put('/boards/:id/cards/rearrange.json', async (req, res) => {
    const auth = requireCurator(req);
    const boardId = idParam(req);
    const { cardIds } = parseInput(Rearrange, req.body, 'body');
    await rearrangeBoard(db, auth.companyId, boardId, cardIds);
    res.json(await boardCards(db, viewerOf(auth), boardId));
  });

  router.put('/profiles/:id/boards/rearrange.json', async (req, res) => {
    const auth = requireCurator(req);
    const profileId = idParam(req);
    const { boardIds } = parseInput(BoardsRearrange, req.body, 'body');
    res.json(await rearrangeBoards(db, viewerOf(auth), profileId, boardIds));
  });

  return router;
}
