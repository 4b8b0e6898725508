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

describe('report formats', () => {
  it('writes counts with thousands separators and at most one decimal', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(2.345)).toBe('2.3');
    expect(formatValue(12500, 'number')).toBe('12,500');
    expect(formatValue('42', 'number')).toBe('42');
  });

  it('writes shares as percent, with a decimal under 10', () => {
    expect(formatPercent(0.42)).toBe('42 %');
    expect(formatPercent(0.053)).toBe('5.3 %');
    expect(formatPercent(0.05)).toBe('5 %');
    expect(formatPercent(1)).toBe('100 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatValue(0.1234, 'percent')).toBe('12 %');
  });

  it('writes lengths as seconds, minutes and hours', () => {
    expect(formatSeconds(0)).toBe('0s');
    expect(formatSeconds(45)).toBe('45s');
    expect(formatSeconds(59.6)).toBe('1m 00s');
    expect(formatSeconds(125)).toBe('2m 05s');
    expect(formatSeconds(3720)).toBe('1h 02m');
    expect(formatSeconds(-5)).toBe('0s');
    expect(formatValue(125, 'seconds')).toBe('2m 05s');
  });

  it('writes changes signed, and tells their tone', () => {
    expect(formatChange(0.25)).toBe('+25 %');
    expect(formatChange(-0.1)).toBe('\u221210 %');
    expect(formatChange(0.031)).toBe('+3.1 %');
    expect(formatChange(0)).toBe('0 %');
    expect(formatChange(-0.0001)).toBe('0 %');
    expect(formatValue(1.5, 'change')).toBe('+150 %');
    expect(changeTone(0.25)).toBe('up');
    expect(changeTone(-0.25)).toBe('down');
    expect(changeTone(0)).toBe('flat');
    expect(changeTone(null)).toBe('flat');
    expect(changeTone('x')).toBe('flat');
  });

  it('writes days as UTC dates whatever the browser’s zone', () => {
    expect(formatDate('2026-11-02')).toBe('Nov 2, 2026');
    expect(formatDate('2026-11-02T23:30:00Z')).toBe('Nov 2, 2026');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatValue('2026-01-31', 'date')).toBe('Jan 31, 2026');
    expect(formatDayTick('2026-11-02')).toBe('Nov 2');
    expect(formatDayTick('Acme')).toBe('Acme');
  });

  it('shows empty figures as a dash and text as given', () => {
    expect(formatValue(null, 'number')).toBe(NO_VALUE);
    expect(formatValue(undefined, 'percent')).toBe(NO_VALUE);
    expect(formatValue('', 'text')).toBe(NO_VALUE);
    expect(formatValue('quantum pricing', 'text')).toBe('quantum pricing');
    expect(formatValue('n/a', 'number')).toBe('n/a');
    expect(isNumericFormat('seconds')).toBe(true);
    expect(isNumericFormat('text')).toBe(false);
  });

  it('compares a key figure with the period before', () => {
    expect(kpiTrend({ value: 120, previous: 100, format: 'number' })).toEqual({ direction: 'up', text: '+20 %' });
    expect(kpiTrend({ value: 80, previous: 100, format: 'seconds' })).toEqual({ direction: 'down', text: '\u221220 %' });
    expect(kpiTrend({ value: 100, previous: 100, format: 'number' })).toEqual({ direction: 'flat', text: '0 %' });
    expect(kpiTrend({ value: 0.45, previous: 0.4, format: 'percent' })).toEqual({ direction: 'up', text: '+5 pts' });
    expect(kpiTrend({ value: 0.38, previous: 0.4, format: 'percent' })).toEqual({ direction: 'down', text: '\u22122 pts' });
    expect(kpiTrend({ value: 5, previous: 0, format: 'number' })).toBeNull();
    expect(kpiTrend({ value: 0, previous: 0, format: 'number' })).toEqual({ direction: 'flat', text: '0 %' });
    expect(kpiTrend({ value: 5, previous: null, format: 'number' })).toBeNull();
    expect(kpiTrend({ value: 5, format: 'number' })).toBeNull();
    expect(kpiTrend({ value: null, previous: 3, format: 'number' })).toBeNull();
  });
});
