import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cardsIndex } from '../../../documents/cards.ts';
import { CARD_SPECS, cardDoc } from '../../../tests/conformance/fixtures.ts';
import { prng } from '../../../bench/lib/corpus.ts';
import { createEmbeddedEngine } from '../index.ts';
import { sourcesDir, verifySourceFile } from './source-files.ts';
import { closeSourceFile, sourceJson, SourcesWriter } from './sources.ts';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'rs-engine-src-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const docs = CARD_SPECS.map((s) => cardDoc(s));
const options = (dataDir: string) => ({ dataDir, indexes: [cardsIndex], refreshIntervalMs: -1, persistIntervalMs: -1, merges: false, buildThreads: 0 });
const files = async (dataDir: string) => (await readdir(sourcesDir(dataDir))).sort();

describe('stored sources in files', () => {
  it('writes docs past the spill size to a file that reads back doc by doc, and copies runs of docs between files', async () => {
    const dir = await tempDir();
    const rnd = prng(3);
    // ~1.5 KB of poorly compressible JSON per doc: more than one 1 MB append.
    const jsons = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ id: i, text: Array.from({ length: 150 }, () => Math.floor(rnd() * 1e9).toString(36)).join(' ') }));
    const w = new SourcesWriter(join(dir, 'a.src'));
    for (const j of jsons) w.add(j);
    const a = w.finish();
    expect(a.bytes).toBeNull();
    expect(a.file!.size).toBeGreaterThan(1 << 20);
    await verifySourceFile(a.file!);
    for (const d of [0, 1, 1777, 2999]) expect(sourceJson(a, d)).toBe(jsons[d]);

    // A run longer than the spill size is copied in pieces.
    const c = new SourcesWriter(join(dir, 'c.src'));
    c.add('{"y":2}');
    c.copyDocs(a, 5, 1005);
    c.add('{"x":1}');
    c.copyDocs(a, 2999, 3000);
    const copied = c.finish();
    await verifySourceFile(copied.file!);
    expect(copied.file!.size).toBeGreaterThan(1 << 20);
    expect([...Array(1003).keys()].map((d) => sourceJson(copied, d))).toEqual(['{"y":2}', ...jsons.slice(5, 1005), '{"x":1}', jsons[2999]]);

    closeSourceFile(a.file!.path, true);
    closeSourceFile(copied.file!.path, true);
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps a file per segment, and deletes merged-away files once no snapshot refers to them', async () => {
    const dir = await tempDir();
    const e = await createEmbeddedEngine(options(dir));
    const ops = docs.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d as unknown as Record<string, unknown> }));
    for (let i = 0; i < ops.length; i += 3) await e.bulk('cards', ops.slice(i, i + 3), { refresh: true });
    const segments = Math.ceil(ops.length / 3);
    expect(await files(dir)).toHaveLength(segments);
    expect((await e.get('cards', docs[7].id))?.source).toEqual(docs[7]);

    await e.persist();
    const persisted = await files(dir);
    await e.forceMerge('cards');
    expect(Object.values((await e.health()).indices)[0].segments).toBe(1);
    // The snapshot on disk still refers to the merged-away segments: their files stay until the next one.
    const merged = await files(dir);
    expect(merged).toHaveLength(segments + 1);
    expect(merged).toEqual(expect.arrayContaining(persisted));
    await e.persist();
    const after = await files(dir);
    expect(after).toHaveLength(1);
    expect(persisted).not.toContain(after[0]);
    const hit = await e.search('cards', { query: { match: { text: 'pricing' } }, highlight: { fields: { text: {} } }, size: 3 });
    expect(hit.hits.length).toBeGreaterThan(0);
    expect(hit.hits[0].source).toEqual(docs.find((d) => d.id === hit.hits[0].id));
    await e.close();

    const b = await createEmbeddedEngine(options(dir));
    expect((await b.health()).snapshot?.state).toBe('loaded');
    for (const d of docs) expect((await b.get('cards', d.id))?.source).toEqual(d);
    await b.close();
  });

  it('deletes files a crash left behind and detects a corrupt source file by its checksum', async () => {
    const dir = await tempDir();
    const e = await createEmbeddedEngine(options(dir));
    await e.bulk('cards', docs.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d as unknown as Record<string, unknown> })), { refresh: true });
    await e.close();
    const [kept] = await files(dir);
    await writeFile(join(sourcesDir(dir), '99-stray.src'), 'left by a crash');

    const b = await createEmbeddedEngine(options(dir));
    expect((await b.health()).snapshot?.state).toBe('loaded');
    expect(await files(dir)).toEqual([kept]);
    await b.close();

    const path = join(sourcesDir(dir), kept);
    const bytes = await readFile(path);
    bytes[bytes.length >> 1] ^= 0xff;
    await writeFile(path, bytes);
    const c = await createEmbeddedEngine(options(dir));
    const h = await c.health();
    expect(h.snapshot?.state).toBe('corrupt');
    expect(h.snapshot?.detail).toMatch(/checksum/);
    expect((await c.ensureIndex(cardsIndex)).needsRebuild).toBe(true);
    expect(await c.count('cards')).toBe(0);
    // The corrupt file went with its index.
    expect(await files(dir)).toEqual([]);
    await c.close();
  });
});
