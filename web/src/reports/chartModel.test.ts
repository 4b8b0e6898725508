import { describe, expect, it } from 'vitest';
import type { ReportChart } from '../../../contracts/reports.ts';
import { CHART_COLORS, NEGATIVE_COLOR } from '../shared/charts/colors.ts';
import { chartAxis, chartData, chartRows, donutCells, isDayAxis, seriesColors } from './chartModel.ts';

const chart = (over: Partial<ReportChart>): ReportChart => ({
  key: 'c',
  title: 'Searches',
  kind: 'area',
  xKey: 'day',
  series: [{ key: 'searches', label: 'Searches' }],
  data: [],
  ...over,
});

describe('report chart data', () => {
  it('labels days as the reader reads them, with the year across years', () => {
    const days = chart({ data: [{ day: '2026-11-01', searches: 3 }, { day: '2026-11-02', searches: '4' }] });
    expect(isDayAxis(days)).toBe(true);
    expect(chartRows(days, 'en')).toEqual([
      { day: 'Nov 1', searches: 3 },
      { day: 'Nov 2', searches: 4 },
    ]);
    expect(chartRows(days, 'de').map((r) => r.day)).toEqual(['1. Nov.', '2. Nov.']);
    const years = chart({ data: [{ day: '2025-12-29', searches: 1 }, { day: '2026-01-05', searches: 2 }] });
    expect(chartRows(years, 'en').map((r) => r.day)).toEqual(['Dec 29, 2025', 'Jan 5, 2026']);
    expect(chartRows(years, 'de').map((r) => r.day)).toEqual(['29. Dez. 2025', '5. Jan. 2026']);
  });

  it('keeps names as given and counts a missing figure as 0', () => {
    const names = chart({ kind: 'bar', xKey: 'rival', series: [{ key: 'a', label: 'A' }, { key: 'b', label: 'B' }], data: [{ rival: 'Acme', a: 2 }, { rival: '2026', b: 'x' }] });
    expect(isDayAxis(names)).toBe(false);
    expect(chartRows(names, 'en')).toEqual([
      { rival: 'Acme', a: 2, b: 0 },
      { rival: '2026', a: 0, b: 0 },
    ]);
    expect(isDayAxis(chart({ data: [] }))).toBe(false);
  });

  it('makes a donut’s slices of its first series, leaving empty ones out', () => {
    const donut = chart({ kind: 'donut', xKey: 'role', series: [{ key: 'users', label: 'Users' }], data: [{ role: 'Consumers', users: 40 }, { role: 'Curators', users: 0 }, { role: 'Admins', users: '3' }] });
    expect(donutCells(donut)).toEqual([
      { name: 'Consumers', value: 40, color: CHART_COLORS[0] },
      { name: 'Admins', value: 3, color: CHART_COLORS[1] },
    ]);
    expect(donutCells(chart({ series: [] }))).toEqual([]);
  });

  it('draws a negative series in red, the others in the palette order it leaves alone', () => {
    const colors = seriesColors([{}, { tone: 'negative' }, {}]);
    expect(colors).toEqual([CHART_COLORS[0], NEGATIVE_COLOR, CHART_COLORS[1]]);
    expect(CHART_COLORS).not.toContain(NEGATIVE_COLOR);
  });

  it('names what the x axis runs over: days, weeks named by their Monday, or the field of the names', () => {
    expect(chartAxis(chart({ data: [{ day: '2026-11-02' }, { day: '2026-11-03' }] }))).toBe('day');
    expect(chartAxis(chart({ data: [{ day: '2026-11-02' }, { day: '2026-11-09' }] }))).toBe('week');
    expect(chartAxis(chart({ data: [{ day: '2026-11-02' }] }))).toBe('day');
    expect(chartAxis(chart({ kind: 'bar', xKey: 'rival', data: [{ rival: 'Acme' }] }))).toBe('rival');
  });

  it('gives its text alternative the rows as drawn, a donut its first series, and totals unless told otherwise', () => {
    const days = chart({ stacked: true, series: [{ key: 'a', label: 'A' }, { key: 'b', label: 'B' }], data: [{ day: '2026-11-01', a: 1, b: '2' }] });
    expect(chartData(days, 'de', 'Tag')).toEqual({
      xLabel: 'Tag',
      axis: 'time',
      additive: true,
      series: [
        { key: 'a', label: 'A' },
        { key: 'b', label: 'B' },
      ],
      rows: [{ x: '1. Nov.', values: { a: 1, b: 2 } }],
    });
    const donut = chart({ kind: 'donut', xKey: 'source', series: [{ key: 'views', label: 'Views' }, { key: 'x', label: 'X' }], data: [{ source: 'Search', views: 3, x: 1 }] });
    expect(chartData(donut, 'en', 'Source')).toMatchObject({ axis: 'category', series: [{ key: 'views', label: 'Views' }], rows: [{ x: 'Search', values: { views: 3 } }] });
    expect(chartData({ ...days, additive: false }, 'en', 'Day').additive).toBe(false);
  });
});
