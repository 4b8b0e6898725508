import { describe, expect, it } from 'vitest';
import {
  changeTone,
  formatChange,
  formatDate,
  formatDayTick,
  formatNumber,
  formatPercent,
  formatSeconds,
  formatValue,
  isNumericFormat,
  kpiTrend,
  NO_VALUE,
} from './format.ts';

/** German puts a no-break space before the percent sign. */
const NBSP = '\u00a0';

/** How the report words points (reports.kpis.points in English). */
const pts = (signed: string) => `${signed} pts`;

describe('report formats', () => {
  it('writes counts with thousands separators and at most one decimal', () => {
    expect(formatNumber(0, 'en')).toBe('0');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(2.345, 'en')).toBe('2.3');
    expect(formatValue(12500, 'number', 'en')).toBe('12,500');
    expect(formatValue('42', 'number', 'en')).toBe('42');
  });

  it('writes counts the German way', () => {
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatValue(12500, 'number', 'de')).toBe('12.500');
    expect(formatValue('2.345', 'number', 'de')).toBe('2,3');
  });

  it('writes shares as percent, with a decimal under 10', () => {
    expect(formatPercent(0.42, 'en')).toBe('42%');
    expect(formatPercent(0.053, 'en')).toBe('5.3%');
    expect(formatPercent(0.05, 'en')).toBe('5%');
    expect(formatPercent(1, 'en')).toBe('100%');
    expect(formatPercent(0, 'en')).toBe('0%');
    expect(formatPercent(-0.0001, 'en')).toBe('0%');
    expect(formatValue(0.1234, 'percent', 'en')).toBe('12%');
  });

  it('writes shares the German way', () => {
    expect(formatPercent(0.42, 'de')).toBe(`42${NBSP}%`);
    expect(formatPercent(0.053, 'de')).toBe(`5,3${NBSP}%`);
    expect(formatPercent(12.345, 'de')).toBe(`1.235${NBSP}%`);
    expect(formatValue(0.1234, 'percent', 'de')).toBe(`12${NBSP}%`);
  });

  it('writes lengths as seconds, minutes and hours', () => {
    expect(formatSeconds(0, 'en')).toBe('0s');
    expect(formatSeconds(45, 'en')).toBe('45s');
    expect(formatSeconds(59.6, 'en')).toBe('1m 00s');
    expect(formatSeconds(125, 'en')).toBe('2m 05s');
    expect(formatSeconds(3720, 'en')).toBe('1h 02m');
    expect(formatSeconds(-5, 'en')).toBe('0s');
    expect(formatValue(125, 'seconds', 'en')).toBe('2m 05s');
    expect(formatSeconds(45, 'de')).toBe('45 Sek.');
    expect(formatValue(125, 'seconds', 'de')).toBe('2 Min. 05 Sek.');
  });

  it('writes changes signed, and tells their tone', () => {
    expect(formatChange(0.25, 'en')).toBe('+25%');
    expect(formatChange(-0.1, 'en')).toBe('\u221210%');
    expect(formatChange(0.031, 'en')).toBe('+3.1%');
    expect(formatChange(0, 'en')).toBe('0%');
    expect(formatChange(-0.0001, 'en')).toBe('0%');
    expect(formatValue(1.5, 'change', 'en')).toBe('+150%');
    expect(formatChange(0.031, 'de')).toBe(`+3,1${NBSP}%`);
    expect(formatChange(-12.5, 'de')).toBe(`\u22121.250${NBSP}%`);
    expect(formatChange(0, 'de')).toBe(`0${NBSP}%`);
    expect(changeTone(0.25)).toBe('up');
    expect(changeTone(-0.25)).toBe('down');
    expect(changeTone(0)).toBe('flat');
    expect(changeTone(null)).toBe('flat');
    expect(changeTone('x')).toBe('flat');
  });

  it('writes days as UTC dates whatever the browser’s zone', () => {
    expect(formatDate('2026-11-02', 'en')).toBe('Nov 2, 2026');
    expect(formatDate('2026-11-02T23:30:00Z', 'en')).toBe('Nov 2, 2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatValue('2026-01-31', 'date', 'en')).toBe('Jan 31, 2026');
    expect(formatDayTick('2026-11-02', 'en')).toBe('Nov 2');
    expect(formatDayTick('Acme', 'en')).toBe('Acme');
  });

  it('writes days the German way', () => {
    expect(formatDate('2026-11-02', 'de')).toBe('2. Nov. 2026');
    expect(formatValue('2026-03-31', 'date', 'de')).toBe('31. März 2026');
    expect(formatDayTick('2026-11-02', 'de')).toBe('2. Nov.');
  });

  it('shows empty figures as a dash and text as given', () => {
    expect(formatValue(null, 'number', 'en')).toBe(NO_VALUE);
    expect(formatValue(undefined, 'percent', 'en')).toBe(NO_VALUE);
    expect(formatValue('', 'text', 'en')).toBe(NO_VALUE);
    expect(formatValue('quantum pricing', 'text', 'en')).toBe('quantum pricing');
    expect(formatValue('n/a', 'number', 'en')).toBe('n/a');
    expect(isNumericFormat('seconds')).toBe(true);
    expect(isNumericFormat('text')).toBe(false);
  });

  it('compares a key figure with the period before', () => {
    expect(kpiTrend({ value: 120, previous: 100, format: 'number' }, 'en', pts)).toEqual({ direction: 'up', text: '+20%' });
    expect(kpiTrend({ value: 80, previous: 100, format: 'seconds' }, 'en', pts)).toEqual({ direction: 'down', text: '\u221220%' });
    expect(kpiTrend({ value: 100, previous: 100, format: 'number' }, 'en', pts)).toEqual({ direction: 'flat', text: '0%' });
    expect(kpiTrend({ value: 100.01, previous: 100, format: 'number' }, 'en', pts)).toEqual({ direction: 'flat', text: '0%' });
    expect(kpiTrend({ value: 0.45, previous: 0.4, format: 'percent' }, 'en', pts)).toEqual({ direction: 'up', text: '+5 pts' });
    expect(kpiTrend({ value: 0.38, previous: 0.4, format: 'percent' }, 'en', pts)).toEqual({ direction: 'down', text: '\u22122 pts' });
    expect(kpiTrend({ value: 5, previous: 0, format: 'number' }, 'en', pts)).toBeNull();
    expect(kpiTrend({ value: 0, previous: 0, format: 'number' }, 'en', pts)).toEqual({ direction: 'flat', text: '0%' });
    expect(kpiTrend({ value: 5, previous: null, format: 'number' }, 'en', pts)).toBeNull();
    expect(kpiTrend({ value: 5, format: 'number' }, 'en', pts)).toBeNull();
    expect(kpiTrend({ value: null, previous: 3, format: 'number' }, 'en', pts)).toBeNull();
  });

  it('compares a key figure the German way', () => {
    expect(kpiTrend({ value: 1100, previous: 1000, format: 'number' }, 'de', pts)).toEqual({ direction: 'up', text: `+10${NBSP}%` });
    expect(kpiTrend({ value: 1031, previous: 1000, format: 'number' }, 'de', pts)).toEqual({ direction: 'up', text: `+3,1${NBSP}%` });
    expect(kpiTrend({ value: 100, previous: 100, format: 'number' }, 'de', pts)).toEqual({ direction: 'flat', text: `0${NBSP}%` });
    expect(kpiTrend({ value: 0.445, previous: 0.4, format: 'percent' }, 'de', pts)).toEqual({ direction: 'up', text: '+4,5 pts' });
  });
});
