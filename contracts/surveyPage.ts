/**
 * What the public survey page (web/src/survey/) takes from the surveys' contract (contracts/winLoss.ts, which
 * re-exports it): a module of its own, without zod, so the page's 100 kB budget holds no schema.
 */

/** The longest free-text answer, in characters. */
export const SURVEY_TEXT_MAX = 2_000;
