// Sign-in limits: failed attempts per account, all attempts per IP (SIGNIN_ATTEMPTS_PER_IP), within one window.
export const SIGNIN_LIMITS = { perAccount: 5, windowMs: 15 * 60_000 };

/** Users listed at once to staff picking whom to impersonate. */
export const IMPERSONATION_LIST_LIMIT = 25;
