import { describe, expect, it } from 'vitest';
import { analyzeReview } from './analyze.ts';
import { analysisOf, storedAnalysis } from './stored.ts';

const review = {
  title: '  Great for dashboards ',
  text: 'Support answers within hours.  The mobile app crashes offline, which is painful.\nPricing: steep — “overpriced” 👎 for small teams.',
};

describe('a stored analysis', () => {
  it('keeps sentences by their offsets, and reads back as the analysis it was made from', () => {
    const stored = storedAnalysis(review, ['Acme']);
    expect(stored.sentences.length).toBeGreaterThan(3);
    for (const s of stored.sentences) expect(s).not.toHaveProperty('text');
    const analysed = analyzeReview(review, { rivalNames: ['Acme'] });
    const read = analysisOf(review, stored, stored.sentiment);
    expect(read.sentences.map((s) => [s.field, s.text])).toEqual(analysed.sentences.map((s) => [s.field, s.text]));
    expect(read.sentences.map((s) => s.text)).toContain('Great for dashboards');
    expect(read.mentions.map((m) => m.key)).toEqual(analysed.mentions.map((m) => m.key));
  });

  it('reads an analysis stored with its sentences written out (before offsets only) the same way', () => {
    const stored = storedAnalysis(review, ['Acme']);
    const older = { ...stored, sentences: stored.sentences.map((s) => ({ ...s, text: 'as written then' })) };
    expect(analysisOf(review, older, 0).sentences).toEqual(analysisOf(review, stored, 0).sentences);
  });
});
