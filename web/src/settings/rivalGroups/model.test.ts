import { describe, expect, it } from 'vitest';
import { addableRivals, rivalsOf } from './model.ts';

const rivals = [
  { id: 1, name: 'lumenary' },
  { id: 2, name: 'DataHarbor' },
  { id: 3, name: 'Beaconly' },
  { id: 4, name: 'Clearmetric' },
];

describe('rival groups', () => {
  it("shows a group's rivals in the group's order, leaving out ids the viewer cannot see", () => {
    expect(rivalsOf({ rivals: [4, 99, 1] }, rivals).map((r) => r.id)).toEqual([4, 1]);
    expect(rivalsOf({ rivals: [] }, rivals)).toEqual([]);
  });

  it('offers the rivals not in the group, by name whatever the case', () => {
    expect(addableRivals({ rivals: [2] }, rivals).map((r) => r.name)).toEqual(['Beaconly', 'Clearmetric', 'lumenary']);
    expect(addableRivals({ rivals: [1, 2, 3, 4] }, rivals)).toEqual([]);
    // The input keeps its order.
    expect(rivals.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});
