// Reports (contracts/reports.ts): the menu, each report and drill-down as JSON, and any of their tables as CSV.
import express, { type Request, type Response } from 'express';
import { ReportQuery } from '../../contracts/reports.ts';
import type { AppDeps } from '../deps.ts';
import { impersonatorOf, requireAuth } from '../auth/context.ts';
import { apiError, parseInput } from '../errors.ts';
import { buildReport, reportCsv, reportMenu, type ReportRequest } from './service.ts';

/** A user id in the path, or 404 (as an unknown user would be). */
function positiveId(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw apiError('user_not_found');
  return n;
}

export function reportRoutes({ db }: AppDeps) {
  const router = express.Router();

  const readerOf = (req: Request) => {
    const auth = requireAuth(req);
    return { ...auth, isImpersonating: impersonatorOf(auth) !== null };
  };

  router.get('/reports.json', async (req, res) => {
    res.json(await reportMenu(db, readerOf(req)));
  });

  /** /reports/{id}/{type}[/user/{userId} | /{drill}].{json|csv} */
  const answer = (csv: boolean, target: (p: Record<string, string>) => Omit<ReportRequest, 'query' | 'csv'>) => async (req: Request, res: Response) => {
    const reader = readerOf(req);
    const query = parseInput(ReportQuery, req.query, 'query');
    const report = await buildReport(db, reader, { ...target(req.params as Record<string, string>), query, csv });
    if (!csv) return res.json(report);
    const { filename, body } = reportCsv(report, query.table);
    res.type('text/csv; charset=utf-8').attachment(filename).send(body);
  };
  for (const [ext, csv] of [['json', false], ['csv', true]] as const) {
    router.get(`/reports/:id/:type/user/:userId.${ext}`, answer(csv, (p) => ({ id: p.id, type: p.type, userId: positiveId(p.userId) })));
    router.get(`/reports/:id/:type/:drill.${ext}`, answer(csv, (p) => ({ id: p.id, type: p.type, drill: p.drill })));
    router.get(`/reports/:id/:type.${ext}`, answer(csv, (p) => ({ id: p.id, type: p.type })));
  }

  return router;
}
