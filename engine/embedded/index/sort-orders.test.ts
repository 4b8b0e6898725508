import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cards, vocabulary } from '../../../bench/lib/corpus.ts';
import { cardsIndex } from '../../../documents/cards.ts';
import { compileSort, TopCollector } from '../search/collect.ts';
import { decodeIndex, encodeIndex } from '../storage/snapshot.ts';
import { mergeNow } from './merge.ts';
import { compileSchema } from './schema.ts';
import { SegmentBuilder } from './segment-builder.ts';
import type { Segment, SegmentView } from './segment.ts';
import { sortByValue, sortOrders } from './sort-orders.ts';

describe('sort order of a numeric column', () => {
  it('radix-sorts docs by value as a stable comparator sort does, ascending and descending', () => {
    const value = fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(0, -0, 1, -1, 1.7e12, 1.7e12 + 1), fc.integer({ min: -5, max: 5 }));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 300 }), fc.boolean(), (values, desc) => {
        const vals = Float64Array.from(values);
        const docs = Uint32Array.from(values.keys());
        const want = [...docs].sort((a, b) => (desc ? vals[b] - vals[a] : vals[a] - vals[b]) || a - b);
        expect([...sortByValue(docs, vals, desc)]).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sort orders kept by segments', () => {
  it('a merge builds the orders its inputs had, and a snapshot keeps them: equal to orders built afresh', () => {
    const schema = compileSchema(cardsIndex);
    const segment = (from: number, n: number) => {
      const b = new SegmentBuilder(schema);
      for (const d of [...cards(from + n, vocabulary(200))].slice(from)) b.add(d.id, 1, d.doc as Record<string, unknown>);
      return b.build();
    };
    const sortDesc = compileSort(schema, [{ updatedAt: 'desc' }, { id: 'asc' }]);
    const view = (seg: Segment, live: Uint8Array | null = null): SegmentView => ({ seg, live, liveCount: seg.maxDoc });
    const sorted = (v: SegmentView) => {
      const c = new TopCollector(sortDesc, 10);
      c.collect(v, { docs: Uint32Array.from({ length: v.seg.maxDoc }, (_, d) => d).filter((d) => !v.live || v.live[d] === 1), scores: null });
      return c.results().map((r) => r.id);
    };
    const a = segment(0, 5000);
    const b = segment(5000, 5000);
    const bLive = new Uint8Array(b.maxDoc).fill(1).map((_, d) => (d % 3 === 0 ? 0 : 1));
    sorted(view(a));
    sorted(view(b, bLive));
    expect(sortOrders(a)).toHaveLength(1);

    const merged = mergeNow([view(a), { ...view(b, bLive), liveCount: bLive.reduce((x, y) => x + y, 0) }]).seg;
    const carried = sortOrders(merged);
    expect(carried).toHaveLength(1);
    const fresh = { ...merged }; // another segment object: its order is built on first use
    expect(sorted(view(fresh))).toEqual(sorted(view(merged)));
    expect(sortOrders(fresh)).toEqual(carried);

    const loaded = decodeIndex(encodeIndex({ segments: [{ seg: merged, live: null }], tombstones: [] })).segments[0].seg;
    expect(sortOrders(loaded)).toEqual(carried);
  });
});
