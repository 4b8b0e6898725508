import { describe, expect, it } from 'vitest';
import { cards, vocabulary } from '../../../bench/lib/corpus.ts';
import { cardsIndex } from '../../../documents/cards.ts';
import type { IndexDefinition, SearchRequest } from '../../port.ts';
import { createEmbeddedEngine } from '../index.ts';

describe('aggregation cache', () => {
  it('repeated aggregations follow deletes, updates and new documents', async () => {
    const docs = [...cards(3000, vocabulary(400))];
    const engine = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, merges: false });
    const upsert = (list: typeof docs, version: number) =>
      engine.bulk('cards', list.map((d) => ({ op: 'upsert' as const, id: d.id, version, doc: d.doc })), { refresh: true });
    await upsert(docs.slice(0, 2000), 1);
    const req: SearchRequest = {
      query: { bool: { filter: [{ term: { isDraft: false } }] } },
      size: 5,
      track_total_hits: true,
      aggs: {
        tags: { terms: { field: 'tags.id', size: 50 } },
        visible: { filter: { term: { allAccess: true } }, aggs: { boards: { terms: { field: 'board.id', size: 50 } } } },
      },
    };
    // The answer a fresh engine gives for the same documents: no cache can be involved.
    const fresh = async (list: typeof docs) => {
      const e = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, merges: false });
      await e.bulk('cards', list.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })), { refresh: true });
      const r = await e.search('cards', req);
      await e.close();
      return r.aggregations;
    };
    for (let i = 0; i < 3; i++) await engine.search('cards', req); // cached from the second use on
    expect((await engine.search('cards', req)).aggregations).toEqual(await fresh(docs.slice(0, 2000)));

    await engine.bulk('cards', docs.slice(0, 300).map((d) => ({ op: 'delete' as const, id: d.id, version: 2 })), { refresh: true });
    expect((await engine.search('cards', req)).aggregations).toEqual(await fresh(docs.slice(300, 2000)));

    const renamed = docs.slice(300, 400).map((d) => ({ ...d, doc: { ...d.doc, allAccess: !d.doc.allAccess } }));
    await upsert(renamed, 3);
    await upsert(docs.slice(2000), 1);
    const now = [...renamed, ...docs.slice(400)];
    expect((await engine.search('cards', req)).aggregations).toEqual(await fresh(now));
    await engine.close();
  });

  it('terms counts equal a count over the live documents, whether few or most docs match', async () => {
    const docs = [...cards(2400, vocabulary(300))];
    const engine = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, merges: false });
    await engine.bulk('cards', docs.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })), { refresh: true });
    await engine.bulk('cards', docs.slice(0, 200).map((d) => ({ op: 'delete' as const, id: d.id, version: 2 })), { refresh: true });
    const live = docs.slice(200).map((d) => d.doc as unknown as { isDraft: boolean; tags: { id: number }[]; board: { id: number } });
    const cases: [SearchRequest['query'], (d: (typeof live)[number]) => boolean][] = [
      [{ match_all: {} }, () => true], // most docs (deleted ones aside): the others are counted and subtracted
      [{ term: { isDraft: false } }, (d) => !d.isDraft],
      [{ term: { 'board.id': 1 } }, (d) => d.board.id === 1], // a few docs: counted from doc values
      [{ terms: { 'tags.id': [7, 9] } }, (d) => d.tags.some((t) => t.id === 7 || t.id === 9)],
    ];
    for (const [query, matches] of cases) {
      const r = await engine.search('cards', { query, size: 0, aggs: { tags: { terms: { field: 'tags.id', size: 1000 } } } });
      const expected = new Map<number, number>();
      for (const d of live.filter(matches)) for (const t of d.tags) expected.set(t.id, (expected.get(t.id) ?? 0) + 1);
      const buckets = (r.aggregations!.tags as { buckets: { key: number; doc_count: number }[] }).buckets;
      expect(new Map(buckets.map((b) => [b.key, b.doc_count]))).toEqual(expected);
      expect(expected.size).toBeGreaterThan(0);
    }
    await engine.close();
  });

  it('a field with one value per doc is counted from its column: few or most docs matching, docs without it, 300 terms, and a segment where a doc has two', async () => {
    const def: IndexDefinition = { name: 'single', version: 1, settings: {}, mappings: { properties: { k: { type: 'keyword' }, n: { type: 'integer' } } } };
    const engine = await createEmbeddedEngine({ indexes: [def], refreshIntervalMs: -1, merges: false });
    // Segment one: one value or none per doc, 300 distinct values (wider than a byte). Segment two: a doc with two.
    const docs: { id: string; doc: { k?: string | string[]; n: number } }[] = [];
    for (let i = 0; i < 3000; i++) docs.push({ id: `a${i}`, doc: i % 7 === 0 ? { n: i } : { k: `v${(i * 7) % 300}`, n: i } });
    const later = [{ id: 'b0', doc: { k: ['v1', 'v2'], n: 1 } }, { id: 'b1', doc: { k: 'v1', n: 2 } }];
    await engine.bulk('single', docs.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })), { refresh: true });
    await engine.bulk('single', later.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })), { refresh: true });
    const all = [...docs, ...later];
    for (const [query, matches] of [
      [{ match_all: {} }, () => true],
      [{ range: { n: { lt: 900 } } }, (d: (typeof all)[number]) => d.doc.n < 900],
      [{ range: { n: { gte: 100 } } }, (d: (typeof all)[number]) => d.doc.n >= 100],
    ] as [SearchRequest['query'], (d: (typeof all)[number]) => boolean][]) {
      const r = await engine.search('single', { query, size: 0, aggs: { k: { terms: { field: 'k', size: 1000 } } } });
      const expected = new Map<string, number>();
      for (const d of all.filter(matches)) for (const k of [d.doc.k ?? []].flat()) expected.set(k, (expected.get(k) ?? 0) + 1);
      const buckets = (r.aggregations!.k as { buckets: { key: string; doc_count: number }[] }).buckets;
      expect(new Map(buckets.map((b) => [b.key, b.doc_count]))).toEqual(expected);
      expect(expected.size).toBeGreaterThan(255);
    }
    await engine.close();
  });
});
