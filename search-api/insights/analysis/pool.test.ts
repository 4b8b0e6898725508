import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisPool, poolStats } from './pool.ts';
import { analysesJson } from './stored.ts';

const texts = [
  'Support is excellent; our tickets get a real answer within 2 hours.',
  'The mobile app crashes whenever we open a report offline.',
  'Pricing went up twice this year and the renewal was painful.',
  'Dashboards are easy to set up and the onboarding was quick.',
];
const reviews = Array.from({ length: 240 }, (_, i) => ({ title: i % 3 ? `Review ${i}` : null, text: texts[i % texts.length] }));
const pool = new AnalysisPool(2);
afterAll(() => pool.close());

describe('the review analysis pool', () => {
  it('analyses reviews on its threads exactly as the caller’s thread does, in the reviews’ order', async () => {
    const before = poolStats.threadJobs;
    const analyses = await pool.analyse(reviews, ['Acme']);
    expect(poolStats.threadJobs - before).toBe(2);
    expect(analyses).toEqual(analysesJson(reviews, ['Acme']));
    expect(JSON.parse(analyses[1]).sentences[0]).toMatchObject({ field: 'title', start: 0, end: 'Review 1'.length });
  });

  it('keeps a small batch in one slice and an empty one empty', async () => {
    const before = poolStats.threadJobs;
    expect(await pool.analyse(reviews.slice(0, 3), ['Acme'])).toHaveLength(3);
    expect(poolStats.threadJobs - before).toBe(1);
    expect(await pool.analyse([], ['Acme'])).toEqual([]);
  });

  it('starts its threads when warmed, and analyses on those threads rather than starting more', async () => {
    const warmed = new AnalysisPool(2);
    const started = poolStats.threadsStarted;
    warmed.warm();
    warmed.warm();
    expect(poolStats.threadsStarted - started).toBe(2);
    const before = poolStats.threadJobs;
    expect(await warmed.analyse(reviews, ['Acme'])).toEqual(analysesJson(reviews, ['Acme']));
    expect(poolStats.threadJobs - before).toBe(2);
    expect(poolStats.threadsStarted - started).toBe(2);
    await warmed.close();
  });

  it('analyses in the caller’s thread once closed, so a stopping server loses no review', async () => {
    const closed = new AnalysisPool(2);
    await closed.close();
    const before = poolStats.callerJobs;
    const analyses = await closed.analyse(reviews.slice(0, 120), ['Acme']);
    expect(poolStats.callerJobs - before).toBe(2);
    expect(analyses).toEqual(analysesJson(reviews.slice(0, 120), ['Acme']));
  });
});
