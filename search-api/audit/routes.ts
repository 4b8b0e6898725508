// GET /api/audit.json: the company's audit log for admins, newest first, searchable and paged.
import express from 'express';
import { AuditQuery } from '../../contracts/settings.ts';
import type { AppDeps } from '../deps.ts';
import { requireAdmin } from '../auth/context.ts';
import { parseInput } from '../errors.ts';
import { listAudit } from './service.ts';

export function auditRoutes({ db }: AppDeps) {
  const router = express.Router();
  router.get('/audit.json', async (req, res) => {
    const auth = requireAdmin(req);
    res.json(await listAudit(db, auth.companyId, parseInput(AuditQuery, req.query, 'query')));
  });
  return router;
}
