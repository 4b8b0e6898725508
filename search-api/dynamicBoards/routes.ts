// Dynamic boards (part 3 §7.5; contracts/dynamicBoards.ts): the list and a board with its results for everyone in
// the company, writes for curators. Unknown ids, other companies' boards and, for consumers, drafts answer 404.
import express, { type Request, type Response } from 'express';
import { DynamicBoardBody, DynamicBoardChange, DynamicBoardResultsQuery, DynamicBoardsQuery } from '../../contracts/dynamicBoards.ts';
import type { AppDeps } from '../deps.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import { parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { viewerOf } from '../visibility/index.ts';
import { createDynamicBoard, deleteDynamicBoard, dynamicBoardResults, listDynamicBoards, updateDynamicBoard } from './service.ts';

type Handler = (req: Request, res: Response) => Promise<unknown>;

export function dynamicBoardRoutes({ db, search, logger }: AppDeps) {
  const router = express.Router();
  /** The spec writes these paths without ".json"; both answer (the .json one first, or :id would take "12.json"). */
  const both = (method: 'get' | 'post' | 'put' | 'delete', path: string, handler: Handler) => {
    router[method](`${path}.json`, handler);
    router[method](path, handler);
  };

  both('get', '/dynamic_boards', async (req, res) => {
    const auth = requireAuth(req);
    res.json(await listDynamicBoards(db, viewerOf(auth), parseInput(DynamicBoardsQuery, req.query, 'query')));
  });

  both('post', '/dynamic_boards', async (req, res) => {
    const auth = requireCurator(req);
    const body = parseInput(DynamicBoardBody, req.body ?? {}, 'body');
    res.status(201).json(await createDynamicBoard(db, auth.companyId, auth.user.id, body));
  });

  router.get('/dynamic_boards/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const id = idParam(req);
    const q = parseInput(DynamicBoardResultsQuery, req.query, 'query');
    res.json(await dynamicBoardResults({ db, engine: search.engine, logger }, viewerOf(auth, q.previewing), id, q));
  });

  both('put', '/dynamic_boards/:id', async (req, res) => {
    const auth = requireCurator(req);
    const id = idParam(req);
    res.json(await updateDynamicBoard(db, viewerOf(auth), id, parseInput(DynamicBoardChange, req.body, 'body')));
  });

  both('delete', '/dynamic_boards/:id', async (req, res) => {
    const auth = requireCurator(req);
    const id = idParam(req);
    await deleteDynamicBoard(db, auth.companyId, id);
    res.json({ id });
  });

  return router;
}
