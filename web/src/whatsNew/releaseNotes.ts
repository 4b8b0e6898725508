// The release notes of /whats-new: what changed in Rivalscope, newest first. Each entry's title and body are in the
// whatsNew area of the translation files under its id (whatsNew.notes.<id>.title / .body); its date is the day it
// shipped (YYYY-MM-DD). A new entry moves LATEST_RELEASE_DATE (seen.ts) to its day, so the user menu marks What's
// new again; releaseNotes.test.ts holds the two together.
import '../i18n/areas/whatsNew.ts';
import { WHATS_NEW_SEEN_KEY } from './seen.ts';

/** The part of the product an entry is about; each has a label (whatsNew.areas.<area>). */
export const RELEASE_AREAS = [
  'search',
  'ask',
  'competitors',
  'battlecards',
  'cards',
  'alerts',
  'monitors',
  'news',
  'digests',
  'insights',
  'reports',
  'notifications',
  'settings',
  'integrations',
  'languages',
  'accessibility',
  'performance',
] as const;
export type ReleaseArea = (typeof RELEASE_AREAS)[number];

export type ReleaseNote = {
  id: string;
  /** The day it shipped, YYYY-MM-DD. */
  date: string;
  area: ReleaseArea;
  titleKey: string;
  bodyKey: string;
};

const note = (id: string, date: string, area: ReleaseArea): ReleaseNote => ({
  id,
  date,
  area,
  titleKey: `whatsNew.notes.${id}.title`,
  bodyKey: `whatsNew.notes.${id}.body`,
});

/** Newest first; the test keeps it so. */
export const RELEASE_NOTES: readonly ReleaseNote[] = [
  note('browserExtension', '2026-12-07', 'integrations'),
  note('integrations', '2026-12-07', 'integrations'),
  note('identity', '2026-12-07', 'settings'),
  note('monitors', '2026-12-07', 'monitors'),
  note('german', '2026-12-06', 'languages'),
  note('accessibility', '2026-12-06', 'accessibility'),
  note('questionsGoToAsk', '2026-12-06', 'search'),
  note('askHowToWin', '2026-12-06', 'ask'),
  note('alertsUndo', '2026-12-06', 'alerts'),
  note('synonymSuggestions', '2026-12-05', 'search'),
  note('relevanceFeedback', '2026-12-04', 'search'),
  note('reports', '2026-11-27', 'reports'),
  note('newsForSellers', '2026-11-27', 'news'),
  note('dynamicBoards', '2026-11-27', 'cards'),
  note('landingPages', '2026-11-27', 'competitors'),
  note('reviewInsights', '2026-11-25', 'insights'),
  note('typos', '2026-11-25', 'search'),
  note('companySettings', '2026-11-25', 'settings'),
  note('notifications', '2026-11-25', 'notifications'),
  note('fasterStart', '2026-11-25', 'performance'),
  note('battlecards', '2026-11-23', 'battlecards'),
  note('cardEditor', '2026-11-23', 'cards'),
  note('ask', '2026-11-23', 'ask'),
  note('alerts', '2026-11-23', 'alerts'),
  note('digests', '2026-11-23', 'digests'),
  note('unifiedSearch', '2026-11-22', 'search'),
];

/** The day of the newest entry the user had when they last opened the page (seen.ts), or null. */
export function seenThrough(userData: Record<string, unknown> | null | undefined): string | null {
  const seen = userData?.[WHATS_NEW_SEEN_KEY];
  return typeof seen === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(seen) ? seen : null;
}

/** Whether an entry came after the user last opened the page; on a first visit none is marked, all being new. */
export const isNewSince = (date: string, seen: string | null): boolean => seen !== null && date > seen;
