import { describe, expect, it } from 'vitest';
import { cards, vocabulary } from '../../../bench/lib/corpus.ts';
import { cardsIndex } from '../../../documents/cards.ts';
import type { SortClause } from '../../port.ts';
import { createEmbeddedEngine } from '../index.ts';

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
