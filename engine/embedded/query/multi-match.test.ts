import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cards, vocabulary } from '../../../bench/lib/corpus.ts';
import { cardsIndex } from '../../../documents/cards.ts';
import type { MultiMatchParams, Query, SearchRequest } from '../../port.ts';
import { compileSchema } from '../index/schema.ts';
import { SegmentBuilder } from '../index/segment-builder.ts';
import type { SegmentView } from '../index/segment.ts';
import { createEmbeddedEngine } from '../index.ts';
import { compileSort, TopCollector } from '../search/collect.ts';
import { Stats } from './bm25.ts';
import { QueryCaches } from './caches.ts';
import { MAX_PRUNED_LISTS } from './max-score.ts';
import { BestFieldsNode, compileBestFields, compileDisMax } from './multi-match.ts';
import type { CompileContext } from './node.ts';

describe('multi_match best_fields', () => {
  // A small vocabulary makes terms share docs and fields, and typos find several variants.
  const v = vocabulary(300);
  const schema = compileSchema(cardsIndex);
  const builder = new SegmentBuilder(schema);
  for (const d of cards(1500, v)) builder.add(d.id, 1, d.doc);
  const view: SegmentView = { seg: builder.build(), live: null, liveCount: 1500 };
  const ctx = (): CompileContext => ({ schema, stats: new Stats([view]), now: Date.now(), highlightTerms: new Map(), caches: new QueryCaches() });

  it('scores several terms in one pass exactly as dis_max over per-field match queries', () => {
    const word = fc.integer({ min: 0, max: 120 }).map((i) => v.words[i]);
    const typo = word.map((w) => (w.length > 3 ? w.slice(0, 2) + w.slice(3) : w));
    const params = fc.record({
      words: fc.array(fc.oneof(word, typo), { minLength: 1, maxLength: 4 }),
      operator: fc.constantFrom('or' as const, 'and' as const),
      fuzzy: fc.boolean(),
      tie: fc.constantFrom(0, 0.2, 1),
      titleBoost: fc.constantFrom(1, 3),
      msm: fc.constantFrom(undefined, 2, '50%'),
    });
    let nonEmpty = 0;
    fc.assert(
      fc.property(params, (p) => {
        const mm: MultiMatchParams = {
          query: p.words.join(' '),
          fields: [`title^${p.titleBoost}`, 'text'],
          operator: p.operator,
          tie_breaker: p.tie,
          ...(p.fuzzy ? { fuzziness: 'AUTO' as const } : {}),
          ...(p.msm !== undefined && p.operator === 'or' ? { minimum_should_match: p.msm } : {}),
        };
        const fused = compileBestFields(ctx(), mm);
        if (!fused) return;
        const reference = compileDisMax(ctx(), mm);
        let matched = 0;
        for (const scoring of [true, false]) {
          const a = fused.exec(view, scoring);
          const b = reference.exec(view, scoring);
          expect([...a.docs]).toEqual([...b.docs]);
          matched = a.docs.length;
          if (!scoring) expect(a.scores).toBeNull();
          else if (a.docs.length > 0) a.scores!.forEach((x, i) => expect(x).toBeCloseTo(b.scores![i], 4));
        }
        if (matched > 0) nonEmpty++;
      }),
      { numRuns: 150 },
    );
    expect(nonEmpty).toBeGreaterThan(75); // the comparison is not vacuous
  });

  it('finds the same top k with MaxScore pruning as by scoring every match, scoring fewer docs', () => {
    const keys = compileSort(schema, undefined);
    const params = fc.record({
      words: fc.array(fc.integer({ min: 0, max: 200 }).map((i) => v.words[i]), { minLength: 1, maxLength: 3 }),
      operator: fc.constantFrom('or' as const, 'and' as const),
      fuzzy: fc.boolean(),
      tie: fc.constantFrom(0, 0.3, 1),
      k: fc.constantFrom(1, 5, 20),
      /** Docs accepted by the filters: every doc, or those whose id is not a multiple of it. */
      skip: fc.constantFrom(0, 2, 3),
    });
    let matchedDocs = 0;
    let scoredDocs = 0;
    fc.assert(
      fc.property(params, (p) => {
        const mm: MultiMatchParams = { query: p.words.join(' '), fields: ['title^3', 'text'], operator: p.operator, tie_breaker: p.tie, ...(p.fuzzy ? { fuzziness: 'AUTO' as const } : {}) };
        const node = compileBestFields(ctx(), mm);
        if (!(node instanceof BestFieldsNode)) return;
        const all = node.exec(view, true);
        const keep = all.docs.map((d) => (p.skip === 0 || d % p.skip !== 0 ? 1 : 0));
        const accepted = { docs: all.docs.filter((_, i) => keep[i] === 1), scores: all.scores!.filter((_, i) => keep[i] === 1) };
        const exhaustive = new TopCollector(keys, p.k);
        exhaustive.collect(view, accepted);
        const pruned = new TopCollector(keys, p.k);
        let offered = 0;
        const done = node.topK(view, accepted.docs, (d, score) => {
          offered++;
          pruned.offerScored(view, d, score);
        }, () => pruned.threshold());
        // Long fuzzy expansions are not pruned: the caller then scores every match.
        expect(done).toBe(node.lists(view).length <= MAX_PRUNED_LISTS);
        if (!done) return;
        const top = (c: TopCollector) => c.results().map((x) => [x.id, x.score]);
        expect(top(pruned)).toEqual(top(exhaustive));
        expect(offered).toBeLessThanOrEqual(accepted.docs.length);
        matchedDocs += accepted.docs.length;
        scoredDocs += offered;
      }),
      { numRuns: 150 },
    );
    expect(scoredDocs).toBeLessThan(matchedDocs / 2); // pruning skips most matches
  });
});

