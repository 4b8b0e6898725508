// Whether a user has read the release notes, for the user menu's mark on every screen: the day of the newest entry
// they had when they last opened /whats-new is kept in their userData (WHATS_NEW_SEEN_KEY). Kept apart from the
// notes (releaseNotes.ts, with their strings) and small, since the first screen carries it. Pure; see
// releaseNotes.test.ts.

/** The day of the newest release note (releaseNotes.ts); the test keeps it so. */
export const LATEST_RELEASE_DATE = '2026-12-07';

/** The userData key holding the newest entry's day (YYYY-MM-DD) when the user last opened /whats-new. */
export const WHATS_NEW_SEEN_KEY = 'whatsNewSeen';

/** Whether there are entries the user has not seen: never opened the page, or opened it before the newest entry. */
export function hasUnreadNotes(userData: Record<string, unknown> | null | undefined, latest: string = LATEST_RELEASE_DATE): boolean {
  const seen = userData?.[WHATS_NEW_SEEN_KEY];
  return typeof seen !== 'string' || seen < latest;
}
