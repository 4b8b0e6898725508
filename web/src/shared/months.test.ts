import { describe, expect, it } from 'vitest';
import { monthLabel } from './months.ts';

describe('months', () => {
  it('writes a month whole in the reader’s language', () => {
    expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
    expect(monthLabel('2025-12-01T00:00:00.000Z', 'en')).toBe('Dec 2025');
    expect(monthLabel('soon', 'en')).toBe('soon');
    expect(monthLabel('2026-03', 'de')).toBe('März 2026');
    expect(monthLabel('2025-12-01T00:00:00.000Z', 'de')).toBe('Dez. 2025');
  });
});
