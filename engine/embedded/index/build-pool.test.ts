import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cardsIndex } from '../../../documents/cards.ts';
import { cards, vocabulary } from '../../../bench/lib/corpus.ts';
import type { SearchEngine, SearchRequest } from '../../port.ts';
import { BuildPool, buildStats } from './build-pool.ts';
import { createEmbeddedEngine } from '../index.ts';
import { sourcesDir } from '../storage/source-files.ts';
import { mergeNow } from './merge.ts';
import type { Segment } from './segment.ts';
import { encodeIndex } from '../storage/snapshot.ts';
import { IndexStore, WORKER_MIN_DOCS } from './store.ts';

const v = vocabulary(3000);
const docs = [...cards(3 * WORKER_MIN_DOCS, v)];
const upserts = (list: typeof docs, version: number, title?: (t: string) => string) =>
  list.map((d) => ({ op: 'upsert' as const, id: d.id, version, doc: title ? { ...d.doc, title: title(String(d.doc.title)) } : d.doc }));

const requests: SearchRequest[] = [
  { query: { match: { text: v.words[2] } }, size: 20, aggs: { t: { terms: { field: 'tags.id', size: 50 } } }, highlight: { fields: { text: {} } }, track_total_hits: true },
  { query: { bool: { filter: [{ term: { isDraft: false } }] } }, size: 50, sort: [{ updatedAt: 'desc' }, { id: 'asc' }], track_total_hits: true },
  { query: { multi_match: { query: `${v.words[5]} ${v.words[9]}`, fields: ['title^3', 'text'] } }, size: 30, track_total_hits: true },
];

const engines: SearchEngine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** Files this process holds open although they were deleted (Linux, where CI runs). */
const deletedOpenFiles = () => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').map((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`); } catch { return ''; } }).filter((l) => l.endsWith('(deleted)')) : []);

