import { describe, expect, it } from 'vitest';
import { Batch, docsRange, ownDocs, type BatchDocs } from './batch.ts';

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

  it('builds every upsert when no id was written twice; a range of them moves to buffers of its own', () => {
    const b = new Batch();
    for (let i = 0; i < 10; i++) b.upsert(`i${i}`, i, JSON.stringify({ n: i }));
    b.delete('gone', 1);
    b.upsert('i5', 20, '{"n":"five"}');
    const docs = b.docs();
    expect(json(docs).map(([id]) => id)).toEqual(['i0', 'i1', 'i2', 'i3', 'i4', 'i6', 'i7', 'i8', 'i9', 'i5']);
    const range = docsRange(docs, 3, 6);
    const expected = [['i3', 3, '{"n":3}'], ['i4', 4, '{"n":4}'], ['i6', 6, '{"n":6}']];
    expect(json(range)).toEqual(expected);
    const own = ownDocs(range);
    expect(json(own)).toEqual(expected);
    // Only the range's bytes (the replaced i5 between i4 and i6 included), from offset 0.
    expect(own.starts[0]).toBe(0);
    expect(own.bytes.length).toBe(docs.ends[5] - docs.starts[3]);
    // Taking them over leaves the batch's own rows intact.
    structuredClone(own, { transfer: [own.versions.buffer, own.bytes.buffer, own.starts.buffer, own.ends.buffer] });
    expect(json(range)).toEqual(expected);
  });
});
