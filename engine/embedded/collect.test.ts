import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cards, vocabulary } from '../../bench/lib/corpus.ts';
import { cardsIndex } from '../../mappings/cards.ts';
import type { SortClause } from '../port.ts';
import { compileSort, sortByValue, sortOrders, TopCollector } from './collect.ts';
import { createEmbeddedEngine } from './index.ts';
import { mergeNow } from './merge.ts';
import type { SegmentView } from './query.ts';
import { compileSchema } from './schema.ts';
import { SegmentBuilder, type Segment } from './segment.ts';
import { decodeIndex, encodeIndex } from './snapshot.ts';

describe('sorted collection', () => {
  it('walking the cached sort order returns what a full sort of the matches returns', async () => {
    // Enough matches per segment to take the in-order walk; few distinct values so ties need the id tiebreak;
    // some docs without the field so missing-first and missing-last both matter.
    const docs = [...cards(12_000, vocabulary(500))].map((d, i) => {
      const doc = { ...d.doc, sourcesCount: i % 11 === 0 ? undefined : (i * 7919) % 13 };
      return { id: d.id, doc };
    });
    const engine = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, merges: false });
    for (let i = 0; i < docs.length; i += 5000) {
      await engine.bulk('cards', docs.slice(i, i + 5000).map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })), { refresh: true });
    }
    const cases: { sort: SortClause[]; from: number; size: number; filterDraft?: boolean }[] = [
      { sort: [{ sourcesCount: 'desc' }, { id: 'asc' }], from: 0, size: 25 },
      { sort: [{ sourcesCount: 'asc' }, { id: 'desc' }], from: 40, size: 30 },
      { sort: [{ sourcesCount: { order: 'asc', missing: '_first' } }, { id: 'asc' }], from: 0, size: 1200 },
      { sort: [{ sourcesCount: { order: 'desc', missing: '_last' } }, { id: 'asc' }], from: 9_900, size: 100 },
      { sort: [{ updatedAt: 'desc' }, { id: 'asc' }], from: 5, size: 20, filterDraft: true },
    ];
    const key = (x: unknown) => (x === undefined ? null : (x as number | string));
    for (const c of cases) {
      const res = await engine.search('cards', {
        query: c.filterDraft ? { bool: { filter: [{ term: { isDraft: false } }] } } : { match_all: {} },
        sort: c.sort,
        from: c.from,
        size: c.size,
        track_total_hits: true,
      });
      const field = Object.keys(c.sort[0] as object)[0];
      const spec = (c.sort[0] as Record<string, string | { order: string; missing?: string }>)[field];
      const desc = (typeof spec === 'string' ? spec : spec.order) === 'desc';
      const missingFirst = typeof spec !== 'string' && spec.missing === '_first';
      const idDesc = (c.sort[1] as Record<string, string>).id === 'desc';
      const value = (d: (typeof docs)[number]) => {
        const v = key((d.doc as Record<string, unknown>)[field]);
        return typeof v === 'string' ? Date.parse(v) : v;
      };
      const expected = docs
        .filter((d) => !c.filterDraft || (d.doc as Record<string, unknown>).isDraft === false)
        .sort((a, b) => {
          const va = value(a);
          const vb = value(b);
          if (va !== vb) {
            if (va === null) return missingFirst ? -1 : 1;
            if (vb === null) return missingFirst ? 1 : -1;
            return desc ? vb - va : va - vb;
          }
          return (a.id < b.id ? -1 : 1) * (idDesc ? -1 : 1);
        })
        .slice(c.from, c.from + c.size)
        .map((d) => d.id);
      expect(res.hits.map((h) => h.id)).toEqual(expected);
      expect(res.hits.length).toBe(c.size);
    }
    await engine.close();
  });
});

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
