// A usage event as it is stored: who sent it (always the signed-in user), their role, and the columns reports
// group by. One mapping from each kind of contracts/usage.ts to those columns.
import { normalizeQuery, type UsageEvent, type UsageKind } from '../../contracts/usage.ts';
import type { Auth } from '../auth/context.ts';

export type UsageRole = 'admin' | 'curator' | 'consumer';

export type UsageRow = {
  companyId: number;
  userId: number | null;
  role: UsageRole;
  kind: UsageKind;
  occurredAt: Date;
  subjectId?: number | null;
  rivalId?: number | null;
  source?: string | null;
  query?: string | null;
  searchId?: string | null;
  results?: number | null;
  rank?: number | null;
  seconds?: number | null;
  data?: Record<string, unknown>;
};

/**
 * Who sends events: a user of a company in a role. Impersonated sessions send nothing (they are not the user); a
 * digest opened in a mail client is nobody in particular (userId null).
 */
export type UsageActor = { companyId: number; userId: number | null; role: UsageRole };

export const roleOf = (roles: readonly string[]): UsageRole => (roles.includes('admin') ? 'admin' : roles.includes('curator') ? 'curator' : 'consumer');

/** The actor of a request, or null when staff impersonate the user: their clicks are not the user's usage. */
export const actorOf = (auth: Auth): UsageActor | null =>
  auth.session.impersonatorUserId !== null ? null : { companyId: auth.companyId, userId: auth.user.id, role: roleOf(auth.roles) };

const CLOCK_SKEW_MS = 60_000;
const OLDEST_MS = 24 * 3_600_000;

/** The browser's time when it is believable (the last 24 hours, not ahead of ours), else the time we received it. */
export function occurredAt(at: string | undefined, now: Date): Date {
  const t = at ? Date.parse(at) : NaN;
  if (!Number.isFinite(t) || t > now.getTime() + CLOCK_SKEW_MS || t < now.getTime() - OLDEST_MS) return now;
  return new Date(Math.min(t, now.getTime()));
}

export function toRow(actor: UsageActor, e: UsageEvent, at: Date): UsageRow {
  const row: UsageRow = { companyId: actor.companyId, userId: actor.userId, role: actor.role, kind: e.kind, occurredAt: at };
  switch (e.kind) {
    case 'pageView':
      return { ...row, data: { path: e.path, route: e.route } };
    case 'visit':
      return { ...row, seconds: e.seconds, data: { visitId: e.visitId, first: e.first } };
    case 'cardView':
      return { ...row, subjectId: e.cardId, source: e.source };
    case 'battlecardView':
      return { ...row, subjectId: e.battlecardId };
    case 'profileView':
      return { ...row, subjectId: e.profileId };
    case 'searchOpen':
      return { ...row, searchId: e.searchId, query: normalizeQuery(e.query), source: e.context, rank: e.rank, subjectId: e.cardId ?? null };
    case 'suggestionPick':
      return { ...row, query: normalizeQuery(e.query), source: e.suggestion };
    case 'shareCopy':
      return { ...row, source: e.target, subjectId: e.targetId ?? null };
    case 'search':
      return { ...row, searchId: e.searchId, query: normalizeQuery(e.query), source: e.context, results: e.results };
    case 'askQuestion':
      return { ...row, subjectId: e.answerId };
    case 'askFeedback':
      return { ...row, subjectId: e.answerId, data: { positive: e.positive } };
    case 'intelSubmitted':
    case 'intelPublished':
      return { ...row, subjectId: e.intelId };
    case 'intelTriaged':
      return { ...row, subjectId: e.intelId, seconds: e.seconds };
    case 'cardCreated':
    case 'cardUpdated':
      return { ...row, subjectId: e.cardId };
    case 'digestSent':
      return { ...row, subjectId: e.digestId, data: { recipients: e.recipients } };
    case 'digestOpen':
      return { ...row, subjectId: e.digestId };
    case 'digestClick':
      return { ...row, subjectId: e.digestId, data: { url: e.url } };
  }
}
