import { describe, expect, it } from 'vitest';
import { DASHES, PATTERN_SHAPES, PATTERNS, seriesMark } from './marks.ts';

describe('series marks', () => {
  it('gives the first ten series ten different patterns and dashes, the first plain', () => {
    const marks = Array.from({ length: 10 }, (_, i) => seriesMark(i));
    expect(marks[0]).toEqual({ pattern: 'solid', dash: undefined });
    expect(new Set(marks.map((m) => m.pattern)).size).toBe(10);
    expect(new Set(marks.map((m) => m.dash)).size).toBe(10);
    expect(seriesMark(10)).toEqual(seriesMark(0));
  });

  it('draws something over the colour for every pattern but the plain one', () => {
    expect(PATTERNS.length).toBe(DASHES.length);
    for (const p of PATTERNS) {
      const shape = PATTERN_SHAPES[p];
      expect(shape.paths.length + shape.dots.length > 0, p).toBe(p !== 'solid');
    }
  });
});
