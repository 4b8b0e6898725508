// A bool whose filters pass few docs runs its scoring clauses within those docs (SegmentView.within): the
// matches and scores must be exactly those of the same clauses run over the whole segment and filtered after.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, vocabulary } from '../../../bench/lib/corpus.ts';
import { cardsIndex } from '../../../documents/cards.ts';
import type { Query, SearchEngine } from '../../port.ts';
import { createEmbeddedEngine } from '../index.ts';

const DOCS = 3000;
const v = vocabulary(400);
/** The engine under test, and one with the same docs that only ever searches the whole segments. */
let engine: SearchEngine;
let reference: SearchEngine;

async function filled(): Promise<SearchEngine> {
  const e = await createEmbeddedEngine({ refreshIntervalMs: -1, persistIntervalMs: -1, requestCache: false });
  await e.ensureIndex(cardsIndex);
  const docs = [...cards(DOCS, v)];
  // Two segments, so the query cache and the restriction are per segment.
  for (const half of [docs.slice(0, DOCS / 2), docs.slice(DOCS / 2)]) {
    await e.bulk('cards', half.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })));
    await e.refresh('cards');
  }
  return e;
}

beforeAll(async () => {
  [engine, reference] = [await filled(), await filled()];
});
afterAll(async () => {
  await engine.close();
  await reference.close();
});

/** The text queries search builds: concepts as cross_fields, typo levels as fuzzy best_fields, tiers as constant_score. */
function textQuery(words: string[], typos: boolean, negate: string | null): Query {
  const fields = ['title^3', 'tags.name^2', 'text'];
  const should = words.map((w): Query => {
    const literal: Query = { multi_match: { query: w, fields, type: 'cross_fields', operator: 'and' } };
    const typo: Query = { multi_match: { query: w, fields: ['title', 'text'], fuzziness: 1, prefix_length: 1, operator: 'and', boost: 0.2 } };
    const levels = typos ? [literal, typo] : [literal];
    return { dis_max: { queries: levels.map((q, i) => ({ bool: { must: [q, { constant_score: { filter: q, boost: 100 - i } }] } })) } };
  });
  return { bool: { should, minimum_should_match: 1, ...(negate ? { must_not: [{ match: { text: negate } }] } : {}) } };
}

describe('a bool within its filters', () => {
  it('matches and scores as the whole segment filtered after, on first use, on repeat and from the query cache', async () => {
    const word = fc.integer({ min: 0, max: 150 }).map((i) => v.words[i]);
    const params = fc.record({
      words: fc.array(word, { minLength: 1, maxLength: 3 }),
      typos: fc.boolean(),
      negate: fc.option(word, { nil: null }),
      boards: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }),
    });
    let restricted = 0;
    await fc.assert(
      fc.asyncProperty(params, async (p) => {
        const text = textQuery(p.words, p.typos, p.negate);
        const filter: Query = { terms: { 'board.id': p.boards } };
        const passing = await engine.count('cards', filter);
        // Far fewer docs than the segments hold pass the filter: the clauses run within them.
        if (passing * 4 >= DOCS / 2) return;
        restricted++;
        // Sorted by score alone, so each hit carries its score; ties come back in doc order both ways.
        const whole = (e: SearchEngine) => e.search<{ board: { id: number } }>('cards', { query: text, size: DOCS, _source: ['board'] });
        const expected = await whole(reference);
        const within = () => engine.search('cards', { query: { bool: { must: [text], filter: [filter] } }, size: DOCS, _source: ['id'] });
        // First use, repeat (computed whole and cached), from the cache.
        const runs = [await within(), await within(), await within()];
        const kept = expected.hits.filter((h) => p.boards.includes(h.source.board.id));
        for (const res of runs) {
          expect(res.total.value).toBe(kept.length);
          expect(res.hits.map((h) => h.id)).toEqual(kept.map((h) => h.id));
          res.hits.forEach((h, i) => expect(h.score).toBeCloseTo(kept[i].score!, 4));
        }
        // Nothing computed within the filters was cached as the segments' answer.
        const after = await whole(engine);
        expect(after.hits.map((h) => [h.id, h.score])).toEqual(expected.hits.map((h) => [h.id, h.score]));
      }),
      { numRuns: 60, seed: 11 },
    );
    expect(restricted).toBeGreaterThan(20);
  });
});
