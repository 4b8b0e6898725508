// Sign-in limits: failed attempts per account, all attempts per IP (SIGNIN_ATTEMPTS_PER_IP), within one window.
export const SIGNIN_LIMITS = { perAccount: 5, windowMs: 15 * 60_000 };

/** Users listed at once to staff picking whom to impersonate. */
export const IMPERSONATION_LIST_LIMIT = 25;

/** A password reset link works for an hour. */
export const PASSWORD_RESET_TTL_MS = 3_600_000;
// Reset requests per address and per IP within one window: enough for a typo and a retry, too few to flood a mailbox.
export const PASSWORD_RESET_LIMITS = { perAddress: 3, perIp: 20, windowMs: 60 * 60_000 };
