// The OAuth state of an install: sealed (so it is signed and opaque), expiring, and bound to the admin and company
// who started it; the callback must come back in that admin's session.
import type { SecretBox } from '../../../server-shared/secretBox.ts';
import { SLACK } from './constants.ts';

type InstallState = { purpose: 'slack-install'; companyId: number; userId: number; expiresAt: number };

export function installState(box: SecretBox, companyId: number, userId: number, now = Date.now()): string {
  const state: InstallState = { purpose: 'slack-install', companyId, userId, expiresAt: now + SLACK.stateTtlMs };
  return box.seal(JSON.stringify(state));
}

/** Whether the state was made by this server for this user and company, and is still fresh. */
export function stateHolds(box: SecretBox, given: unknown, who: { companyId: number; userId: number }, now = Date.now()): boolean {
  if (typeof given !== 'string' || !given) return false;
  try {
    const s = JSON.parse(box.open(given)) as InstallState;
    return s.purpose === 'slack-install' && s.companyId === who.companyId && s.userId === who.userId && s.expiresAt > now;
  } catch {
    return false;
  }
}
