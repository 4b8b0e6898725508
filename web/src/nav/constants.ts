// The numbers of the quick finder of the left quick switcher (part 2 §9).

/** Competitors are looked up once 3 or more characters are typed; at most 10 suggestions. */
export const QUICK_FINDER_MIN_CHARS = 3;
export const QUICK_FINDER_MAX_RESULTS = 10;
/** The pause in typing before a lookup (not given by the spec; same feel as search suggestions). */
export const QUICK_FINDER_DEBOUNCE_MS = 250;
