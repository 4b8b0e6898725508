// Whether a user has read the release notes: the day of the newest entry they had when they last opened /whats-new
// is kept in their userData (WHATS_NEW_SEEN_KEY), and the user menu marks What's new while a newer entry exists.
// Apart from the notes themselves (releaseNotes.ts, with their strings), since every screen's user menu reads it.
// Pure; see releaseNotes.test.ts.

/** The day of the newest release note (releaseNotes.ts); the test keeps it so. */
export const LATEST_RELEASE_DATE = '2026-12-06';

/** The userData key holding the newest entry's day when the user last opened /whats-new. */
export const WHATS_NEW_SEEN_KEY = 'whatsNewSeen';

/** The day of the newest entry the user had when they last opened the page, or null. */
export function seenThrough(userData: Record<string, unknown> | null | undefined): string | null {
  const seen = userData?.[WHATS_NEW_SEEN_KEY];
  return typeof seen === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(seen) ? seen : null;
}

/** Whether there are entries the user has not seen: never opened the page, or opened it before the newest entry. */
export function hasUnreadNotes(userData: Record<string, unknown> | null | undefined, latest: string = LATEST_RELEASE_DATE): boolean {
  const seen = seenThrough(userData);
  return seen === null || latest > seen;
}

/** Whether an entry came after the user last opened the page; on a first visit none is marked, all being new. */
export const isNewSince = (date: string, seen: string | null): boolean => seen !== null && date > seen;
