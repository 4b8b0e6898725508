import { describe, expect, it } from 'vitest';
import { relativeTime, shortDate } from './dates.ts';

describe('dates', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('formats relative dates', () => {
    expect(relativeTime('2026-03-10T11:59:30Z', now)).toBe('now');
    expect(relativeTime('2026-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2025-12-01T12:00:00Z', now)).toBe('3 months ago');
    expect(relativeTime('garbage', now)).toBe('');
  });
  it('formats short dates', () => {
    expect(shortDate('2026-03-12T12:00:00')).toBe('Mar 12, 2026');
    expect(shortDate('garbage')).toBe('');
  });
});
