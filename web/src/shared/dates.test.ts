import { describe, expect, it } from 'vitest';
import { calendarDay, relativeTime, shortDate } from './dates.ts';

describe('dates', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('formats relative dates', () => {
    expect(relativeTime('2026-03-10T11:59:30Z', 'en', now)).toBe('now');
    expect(relativeTime('2026-03-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-03-07T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(relativeTime('2025-12-01T12:00:00Z', 'en', now)).toBe('3 months ago');
    expect(relativeTime('garbage', 'en', now)).toBe('');
  });
  it('formats relative dates in German', () => {
    expect(relativeTime('2026-03-10T11:59:30Z', 'de', now)).toBe('jetzt');
    expect(relativeTime('2026-03-09T12:00:00Z', 'de', now)).toBe('gestern');
    expect(relativeTime('2026-03-07T12:00:00Z', 'de', now)).toBe('vor 3 Tagen');
    expect(relativeTime('2026-03-10T15:00:00Z', 'de', now)).toBe('in 3 Stunden');
  });
  it('formats short dates', () => {
    expect(shortDate('2026-03-12T12:00:00', 'en')).toBe('Mar 12, 2026');
    expect(shortDate('2026-03-12T12:00:00', 'de')).toBe('12. März 2026');
    expect(shortDate('garbage', 'de')).toBe('');
  });
  it('writes calendar days out in full, the same day in every time zone', () => {
    expect(calendarDay('2026-12-06', 'en')).toBe('December 6, 2026');
    expect(calendarDay('2026-12-06', 'de')).toBe('6. Dezember 2026');
    expect(calendarDay('2026-13-01', 'en')).toBe('');
  });
});
