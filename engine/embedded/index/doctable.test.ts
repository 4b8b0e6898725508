import { describe, expect, it } from 'vitest';
import { DocTable } from './doctable.ts';
import type { Segment } from './segment.ts';

describe('DocTable', () => {
  it('keeps every location when recording one creates the slot and grows the columns', () => {
    const table = new DocTable();
    const seg = { id: 7 } as Segment;
    const n = 5_000; // crosses the growths at 1024, 2048 and 4096 slots
    for (let d = 0; d < n; d++) table.setLocation(String(d + 1), seg, d);
    for (let d = 0; d < n; d++) expect(table.location(String(d + 1)), `id ${d + 1}`).toEqual({ seg, doc: d });
    expect(table.size).toBe(n);
  });
});
