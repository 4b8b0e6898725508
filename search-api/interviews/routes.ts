// Routes of win/loss interviews and the quote library (contracts/winLoss.ts): reads for whoever canReadWinLoss; writes
// (interviews, transcripts, reviews of passages) for curators and admins.
import express, { type RequestHandler } from 'express';
import { InterviewBody, InterviewListQuery, MAX_TRANSCRIPT_BYTES, PassageReviewBody, QuoteListQuery } from '../../contracts/winLoss.ts';
import type { AppDeps } from '../deps.ts';
import { apiError, parseInput } from '../errors.ts';
import { idParam } from '../http/params.ts';
import { requireWinLoss, requireWinLossCurator } from '../deals/access.ts';
import { createInterview, deleteInterview, getInterview, listInterviews, listQuotes, reviewPassage, uploadTranscript } from './service.ts';

/** The transcript upload reads its body itself (app.ts leaves it out of the JSON parser). */
export const isTranscriptUpload = (path: string) => /^\/api\/win-loss\/interviews\/[^/]+\/transcript$/.test(path);

/**
 * The curator is checked before the body is read. The raw parser is allowed one byte over the cap, so a file over it
 * reaches parseTranscript, whose message says how large it is; a body beyond that is the parser's own 413.
 */
const transcriptBody: RequestHandler[] = [
  (req, _res, next) => {
    requireWinLossCurator(req);
    next();
  },
  express.raw({ type: () => true, limit: MAX_TRANSCRIPT_BYTES + 1 }),
];

const queryText = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export function interviewRoutes({ db, search }: AppDeps) {
  const router = express.Router();
  const deps = () => ({ db, engine: search.engine });

  router.get('/win-loss/interviews', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await listInterviews(deps(), { companyId: auth.companyId }, parseInput(InterviewListQuery, req.query, 'query')));
  });

  router.post('/win-loss/interviews', async (req, res) => {
    const auth = requireWinLossCurator(req);
    const body = parseInput(InterviewBody, req.body, 'body');
    res.status(201).json(await createInterview(db, { companyId: auth.companyId, userId: auth.user.id }, body));
  });

  router.get('/win-loss/interviews/:id', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await getInterview(db, auth.companyId, idParam(req)));
  });

  router.delete('/win-loss/interviews/:id', async (req, res) => {
    const auth = requireWinLossCurator(req);
    await deleteInterview(db, auth.companyId, idParam(req));
    res.status(204).end();
  });

  router.post('/win-loss/interviews/:id/transcript', ...transcriptBody, async (req, res) => {
    const auth = requireWinLossCurator(req);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (body.length === 0) throw apiError('transcript_unreadable', { name: queryText(req.query.fileName) ?? 'the upload', problem: 'the request has no file: send the transcript as the body' });
    res.json(await uploadTranscript(db, auth.companyId, idParam(req), body, { format: queryText(req.query.format), fileName: queryText(req.query.fileName) }));
  });

  router.put('/win-loss/interviews/:id/passages/:seq', async (req, res) => {
    const auth = requireWinLossCurator(req);
    const body = parseInput(PassageReviewBody, req.body, 'body');
    res.json(await reviewPassage(db, { companyId: auth.companyId, userId: auth.user.id }, idParam(req), idParam(req, 'seq'), body));
  });

  router.get('/win-loss/quotes', async (req, res) => {
    const auth = requireWinLoss(req);
    res.json(await listQuotes(db, auth.companyId, parseInput(QuoteListQuery, req.query, 'query')));
  });

  return router;
}
