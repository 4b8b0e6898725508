import { describe, expect, it } from 'vitest';
import { Batch, sliceDocs, type BatchDocs } from './batch.ts';

const utf8 = new TextDecoder();
const json = (docs: BatchDocs) => docs.ids.map((id, i) => [id, docs.versions[i], utf8.decode(docs.bytes.subarray(docs.starts[i], docs.ends[i]))]);

describe('pending batch', () => {
  it('keeps the latest write of each id, through log growth and multi-byte text', () => {
    const b = new Batch(16);
    const big = JSON.stringify({ t: 'café 😀 '.repeat(50) });
    b.upsert('a', 1, '{"v":1}');
    b.upsert('b', 1, big);
    b.delete('c', 2);
    b.upsert('a', 3, '{"v":3}');
    b.upsert('d', 1, '{"v":"ü"}');
    b.delete('d', 2);
    b.upsert('e', 5, '{}');
    expect(b.size).toBe(5);
    expect([...b.written()].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(b.find('a')).toMatchObject({ version: 3 });
    expect(utf8.decode(b.find('a')!.json!)).toBe('{"v":3}');
    expect(utf8.decode(b.find('b')!.json!)).toBe(big);
    expect(b.find('d')).toEqual({ version: 2, json: null });
    expect(b.find('x')).toBeUndefined();
    // Replaced and deleted writes are not built; the rest keep their order.
    expect(json(b.docs())).toEqual([
      ['b', 1, big],
      ['a', 3, '{"v":3}'],
      ['e', 5, '{}'],
    ]);
  });

  it('builds every upsert when no id was written twice, and slices share the log', () => {
    const b = new Batch();
    for (let i = 0; i < 10; i++) b.upsert(`i${i}`, i, JSON.stringify({ n: i }));
    b.delete('gone', 1);
    const docs = b.docs();
    expect(json(docs).map(([id]) => id)).toEqual(Array.from({ length: 10 }, (_, i) => `i${i}`));
    const part = sliceDocs(docs, 4, 7);
    expect(part.bytes).toBe(docs.bytes);
    expect(part.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(json(part)).toEqual([4, 5, 6].map((i) => [`i${i}`, i, JSON.stringify({ n: i })]));
  });
});
