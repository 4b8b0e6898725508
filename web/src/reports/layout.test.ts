import { describe, expect, it } from 'vitest';
import { pairNarrowTables } from './layout.ts';

describe('report table layout', () => {
  it('pairs narrow tables that follow each other; the others take the row', () => {
    expect(pairNarrowTables([])).toEqual([]);
    expect(pairNarrowTables([true])).toEqual([false]);
    expect(pairNarrowTables([true, true, true])).toEqual([true, true, false]);
    expect(pairNarrowTables([true, false, true, true])).toEqual([false, false, true, true]);
    expect(pairNarrowTables([false, true, true, true, true])).toEqual([false, true, true, true, true]);
  });
});