/** Pruned top-k (MaxScore) against the exhaustive evaluation of the same query, on random queries. */
async function prunedMatchesExhaustive(o: { docs: number; segments: number; vocabulary: number; words: number; numRuns: number }) {
  const v = vocabulary(o.vocabulary);
  const docs = [...cards(o.docs, v)];
  const engine = await createEmbeddedEngine({ indexes: [cardsIndex], refreshIntervalMs: -1, merges: false, buildThreads: 0 });
  const per = o.docs / o.segments;
  for (let i = 0; i < o.segments; i++) {
    const part = docs.slice(i * per, (i + 1) * per);
    await engine.bulk('cards', part.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })), { refresh: true });
  }
  await engine.bulk('cards', docs.filter((_, i) => i % 7 === 0).map((d) => ({ op: 'delete' as const, id: d.id, version: 2 })), { refresh: true });
  const params = fc.record({
    words: fc.array(fc.integer({ min: 0, max: o.words }).map((i) => v.words[i]), { minLength: 1, maxLength: 3 }),
    operator: fc.constantFrom('or' as const, 'and' as const),
    fuzzy: fc.boolean(),
    filter: fc.constantFrom<Query[]>([], [{ term: { isDraft: false } }], [{ term: { 'board.id': 1 } }]),
    post: fc.boolean(),
    from: fc.constantFrom(0, 7),
    size: fc.constantFrom(1, 10),
    boost: fc.constantFrom(1, 2.5),
  });
  await fc.assert(
    fc.asyncProperty(params, async (p) => {
      const mm: Query = { multi_match: { query: p.words.join(' '), fields: ['title^3', 'text'], operator: p.operator, ...(p.fuzzy ? { fuzziness: 'AUTO' as const } : {}) } };
      const request = (must: Query): SearchRequest => ({
        query: { bool: { must: [must], filter: p.filter, boost: p.boost } },
        ...(p.post ? { post_filter: { term: { allAccess: true } } } : {}),
        from: p.from,
        size: p.size,
        track_total_hits: true,
        aggs: { tags: { terms: { field: 'tags.id', size: 5 } } },
      });
      // A bool around the multi_match keeps the scores but is not pruned.
      const [pruned, exhaustive] = await Promise.all([engine.search('cards', request(mm)), engine.search('cards', request({ bool: { must: [mm] } }))]);
      expect(pruned.hits.map((h) => [h.id, h.score])).toEqual(exhaustive.hits.map((h) => [h.id, h.score]));
      expect(pruned.total).toEqual(exhaustive.total);
      expect(pruned.max_score).toBe(exhaustive.max_score);
      expect(pruned.aggregations).toEqual(exhaustive.aggregations);
    }),
    { numRuns: o.numRuns },
  );
  await engine.close();
}

describe('pruned search', () => {
  it('returns the hits, scores, totals and facets of the exhaustive evaluation', async () => {
    await prunedMatchesExhaustive({ docs: 3000, segments: 3, vocabulary: 400, words: 150, numRuns: 120 });
  });

  it('does so with per-window bounds too (posting lists longer than a window of 4096 docs)', async () => {
    await prunedMatchesExhaustive({ docs: 24_000, segments: 1, vocabulary: 120, words: 60, numRuns: 40 });
  }, 60_000);
});
