// Routes of Ask under /api/ask (paths and the event stream are documented in contracts/ask.ts).
import express, { type Request, type Response } from 'express';
import {
  AskRequest,
  FeedbackBody,
  SessionsQuery,
  UsageEventBody,
  WIZARD_FLOWS,
  type AskVisibilityGroups,
  type PromptLibrary,
  type SessionDetail,
} from '../../contracts/ask.ts';
import type { AppDeps } from '../deps.ts';
import { actorOf } from '../usage/rows.ts';
import { listVisibilityGroups } from '../company/service.ts';
import { isCurator, requireAuth, requireCurator } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { viewerOf } from '../visibility/index.ts';
import { startAnswer, type AnsweringDeps } from './answering.ts';
import { LiveAnswers, type LiveAnswer } from './live.ts';
import { promptTypesFor, templatesFor } from './prompts.ts';
import { askRivals, featuredRivals, toAskRival } from './rivals.ts';
import { openSse } from './sse.ts';
import { failAnswer, listSessions, readAnswer, readSession, recordEvent, sessionAnswers, setSentiment, type Owner } from './store.ts';

/** An answer left 'streaming' in PostgreSQL with no generation in this process was cut off by a restart. */
const INTERRUPTED = 'The answer was interrupted. Ask again.';

export function askRoutes({ db, search, config, logger, usage }: AppDeps) {
  const router = express.Router();
  const live = new LiveAnswers();
  const answering = (): AnsweringDeps => ({ db, engine: search.engine, config, logger, live });
  const ownerOf = (req: Request): Owner => {
    const auth = requireAuth(req);
    return { companyId: auth.companyId, userId: auth.user.id };
  };

  /** Streams a live answer to this response from `from` characters on. */
  const pipe = (res: Response, answer: LiveAnswer, from: number) => {
    const sse = openSse(res);
    const unsubscribe = answer.subscribe((e, id) => {
      sse.send(e, id);
      if (e.event === 'done' || e.event === 'error') sse.end();
    }, from);
    res.on('close', unsubscribe);
  };

  router.post('/ask/answers', async (req, res) => {
    const auth = requireAuth(req);
    const body = parseInput(AskRequest, req.body, 'body');
    const answer = await startAnswer(answering(), auth, body);
    usage.record(actorOf(auth), { kind: 'askQuestion', answerId: answer.start.answerId });
    pipe(res, answer, 0);
  });

  router.get('/ask/answers/:id/stream', async (req, res) => {
    const owner = ownerOf(req);
    const id = idParam(req);
    const stored = await readAnswer(db, owner, id);
    if (!stored) throw apiError('answer_not_found');
    const lastEventId = req.get('Last-Event-ID') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '0');
    const from = /^\d{1,9}$/.test(lastEventId) ? Number(lastEventId) : 0;
    const current = live.get(id);
    if (current) return pipe(res, current, from);

    // Not (or no longer) generated here: replay what PostgreSQL holds.
    const sse = openSse(res);
    sse.send({ event: 'answer', data: { answerId: id, sessionId: stored.sessionId, question: stored.question, is_llm_fallback: stored.is_llm_fallback } }, from);
    if (stored.status === 'done') {
      sse.send({ event: 'sources', data: { sources: stored.sources } }, from);
      sse.send({ event: 'done', data: { answer: stored } }, from);
    } else {
      const message = stored.error ?? INTERRUPTED;
      if (stored.status === 'streaming') await failAnswer(db, owner.companyId, id, message);
      sse.send({ event: 'error', data: { status: stored.status === 'streaming' ? 503 : 502, message } }, from);
    }
    sse.end();
  });

  router.post('/ask/answers/:id/feedback', async (req, res) => {
    const owner = ownerOf(req);
    const id = idParam(req);
    const { sentiment } = parseInput(FeedbackBody, req.body, 'body');
    const result = await setSentiment(db, owner, id, sentiment);
    if (!result) throw apiError('answer_not_found');
    if (result.changed && sentiment) usage.record(actorOf(requireAuth(req)), { kind: 'askFeedback', answerId: id, positive: sentiment === 'positive' });
    res.json({ answerId: id, sentiment, changed: result.changed });
  });

  router.post('/ask/events', async (req, res) => {
    const owner = ownerOf(req);
    const body = parseInput(UsageEventBody, req.body, 'body');
    if (body.answerId && !(await readAnswer(db, owner, body.answerId))) throw apiError('answer_not_found');
    await recordEvent(db, owner, body);
    res.status(204).end();
  });

  router.get('/ask/sessions', async (req, res) => {
    const { q } = parseInput(SessionsQuery, req.query, 'query');
    res.json({ sessions: await listSessions(db, ownerOf(req), q || undefined) });
  });

  router.get('/ask/sessions/:id', async (req, res) => {
    const owner = ownerOf(req);
    const session = await readSession(db, owner, idParam(req));
    if (!session) throw apiError('session_not_found');
    const body: SessionDetail = { session, items: await sessionAnswers(db, owner, session.id) };
    res.json(body);
  });

  router.get('/ask/prompts', async (req, res) => {
    const auth = requireAuth(req);
    const curator = isCurator(auth);
    const rivals = await askRivals(db, viewerOf(auth));
    const body: PromptLibrary = {
      companyName: auth.company.name,
      types: promptTypesFor(curator),
      templates: templatesFor(curator),
      rivals: rivals.map(toAskRival),
      featuredRivals: featuredRivals(rivals, auth.company.name),
      wizardFlows: [...WIZARD_FLOWS],
    };
    res.json(body);
  });

  router.get('/ask/visibility-groups', async (req, res) => {
    const auth = requireCurator(req);
    // Part 1 §6 Ask dashboard: the company may limit the groups offered; none listed means all.
    const permitted = auth.company.askPermittedVisibilityGroups;
    const groups = await listVisibilityGroups(db, auth.companyId, permitted.length ? permitted : undefined);
    const body: AskVisibilityGroups = { groups: groups.map(({ id, name }) => ({ id, name })) };
    res.json(body);
  });

  return router;
}
