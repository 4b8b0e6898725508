// A chart's text alternative (issue #51): the short summary said under it (the span it covers, totals, each series'
// highest and lowest and, over time, whether it rose or fell) and the same figures as a table. A chart describes
// itself once as ChartData (x labels already in the reader's language); the words come from the charts area and the
// numbers from the chart's own formatter, so the text reads as the chart does. Pure; see chartText.test.ts.
import type { Translate } from '../../i18n/index.ts';
import '../../i18n/areas/charts.ts';

export type ChartData = {
  /** What the x axis runs over ("Day", "Rival"): the table's first header. */
  xLabel: string;
  /** Time in order (the summary says rising or falling) or categories (it says which is highest). */
  axis: 'time' | 'category';
  series: { key: string; label: string }[];
  /**
   * One row per x, its label as the chart shows it, a value per series key (missing or null: no value there), and
   * its total when the series overlap (an intel item in two topics counts in both): what the row counts.
   */
  rows: { x: string; values: Record<string, number | null | undefined>; total?: number }[];
  /** Whether the values add up (counts per day, per rival): then totals are said, and several series get a total column. */
  additive: boolean;
};

export type Point = { at: string; value: number };
export type SeriesFacts = {
  key: string;
  label: string;
  /** Values the series has (rows without one are skipped). */
  points: number;
  total: number;
  first: Point;
  last: Point;
  /** The first of the highest, the first of the lowest. */
  max: Point;
  min: Point;
  /** The second half's average against the first half's (the middle value of an odd count in neither): within LEVEL_SHARE, level. */
  trend: 'up' | 'down' | 'level';
};
export type ChartFacts = {
  /** Rows of the chart, and the first and last x. */
  points: number;
  first: string;
  last: string;
  series: SeriesFacts[];
  /** The series added up per x, when the values add up and there are several series. */
  sums: SeriesFacts | null;
};

/** A change between the halves' averages within this share of the larger reads as about level. */
export const LEVEL_SHARE = 0.1;
/** Series the summary names one by one (the largest first); the others are in the table. */
export const SERIES_SAID = 3;
/** What a table cell without a value shows. */
export const NO_VALUE = '—';

const valueOf = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function seriesFacts(key: string, label: string, points: Point[]): SeriesFacts | null {
  if (points.length === 0) return null;
  let max = points[0];
  let min = points[0];
  let total = 0;
  for (const p of points) {
    if (p.value > max.value) max = p;
    if (p.value < min.value) min = p;
    total += p.value;
  }
  // The direction overall, not from one day to another: the first half's average against the second half's.
  const half = Math.floor(points.length / 2);
  const mean = (ps: Point[]) => ps.reduce((n, p) => n + p.value, 0) / ps.length;
  const before = mean(points.slice(0, Math.max(1, half)));
  const after = mean(points.slice(points.length - Math.max(1, half)));
  const trend = Math.abs(after - before) <= Math.max(Math.abs(before), Math.abs(after)) * LEVEL_SHARE ? 'level' : after > before ? 'up' : 'down';
  return { key, label, points: points.length, total, first: points[0], last: points[points.length - 1], max, min, trend };
}

/** The figures a summary is made of. */
export function chartFacts(data: ChartData): ChartFacts {
  const series = data.series
    .map((s) => seriesFacts(s.key, s.label, data.rows.flatMap((r) => (valueOf(r.values[s.key]) === null ? [] : [{ at: r.x, value: valueOf(r.values[s.key])! }]))))
    .filter((s): s is SeriesFacts => s !== null);
  const sums =
    data.additive && data.series.length > 1
      ? seriesFacts(
          '',
          '',
          data.rows.flatMap((r) => {
            const values = data.series.map((s) => valueOf(r.values[s.key])).filter((v): v is number => v !== null);
            if (r.total !== undefined) return [{ at: r.x, value: r.total }];
            return values.length ? [{ at: r.x, value: values.reduce((n, v) => n + v, 0) }] : [];
          }),
        )
      : null;
  return { points: data.rows.length, first: data.rows[0]?.x ?? '', last: data.rows.at(-1)?.x ?? '', series, sums };
}

