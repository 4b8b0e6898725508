import { describe, expect, it } from 'vitest';
import { cardWeight, columnsOf, deviceOf, isStacked, stackColumns } from './layout.ts';

describe('battlecard layout', () => {
  it('uses as many columns as fit the width, up to the device layout’s most', () => {
    expect(columnsOf('desktop', 1256)).toBe(3);
    expect(columnsOf('desktop', 900)).toBe(2);
    expect(columnsOf('desktop', 366)).toBe(1);
    expect(columnsOf('desktop', 2400)).toBe(3);
    expect(columnsOf('tablet', 820)).toBe(2);
    expect(columnsOf('tablet', 500)).toBe(1);
    expect(columnsOf('mobile', 1256)).toBe(1);
    // Even narrower than one column: still one.
    expect(columnsOf('desktop', 200)).toBe(1);
  });

  it('stacks by default', () => {
    expect(isStacked(undefined)).toBe(true);
    expect(isStacked('')).toBe(true);
    expect(isStacked('stacker')).toBe(true);
    expect(isStacked('grid')).toBe(false);
  });

  it('stacks the cards down the columns in order, cutting where the columns come out about equally tall', () => {
    expect(stackColumns([1, 1, 1, 1, 1, 1, 1, 1], 3)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
    // One tall card gets a column of its own; the short ones share the others.
    expect(stackColumns([9, 1, 1, 1, 1, 1, 1], 3)).toEqual([[0], [1, 2, 3], [4, 5, 6]]);
    expect(stackColumns([1, 1, 1, 1, 8], 2)).toEqual([[0, 1, 2, 3], [4]]);
    // Never more columns than cards, never fewer than one.
    expect(stackColumns([5, 5], 3)).toEqual([[0], [1]]);
    expect(stackColumns([1, 2, 3], 1)).toEqual([[0, 1, 2]]);
    expect(stackColumns([1, 2], 0)).toEqual([[0, 1]]);
  });

  it('weighs a card by its text, its blocks and its live-data blocks', () => {
    const short = cardWeight('<p>Short.</p>');
    const list = cardWeight('<p>Short.</p><ul><li>a</li><li>b</li><li>c</li></ul>');
    const live = cardWeight('<p>Short.</p><p>{{jobPostings(rival)}}</p>');
    expect(list).toBeGreaterThan(short);
    expect(live).toBeGreaterThan(list);
    expect(cardWeight(null)).toBeGreaterThan(0);
  });

  it('reads the device layout from the URL, desktop by default', () => {
    expect(deviceOf('?layout=mobile')).toBe('mobile');
    expect(deviceOf('?layout=tablet')).toBe('tablet');
    expect(deviceOf('?layout=tv')).toBe('desktop');
    expect(deviceOf('')).toBe('desktop');
  });
});
