// Who reaches deals and win/loss (visibility/index.ts canReadWinLoss), and what a win/loss-exclusive company loses.
import type { NextFunction, Request, Response } from 'express';
import { isCurator, requireAuth, type Auth } from '../auth/context.ts';
import { apiError } from '../errors.ts';
import { canReadWinLoss, isWinLossExclusive } from '../visibility/index.ts';

/** A reader of deals and win/loss, or 403 win_loss_off. */
export function requireWinLoss(req: Request): Auth {
  const auth = requireAuth(req);
  if (!canReadWinLoss(auth)) throw apiError('win_loss_off');
  return auth;
}

/** A curator with win/loss on: imports, mappings and the reason taxonomy shape what every reader sees. */
export function requireWinLossCurator(req: Request): Auth {
  const auth = requireWinLoss(req);
  if (!isCurator(auth)) throw apiError('curators_only');
  return auth;
}

/** Paths under /api a win/loss-exclusive company has hidden: for every method, or only reads, or only writes. */
const EXCLUSIVE_HIDDEN: { path: RegExp; methods: 'all' | 'reads' | 'writes' }[] = [
  { path: /^\/ask([/.]|$)/, methods: 'all' },
  { path: /^\/reports([/.]|$)/, methods: 'all' },
  { path: /^\/search([/.]|$)/, methods: 'all' },
  // The intel feed and the news feed; submitting intel (POST /api/alerts.json) stays.
  { path: /^\/(intel|feed|alerts)([/.]|$)/, methods: 'reads' },
  { path: /^\/company([/.]|$)/, methods: 'writes' },
];

/**
 * Mounted on /api before the routers: a win/loss-exclusive company (flag winLossExclusive) has Ask, the feed,
 * reports, card search and company settings writes hidden (part 1 §3), so the server refuses them here, once,
 * rather than in each router.
 */
export function winLossExclusiveGuard(req: Request, _res: Response, next: NextFunction) {
  if (!req.auth || !isWinLossExclusive(req.auth)) return next();
  const read = req.method === 'GET' || req.method === 'HEAD';
  const hidden = EXCLUSIVE_HIDDEN.some((h) => h.path.test(req.path) && (h.methods === 'all' || (h.methods === 'reads') === read));
  next(hidden ? apiError('win_loss_exclusive') : undefined);
}
