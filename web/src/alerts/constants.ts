// The numbers of the intel feed screens (part 1 §9, part 2 §9), named as the spec names them. The page
// size (50, the API's default), views, presets and the view-count timings come from contracts/intel.ts, which
// this module does not re-export: the nav's alert badge reads it on every screen, without the feed's contract.

/** The page opens on this view when the URL names none (part 1 §4 Views and presets). */
export const DEFAULT_VIEW = 'myNewIntel';
/** Notification poll, also used by the alert count badge: 5 minutes. */
export const ALERT_COUNT_POLL_MS = 5 * 60_000;
/** Notification badge max: larger counts read "99+". */
export const ALERT_BADGE_MAX = 99;
/** Submit-intel success auto-close. */
export const SUBMIT_INTEL_AUTO_CLOSE_MS = 3_500;
/** The Other choice of the submit-intel competitor list, sent as null rivals. */
export const SUBMIT_INTEL_OTHER = '-1';
/** How often a running bulk job is polled (not given by the spec; fast enough to see progress move). */
export const JOB_POLL_MS = 1_000;
/** Rows of the analyst panel's top-N tables and series of its chart (the rest is summed as "other"). */
export const ANALYST_TOP_N = 10;
export const ANALYST_SERIES = 8;
/** Values shown per sidebar facet before "Show all". */
export const FACET_VISIBLE = 8;
/** The aggregations the filter sidebar counts with. */
export const SIDEBAR_AGGREGATIONS = ['states', 'priorities', 'rivals', 'topics', 'sources', 'contentTypes'] as const;
/** Search box debounce of the feed (search results debounce, part 2 §9). */
export const INTEL_SEARCH_DEBOUNCE_MS = 500;
/** How long the toast of a list action stays with its Undo (not given by the spec; long enough to read and reach). */
export const UNDO_TOAST_MS = 10_000;
