import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cards, intel, queryMix, readCorpusFile, vocabulary, writeCorpusFile } from './corpus.ts';
import { percentile } from './stats.ts';

describe('bench corpus', () => {
  const v = vocabulary(5000);
  it('is deterministic for a seed', () => {
    expect([...cards(20, v)]).toEqual([...cards(20, v)]);
    expect([...intel(20, v)]).toEqual([...intel(20, v)]);
    expect(queryMix(10, v)).toEqual(queryMix(10, v));
  });
  it('follows a Zipf law: the top word is far more frequent than a mid-rank word', () => {
    const counts = new Map<string, number>();
    for (const d of cards(300, v)) for (const w of String(d.doc.text).split(' ')) counts.set(w, (counts.get(w) ?? 0) + 1);
    expect(counts.get(v.words[0])!).toBeGreaterThan(10 * (counts.get(v.words[500]) ?? 0));
  });
  it('builds documents the mappings accept', () => {
    const d = [...cards(1, v)][0].doc;
    expect(Object.keys(d)).toEqual(expect.arrayContaining(['title', 'text', 'tags', 'board', 'updatedAt', 'suggest']));
  });
  it('reads a corpus file back doc for doc, in batches, whatever the read size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-corpus-'));
    try {
      const file = join(dir, 'c.jsonl');
      // Mostly multi-byte characters, so reads end inside them.
      const docs = [...cards(250, v)].map((d) => ({ ...d, doc: { ...d.doc, title: `Préférence 😀 ${'競合'.repeat(100)}` } }));
      writeCorpusFile(docs, file, 64);
      // 997-byte reads end inside lines and inside multi-byte characters.
      const batches = [...readCorpusFile(file, 100, 997)];
      expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
      expect(batches.flat()).toEqual(JSON.parse(JSON.stringify(docs)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('computes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
  });
});
