// The session expiry rule as a pure function (part 1 §4 Session, §8 Session warning): given the
// timeouts the server reports and the current time, say whether all is well (and when to look again),
// whether to warn, or whether the session has expired.
import { NOTIFICATION_POLL_MS, SESSION_MIN_RECHECK_MS, SESSION_WARNING_THRESHOLD_MS } from './constants.ts';

/** Which timeout comes first: idle can be extended by activity, absolute cannot. */
export type TimeoutKind = 'idle' | 'absolute';

export type SessionVerdict =
  | { state: 'active'; recheckInMs: number }
  | { state: 'warning'; kind: TimeoutKind; remainingMs: number }
  | { state: 'expired'; kind: TimeoutKind };

export type SessionTimeouts = { sessionIdleTimeoutAt: string; sessionAbsoluteTimeoutAt: string };

export type ExpiryOptions = { thresholdMs?: number; pollMs?: number; minRecheckMs?: number };

export function evaluateSession(t: SessionTimeouts, now: number, opts: ExpiryOptions = {}): SessionVerdict {
  const threshold = opts.thresholdMs ?? SESSION_WARNING_THRESHOLD_MS;
  const poll = opts.pollMs ?? NOTIFICATION_POLL_MS;
  const minRecheck = opts.minRecheckMs ?? SESSION_MIN_RECHECK_MS;
  const idleAt = Date.parse(t.sessionIdleTimeoutAt);
  const absoluteAt = Date.parse(t.sessionAbsoluteTimeoutAt);
  const idleLeft = Number.isFinite(idleAt) ? idleAt - now : Infinity;
  const absoluteLeft = Number.isFinite(absoluteAt) ? absoluteAt - now : Infinity;
  if (idleLeft === Infinity && absoluteLeft === Infinity) return { state: 'active', recheckInMs: poll };
  // On a tie the absolute timeout is the one that matters: staying active cannot push it back.
  const kind: TimeoutKind = absoluteLeft <= idleLeft ? 'absolute' : 'idle';
  const left = Math.min(idleLeft, absoluteLeft);
  if (left <= 0) return { state: 'expired', kind };
  if (left <= threshold) return { state: 'warning', kind, remainingMs: left };
  return { state: 'active', recheckInMs: Math.max(minRecheck, Math.min(left - threshold, poll)) };
}

/** Remaining time as m:ss (or h:mm:ss), never negative. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
