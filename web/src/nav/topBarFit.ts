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
  /** For each level taken, the room at which the level below fits again: its need, the slack and the room the step gave. */
  down: readonly number[];
  /** The room and the need before the last step, until the first measure after it tells what the step gave. */
  pending: { room: number; need: number } | null;
};

export const FIT_START: Fit = { level: 0, down: [], pending: null };

/**
 * The next fit from a measure: `room`, the width the search box's input can take at this level; `need`, the width
 * it should have (at least SEARCH_MIN_WIDTH, and its placeholder whole). Returns the same object when nothing changes.
 */
export function refit(fit: Fit, room: number, need: number): Fit {
  const down = fit.pending ? Object.assign([...fit.down], { [fit.level]: fit.pending.need + SLACK + Math.max(0, room - fit.pending.room) }) : fit.down;
  if (room < need && fit.level < FIT_LEVELS) return { level: fit.level + 1, down, pending: { room, need } };
  if (fit.level > 0 && room >= (down[fit.level] ?? Infinity)) return { level: fit.level - 1, down, pending: null };
  return fit.pending ? { ...fit, down, pending: null } : fit;
}
