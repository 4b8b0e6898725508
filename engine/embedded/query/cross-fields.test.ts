import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, vocabulary } from '../../../bench/lib/corpus.ts';
import { cardsIndex } from '../../../documents/cards.ts';
import type { MultiMatchParams, Query, SearchEngine, SearchRequest } from '../../port.ts';
import { createEmbeddedEngine } from '../index.ts';
import type { Stats } from './bm25.ts';
import { blendedDocFreqs } from './cross-fields.ts';

/** Stats with given per-field doc freqs (of the one term asked), docCounts and sumTTFs. */
function fakeStats(maxDoc: number, fields: Record<string, { df: number; docCount: number; sumTTF: number }>): Stats {
  return {
    views: [{ seg: { maxDoc } }],
    docFreq: (path: string) => fields[path].df,
    field: (path: string) => fields[path],
  } as unknown as Stats;
}

describe('blendedDocFreqs (BlendedTermQuery.blend)', () => {
  const blend = (maxDoc: number, fields: Record<string, { df: number; docCount: number; sumTTF: number }>) =>
    blendedDocFreqs(fakeStats(maxDoc, fields), Object.keys(fields), Object.keys(fields).map(() => 't'));

  it('gives the most frequent fields the max doc freq, one more per step down, capped by the docs with the field', () => {
    // By df: b and d (10, stable order), then a (3) at 11 but capped by its 8 docs; c (0) stays 0.
    // maxDoc is lowered to the smallest sumTTF of a field holding the term (b: 80).
    const df = blend(100, {
      a: { df: 3, docCount: 8, sumTTF: 500 },
      b: { df: 10, docCount: 60, sumTTF: 80 },
      c: { df: 0, docCount: 90, sumTTF: 20 },
      d: { df: 10, docCount: 50, sumTTF: 300 },
    });
    expect(df).toEqual([8, 10, 0, 10]);
    expect(blend(100, { a: { df: 3, docCount: 80, sumTTF: 500 }, b: { df: 10, docCount: 60, sumTTF: 80 }, c: { df: 1, docCount: 90, sumTTF: 900 } })).toEqual([11, 10, 12]);
  });

  it('caps by the smallest sumTotalTermFreq of the fields holding the term', () => {
    expect(blend(100, { a: { df: 6, docCount: 50, sumTTF: 1000 }, b: { df: 2, docCount: 3, sumTTF: 3 } })).toEqual([3, 3]);
  });

  it('leaves a term no field holds, and a single field, unchanged', () => {
    expect(blend(100, { a: { df: 0, docCount: 50, sumTTF: 100 }, b: { df: 0, docCount: 50, sumTTF: 100 } })).toEqual([0, 0]);
    expect(blend(100, { a: { df: 7, docCount: 50, sumTTF: 100 } })).toEqual([7]);
    // Held by one field only: its own doc freq.
    expect(blend(100, { a: { df: 0, docCount: 50, sumTTF: 100 }, b: { df: 4, docCount: 50, sumTTF: 100 } })).toEqual([0, 4]);
  });
});

describe('multi_match cross_fields on a corpus', () => {
  const v = vocabulary(300);
  let engine: SearchEngine;
  const word = fc.integer({ min: 0, max: 150 }).map((i) => v.words[i]);

  beforeAll(async () => {
    engine = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, merges: false, buildThreads: 0 });
    const docs = [...cards(2000, v)];
    // Two segments and some deletes: statistics span segments and count deleted docs, as Lucene's.
    for (const part of [docs.slice(0, 1000), docs.slice(1000)]) {
      await engine.bulk('cards', part.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })), { refresh: true });
    }
    await engine.bulk('cards', docs.filter((_, i) => i % 9 === 0).map((d) => ({ op: 'delete' as const, id: d.id, version: 2 })), { refresh: true });
  });
  afterAll(() => engine.close());

  const run = async (query: Query, size = 50) => {
    const req: SearchRequest = { query, size, track_total_hits: true };
    const r = await engine.search('cards', req);
    return { total: r.total.value, hits: r.hits.map((h) => [h.id, h.score!] as const) };
  };
  const cross = (words: string[], fields: string[], more: Partial<MultiMatchParams> = {}): Query => ({
    multi_match: { query: words.join(' '), fields, type: 'cross_fields', ...more },
  });

  it('with operator and, matches the docs holding every term in one of the fields', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(word, { minLength: 1, maxLength: 3 }), async (words) => {
        const got = await run(cross(words, ['title', 'text'], { operator: 'and' }), 10_000);
        // Each term in title or text, as bool: the same docs.
        const want = await run({ bool: { filter: words.map((w): Query => ({ bool: { should: [{ match: { title: w } }, { match: { text: w } }] } })) } }, 10_000);
        expect(got.hits.map((h) => h[0]).sort()).toEqual(want.hits.map((h) => h[0]).sort());
        if (got.total > 0) nonEmpty++;
      }),
      { numRuns: 40 },
    );
    expect(nonEmpty).toBeGreaterThan(20); // not vacuous
  });

  it('over one field is a match query on it, and the order of the fields does not matter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom('or' as const, 'and' as const), fc.constantFrom(0, 0.4), async (words, operator, tie) => {
        expect(await run(cross(words, ['text^2'], { operator }))).toEqual(await run({ match: { text: { query: words.join(' '), operator, boost: 2 } } }));
        const a = await run(cross(words, ['title^3', 'text', 'tags.name'], { operator, tie_breaker: tie }));
        const b = await run(cross(words, ['tags.name', 'text', 'title^3'], { operator, tie_breaker: tie }));
        expect(a.total).toBe(b.total);
        a.hits.forEach(([, s], i) => expect(b.hits[i][1]).toBeCloseTo(s, 5));
      }),
      { numRuns: 40 },
    );
  });
});