describe('segment builds on worker threads', () => {
  it('give the same index as builds in this thread, and a doc being built is readable by id but not yet searchable', async () => {
    const threaded = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, buildThreads: 2 });
    const inline = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, buildThreads: 0 });
    engines.push(threaded, inline);
    const before = buildStats.workerSegments;
    for (const e of [threaded, inline]) await e.bulk('cards', upserts(docs, 1));

    const refreshed = threaded.refresh('cards');
    expect((await threaded.get('cards', docs[7].id))?.source).toEqual(docs[7].doc);
    expect(await threaded.count('cards')).toBe(0);
    await refreshed;
    await inline.refresh('cards');
    expect(buildStats.workerSegments - before).toBeGreaterThanOrEqual(2);

    expect(await threaded.count('cards')).toBe(docs.length);
    for (const r of requests) {
      const [a, b] = await Promise.all([threaded.search('cards', r), inline.search('cards', r)]);
      expect(a.total).toEqual(b.total);
      expect(a.hits.map((h) => [h.id, h.score, h.source, h.highlight])).toEqual(b.hits.map((h) => [h.id, h.score, h.source, h.highlight]));
      expect(a.aggregations).toEqual(b.aggregations);
    }
    const s = { s: { prefix: v.words[0].slice(0, 2), completion: { field: 'suggest', size: 10 } } };
    expect(await threaded.suggest('cards', s)).toEqual(await inline.suggest('cards', s));
  });

  it('publish refreshes in the order they were taken, even when a later build finishes first', async () => {
    const engine = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, buildThreads: 2, merges: false });
    engines.push(engine);
    await engine.bulk('cards', upserts(docs, 1));
    const first = engine.refresh('cards');
    // A smaller second batch (built in this thread) replaces part of the first.
    const renamed = docs.slice(0, 100);
    await engine.bulk('cards', upserts(renamed, 2, (t) => `Zebracorn ${t}`));
    const second = engine.refresh('cards');
    await Promise.all([first, second]);
    expect(await engine.count('cards')).toBe(docs.length);
    const r = await engine.search('cards', { query: { match: { title: 'zebracorn' } }, size: 0, track_total_hits: true });
    expect(r.total.value).toBe(renamed.length);
    expect((await engine.get('cards', renamed[3].id))?.version).toBe(2);
  });

  it('merge on a thread into the same index as a merge in this thread, keeping changes made while it ran and releasing the inputs\' files', async () => {
    const [threaded, inline] = await Promise.all(
      [2, 0].map(async (buildThreads) => {
        const dataDir = await mkdtemp(join(tmpdir(), 'rs-engine-merge-'));
        dirs.push(dataDir);
        return { dataDir, engine: await createEmbeddedEngine({ dataDir, indexes: [cardsIndex], refreshIntervalMs: -1, persistIntervalMs: -1, merges: false, buildThreads }) };
      }),
    );
    engines.push(threaded.engine, inline.engine);
    const merges = buildStats.workerMerges;
    const changed = docs.filter((_, i) => i % 11 === 0);
    for (const { engine } of [threaded, inline]) {
      for (let i = 0; i < 3; i++) await engine.bulk('cards', upserts(docs.slice(i * WORKER_MIN_DOCS, (i + 1) * WORKER_MIN_DOCS), 1), { refresh: true });
      await engine.bulk('cards', docs.filter((_, i) => i % 13 === 0).map((d) => ({ op: 'delete' as const, id: d.id, version: 2 })), { refresh: true });
      const merged = engine.forceMerge('cards');
      // Written while the merge runs: the merged segment must not bring the old versions back.
      await engine.bulk('cards', upserts(changed, 3, (t) => `Zebracorn ${t}`), { refresh: true });
      await merged;
      expect((await engine.health()).indices[`cards_v${cardsIndex.version}`].segments).toBeLessThanOrEqual(2);
    }
    expect(buildStats.workerMerges).toBeGreaterThan(merges);
    const zebras = { query: { match: { title: 'zebracorn' } }, size: 0, track_total_hits: true };
    for (const r of [...requests, zebras]) {
      const [a, b] = await Promise.all([threaded.engine.search('cards', r), inline.engine.search('cards', r)]);
      expect(a.total).toEqual(b.total);
      expect(a.hits.map((h) => [h.id, h.score, h.source])).toEqual(b.hits.map((h) => [h.id, h.score, h.source]));
      expect(a.aggregations).toEqual(b.aggregations);
    }
    expect((await threaded.engine.search('cards', zebras)).total.value).toBe(changed.length);
    expect(await threaded.engine.count('cards')).toBe(docs.length - docs.filter((d, i) => i % 13 === 0 && i % 11 !== 0).length);
    // One file per segment left; none of the merged-away ones is held open by a thread.
    expect(await readdir(sourcesDir(threaded.dataDir))).toHaveLength((await threaded.engine.health()).indices[`cards_v${cardsIndex.version}`].segments!);
    expect(deletedOpenFiles().filter((f) => f.includes(threaded.dataDir))).toEqual([]);
  });

  it('merge segments a thread built from the memory they share, and others from a copy, as this thread merges them', async () => {
    const pool = new BuildPool(2);
    try {
      const store = new IndexStore('cards_v1', cardsIndex, pool);
      for (let i = 0; i < 2; i++) {
        store.bulk(upserts(docs.slice(i * WORKER_MIN_DOCS, (i + 1) * WORKER_MIN_DOCS), 1));
        await store.refresh();
      }
      const threadBuilt = store.snapshot.views;
      expect(threadBuilt.every((v) => v.seg.image instanceof SharedArrayBuffer)).toBe(true);
      // A segment without shared memory: merged here, as after a snapshot load.
      const here = mergeNow(threadBuilt).seg;
      expect(here.image).toBeUndefined();
      const encoded = (seg: Segment) => encodeIndex({ segments: [{ seg, live: null }], tombstones: [] });
      for (const group of [threadBuilt, [{ seg: here, live: null, liveCount: here.maxDoc }]]) {
        const merged = (await store.mergeOnThread(group, { id: 9000, sourcePath: null }))!.seg;
        expect(merged.image).toBeInstanceOf(SharedArrayBuffer);
        expect(encoded(merged).equals(encoded(mergeNow(group, { id: 9000, sourcePath: null }).seg))).toBe(true);
      }
    } finally {
      await pool.close();
    }
  });

  it('build in this thread when the pool fails, so no document is lost', async () => {
    const pool = new BuildPool(1);
    await pool.close();
    const store = new IndexStore('cards_v1', cardsIndex, pool);
    store.bulk(upserts(docs, 1));
    await store.refresh();
    expect(store.docCount).toBe(docs.length);
  });

  it('build in this thread what a thread that died was building, from the batch it kept', async () => {
    const pool = new BuildPool(1);
    try {
      const store = new IndexStore('cards_v1', cardsIndex, pool);
      store.bulk(upserts(docs, 1));
      const refreshed = store.refresh();
      // The documents went to the thread (their buffers transferred); it dies before answering.
      expect(pool.threadCount).toBe(1);
      await (pool as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads[0].worker.terminate();
      await refreshed;
      expect(store.docCount).toBe(docs.length);
      const last = docs[docs.length - 1];
      expect(store.get(last.id)?.source).toEqual(JSON.parse(JSON.stringify(last.doc)));
      expect(store.search({ query: { term: { id: last.id } } }).hits.map((h) => h.id)).toEqual([last.id]);
    } finally {
      await pool.close();
    }
  });

  it('let a bulk load wait while several refreshes are building, so the docs held stay bounded', async () => {
    const pool = new BuildPool(1);
    const store = new IndexStore('cards_v1', cardsIndex, pool);
    const published: Promise<void>[] = [];
    for (let i = 0; i < 3; i++) {
      store.bulk(upserts(docs.slice(i * WORKER_MIN_DOCS, (i + 1) * WORKER_MIN_DOCS), 1));
      published.push(store.refresh());
    }
    expect(store.buildingCount).toBe(3);
    await store.drainBuilds(1);
    expect(store.buildingCount).toBeLessThanOrEqual(1);
    expect(store.docCount).toBeGreaterThanOrEqual(2 * WORKER_MIN_DOCS);
    await Promise.all(published);
    expect(store.docCount).toBe(docs.length);
    await pool.close();
  });

  it('end a thread once it is idle, releasing its heap, and start one again for the next build', async () => {
    const pool = new BuildPool(1, 50);
    const store = new IndexStore('cards_v1', cardsIndex, pool);
    const built = buildStats.workerSegments;
    store.bulk(upserts(docs.slice(0, WORKER_MIN_DOCS), 1));
    await store.refresh();
    expect(buildStats.workerSegments).toBe(built + 1);
    await expect.poll(() => pool.threadCount, { interval: 20 }).toBe(0);
    store.bulk(upserts(docs.slice(WORKER_MIN_DOCS, 2 * WORKER_MIN_DOCS), 1));
    const refreshed = store.refresh();
    expect(pool.threadCount).toBe(1);
    await refreshed;
    expect(buildStats.workerSegments).toBe(built + 2);
    expect(store.docCount).toBe(2 * WORKER_MIN_DOCS);
    await pool.close();
  });
});
