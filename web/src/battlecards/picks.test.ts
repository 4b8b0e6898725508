import { describe, expect, it } from 'vitest';
import { BATTLECARD_MAX_CARDS } from '../../../contracts/cards.ts';
import { canPick, togglePick } from './picks.ts';

describe('card picks', () => {
  it('picks up to 8 cards for a battlecard and refuses a 9th, while unpicking stays allowed', () => {
    const eight = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(canPick(eight.slice(0, 7), 9, BATTLECARD_MAX_CARDS)).toBe(true);
    expect(canPick(eight, 9, BATTLECARD_MAX_CARDS)).toBe(false);
    expect(canPick(eight, 4, BATTLECARD_MAX_CARDS)).toBe(true);
    expect(togglePick(eight, 9, BATTLECARD_MAX_CARDS)).toEqual(eight);
    expect(togglePick(eight, 4, BATTLECARD_MAX_CARDS)).toEqual([1, 2, 3, 5, 6, 7, 8]);
    expect(togglePick([1], 2, BATTLECARD_MAX_CARDS)).toEqual([1, 2]);
  });

  it('holds to the limit it is given (12 for a landing page’s curated section)', () => {
    const eight = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(togglePick(eight, 9, 12)).toEqual([...eight, 9]);
    expect(canPick([1, 2], 3, 2)).toBe(false);
  });
});