function seriesSentence(s: SeriesFacts, axis: ChartData['axis'], t: Translate, format: (n: number) => string): string {
  if (s.points === 1) return t('charts.summary.single', { name: s.label, value: format(s.first.value), at: s.first.at });
  if (s.max.value === s.min.value) return t('charts.summary.same', { name: s.label, value: format(s.max.value) });
  const peaks = { name: s.label, max: format(s.max.value), maxAt: s.max.at, min: format(s.min.value), minAt: s.min.at };
  if (axis === 'category') return t('charts.summary.rank', peaks);
  return t('charts.summary.trend', { ...peaks, trend: s.trend, first: format(s.first.value), last: format(s.last.value) });
}

/**
 * What the chart shows in a few sentences: "From Nov 1 to Nov 30. In all 1,234. Searches: rising from 12 to 40;
 * highest 52 (Nov 24), lowest 3 (Nov 2)." Categories say how many there are and which is highest and lowest.
 */
export function chartSummary(data: ChartData, t: Translate, format: (n: number) => string): string {
  const facts = chartFacts(data);
  if (facts.series.length === 0) return t('charts.summary.empty');
  const sentences: string[] = [];
  if (data.axis === 'time') sentences.push(facts.points === 1 ? t('charts.summary.one', { first: facts.first }) : t('charts.summary.range', { first: facts.first, last: facts.last }));
  else sentences.push(t('charts.summary.entries', { count: facts.points }));
  if (facts.sums && facts.sums.max.value !== facts.sums.min.value) {
    const s = facts.sums;
    sentences.push(t('charts.summary.totalPeak', { total: format(s.total), max: format(s.max.value), maxAt: s.max.at, min: format(s.min.value), minAt: s.min.at }));
  } else if (data.additive) {
    sentences.push(t('charts.summary.total', { total: format(facts.sums?.total ?? facts.series.reduce((n, s) => n + s.total, 0)) }));
  }
  // The largest series first: by their total when values add up, else by their highest value.
  const size = (s: SeriesFacts) => (data.additive ? s.total : s.max.value);
  const ranked = facts.series.map((s, i) => ({ s, i })).sort((a, b) => size(b.s) - size(a.s) || a.i - b.i);
  for (const { s } of ranked.slice(0, SERIES_SAID)) sentences.push(seriesSentence(s, data.axis, t, format));
  if (ranked.length > SERIES_SAID) sentences.push(t('charts.summary.more', { count: ranked.length - SERIES_SAID }));
  // "bis 4. Nov.." reads "bis 4. Nov.": a sentence ending in an abbreviation's dot takes no second one.
  return sentences.map((s) => s.replace(/(?<!\.)\.\.$/, '.')).join(' ');
}

/**
 * A month written whole for a chart's rows, in the reader's language: "Mar 2026" ("März 2026") for YYYY-MM or a date
 * in it (read as UTC); anything else as it is. An axis may tick shorter; a table and a summary name the month whole.
 */
export function monthLabel(month: string, locale: string): string {
  const d = new Date(/^\d{4}-\d{2}$/.test(month) ? `${month}-01T00:00:00Z` : month);
  if (Number.isNaN(d.getTime())) return month;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

export type ChartTable = {
  /** Column headers: the x axis, each series, and "Total" when several series add up. */
  head: string[];
  /** One row per x: its label (a row header) and its formatted cells. */
  rows: { x: string; cells: string[] }[];
};

/** The chart's figures as a table, formatted as the chart formats them. */
export function chartTable(data: ChartData, format: (n: number) => string, totalLabel: string): ChartTable {
  const withTotal = data.additive && data.series.length > 1;
  return {
    head: [data.xLabel, ...data.series.map((s) => s.label), ...(withTotal ? [totalLabel] : [])],
    rows: data.rows.map((r) => {
      const values = data.series.map((s) => valueOf(r.values[s.key]));
      const cells = values.map((v) => (v === null ? NO_VALUE : format(v)));
      if (withTotal) {
        const present = values.filter((v): v is number => v !== null);
        cells.push(r.total !== undefined ? format(r.total) : present.length ? format(present.reduce((n, v) => n + v, 0)) : NO_VALUE);
      }
      return { x: r.x, cells };
    }),
  };
}
