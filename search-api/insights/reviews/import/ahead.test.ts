import { afterAll, describe, expect, it } from 'vitest';
import { analysisPool } from '../../analysis/pool.ts';
import { analysedRowsJson, analysesJson } from '../../analysis/stored.ts';
import { aheadStats, analyseAhead, forgetAhead, takeAhead } from './ahead.ts';

const reviews = [
  'Support is slow but the reporting is excellent.',
  'The mobile app crashes offline.',
  'Pricing went up twice this year.',
  'Onboarding was quick and dashboards are easy.',
  'Integrations with Salesforce break every release.',
].map((text, i) => ({ title: `Review ${i}`, text }));
afterAll(() => analysisPool().close());

describe('analysis ahead of an import’s job', () => {
  it('takes the analyses of rows from batches of any size added as the file was checked', async () => {
    const ahead = analyseAhead(['Acme']);
    ahead.add(reviews.slice(0, 3));
    ahead.add(reviews.slice(3));
    ahead.staged(-1, [10, 11, 12, 13, 14]);
    const before = { ...aheadStats };
    const expected = analysesJson(reviews, ['Acme']);
    // A chunk across both batches, rows in any order.
    expect(await takeAhead(-1, [14, 11, 12], ['Acme'])).toBe(analysedRowsJson([14, 11, 12], [expected[4], expected[1], expected[2]]));
    // Another rival's names, or a row not staged with the file: the chunk analyses its rows itself.
    expect(await takeAhead(-1, [10], ['Other'])).toBeNull();
    expect(await takeAhead(-1, [10, 99], ['Acme'])).toBeNull();
    expect([aheadStats.taken - before.taken, aheadStats.missed - before.missed]).toEqual([1, 2]);
    forgetAhead(-1);
    expect(await takeAhead(-1, [10], ['Acme'])).toBeNull();
  });
});
