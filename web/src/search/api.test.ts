import { describe, expect, it } from 'vitest';
import { nextOffset } from './api.ts';

const page = (offset: number, n: number, total: number) => ({ offset, size: 10, nr_results: total, results: Array.from({ length: n }, (_, i) => i) });

describe('nextOffset (infinite scroll)', () => {
  it('asks for the next 10 while results remain', () => {
    expect(nextOffset(page(0, 10, 35) as never)).toBe(10);
    expect(nextOffset(page(30, 5, 35) as never)).toBeUndefined();
    expect(nextOffset(page(0, 10, 10) as never)).toBeUndefined();
    expect(nextOffset(page(0, 0, 10) as never)).toBeUndefined();
  });
  it('stops at the 10 000 result window', () => {
    expect(nextOffset(page(9980, 10, 50_000) as never)).toBe(9990);
    expect(nextOffset(page(9990, 10, 50_000) as never)).toBeUndefined();
  });
});
