import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady, loadArea, type Translate } from '../../i18n/index.ts';
import { formatNumber } from '../numbers.ts';
import { chartFacts, chartSummary, chartTable, monthLabel, NO_VALUE, type ChartData } from './chartText.ts';

let en: Translate;
let de: Translate;
beforeAll(async () => {
  await i18nReady();
  await i18n.loadLanguages(['en', 'de']);
  await loadArea('charts');
  const fixed = (lng: string): Translate => {
    const t = i18n.getFixedT(lng);
    return (key, values) => t(key, values ?? {});
  };
  en = fixed('en');
  de = fixed('de');
});

const enNumber = (v: number) => formatNumber(v, 'en');
const deNumber = (v: number) => formatNumber(v, 'de');

const searches: ChartData = {
  xLabel: 'Day',
  axis: 'time',
  additive: true,
  series: [{ key: 'searches', label: 'Searches' }],
  rows: [
    { x: 'Nov 1', values: { searches: 1200 } },
    { x: 'Nov 2', values: { searches: 300 } },
    { x: 'Nov 3', values: { searches: 2500 } },
    { x: 'Nov 4', values: { searches: 2400 } },
  ],
};

describe('a chart’s facts', () => {
  it('finds the range, total, highest, lowest and trend of each series', () => {
    const facts = chartFacts(searches);
    expect(facts).toMatchObject({ points: 4, first: 'Nov 1', last: 'Nov 4', sums: null });
    expect(facts.series).toEqual([
      {
        key: 'searches',
        label: 'Searches',
        points: 4,
        total: 6400,
        first: { at: 'Nov 1', value: 1200 },
        last: { at: 'Nov 4', value: 2400 },
        max: { at: 'Nov 3', value: 2500 },
        min: { at: 'Nov 2', value: 300 },
        trend: 'up',
      },
    ]);
  });

  it('reads the direction from the halves’ averages, a change within a tenth as level, and skips missing values', () => {
    const data: ChartData = {
      ...searches,
      rows: [
        { x: 'Jan', values: { searches: 100 } },
        { x: 'Feb', values: { searches: null } },
        { x: 'Mar', values: {} },
        { x: 'Apr', values: { searches: 96 } },
      ],
    };
    expect(chartFacts(data).series[0]).toMatchObject({ points: 2, trend: 'level', min: { at: 'Apr', value: 96 } });
    expect(chartFacts({ ...data, rows: [...data.rows, { x: 'May', values: { searches: 50 } }] }).series[0].trend).toBe('down');
    // A dip on the last day does not make a busy month a falling one.
    const month = (values: number[]): ChartData => ({ ...searches, rows: values.map((v, i) => ({ x: `d${i}`, values: { searches: v } })) });
    expect(chartFacts(month([5, 20, 22, 4])).series[0].trend).toBe('level');
    expect(chartFacts(month([5, 6, 20, 22, 4])).series[0].trend).toBe('up');
  });

  it('adds up the series per x when the values add up', () => {
    const stacked: ChartData = {
      xLabel: 'Week',
      axis: 'time',
      additive: true,
      series: [
        { key: 'a', label: 'Pricing' },
        { key: 'b', label: 'Hiring' },
      ],
      rows: [
        { x: 'W1', values: { a: 1, b: 2 } },
        { x: 'W2', values: { a: 5, b: null } },
      ],
    };
    expect(chartFacts(stacked).sums).toMatchObject({ total: 8, max: { at: 'W2', value: 5 }, min: { at: 'W1', value: 3 } });
    expect(chartFacts({ ...stacked, additive: false }).sums).toBeNull();
  });
});

