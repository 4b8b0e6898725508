// A report chart's data as the chart library draws it: days on the x axis read "Nov 2" ("2. Nov." in German; with
// the year when the chart spans more than one), figures sent as strings are numbers, and a donut's slices come from its first series.
// Pure; see chartModel.test.ts.
import type { ReportChart } from '../../../contracts/reports.ts';
import type { ChartData } from '../shared/charts/chartText.ts';
import { CHART_COLORS, NEGATIVE_COLOR } from '../shared/charts/colors.ts';
import { formatDate, formatDayTick } from './format.ts';


/** Each series' colour: negative ones red, the others the palette in order (a negative one takes no place in it). */
export function seriesColors(series: readonly Pick<ReportChart['series'][number], 'tone'>[]): string[] {
  let next = 0;
  return series.map((s) => (s.tone === 'negative' ? NEGATIVE_COLOR : CHART_COLORS[next++ % CHART_COLORS.length]));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the chart's x axis is days (or weeks named by their first day). */
export const isDayAxis = (chart: Pick<ReportChart, 'data' | 'xKey'>) => chart.data.length > 0 && chart.data.every((d) => DAY.test(String(d[chart.xKey] ?? '')));

const asNumber = (v: string | number | undefined) => {
  if (typeof v === 'number') return v;
  const n = Number(v);
  return v !== undefined && v.trim() !== '' && Number.isFinite(n) ? n : 0;
};

/** The rows to draw: x labels as the reader reads them, every series a number (a missing one is 0). */
export function chartRows(chart: Pick<ReportChart, 'data' | 'xKey' | 'series'>, locale: string): Record<string, string | number>[] {
  const days = isDayAxis(chart);
  const years = new Set(days ? chart.data.map((d) => String(d[chart.xKey]).slice(0, 4)) : []);
  const label = (v: string | number | undefined) => {
    if (!days) return String(v ?? '');
    return years.size > 1 ? formatDate(String(v), locale) : formatDayTick(v, locale);
  };
  return chart.data.map((d) => {
    const row: Record<string, string | number> = { [chart.xKey]: label(d[chart.xKey]) };
    for (const s of chart.series) row[s.key] = asNumber(d[s.key]);
    return row;
  });
}

const DAY_MS = 24 * 3600 * 1000;

/** What the x axis runs over, as its table heads it: days, weeks (named by their Monday), or the field named (rival, topic). */
export function chartAxis(chart: Pick<ReportChart, 'data' | 'xKey'>): string {
  if (!isDayAxis(chart)) return chart.xKey;
  const [a, b] = chart.data.map((d) => Date.parse(`${String(d[chart.xKey])}T00:00:00Z`));
  return b !== undefined && b - a === 7 * DAY_MS ? 'week' : 'day';
}

/**
 * The chart's figures for its text alternative (shared/charts/chartText.ts): x labels as the chart shows them, a
 * donut's first series only, and totals said unless the chart says its values do not add up.
 */
export function chartData(chart: Pick<ReportChart, 'data' | 'xKey' | 'series' | 'kind' | 'additive'>, locale: string, xLabel: string): ChartData {
  const series = (chart.kind === 'donut' ? chart.series.slice(0, 1) : chart.series).map((s) => ({ key: s.key, label: s.label }));
  return {
    xLabel,
    axis: isDayAxis(chart) ? 'time' : 'category',
    additive: chart.additive !== false,
    series,
    rows: chartRows(chart, locale).map((row) => ({ x: String(row[chart.xKey]), values: Object.fromEntries(series.map((s) => [s.key, Number(row[s.key])])) })),
  };
}

export type DonutCell = { name: string; value: number; color: string };

/** A donut's slices: one per datum, its size the first series; empty slices are left out. */
export function donutCells(chart: Pick<ReportChart, 'data' | 'xKey' | 'series'>): DonutCell[] {
  const key = chart.series[0]?.key;
  if (!key) return [];
  return chart.data
    .map((d) => ({ name: String(d[chart.xKey] ?? ''), value: asNumber(d[key]) }))
    .filter((c) => c.value > 0)
    .map((c, i) => ({ ...c, color: CHART_COLORS[i % CHART_COLORS.length] }));
}
