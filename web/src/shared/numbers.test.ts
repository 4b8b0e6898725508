import { describe, expect, it } from 'vitest';
import { formatNumber, formatRating, numberFormat } from './numbers.ts';

describe('numbers', () => {
  it('groups digits and writes decimals as the language does', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(2.345, 'de')).toBe('2,3');
    expect(formatNumber(999, 'de')).toBe('999');
  });

  it('writes ratings with one decimal', () => {
    expect(formatRating(4, 'en')).toBe('4.0');
    expect(formatRating(4.5, 'en')).toBe('4.5');
    expect(formatRating(4.5, 'de')).toBe('4,5');
  });

  it('makes a formatter once per language and options', () => {
    expect(numberFormat('de', { maximumFractionDigits: 1 })).toBe(numberFormat('de', { maximumFractionDigits: 1 }));
    expect(numberFormat('de')).not.toBe(numberFormat('en'));
  });
});
