// Routes of win/loss surveys (contracts/winLoss.ts): reads for win/loss readers, writes for curators, and the public
// page's two calls, which carry a contact's token and no session (auth/context.ts reads none on constants.ts's prefix).
import express, { type Request, type Response } from 'express';
import { SURVEY_PUBLIC_RATE_PER_MINUTE, SurveyAnswerBody, SurveyBody } from '../../contracts/winLoss.ts';
import { syncVoiceReasons } from '../../db/deals.ts';
import type { AppDeps } from '../deps.ts';
import { requireWinLoss, requireWinLossCurator } from '../deals/access.ts';
import { apiError, parseInput, tooManyRequests } from '../errors.ts';
import { SlidingWindowLimiter } from '../auth/rateLimit.ts';
import { idParam } from '../http/params.ts';
import { mailConfigured } from '../mail/transport.ts';
import { requestMailing } from './mail.ts';
import { answerSurvey, openSurvey } from './public.ts';
import { createSurvey, deleteSurvey, listSurveys, markSent, programHealth, readSurvey, updateSurvey } from './service.ts';

export function surveyRoutes(deps: AppDeps) {
  const { db } = deps;
  const router = express.Router();

  router.get('/win-loss/surveys', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await listSurveys(db, auth.companyId));
  });

  router.get('/win-loss/surveys/health.json', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await programHealth(db, auth.companyId));
  });

  router.post('/win-loss/surveys', async (req, res) => {
    const auth = requireWinLossCurator(req);
    res.status(201).json(await createSurvey(db, auth.companyId, auth.user.id, parseInput(SurveyBody, req.body, 'body')));
  });

  router.get('/win-loss/surveys/:id', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await readSurvey(db, auth.companyId, idParam(req)));
  });

  router.put('/win-loss/surveys/:id', async (req, res) => {
    const auth = requireWinLossCurator(req);
    const id = idParam(req);
    const body = parseInput(SurveyBody, req.body, 'body');
    // A sent survey takes only new contacts, who are mailed at once: without mail they would wait unseen.
    if ((await readSurvey(db, auth.companyId, id)).state !== 'draft' && !mailConfigured(deps.config)) throw apiError('survey_mail_off');
    const { survey, added } = await updateSurvey(db, auth.companyId, id, body);
    if (!added) return res.json(survey);
    await requestMailing(deps, id);
    res.json(await readSurvey(db, auth.companyId, id));
  });

  router.delete('/win-loss/surveys/:id', async (req, res) => {
    const auth = requireWinLossCurator(req);
    await deleteSurvey(db, auth.companyId, idParam(req), (tx, dealIds) => syncVoiceReasons(tx, auth.companyId, dealIds));
    res.status(204).end();
  });

  router.post('/win-loss/surveys/:id/send', async (req, res) => {
    const auth = requireWinLossCurator(req);
    const id = idParam(req);
    // A survey that is not there is not found, whether or not this server can mail.
    await readSurvey(db, auth.companyId, id);
    if (!mailConfigured(deps.config)) throw apiError('survey_mail_off');
    await markSent(db, auth.companyId, id, new Date());
    await requestMailing(deps, id);
    res.json(await readSurvey(db, auth.companyId, id));
  });

  return router;
}

export function publicSurveyRoutes({ db }: AppDeps) {
  const router = express.Router();
  const byAddress = new SlidingWindowLimiter(SURVEY_PUBLIC_RATE_PER_MINUTE, 60_000);

  /** Counts the call against its address (429 past the limit); the answer is never cached nor its URL sent on. */
  function guard(req: Request, res: Response): string {
    const ip = req.ip ?? 'unknown';
    const wait = byAddress.retryAfter(ip);
    if (wait > 0) throw tooManyRequests('rate_limited', wait);
    byAddress.hit(ip);
    res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    return String(req.params.token);
  }

  router.get('/win-loss/p/:token', async (req, res) => {
    const token = guard(req, res);
    res.json(await openSurvey(db, token));
  });

  router.post('/win-loss/p/:token', async (req, res) => {
    const token = guard(req, res);
    await answerSurvey(db, token, parseInput(SurveyAnswerBody, req.body, 'body'));
    res.status(201).json({ ok: true });
  });

  return router;
}
