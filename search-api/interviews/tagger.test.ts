// The reason tagger on a labelled set of buyers' passages (tests/fixtures/interviews/labelled-passages.ts): precision
// and recall over (passage, reason) pairs, with the sentiment and rivals the real analysis gives each passage.
import { describe, expect, it } from 'vitest';
import { analysePassages } from '../transcripts/analyse.ts';
import { LABELLED_PASSAGES, LABELLED_RIVALS } from '../../tests/fixtures/interviews/labelled-passages.ts';
import { reasonKindsFor, reasonTagger, type TaggableReason } from './tagger.ts';

const WIN = ['Price and total cost', 'Ease of use', 'Time to value', 'Executive relationship', 'Embedded analytics', 'AI assistant', 'Governance and security', 'Customer references'];
const LOSS = ['Integrations and connectors', 'Price', 'Missing feature', 'Incumbent vendor', 'Performance at scale', 'Procurement and legal', 'No budget', 'Weak champion'];
const TAXONOMY: TaggableReason[] = [
  ...WIN.map((name, i) => ({ id: 100 + i, kind: 'win' as const, name })),
  ...LOSS.map((name, i) => ({ id: 200 + i, kind: 'loss' as const, name })),
];
const nameOf = new Map(TAXONOMY.map((r) => [r.id, r.name]));

describe('reason tagger', () => {
  it('tags the labelled set with precision and recall of at least 0.75', () => {
    expect(LABELLED_PASSAGES.length).toBeGreaterThanOrEqual(60);
    const analysed = analysePassages(LABELLED_PASSAGES.map((p) => p.text), LABELLED_RIVALS);
    const tag = reasonTagger(TAXONOMY);
    let truePositives = 0;
    let suggested = 0;
    let labelled = 0;
    const misses: string[] = [];
    LABELLED_PASSAGES.forEach((p, i) => {
      const a = analysed[i];
      const got = tag({ text: p.text, isBuyer: p.buyer !== false, sentiment: a.sentiment, namesRival: a.rivalIds.length > 0 }, reasonKindsFor(p.outcome)).map((id) => nameOf.get(id)!);
      const hits = got.filter((n) => p.reasons.includes(n)).length;
      truePositives += hits;
      suggested += got.length;
      labelled += p.reasons.length;
      if (hits !== got.length || hits !== p.reasons.length) misses.push(`${p.text} → ${got.join(', ') || '∅'} (want ${p.reasons.join(', ') || '∅'})`);
    });
    const precision = truePositives / suggested;
    const recall = truePositives / labelled;
    console.log(`reason tagger: ${LABELLED_PASSAGES.length} passages, precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n${misses.join('\n')}`);
    expect(precision).toBeGreaterThanOrEqual(0.75);
    expect(recall).toBeGreaterThanOrEqual(0.75);
  });

  it("leaves the interviewer's words and reasons of the other outcome alone", () => {
    const tag = reasonTagger(TAXONOMY);
    const passage = { text: 'Was the price too expensive for you?', isBuyer: false, sentiment: -0.4, namesRival: false };
    expect(tag(passage, ['loss'])).toEqual([]);
    expect(tag({ ...passage, isBuyer: true }, ['loss']).map((id) => nameOf.get(id))).toEqual(['Price']);
    expect(tag({ ...passage, isBuyer: true }, ['win'])).toEqual([]);
  });

  it('matches a custom reason by the words of its name', () => {
    const tag = reasonTagger([{ id: 1, kind: 'loss', name: 'Mobile app' }]);
    expect(tag({ text: 'Our field teams kept asking for mobile apps on site visits.', isBuyer: true, sentiment: 0, namesRival: false }, ['loss'])).toEqual([1]);
    expect(tag({ text: 'The app store listing was fine.', isBuyer: true, sentiment: 0, namesRival: false }, ['loss'])).toEqual([]);
  });
});
