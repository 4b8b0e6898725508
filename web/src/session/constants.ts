// Session handling numbers (part 1 §4 Session, §9). The spec does not show the warning threshold or the
// recheck delay; these are our choices.

/** GET /notifications/counts.json is polled every 5 minutes (part 1 §9). */
export const NOTIFICATION_POLL_MS = 5 * 60_000;

/** The warning toast appears when less than this is left before the idle or absolute timeout. */
export const SESSION_WARNING_THRESHOLD_MS = 2 * 60_000;

/** Never schedule a recheck sooner than this, so a skewed clock cannot spin the poll. */
export const SESSION_MIN_RECHECK_MS = 1_000;

/** The warning toast's countdown refresh. */
export const SESSION_COUNTDOWN_TICK_MS = 1_000;

export const SESSION_WARNING_ID = 'session-warning';
