import { describe, expect, it } from 'vitest';
import { cardsIndex } from '../../../documents/cards.ts';
import { cards, vocabulary } from '../../../bench/lib/corpus.ts';
import type { SearchRequest } from '../../port.ts';
import { createEmbeddedEngine } from '../index.ts';
import { mergeNow } from './merge.ts';
import { IndexStore } from './store.ts';

const requests: SearchRequest[] = [
  { query: { match_all: {} }, size: 50, sort: [{ updatedAt: 'desc' }, { id: 'asc' }], track_total_hits: true },
  { query: { bool: { filter: [{ term: { isDraft: false } }], must_not: [{ term: { 'tags.id': 1 } }] } }, size: 30, sort: [{ 'title.keyword': 'asc' }], aggs: { t: { terms: { field: 'tags.id', size: 20 } }, d: { date_histogram: { field: 'updatedAt', calendar_interval: 'month' } } }, track_total_hits: true },
  { query: { range: { sourcesCount: { gte: 2 } } }, size: 40, sort: [{ sourcesCount: 'asc' }, { id: 'asc' }], aggs: { b: { terms: { field: 'board.rival_id', size: 60 } } }, track_total_hits: true },
  { query: { bool: { must_not: [{ exists: { field: 'sourcesCount' } }] } }, size: 20, sort: [{ sourcesCount: { order: 'desc', missing: '_first' } }, { id: 'asc' }], track_total_hits: true },
  { query: { exists: { field: 'visibilityGroupIds' } }, size: 20, sort: [{ visibilityGroupIds: 'asc' }, { id: 'asc' }], aggs: { g: { terms: { field: 'visibilityGroupIds', size: 20 } } }, track_total_hits: true },
];

describe('segment merges', () => {
  // Batches of 64 give only whole 16-doc blocks; with 50 every segment ends in a short block; with
  // deletes, blocks that lost docs are re-encoded and the others copied.
  it.each([50, 64])('give the same results as the segments they replace (batches of %i)', async (batch) => {
    const v = vocabulary(2000);
    // The first segments have no doc with a sourcesCount or visibility groups, so no columns for them.
    const docs = [...cards(900, v)].map((d, i) => (i < 200 ? { ...d, doc: { ...d.doc, sourcesCount: undefined, visibilityGroupIds: [] } } : d));
    const engine = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, merges: false });
    // Many small refreshes make many segments; then updates and deletes hit several of them.
    for (let i = 0; i < docs.length; i += batch) {
      await engine.bulk('cards', docs.slice(i, i + batch).map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })), { refresh: true });
    }
    const changes = batch === 64 ? [] : docs.filter((_, i) => i % 7 === 0);
    await engine.bulk('cards', changes.map((d, i) => (i % 2 === 0
      ? { op: 'delete' as const, id: d.id, version: 2 }
      : { op: 'upsert' as const, id: d.id, version: 2, doc: { ...d.doc, title: `Renamed ${d.doc.title}`, sourcesCount: 9 } })), { refresh: true });
    const before = await Promise.all(requests.map((r) => engine.search('cards', r)));
    expect(before[3].total.value).toBeGreaterThan(100); // docs without the field, from segments without the column
    expect(before[4].total.value).toBeGreaterThan(50);
    const matchBefore = await engine.search('cards', { query: { match: { title: v.words[3] } }, size: 1000, track_total_hits: true });
    const suggestBefore = await engine.suggest('cards', { s: { prefix: v.words[0].slice(0, 2), completion: { field: 'suggest', size: 10 } } });
    expect((await engine.health()).indices[`cards_v${cardsIndex.version}`].segments).toBeGreaterThan(13);

    await engine.forceMerge('cards');
    const segs = (await engine.health()).indices[`cards_v${cardsIndex.version}`].segments!;
    expect(segs).toBeLessThan(10);

    const after = await Promise.all(requests.map((r) => engine.search('cards', r)));
    for (let i = 0; i < requests.length; i++) {
      expect(after[i].total).toEqual(before[i].total);
      expect(after[i].hits.map((h) => [h.id, h.source])).toEqual(before[i].hits.map((h) => [h.id, h.source]));
      expect(after[i].aggregations).toEqual(before[i].aggregations);
    }
    const matchAfter = await engine.search('cards', { query: { match: { title: v.words[3] } }, size: 1000, track_total_hits: true });
    expect(matchAfter.hits.map((h) => h.id).sort()).toEqual(matchBefore.hits.map((h) => h.id).sort());
    expect(await engine.suggest('cards', { s: { prefix: v.words[0].slice(0, 2), completion: { field: 'suggest', size: 10 } } })).toEqual(suggestBefore);
    if (changes.length > 0) {
      expect((await engine.get('cards', changes[1].id))?.source.title).toMatch(/^Renamed /);
      expect(await engine.get('cards', changes[0].id)).toBeNull();
    }
    // Writes after the merge still find and replace the merged docs.
    await engine.bulk('cards', [{ op: 'delete', id: docs[1].id, version: 5 }], { refresh: true });
    expect(await engine.count('cards')).toBe(before[0].total.value - 1);
    await engine.close();
  });
});

describe('a merge that runs while documents change', () => {
  it('keeps the deletes and updates made meanwhile, and is dropped when an input segment left', async () => {
    const v = vocabulary(2000);
    const docs = [...cards(400, v)];
    const store = new IndexStore('cards_v1', cardsIndex);
    const upsert = (d: (typeof docs)[number], version: number, title?: string) => ({ op: 'upsert' as const, id: d.id, version, doc: title ? { ...d.doc, title } : d.doc });
    for (let i = 0; i < docs.length; i += 50) {
      store.bulk(docs.slice(i, i + 50).map((d) => upsert(d, 1)));
      await store.refresh();
    }
    const group = store.mergeCandidates(true)!;
    expect(group.length).toBeGreaterThan(2);
    const result = mergeNow(group);
    // Meanwhile: a delete, an update, and docs of a segment outside the merge left alone.
    const inGroup = new Set(group.flatMap((g) => g.seg.ids));
    const [gone, renamed] = docs.filter((d) => inGroup.has(d.id));
    store.bulk([{ op: 'delete', id: gone.id, version: 2 }, upsert(renamed, 2, 'Quokkafish renamed')]);
    await store.refresh();

    expect(store.commitMerge(group, result)).toBe(true);
    expect(store.docCount).toBe(docs.length - 1);
    expect(store.get(gone.id)).toBeNull();
    expect(store.get(renamed.id)?.version).toBe(2);
    const all = store.search({ query: { match_all: {} }, size: 1000, track_total_hits: true });
    expect(all.hits.map((h) => h.id).sort()).toEqual(docs.filter((d) => d !== gone).map((d) => d.id).sort());
    const r = store.search({ query: { match: { title: 'quokkafish' } }, size: 10 });
    expect(r.hits.map((h) => h.id)).toEqual([renamed.id]);

    // The merged segment is now in the snapshot, so the same group cannot be swapped in again.
    expect(store.commitMerge(group, mergeNow(group))).toBe(false);
    expect(store.docCount).toBe(docs.length - 1);
  });
});
