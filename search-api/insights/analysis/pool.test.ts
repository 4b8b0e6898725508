import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisPool, poolStats } from './pool.ts';
import { analysedRowsJson } from './stored.ts';

const texts = [
  'Support is excellent; our tickets get a real answer within 2 hours.',
  'The mobile app crashes whenever we open a report offline.',
  'Pricing went up twice this year and the renewal was painful.',
  'Dashboards are easy to set up and the onboarding was quick.',
];
const rows = Array.from({ length: 240 }, (_, i) => ({ id: 1000 + i, review: { title: i % 3 ? `Review ${i}` : null, text: texts[i % texts.length] } }));
const pool = new AnalysisPool(2);
afterAll(() => pool.close());

describe('the review analysis pool', () => {
  it('analyses rows on its threads exactly as the caller’s thread does, in the rows’ order', async () => {
    const before = poolStats.threadSlices;
    const json = await pool.analyse(rows, ['Acme']);
    expect(poolStats.threadSlices - before).toBe(2);
    expect(JSON.parse(json)).toEqual(JSON.parse(analysedRowsJson(rows, ['Acme'])));
    expect(JSON.parse(json).map((r: { id: number }) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('keeps a small batch in one slice and an empty one empty', async () => {
    const before = poolStats.threadSlices;
    expect(JSON.parse(await pool.analyse(rows.slice(0, 3), ['Acme']))).toHaveLength(3);
    expect(poolStats.threadSlices - before).toBe(1);
    expect(JSON.parse(await pool.analyse([], ['Acme']))).toEqual([]);
  });

  it('analyses in the caller’s thread once closed, so a stopping server loses no review', async () => {
    const closed = new AnalysisPool(2);
    await closed.close();
    const before = poolStats.callerSlices;
    const json = await closed.analyse(rows.slice(0, 120), ['Acme']);
    expect(poolStats.callerSlices - before).toBe(2);
    expect(JSON.parse(json)).toEqual(JSON.parse(analysedRowsJson(rows.slice(0, 120), ['Acme'])));
  });
});
