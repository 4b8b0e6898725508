import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cardsIndex } from '../../../documents/cards.ts';
import { allIndexes } from '../../../documents/index.ts';
import { audience } from '../../../documents/audiences.ts';
import { CARD_SPECS, cardDoc } from '../../../tests/conformance/fixtures.ts';
import { createEmbeddedEngine } from '../index.ts';
import { compileSchema } from '../index/schema.ts';
import { SegmentBuilder } from '../index/segment-builder.ts';
import { encodeIndex, readSnapshot, writeSnapshot, type IndexImage } from './snapshot.ts';
import { checksum } from './checksum.ts';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'rs-engine-snap-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

// One title and text beyond ASCII: dictionaries and ids are stored as UTF-8 bytes.
const docs = [...CARD_SPECS, { ...CARD_SPECS[0], id: '99', title: 'Naïve 😀 pricing café', text: 'Résumé of the ｆｕｌｌ 😀 plan' }].map((s) => cardDoc(s));

async function filled(dataDir: string) {
  const engine = await createEmbeddedEngine({ dataDir, indexes: [cardsIndex], refreshIntervalMs: -1, persistIntervalMs: -1 });
  await engine.bulk('cards', docs.map((d) => ({ op: 'upsert' as const, id: d.id, version: 3, doc: d as unknown as Record<string, unknown> })));
  await engine.bulk('cards', [{ op: 'delete', id: '12', version: 4 }], { refresh: true });
  return engine;
}

describe('embedded snapshot', () => {
  it('restores documents, versions, tombstones and aliases after a restart', async () => {
    const dir = await tempDir();
    const a = await filled(dir);
    const queries = async (e: typeof a) => ({
      search: await e.search('cards', { query: { match: { text: 'pricing' } }, aggs: { t: { terms: { field: 'tags.id' } } } }),
      unicode: (await e.search('cards', { query: { match: { text: 'résumé 😀' } } })).hits.map((h) => h.id),
      suggest: await e.suggest('cards', { s: { prefix: 'naï', completion: { field: 'suggest', size: 10, contexts: { scope: [audience.curators(1)] } } } }),
    });
    const before = await queries(a);
    expect(before.unicode).toEqual(['99']);
    expect(before.suggest.s.map((o) => o.text)).toEqual(['Naïve 😀 pricing café']);
    await a.close();

    const b = await createEmbeddedEngine({ dataDir: dir, indexes: [cardsIndex], refreshIntervalMs: -1, persistIntervalMs: -1 });
    const h = await b.health();
    expect(h.snapshot?.state).toBe('loaded');
    expect((await b.ensureIndex(cardsIndex)).needsRebuild).toBe(false); // restored: only catch up from the outbox
    expect(await b.count('cards')).toBe(docs.length - 1);
    const after = await queries(b);
    expect(after).toEqual({ ...before, search: { ...before.search, took_ms: after.search.took_ms } });
    // Versions and tombstones survive: replays stay ignored.
    const r = await b.bulk('cards', [
      { op: 'upsert', id: '1', version: 3, doc: docs[0] as unknown as Record<string, unknown> },
      { op: 'upsert', id: '12', version: 4, doc: docs[11] as unknown as Record<string, unknown> },
    ]);
    expect(r.items.map((i) => i.status)).toEqual(['stale', 'stale']);
    expect((await b.get('cards', '5'))?.version).toBe(3);
    await b.close();
  });

  it('reports a missing snapshot', async () => {
    const dir = await tempDir();
    const e = await createEmbeddedEngine({ dataDir: join(dir, 'none'), indexes: [cardsIndex], refreshIntervalMs: -1, persistIntervalMs: -1 });
    expect((await e.health()).snapshot?.state).toBe('missing');
    expect((await e.ensureIndex(cardsIndex)).needsRebuild).toBe(true);
    await e.close();
  });

  it('detects a corrupt index file by its checksum and asks for a rebuild', async () => {
    const dir = await tempDir();
    await (await filled(dir)).close();
    const file = (await readdir(dir)).find((f) => f.endsWith('.idx'))!;
    const bytes = await readFile(join(dir, file));
    bytes[bytes.length - 100] ^= 0xff;
    await writeFile(join(dir, file), bytes);

    const e = await createEmbeddedEngine({ dataDir: dir, indexes: [cardsIndex], refreshIntervalMs: -1, persistIntervalMs: -1 });
    const h = await e.health();
    expect(h.snapshot?.state).toBe('corrupt');
    expect(h.status).toBe('yellow');
    const ensured = await e.ensureIndex(cardsIndex);
    expect(ensured.needsRebuild).toBe(true);
    expect(await e.count('cards')).toBe(0);
    await e.close();
  });

  it('loads every index of the product after a restart, also when its columns are empty', async () => {
    const dir = await tempDir();
    const a = await createEmbeddedEngine({ dataDir: dir, indexes: allIndexes, refreshIntervalMs: -1, persistIntervalMs: -1 });
    // A doc without fields leaves every column and postings list of its segment empty.
    for (const def of allIndexes) await a.bulk(def.name, [{ op: 'upsert', id: '1', version: 1, doc: {} }], { refresh: true });
    await a.close();
    const b = await createEmbeddedEngine({ dataDir: dir, indexes: allIndexes, refreshIntervalMs: -1, persistIntervalMs: -1 });
    expect((await b.health()).snapshot).toEqual({ state: 'loaded' });
    for (const def of allIndexes) expect(await b.get(def.name, '1')).toMatchObject({ version: 1, source: {} });
    await b.close();
  });

  it('detects a corrupt manifest', async () => {
    const dir = await tempDir();
    await (await filled(dir)).close();
    await writeFile(join(dir, 'manifest.json'), '{"format":1,');
    const e = await createEmbeddedEngine({ dataDir: dir, indexes: [cardsIndex], refreshIntervalMs: -1, persistIntervalMs: -1 });
    expect((await e.health()).snapshot?.state).toBe('corrupt');
    await e.close();
  });

  it('streams each index file with the same bytes and checksum as the in-memory encoding', async () => {
    const dir = await tempDir();
    const builder = new SegmentBuilder(compileSchema(cardsIndex));
    docs.forEach((d, i) => builder.add(d.id, i + 1, d as unknown as Record<string, unknown>));
    const seg = builder.build();
    const live = new Uint8Array(seg.maxDoc).fill(1);
    live[3] = 0;
    const image: IndexImage = { segments: [{ seg, live }], tombstones: [['gone', 7]] };
    await writeSnapshot(dir, { cards: 'cards_v1' }, new Map([['cards_v1', { def: cardsIndex, image }]]));
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as { indices: Record<string, { file: string; checksum: string }> };
    const written = await readFile(join(dir, manifest.indices.cards_v1.file));
    const encoded = encodeIndex(image);
    expect(written.equals(encoded)).toBe(true);
    expect(manifest.indices.cards_v1.checksum).toBe(checksum(encoded));
    const loaded = await readSnapshot(dir);
    expect(loaded.broken.size).toBe(0);
    const back = loaded.indices.get('cards_v1')!.image;
    expect(back.tombstones).toEqual([['gone', 7]]);
    expect([...back.segments[0].live!]).toEqual([...live]);
    expect(back.segments[0].seg.ids).toEqual(seg.ids);
  });
});
