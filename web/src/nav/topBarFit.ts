// How the top bar makes room for its search box (part 2 §2: "the nav menu collapses at a large-width breakpoint").
// Which width that is depends on the user's menus and the language (German labels are longer, curators have more
// menus and search modes), so the bar measures rather than guessing a breakpoint: while the search box would be
// narrower than it needs, the bar gives up one thing more, and takes it back once the room it gave is there again.
// Pure; the measuring is useTopBarFit.ts, the test topBarFit.test.ts.

/** The narrowest the search box may be: room for a question, and more than any of its placeholders. */
export const SEARCH_MIN_WIDTH = 320;

/**
 * What the bar gives up, in order:
 * 1. Discover, Share and Measure collapse into one menu, each a section of it (nothing leaves the bar);
 * 2. the logo's name and the user's first name go (the logo and the avatar stay, named for screen readers);
 * 3. the search box takes a short placeholder.
 */
export const FIT_LEVELS = 3;

/** Room beyond the need before a level is taken back, so a bar at the edge does not flicker. */
const SLACK = 8;

export type Fit = {
  /** How many of the steps above are taken. */
  level: number;
  /** The room each step gave (index: the level it left), as measured after taking it. */
  gains: readonly number[];
  /** The width the box needed at each level when the bar left it. */
  needs: readonly number[];
  /** The room before the last step, until the first measure after it. */
  pending: number | null;
};

export const FIT_START: Fit = { level: 0, gains: [], needs: [], pending: null };

/**
 * The next fit from a measure: `room`, the width the search box's input can take at this level; `need`, the width
 * it should have (at least SEARCH_MIN_WIDTH, and its placeholder whole). Returns the same object when nothing changes.
 */
export function refit(fit: Fit, room: number, need: number): Fit {
  let gains = fit.gains;
  if (fit.pending !== null) {
    const next = [...gains];
    next[fit.level - 1] = Math.max(0, room - fit.pending);
    gains = next;
  }
  if (room < need && fit.level < FIT_LEVELS) {
    const needs = [...fit.needs];
    needs[fit.level] = need;
    return { level: fit.level + 1, gains, needs, pending: room };
  }
  if (fit.level > 0) {
    const gain = gains[fit.level - 1];
    const needBelow = fit.needs[fit.level - 1];
    if (gain !== undefined && needBelow !== undefined && room - gain >= needBelow + SLACK) return { level: fit.level - 1, gains, needs: fit.needs, pending: null };
  }
  return fit.pending === null ? fit : { ...fit, gains, pending: null };
}
