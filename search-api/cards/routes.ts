// Routes of card, board, battlecard, tag, source, sentiment, feedback, rival and provider authoring
// (contracts/cards.ts lists them with their bodies). Writes are for curators (part 2 §6) except sentiment
// and feedback; every id is checked against the signed-in company (404 otherwise).
import express, { type Request, type Response } from 'express';
import {
  BATTLECARD_LIST_CACHE_SECONDS,
  BattlecardCreate,
  BattlecardUpdate,
  BoardCreate,
  BoardIdsBody,
  BoardUpdate,
  CardBulkUpdate,
  CardCreate,
  CardIdsBody,
  CardUpdate,
  CardVersionQuery,
  FeedbackCreate,
  PROVIDER_ERRORS,
  ProfileUpdate,
  ProviderQuery,
  Rearrange,
  RivalCreate,
  RivalGroupUpdate,
  SentimentUpdate,
  SourcesAdd,
  TagCreate,
  TagListQuery,
  TagsBulk,
  providerName,
} from '../../contracts/cards.ts';
import type { AppDeps } from '../app.ts';
import { isCurator, requireAuth, requireCurator, type Auth } from '../auth/context.ts';
import { badRequest, notFound, parseInput } from '../errors.ts';
import { positiveId } from '../http/params.ts';
import { boardCards, listRivals } from '../competitors/service.ts';
import { viewerOf } from '../visibility/index.ts';
import { createBattlecard, deleteBattlecard, listBattlecards, updateBattlecard } from './battlecards.ts';
import { createBoard, deleteBoards, rearrangeBoard, rivalBoards, updateBoard } from './boards.ts';
import { bulkUpdateCards, createCard, deleteCards, duplicateCard, loadCards, updateCard } from './cards.ts';
import { addComment, listComments, setSentiment } from './feedback.ts';
import { providerData } from './providers.ts';
import { createRival, deleteRival, jobStatus, updateProfile, updateRivalGroup } from './rivals.ts';
import { addSources, deleteSource, listSources } from './sources.ts';
import { bulkTags, createTag, listTags, readTag } from './tags.ts';

type Handler = (req: Request, res: Response) => Promise<unknown>;

