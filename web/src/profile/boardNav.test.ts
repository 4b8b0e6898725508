import { describe, expect, it } from 'vitest';
import { lanesInView, pageTarget, type LaneSpan } from './boardNav.ts';

/** Six lanes `width` wide with 16 px between them. */
const lanes = (width: number, count = 6): LaneSpan[] => Array.from({ length: count }, (_, i) => ({ left: i * (width + 16), right: i * (width + 16) + width }));

describe('lane navigator', () => {
  const desk = lanes(320); // 2000 px of lanes
  const view = 1256;
  const max = 2000 - view;

  it('counts the lanes wholly in view; one peeking in at the edge does not count', () => {
    expect(lanesInView(desk, 0, view)).toEqual({ first: 0, last: 2 });
    expect(lanesInView(desk, max, view)).toEqual({ first: 3, last: 5 });
    expect(lanesInView(desk, 336, view)).toEqual({ first: 1, last: 3 });
    expect(lanesInView([], 0, view)).toBeNull();
    // A lane wider than the view counts when it fills it.
    expect(lanesInView([{ left: 0, right: 900 }], 100, 400)).toEqual({ first: 0, last: 0 });
  });

  it('pages forward to the first lane not wholly in view, and back to where the previous page began', () => {
    expect(pageTarget(desk, 0, view, max, 1)).toBe(744); // lane 4 starts at 1008: as far as the board goes
    expect(pageTarget(desk, max, view, max, -1)).toBe(0);
    expect(pageTarget(desk, 0, view, max, -1)).toBe(0);
    expect(pageTarget(desk, max, view, max, 1)).toBe(max);
  });

  it('steps one lane at a time on a phone', () => {
    const phone = lanes(334);
    const w = 366;
    const end = phone[5].right - w;
    expect(pageTarget(phone, 0, w, end, 1)).toBe(350);
    expect(pageTarget(phone, 350, w, end, 1)).toBe(700);
    expect(pageTarget(phone, 700, w, end, -1)).toBe(350);
    expect(pageTarget(phone, 350, w, end, -1)).toBe(0);
    expect(lanesInView(phone, 350, w)).toEqual({ first: 1, last: 1 });
  });

  it('reaches every lane by paging forward', () => {
    let left = 0;
    const seen = new Set<number>();
    for (let step = 0; step < 10; step++) {
      const shown = lanesInView(desk, left, view)!;
      for (let i = shown.first; i <= shown.last; i++) seen.add(i);
      left = pageTarget(desk, left, view, max, 1);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
