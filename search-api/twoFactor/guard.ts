// A session restricted to enrollment (the company requires two-step verification and the user signed in with a
// password without it) reaches only what the app needs to load and set it up; everything else answers 403 until
// the setup is confirmed.
import type { NextFunction, Request, Response } from 'express';
import { apiError } from '../errors.ts';

const OPEN_TO_ENROLLMENT = new Set(['GET /session.json', 'GET /users/me.json', 'GET /company.json', 'GET /notifications/counts.json']);

export function enrollmentGuard(req: Request, _res: Response, next: NextFunction) {
  if (!req.auth?.session?.twoFactorEnrollment) return next();
  if (req.path === '/account/two_factor' || req.path.startsWith('/account/two_factor/') || OPEN_TO_ENROLLMENT.has(`${req.method} ${req.path}`)) return next();
  next(apiError('two_factor_enrollment_required'));
}