export function cardRoutes({ db }: AppDeps) {
  const router = express.Router();
  const id = (req: Request, name = 'id') => positiveId(req.params[name] as string | undefined, name);
  /** Paths the spec writes both with and without ".json" (the .json one first, or :id would take "12.json"). */
  const both = (method: 'put' | 'delete', path: string, handler: Handler) => {
    router[method](`${path}.json`, handler);
    router[method](path, handler);
  };

  // ---- Cards ----

  router.post('/cards.json', async (req, res) => {
    const auth = requireCurator(req);
    parseInput(CardVersionQuery, req.query, 'query');
    const body = parseInput(CardCreate, req.body, 'body');
    res.status(201).json(await createCard(db, viewerOf(auth), auth.user.id, body));
  });

  router.put('/cards.json', async (req, res) => {
    const auth = requireCurator(req);
    parseInput(CardVersionQuery, req.query, 'query');
    res.json(await bulkUpdateCards(db, viewerOf(auth), parseInput(CardBulkUpdate, req.body, 'body')));
  });

  router.delete('/cards.json', async (req, res) => {
    const auth = requireCurator(req);
    const { cardIds } = parseInput(CardIdsBody, req.body, 'body');
    res.json(await deleteCards(db, auth.companyId, cardIds));
  });

  // Before /cards/:id.json, which would take "tags" for an id.
  router.put('/cards/tags.json', async (req, res) => {
    const auth = requireCurator(req);
    const body = parseInput(TagsBulk, req.body, 'body');
    await bulkTags(db, auth.companyId, body);
    res.json(await loadCards(db, viewerOf(auth), body.cardIds));
  });

  router.put('/cards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    const cardId = id(req);
    res.json(await updateCard(db, viewerOf(auth), cardId, parseInput(CardUpdate, req.body, 'body')));
  });

  router.delete('/cards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await deleteCards(db, auth.companyId, [id(req)]));
  });

  router.post('/cards/:id/duplicate.json', async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await duplicateCard(db, viewerOf(auth), auth.user.id, id(req)));
  });

  // ---- Card sources, sentiment, feedback ----

  router.get('/cards/:id/sources.json', async (req, res) => {
    const auth = requireAuth(req);
    const sources = await listSources(db, viewerOf(auth), id(req));
    if (!sources) throw notFound('Card');
    res.json(sources);
  });

  router.post('/cards/:id/sources', async (req, res) => {
    const auth = requireCurator(req);
    const cardId = id(req);
    const { urls } = parseInput(SourcesAdd, req.body, 'body');
    res.status(201).json(await addSources(db, viewerOf(auth), auth.user.id, cardId, urls));
  });

  router.delete('/cards/:cardId/sources/:id', async (req, res) => {
    const auth = requireCurator(req);
    const sourceId = id(req);
    await deleteSource(db, auth.companyId, id(req, 'cardId'), sourceId);
    res.json({ id: sourceId });
  });

  router.put('/cards/:id/sentiment.json', async (req, res) => {
    const auth = requireAuth(req);
    const cardId = id(req);
    const { sentiment } = parseInput(SentimentUpdate, req.body, 'body');
    res.json(await setSentiment(db, auth, cardId, sentiment));
  });

  router.post('/cards/:id/comments', async (req, res) => {
    const auth = requireAuth(req);
    const cardId = id(req);
    const { body } = parseInput(FeedbackCreate, req.body, 'body');
    res.status(201).json(await addComment(db, auth, cardId, body));
  });

  router.get('/cards/:id/comments.json', async (req, res) => {
    const auth = requireCurator(req);
    const cardId = id(req);
    if (!(await loadCards(db, viewerOf(auth), [cardId])).length) throw notFound('Card');
    res.json(await listComments(db, auth.companyId, cardId));
  });

  // ---- Tags ----

  /** Consumers see tags unless the company hides them (the tag-visible flag, part 2 §6). */
  const tagsVisible = (auth: Auth) => isCurator(auth) || auth.company.companyData.flags?.tagVisibleToConsumers !== false;

  router.get('/tags.json', async (req, res) => {
    const auth = requireAuth(req);
    const q = parseInput(TagListQuery, req.query, 'query');
    res.json(tagsVisible(auth) ? await listTags(db, viewerOf(auth), q) : []);
  });

  router.get('/tags/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const tag = tagsVisible(auth) ? await readTag(db, viewerOf(auth), id(req)) : null;
    if (!tag) throw notFound('Tag');
    res.json(tag);
  });

  router.post('/tags.json', async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await createTag(db, viewerOf(auth), parseInput(TagCreate, req.body, 'body')));
  });

  // ---- Boards ----

  router.get('/rivals/:id/boards.json', async (req, res) => {
    const auth = requireAuth(req);
    const boards = await rivalBoards(db, viewerOf(auth), id(req));
    if (!boards) throw notFound('Rival');
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
    const boardId = id(req);
    res.json(await updateBoard(db, viewerOf(auth), boardId, parseInput(BoardUpdate, req.body, 'body')));
  });

  router.delete('/boards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await deleteBoards(db, auth.companyId, [id(req)]));
  });

  router.put('/boards/:id/cards/rearrange.json', async (req, res) => {
    const auth = requireCurator(req);
    const boardId = id(req);
    const { cardIds } = parseInput(Rearrange, req.body, 'body');
    await rearrangeBoard(db, auth.companyId, boardId, cardIds);
    res.json(await boardCards(db, viewerOf(auth), boardId));
  });

  // ---- Rivals, rival groups, profiles, jobs ----

  router.post('/rivals.json', async (req, res) => {
    const auth = requireCurator(req);
    res.status(201).json(await createRival(db, auth.companyId, auth.user.id, parseInput(RivalCreate, req.body, 'body')));
  });

  both('delete', '/rivals/:id', async (req, res) => {
    const auth = requireCurator(req);
    const rivalId = id(req);
    await deleteRival(db, auth.companyId, rivalId);
    res.json({ id: rivalId });
  });

  router.get('/seller_rivals.json', async (req, res) => {
    const auth = requireAuth(req);
    const seller = { ...viewerOf(auth), curator: false };
    res.json(await listRivals(db, seller, { page: 1, limit: 10_000, minimal: true, order: 'alpha' }));
  });

  both('put', '/rival_groups/:id', async (req, res) => {
    const auth = requireCurator(req);
    const groupId = id(req);
    res.json(await updateRivalGroup(db, viewerOf(auth), groupId, parseInput(RivalGroupUpdate, req.body, 'body')));
  });

  both('put', '/profiles/:id', async (req, res) => {
    const auth = requireCurator(req);
    const profileId = id(req);
    res.json(await updateProfile(db, auth.companyId, profileId, parseInput(ProfileUpdate, req.body, 'body')));
  });

  router.get('/job_statuses/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const job = await jobStatus(db, auth.companyId, id(req));
    if (!job) throw notFound('Job');
    res.json(job);
  });

  // ---- Battlecards ----

  router.get('/battlecards.json', async (req, res) => {
    const auth = requireAuth(req);
    const { items, etag } = await listBattlecards(db, viewerOf(auth));
    res.set('Cache-Control', `private, max-age=${BATTLECARD_LIST_CACHE_SECONDS}`).set('ETag', etag);
    if (req.get('If-None-Match')?.split(/\s*,\s*/).includes(etag)) return void res.status(304).end();
    res.json(items);
  });

  router.post('/profiles/:id/battlecards.json', async (req, res) => {
    const auth = requireCurator(req);
    const profileId = id(req);
    res.status(201).json(await createBattlecard(db, viewerOf(auth), profileId, parseInput(BattlecardCreate, req.body, 'body')));
  });

  router.put('/battlecards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    const battlecardId = id(req);
    res.json(await updateBattlecard(db, viewerOf(auth), battlecardId, parseInput(BattlecardUpdate, req.body, 'body')));
  });

  router.delete('/battlecards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    const battlecardId = id(req);
    await deleteBattlecard(db, auth.companyId, battlecardId);
    res.json({ id: battlecardId });
  });

  // ---- Providers ----

  router.get('/providers/:provider.json', async (req, res) => {
    const auth = requireAuth(req);
    const provider = providerName(String(req.params.provider));
    if (!provider) throw badRequest(PROVIDER_ERRORS.unknownFormula, [{ field: 'provider', message: PROVIDER_ERRORS.unknownFormula }]);
    const by = parseInput(ProviderQuery, req.query, 'query');
    res.json(await providerData(db, viewerOf(auth), provider, by));
  });

  return router;
}
