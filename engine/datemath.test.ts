import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addUnits, evalDateMath, formatDate, fromLocal, parseDate, roundDown, roundUp, toLocal } from './datemath.ts';
import { EngineQueryError } from './errors.ts';

const NOW = Date.UTC(2024, 2, 15, 13, 45, 12, 345); // 2024-03-15T13:45:12.345Z, a Friday
const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', '+05:30', '-08:00'];
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });
const zoneArb = fc.constantFrom(...ZONES);

describe('date math examples', () => {
  it('evaluates now with offsets and rounding', () => {
    expect(evalDateMath('now', { now: NOW })).toBe(NOW);
    expect(evalDateMath('now-7d', { now: NOW })).toBe(NOW - 7 * 86_400_000);
    expect(evalDateMath('now/d', { now: NOW })).toBe(Date.UTC(2024, 2, 15));
    expect(evalDateMath('now-0d/d', { now: NOW })).toBe(Date.UTC(2024, 2, 15));
    expect(evalDateMath('now-7d/d', { now: NOW })).toBe(Date.UTC(2024, 2, 8));
    expect(evalDateMath('now/d', { now: NOW, roundUp: true })).toBe(Date.UTC(2024, 2, 16) - 1);
    expect(evalDateMath('now/w', { now: NOW })).toBe(Date.UTC(2024, 2, 11)); // Monday
    expect(evalDateMath('now/M', { now: NOW })).toBe(Date.UTC(2024, 2, 1));
    expect(evalDateMath('now+1M/M', { now: NOW })).toBe(Date.UTC(2024, 3, 1));
    expect(evalDateMath('now-1y/y', { now: NOW })).toBe(Date.UTC(2023, 0, 1));
    expect(evalDateMath('now-2h/h', { now: NOW })).toBe(Date.UTC(2024, 2, 15, 11));
  });

  it('anchors on a date with ||', () => {
    expect(evalDateMath('2024-01-31||+1M', {})).toBe(Date.UTC(2024, 1, 29)); // clamped to Feb 29
    expect(evalDateMath('2014-11-18||/M', {})).toBe(Date.UTC(2014, 10, 1));
    expect(evalDateMath('2014-11-18||/M', { roundUp: true })).toBe(Date.UTC(2014, 11, 1) - 1);
  });

  it('rounds in the time zone', () => {
    // 13:45Z is 14:45 in Paris (UTC+1 in March before DST): local midnight is 23:00Z the day before.
    expect(evalDateMath('now/d', { now: NOW, timeZone: 'Europe/Paris' })).toBe(Date.UTC(2024, 2, 14, 23));
    expect(evalDateMath('now/d', { now: NOW, timeZone: '-08:00' })).toBe(Date.UTC(2024, 2, 15, 8));
    // 02:00Z on the 15th is still the 14th in New York.
    const early = Date.UTC(2024, 2, 15, 2);
    expect(evalDateMath('now/d', { now: early, timeZone: 'America/New_York' })).toBe(Date.UTC(2024, 2, 14, 4));
  });

  it('adds days across a DST change on the local timeline', () => {
    const beforeDst = Date.parse('2024-03-30T12:00:00Z'); // 13:00 in Paris
    expect(formatDate(addUnits(beforeDst, 1, 'd', 'Europe/Paris'), 'Europe/Paris')).toBe('2024-03-31T13:00:00.000+02:00');
    expect(addUnits(beforeDst, 24, 'h', 'Europe/Paris')).toBe(beforeDst + 86_400_000);
  });

  it('parses ISO dates, partial dates and epoch millis', () => {
    expect(parseDate('2024-03-05')).toBe(Date.UTC(2024, 2, 5));
    expect(parseDate('2024-03-05', { roundUp: true })).toBe(Date.UTC(2024, 2, 6) - 1);
    expect(parseDate('2024-03', { roundUp: true })).toBe(Date.UTC(2024, 3, 1) - 1);
    expect(parseDate('2024-03-05T10:20:30.5Z')).toBe(Date.UTC(2024, 2, 5, 10, 20, 30, 500));
    expect(parseDate('2024-03-05T10:20:30+02:00')).toBe(Date.UTC(2024, 2, 5, 8, 20, 30));
    expect(parseDate('2024-03-05T10:00', { timeZone: 'Europe/Paris' })).toBe(Date.UTC(2024, 2, 5, 9));
    expect(parseDate('1700000000000')).toBe(1_700_000_000_000);
    expect(evalDateMath(1_700_000_000_000)).toBe(1_700_000_000_000);
  });

  it('rejects malformed date math with EngineQueryError', () => {
    for (const bad of ['now-7x', 'now-', 'now/', 'now/z', 'nowish', 'yesterday', '2024-13-01', '2024-02-30', '2024-01-01||+1q2']) {
      expect(() => evalDateMath(bad, { now: NOW }), bad).toThrow(EngineQueryError);
    }
    expect(() => evalDateMath('now', { timeZone: 'Mars/Olympus' })).toThrow(EngineQueryError);
  });

  it('formats like strict_date_optional_time', () => {
    expect(formatDate(Date.UTC(2024, 0, 1))).toBe('2024-01-01T00:00:00.000Z');
    expect(formatDate(Date.UTC(2023, 11, 31, 23), 'Europe/Paris')).toBe('2024-01-01T00:00:00.000+01:00');
    expect(formatDate(Date.UTC(2024, 0, 1, 5, 30), '-05:30')).toBe('2024-01-01T00:00:00.000-05:30');
  });
});

