import { describe, expect, it } from 'vitest';
import { assignChanges, battlecardName, canTick, cardCount, initialTicks } from './assign.ts';

const bc = (id: number, desktop: number[], tablet = desktop, mobile = desktop) => ({ id, cards: { desktop, tablet, mobile } });
const full = bc(3, [1, 2, 3, 4, 5, 6, 7, 8]);

describe('assign to battlecards', () => {
  it('starts from the battlecards that hold the card on any layout', () => {
    expect(initialTicks([bc(1, [9]), bc(2, [], [], [9]), bc(4, [1])], 9)).toEqual({ 1: true, 2: true, 4: false });
  });

  it('a battlecard at 8 cards cannot take another, but can keep or drop one it holds', () => {
    expect(cardCount(full)).toBe(8);
    expect(canTick(full, 99)).toBe(false);
    expect(canTick(full, 8)).toBe(true);
    expect(canTick(bc(4, [1, 2, 3, 4, 5, 6, 7]), 99)).toBe(true);
    expect(canTick(bc(5, [1], [1, 2, 3, 4, 5, 6, 7, 8]), 99)).toBe(false);
  });

  it('saves only the changed battlecards: appended on tick, removed on untick', () => {
    const list = [bc(1, [5, 9]), bc(2, [5]), bc(4, [6])];
    expect(assignChanges(list, 9, { 1: true, 2: false, 4: false })).toEqual([]);
    expect(assignChanges(list, 9, { 1: false, 2: true, 4: false })).toEqual([
      { id: 1, cardData: { desktop: [5], tablet: [5], mobile: [5] } },
      { id: 2, cardData: { desktop: [5, 9], tablet: [5, 9], mobile: [5, 9] } },
    ]);
  });

  it('trims a new battlecard name and refuses an empty one', () => {
    expect(battlecardName('  Q3 pitch ')).toBe('Q3 pitch');
    expect(battlecardName('   ')).toBeNull();
  });
});