describe('a chart’s summary', () => {
  it('says the span, the total and how a series moved, in English and German with their number formats', () => {
    expect(chartSummary(searches, en, enNumber)).toBe('From Nov 1 to Nov 4. In all 6,400. Searches: rising overall, from 1,200 to 2,400; highest 2,500 (Nov 3), lowest 300 (Nov 2).');
    const german = { ...searches, series: [{ key: 'searches', label: 'Suchen' }], rows: searches.rows.map((r, i) => ({ ...r, x: `${i + 1}. Nov.` })) };
    expect(chartSummary(german, de, deNumber)).toBe('Von 1. Nov. bis 4. Nov. Insgesamt 6.400. Suchen: insgesamt steigend, von 1.200 auf 2.400; Höchstwert 2.500 (3. Nov.), Tiefstwert 300 (2. Nov.).');
  });

  it('ranks categories, says no total of values that do not add up, and names the largest series first', () => {
    const rivals: ChartData = {
      xLabel: 'Rival',
      axis: 'category',
      additive: false,
      series: [
        { key: 'small', label: 'Small' },
        { key: 'big', label: 'Big' },
      ],
      rows: [
        { x: 'Acme', values: { small: 1, big: 40 } },
        { x: 'Globex', values: { small: 3, big: 10 } },
      ],
    };
    expect(chartSummary(rivals, en, enNumber)).toBe('2 entries. Big: highest Acme (40), lowest Globex (10). Small: highest Globex (3), lowest Acme (1).');
    expect(chartSummary(rivals, de, deNumber)).toBe('2 Einträge. Big: am höchsten Acme (40), am niedrigsten Globex (10). Small: am höchsten Globex (3), am niedrigsten Acme (1).');
  });

  it('says the totals of stacked series with their busiest and quietest x, and leaves all but three series to the table', () => {
    const keys = ['a', 'b', 'c', 'd', 'e'];
    const data: ChartData = {
      xLabel: 'Week',
      axis: 'time',
      additive: true,
      series: keys.map((k) => ({ key: k, label: k.toUpperCase() })),
      rows: [
        { x: 'W1', values: { a: 1, b: 2, c: 3, d: 4, e: 5 } },
        { x: 'W2', values: { a: 1, b: 2, c: 3, d: 4, e: 0 } },
      ],
    };
    const text = chartSummary(data, en, enNumber);
    expect(text).toBe(
      'From W1 to W2. In all 25; highest W1 (15), lowest W2 (10). D: 4 throughout. C: 3 throughout. E: falling overall, from 5 to 0; highest 5 (W1), lowest 0 (W2). 2 more series are in the table.',
    );
    expect(chartSummary(data, de, deNumber)).toContain('2 weitere Reihen stehen in der Tabelle.');
  });

  it('says a single point, and that there is nothing to show', () => {
    const one: ChartData = { ...searches, rows: [{ x: 'Nov 1', values: { searches: 7 } }] };
    expect(chartSummary(one, en, enNumber)).toBe('Only Nov 1. In all 7. Searches: 7 (Nov 1).');
    expect(chartSummary({ ...searches, rows: [] }, en, enNumber)).toBe('No data to show.');
    expect(chartSummary({ ...searches, rows: [{ x: 'Nov 1', values: { searches: null } }] }, de, deNumber)).toBe('Keine Daten vorhanden.');
  });
});

describe('a chart’s table', () => {
  it('heads the x axis and each series, formats every value as the chart does and marks missing ones', () => {
    const data: ChartData = { ...searches, additive: false, series: [...searches.series, { key: 'empty', label: 'Found nothing' }] };
    const table = chartTable(data, deNumber, 'Summe');
    expect(table.head).toEqual(['Day', 'Searches', 'Found nothing']);
    expect(table.rows[0]).toEqual({ x: 'Nov 1', cells: ['1.200', NO_VALUE] });
  });

  it('adds a total column when several series add up', () => {
    const data: ChartData = {
      ...searches,
      series: [
        { key: 'a', label: 'A' },
        { key: 'b', label: 'B' },
      ],
      rows: [
        { x: 'Nov 1', values: { a: 1000, b: 234 } },
        { x: 'Nov 2', values: { a: null, b: null } },
      ],
    };
    expect(chartTable(data, enNumber, 'Total')).toEqual({
      head: ['Day', 'A', 'B', 'Total'],
      rows: [
        { x: 'Nov 1', cells: ['1,000', '234', '1,234'] },
        { x: 'Nov 2', cells: [NO_VALUE, NO_VALUE, NO_VALUE] },
      ],
    });
  });
});

describe('a chart’s months', () => {
  it('writes a month whole in the reader’s language', () => {
    expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
    expect(monthLabel('2025-12-01T00:00:00.000Z', 'en')).toBe('Dec 2025');
    expect(monthLabel('soon', 'en')).toBe('soon');
    expect(monthLabel('2026-03', 'de')).toBe('März 2026');
    expect(monthLabel('2025-12-01T00:00:00.000Z', 'de')).toBe('Dez. 2025');
  });
});
