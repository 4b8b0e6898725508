import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cards, vocabulary } from '../../bench/lib/corpus.ts';
import { cardsIndex } from '../../mappings/cards.ts';
import type { MultiMatchParams } from '../port.ts';
import { compileBestFields, compileDisMax, Stats, type CompileContext, type SegmentView } from './query.ts';
import { compileSchema } from './schema.ts';
import { SegmentBuilder } from './segment.ts';

describe('multi_match best_fields', () => {
  // A small vocabulary makes terms share docs and fields, and typos find several variants.
  const v = vocabulary(300);
  const schema = compileSchema(cardsIndex);
  const builder = new SegmentBuilder(schema);
  for (const d of cards(1500, v)) builder.add(d.id, 1, d.doc);
  const view: SegmentView = { seg: builder.build(), live: null, liveCount: 1500 };
  const ctx = (): CompileContext => ({ schema, stats: new Stats([view]), now: Date.now(), highlightTerms: new Map() });

  it('scores several terms in one pass exactly as dis_max over per-field match queries', () => {
    const word = fc.integer({ min: 0, max: 120 }).map((i) => v.words[i]);
    const typo = word.map((w) => (w.length > 3 ? w.slice(0, 2) + w.slice(3) : w));
    const params = fc.record({
      words: fc.array(fc.oneof(word, typo), { minLength: 2, maxLength: 4 }),
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
        if (!fused) return; // one term per field: dis_max is used as is
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
});
