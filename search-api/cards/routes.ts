// Cards (contracts/cards.ts lists every path, body and answer): read one as the card viewer shows it,
// create, edit, bulk edit and move, tag in bulk, duplicate, delete; their sources, sentiment and
// feedback; and provider data for dynamic blocks. Writes are for curators (part 2 §6) except sentiment
// and feedback; every id is checked against the signed-in company (404 otherwise).
import express from 'express';
import {
  CardBulkUpdate,
  CardCreate,
  CardIdsBody,
  CardUpdate,
  CardVersionQuery,
  FeedbackCreate,
  ProviderQuery,
  SentimentUpdate,
  SourcesAdd,
  TagsBulk,
  providerName,
} from '../../contracts/cards.ts';
import type { AppDeps } from '../deps.ts';
import { actorOf } from '../usage/rows.ts';
import { requireAuth, requireCurator } from '../auth/context.ts';
import { apiError, fieldError, parseInput } from '../errors.ts';
import { idParam, PreviewQuery } from '../http/params.ts';
import { bulkTags } from '../tags/service.ts';
import { canReadWinLoss, viewerOf } from '../visibility/index.ts';
import { addComment, listComments, setSentiment } from './feedback.ts';
import { providerData } from './providers.ts';
import { bulkUpdateCards, createCard, deleteCards, duplicateCard, loadCards, readCard, updateCard } from './service.ts';
import { addSources, deleteSource, listSources } from './sources.ts';

export function cardRoutes({ db, usage }: AppDeps) {
  const router = express.Router();

  router.post('/cards.json', async (req, res) => {
    const auth = requireCurator(req);
    parseInput(CardVersionQuery, req.query, 'query');
    const body = parseInput(CardCreate, req.body, 'body');
    const card = await createCard(db, viewerOf(auth), auth.user.id, body);
    usage.record(actorOf(auth), { kind: 'cardCreated', cardId: card.id });
    res.status(201).json(card);
  });

  router.put('/cards.json', async (req, res) => {
    const auth = requireCurator(req);
    parseInput(CardVersionQuery, req.query, 'query');
    const cards = await bulkUpdateCards(db, viewerOf(auth), parseInput(CardBulkUpdate, req.body, 'body'));
    for (const card of cards) usage.record(actorOf(auth), { kind: 'cardUpdated', cardId: card.id });
    res.json(cards);
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

  router.get('/cards/:id.json', async (req, res) => {
    const auth = requireAuth(req);
    const { previewing } = parseInput(PreviewQuery, req.query, 'query');
    const card = await readCard(db, viewerOf(auth, previewing), idParam(req));
    if (!card) throw apiError('card_not_found');
    res.json(card);
  });

  router.put('/cards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    const cardId = idParam(req);
    const card = await updateCard(db, viewerOf(auth), cardId, parseInput(CardUpdate, req.body, 'body'));
    usage.record(actorOf(auth), { kind: 'cardUpdated', cardId });
    res.json(card);
  });

  router.delete('/cards/:id.json', async (req, res) => {
    const auth = requireCurator(req);
    res.json(await deleteCards(db, auth.companyId, [idParam(req)]));
  });

  router.post('/cards/:id/duplicate.json', async (req, res) => {
    const auth = requireCurator(req);
    const card = await duplicateCard(db, viewerOf(auth), auth.user.id, idParam(req));
    usage.record(actorOf(auth), { kind: 'cardCreated', cardId: card.id });
    res.status(201).json(card);
  });

  // ---- Sources, sentiment, feedback ----

  router.get('/cards/:id/sources.json', async (req, res) => {
    const auth = requireAuth(req);
    const sources = await listSources(db, viewerOf(auth), idParam(req));
    if (!sources) throw apiError('card_not_found');
    res.json(sources);
  });

  router.post('/cards/:id/sources', async (req, res) => {
    const auth = requireCurator(req);
    const cardId = idParam(req);
    const { urls } = parseInput(SourcesAdd, req.body, 'body');
    res.status(201).json(await addSources(db, viewerOf(auth), auth.user.id, cardId, urls));
  });

  router.delete('/cards/:cardId/sources/:id', async (req, res) => {
    const auth = requireCurator(req);
    const sourceId = idParam(req);
    await deleteSource(db, auth.companyId, idParam(req, 'cardId'), sourceId);
    res.json({ id: sourceId });
  });

  router.put('/cards/:id/sentiment.json', async (req, res) => {
    const auth = requireAuth(req);
    const cardId = idParam(req);
    const { sentiment } = parseInput(SentimentUpdate, req.body, 'body');
    res.json(await setSentiment(db, auth, cardId, sentiment));
  });

  router.post('/cards/:id/comments', async (req, res) => {
    const auth = requireAuth(req);
    const cardId = idParam(req);
    const { body } = parseInput(FeedbackCreate, req.body, 'body');
    res.status(201).json(await addComment(db, auth, cardId, body));
  });

  router.get('/cards/:id/comments.json', async (req, res) => {
    const auth = requireCurator(req);
    const cardId = idParam(req);
    if (!(await loadCards(db, viewerOf(auth), [cardId])).length) throw apiError('card_not_found');
    res.json(await listComments(db, auth.companyId, cardId));
  });

  // ---- Providers (dynamic blocks) ----

  router.get('/providers/:provider.json', async (req, res) => {
    const auth = requireAuth(req);
    const provider = providerName(String(req.params.provider));
    if (!provider) throw fieldError('formula_unknown', 'provider');
    const by = parseInput(ProviderQuery, req.query, 'query');
    res.json(await providerData(db, { ...viewerOf(auth), winLoss: canReadWinLoss(auth) }, provider, by));
  });

  return router;
}