describe('date math properties', () => {
  const units = fc.constantFrom('y', 'M', 'w', 'd', 'h', 'm', 's' as const);

  it('rounding down brackets the instant and is idempotent', () => {
    fc.assert(
      fc.property(instant, units, zoneArb, (t, u, tz) => {
        const lo = roundDown(t, u, tz);
        const hi = roundUp(t, u, tz);
        expect(lo).toBeLessThanOrEqual(t);
        expect(hi).toBeGreaterThanOrEqual(t);
        expect(roundDown(lo, u, tz)).toBe(lo);
        expect(roundDown(hi, u, tz)).toBe(lo);
        expect(roundDown(hi + 1, u, tz)).toBe(hi + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('a rounded day starts at local midnight', () => {
    fc.assert(
      fc.property(instant, zoneArb, (t, tz) => {
        const start = roundDown(t, 'd', tz);
        expect(formatDate(start, tz).slice(11, 23)).toBe('00:00:00.000');
        expect(formatDate(start, tz).slice(0, 10)).toBe(formatDate(t, tz).slice(0, 10));
      }),
      { numRuns: 300 },
    );
  });

  it('adding then subtracting days returns the instant in UTC', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 400 }), (t, n) => {
        expect(evalDateMath(`now+${n}d-${n}d`, { now: t })).toBe(t);
        expect(evalDateMath(`now-${n}d`, { now: t })).toBe(t - n * 86_400_000);
      }),
    );
  });

  it('local time round-trips through the zone', () => {
    fc.assert(
      fc.property(instant, zoneArb, (t, tz) => {
        const local = toLocal(t, tz);
        const back = fromLocal(local, tz);
        // Overlaps map to the earlier instant, so back is t or one DST shift earlier.
        expect(t - back === 0 || t - back === 3_600_000).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('formatted dates parse back to the same instant', () => {
    fc.assert(
      fc.property(instant, zoneArb, (t, tz) => {
        expect(parseDate(formatDate(t, tz))).toBe(t);
      }),
      { numRuns: 300 },
    );
  });

  it('date math is monotonic in now', () => {
    fc.assert(
      fc.property(instant, instant, fc.constantFrom('now-7d/d', 'now/M', 'now+1w/w', 'now-3h'), zoneArb, (a, b, expr, tz) => {
        const [x, y] = a <= b ? [a, b] : [b, a];
        expect(evalDateMath(expr, { now: x, timeZone: tz })).toBeLessThanOrEqual(evalDateMath(expr, { now: y, timeZone: tz }));
      }),
      { numRuns: 200 },
    );
  });
});
