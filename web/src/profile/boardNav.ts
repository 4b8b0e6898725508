// Where the board view's lanes are and where the lane navigator scrolls to (pure, so it is tested
// without a browser). Positions are in the board's scroll coordinates: a lane's left edge is where
// scrollLeft must be for the lane to start at the board's left edge.

/** A lane's horizontal extent on the board. */
export type LaneSpan = { left: number; right: number };

/** A lane counts as shown when this much of its width is in view: a lane peeking in at the edge does not. */
const SHOWN_FRACTION = 0.9;
/** Sub-pixel rounding of scroll positions. */
const EPSILON = 1;

/** Indexes of the first and last lane shown in the view [viewLeft, viewLeft + viewWidth]; null when none is. */
export function lanesInView(lanes: LaneSpan[], viewLeft: number, viewWidth: number): { first: number; last: number } | null {
  const viewRight = viewLeft + viewWidth;
  let first = -1;
  let last = -1;
  lanes.forEach((lane, i) => {
    const width = lane.right - lane.left;
    const seen = Math.min(lane.right, viewRight) - Math.max(lane.left, viewLeft);
    // A lane wider than the view is shown when it fills the view.
    if (seen >= Math.min(width, viewWidth) * SHOWN_FRACTION) {
      if (first < 0) first = i;
      last = i;
    }
  });
  return first < 0 ? null : { first, last };
}

/**
 * The scrollLeft one step of the navigator's arrows reaches: forward, the first lane not wholly in view
 * starts the view; back, the view ends with the lane before the first one shown, aligned to a lane's start.
 */
export function pageTarget(lanes: LaneSpan[], viewLeft: number, viewWidth: number, maxScroll: number, dir: 1 | -1): number {
  const clamp = (x: number) => Math.max(0, Math.min(maxScroll, x));
  if (lanes.length === 0) return clamp(viewLeft);
  if (dir === 1) {
    const next = lanes.find((l) => l.left > viewLeft + EPSILON && l.right > viewLeft + viewWidth + EPSILON);
    return clamp(next ? next.left : maxScroll);
  }
  const firstShown = lanes.findIndex((l) => l.left >= viewLeft - EPSILON);
  const before = (firstShown < 0 ? lanes.length : firstShown) - 1;
  if (before < 0) return 0;
  const desired = lanes[before].right - viewWidth;
  const start = lanes.findIndex((l, i) => i <= before && l.left >= desired - EPSILON);
  return clamp(lanes[start < 0 ? before : start].left);
}
