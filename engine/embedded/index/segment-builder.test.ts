import { describe, expect, it } from 'vitest';
import type { IndexDefinition } from '../../port.ts';
import { compileSchema } from './schema.ts';
import { SegmentBuilder } from './segment-builder.ts';

describe('segment builder', () => {
  it('gives a number the same term whether it came as a number or as text', () => {
    const def: IndexDefinition = { name: 'n', version: 1, settings: {}, mappings: { properties: { n: { type: 'integer' }, x: { type: 'double' } } } };
    const b = new SegmentBuilder(compileSchema(def));
    const docs = [{ n: 5, x: 1.5 }, { n: '5', x: '1.5' }, { n: 5.9 }, { n: [0, -0] }, { n: 'x' }, { n: [7, '7', 5] }];
    docs.forEach((doc, i) => b.add(String(i), 1, doc));
    const seg = b.build();
    const inv = seg.inverted.get('n')!;
    const terms = Array.from({ length: inv.terms.length }, (_, i) => inv.terms.at(i));
    expect(terms).toEqual(['0', '5', '7']);
    const postings = (t: number) => [...inv.docs.subarray(inv.start[t], inv.start[t + 1])];
    expect(terms.map((_, t) => postings(t))).toEqual([[3], [0, 1, 2, 5], [5]]);
    // Doc values: each doc's ordinals, once each.
    expect(docs.map((_, d) => [...inv.dvOrds!.subarray(inv.dvStart![d], inv.dvStart![d + 1])])).toEqual([[1], [1], [1], [0], [], [1, 2]]);
    const x = seg.inverted.get('x')!;
    expect([x.terms.length, x.terms.at(0), [...x.docs]]).toEqual([1, '1.5', [0, 1]]);
  });
});
