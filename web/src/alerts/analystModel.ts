// The analyst panel ("slice by topic and source"): the timeline aggregation (a date_histogram split by
// topic, source, rival or content type) shaped for a stacked bar chart, and the top-N tables. A click on
// a bar or a row adds that value as a filter. Pure; see analystModel.test.ts.
import type { IntelAggregations, IntelBucket, IntelListParam, IntelSlice } from '../../../contracts/intel.ts';
import type { ChartData as ChartText } from '../shared/charts/chartText.ts';

/** The list parameter each slice filters by. */
export const SLICE_PARAM: Record<IntelSlice, IntelListParam> = {
  topics: 'topics',
  sources: 'sources',
  rivals: 'rivalIds',
  contentTypes: 'contentTypes',
};

/** The key of the "everything else" series. */
export const OTHER_SERIES = '__other';

export type ChartSeries = { key: string; name: string; value: string | number | null };
export type ChartRow = { date: string; total: number } & Record<string, number | string>;
export type ChartData = { rows: ChartRow[]; series: ChartSeries[] };

/** Chart keys must be safe object keys for recharts' dataKey (no dots or brackets). */
const seriesKey = (key: string | number) => `s_${String(key).replace(/[^A-Za-z0-9_-]/g, '_')}`;

/**
 * One row per bucket with a count per series. The series are the `maxSeries` slices with the largest
 * totals over the whole range; the rest of each bucket is summed into "other".
 */
export function timelineChart(timeline: IntelAggregations['timeline'] | undefined, maxSeries: number): ChartData {
  if (!timeline) return { rows: [], series: [] };
  const totals = new Map<string, { bucket: IntelBucket; count: number }>();
  for (const b of timeline.buckets) {
    for (const s of b.slices) {
      const k = String(s.key);
      const t = totals.get(k);
      totals.set(k, { bucket: t?.bucket ?? s, count: (t?.count ?? 0) + s.count });
    }
  }
  const top = [...totals.values()].sort((a, b) => b.count - a.count || a.bucket.name.localeCompare(b.bucket.name)).slice(0, maxSeries);
  const series: ChartSeries[] = top.map(({ bucket }) => ({ key: seriesKey(bucket.key), name: bucket.name, value: bucket.key }));
  const topKeys = new Set(top.map((t) => String(t.bucket.key)));
  let anyOther = false;
  const rows = timeline.buckets.map((b) => {
    const row: ChartRow = { date: b.date, total: b.count };
    for (const s of series) row[s.key] = 0;
    let inTop = 0;
    for (const s of b.slices) {
      if (!topKeys.has(String(s.key))) continue;
      row[seriesKey(s.key)] = s.count;
      inTop += s.count;
    }
    // Timeline split by a slice aggregation with limited size: what the named slices miss is "other".
    const other = timeline.sliceBy ? Math.max(0, b.count - inTop) : b.count;
    row[OTHER_SERIES] = other;
    if (other > 0) anyOther = true;
    return row;
  });
  if (anyOther || !timeline.sliceBy) series.push({ key: OTHER_SERIES, name: '', value: null });
  return { rows, series };
}

/**
 * The timeline's figures for the chart's text alternative (shared/charts/chartText.ts): one row per bucket under
 * its label, each series under its name, counts that add up.
 */
export function timelineText(data: ChartData, rowLabels: readonly string[], seriesLabels: readonly string[], xLabel: string): ChartText {
  return {
    xLabel,
    axis: 'time',
    additive: true,
    series: data.series.map((s, i) => ({ key: s.key, label: seriesLabels[i] ?? s.name })),
    // An item in two topics counts in both slices: a day's total is its items, not the slices added up.
    rows: data.rows.map((row, i) => ({
      x: rowLabels[i] ?? row.date,
      values: Object.fromEntries(data.series.map((s) => [s.key, Number(row[s.key] ?? 0)])),
      total: Number(row.total ?? 0),
    })),
  };
}

/** The filter value a clicked series stands for, or null for "other" (nothing to filter by). */
export function seriesFilter(data: ChartData, key: string): ChartSeries | null {
  if (key === OTHER_SERIES) return null;
  return data.series.find((s) => s.key === key) ?? null;
}

/** The largest buckets of an aggregation, with each one's share of the total. */
export function topN(buckets: readonly IntelBucket[] | undefined, n: number, total: number): (IntelBucket & { share: number })[] {
  return [...(buckets ?? [])]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, n)
    .map((b) => ({ ...b, share: total > 0 ? b.count / total : 0 }));
}

/**
 * The bucket label on the axis: "12 Mar" for a day or the first day of a week, "Mar 2026" for a month. The
 * date is read as written (the server already placed buckets in the request's time zone).
 */
export function bucketLabel(date: string, interval: 'day' | 'week' | 'month', locale: string): string {
  const d = new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(d.getTime())) return date;
  const opts: Intl.DateTimeFormatOptions = interval === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' }).format(d);
}
