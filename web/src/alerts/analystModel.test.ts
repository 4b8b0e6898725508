import { describe, expect, it } from 'vitest';
import type { IntelAggregations } from '../../../contracts/intel.ts';
import { chartFacts, chartTable } from '../shared/charts/chartText.ts';
import { bucketLabel, OTHER_SERIES, seriesFilter, timelineChart, timelineText, topN } from './analystModel.ts';

const timeline: NonNullable<IntelAggregations['timeline']> = {
  interval: 'day',
  sliceBy: 'topics',
  buckets: [
    { date: '2026-11-20', count: 10, slices: [{ key: 'pricing', name: 'pricing', count: 6 }, { key: 'hiring', name: 'hiring', count: 3 }, { key: 'a.b', name: 'A.B', count: 1 }] },
    { date: '2026-11-21', count: 4, slices: [{ key: 'hiring', name: 'hiring', count: 4 }] },
    { date: '2026-11-22', count: 0, slices: [] },
  ],
};

describe('timeline chart data', () => {
  it('gives the chart’s text alternative each bucket under its label and each series under its name', () => {
    const data = timelineChart(timeline, 2);
    const text = timelineText(data, ['20 Nov', '21 Nov', '22 Nov'], ['Hiring', 'Pricing', 'Other'], 'Day');
    expect(text).toMatchObject({ xLabel: 'Day', axis: 'time', additive: true });
    expect(text.series).toEqual([
      { key: 's_hiring', label: 'Hiring' },
      { key: 's_pricing', label: 'Pricing' },
      { key: OTHER_SERIES, label: 'Other' },
    ]);
    expect(text.rows[0]).toEqual({ x: '20 Nov', values: { s_hiring: 3, s_pricing: 6, [OTHER_SERIES]: 1 }, total: 10 });
    expect(text.rows[2].x).toBe('22 Nov');
  });

  it('totals a day by its items, not its slices added up: an item in two topics counts in both', () => {
    const overlapping: NonNullable<IntelAggregations['timeline']> = {
      interval: 'day',
      sliceBy: 'topics',
      buckets: [{ date: '2026-11-20', count: 3, slices: [{ key: 'pricing', name: 'pricing', count: 3 }, { key: 'hiring', name: 'hiring', count: 2 }] }],
    };
    const text = timelineText(timelineChart(overlapping, 5), ['20 Nov'], ['Pricing', 'Hiring'], 'Day');
    const table = chartTable(text, String, 'Total');
    expect(table.head).toEqual(['Day', 'Pricing', 'Hiring', 'Total']);
    expect(table.rows[0].cells).toEqual(['3', '2', '3']);
    expect(chartFacts(text).sums?.total).toBe(3);
  });

  it('one row per bucket with a count per top slice, the rest in other', () => {
    const data = timelineChart(timeline, 2);
    expect(data.series.map((s) => s.name)).toEqual(['hiring', 'pricing', '']);
    expect(data.series.at(-1)?.key).toBe(OTHER_SERIES);
    expect(data.rows[0]).toMatchObject({ date: '2026-11-20', total: 10, s_pricing: 6, s_hiring: 3, [OTHER_SERIES]: 1 });
    expect(data.rows[1]).toMatchObject({ s_pricing: 0, s_hiring: 4, [OTHER_SERIES]: 0 });
    expect(data.rows[2]).toMatchObject({ total: 0, s_pricing: 0 });
  });

  it('makes safe series keys and maps a clicked series back to its filter value', () => {
    const data = timelineChart(timeline, 5);
    const key = data.series.find((s) => s.name === 'A.B')!.key;
    expect(key).toBe('s_a_b');
    expect(seriesFilter(data, key)?.value).toBe('a.b');
    expect(data.series.some((s) => s.key === OTHER_SERIES)).toBe(false);
    expect(seriesFilter(data, OTHER_SERIES)).toBeNull();
  });

  it('without a slice the whole bucket is one series', () => {
    const data = timelineChart({ ...timeline, sliceBy: null, buckets: [{ date: '2026-11-20', count: 7, slices: [] }] }, 5);
    expect(data.series.map((s) => s.key)).toEqual([OTHER_SERIES]);
    expect(data.rows[0][OTHER_SERIES]).toBe(7);
  });

  it('labels buckets and ranks the top-N table with shares', () => {
    expect(bucketLabel('2026-11-20', 'day', 'en')).toBe('Nov 20');
    expect(bucketLabel('2026-11-01T00:00:00.000Z', 'month', 'en')).toBe('Nov 2026');
    expect(bucketLabel('2026-03-20', 'week', 'de')).toBe('20. März');
    expect(bucketLabel('2026-12-01T00:00:00.000Z', 'month', 'de')).toBe('Dez. 2026');
    const rows = topN([{ key: 'a', name: 'a', count: 1 }, { key: 'b', name: 'b', count: 3 }, { key: 'c', name: 'c', count: 2 }], 2, 10);
    expect(rows.map((r) => [r.key, r.share])).toEqual([
      ['b', 0.3],
      ['c', 0.2],
    ]);
  });
});
