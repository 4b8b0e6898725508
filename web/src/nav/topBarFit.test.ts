import { describe, expect, it } from 'vitest';
import { FIT_LEVELS, FIT_START, refit, SEARCH_MIN_WIDTH, type Fit } from './topBarFit.ts';

/**
 * A bar whose search box gets `base` px at level 0 and each level's `gives` more, measured after every change as
 * the hook does, until it settles.
 */
function settle(base: number, gives: number[], need = SEARCH_MIN_WIDTH, start: Fit = FIT_START): Fit {
  let fit = start;
  for (let i = 0; i < 20; i++) {
    const room = base + gives.slice(0, fit.level).reduce((a, b) => a + b, 0);
    const next = refit(fit, room, need);
    if (next === fit) return fit;
    fit = next;
  }
  throw new Error('the fit does not settle');
}

describe('the top bar’s fit', () => {
  it('keeps everything while the search box has room', () => {
    expect(settle(450, [280, 170, 0]).level).toBe(0);
    expect(refit(FIT_START, 400, SEARCH_MIN_WIDTH)).toBe(FIT_START);
  });

  it('gives up one thing at a time until the box is wide enough', () => {
    // A curator's bar at 1280 px: 91 px for the box; collapsing the menus gives 285.
    expect(settle(91, [285, 170, 0]).level).toBe(1);
    // Narrower still: the names go too.
    expect(settle(-60, [285, 170, 0]).level).toBe(2);
    // Nothing gives enough: every step is taken, and no more.
    expect(settle(-300, [285, 170, 0]).level).toBe(FIT_LEVELS);
  });

  it('takes a step back once the room it gave is there again, and not before', () => {
    const collapsed = settle(91, [285, 170, 0]);
    // Back at 285 (what collapsing gave) + 320 + the slack.
    expect(collapsed.down[1]).toBe(285 + SEARCH_MIN_WIDTH + 8);
    // The window grows by 100 px: 476 px with the menus collapsed, 191 without; they stay collapsed.
    expect(refit(collapsed, 476, SEARCH_MIN_WIDTH).level).toBe(1);
    // It grows enough: 285 + 320 + the slack.
    expect(refit(collapsed, 285 + SEARCH_MIN_WIDTH + 8, SEARCH_MIN_WIDTH).level).toBe(0);
    expect(refit(collapsed, 285 + SEARCH_MIN_WIDTH + 7, SEARCH_MIN_WIDTH).level).toBe(1);
  });

  it('does not flicker at the edge: a level taken back is not taken again', () => {
    let fit = settle(91, [285, 170, 0]);
    const sizes = [605, 613, 612, 330, 614, 620];
    const levels: number[] = [];
    for (const room of sizes) {
      // The room the box gets at the fit's level for a window giving `room` px at level 1.
      const at = (f: Fit) => room - (f.level === 0 ? 285 : 0);
      fit = refit(fit, at(fit), SEARCH_MIN_WIDTH);
      fit = refit(fit, at(fit), SEARCH_MIN_WIDTH);
      levels.push(fit.level);
    }
    expect(levels).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('keeps the need of the level it left: a short placeholder does not bring the long one back', () => {
    // Level 3 shortens the placeholder (need 320 instead of 380) but gives no room.
    let fit = settle(-300, [285, 170, 0], 380);
    expect(fit.level).toBe(3);
    fit = refit(fit, 155, SEARCH_MIN_WIDTH);
    expect(fit.level).toBe(3);
    fit = refit(fit, 390, SEARCH_MIN_WIDTH);
    expect(fit.level).toBe(2);
  });
});
