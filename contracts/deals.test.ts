import { describe, expect, it } from 'vitest';
import { normalizeOutcome, winRate } from './deals.ts';

describe('normalizeOutcome', () => {
  it('reads CRM spellings, falls back to the stage, and tells open from unknown', () => {
    expect(normalizeOutcome('Closed Won')).toBe('win');
    expect(normalizeOutcome(' LOST ')).toBe('loss');
    expect(normalizeOutcome('positive-churn')).toBe('churn_positive');
    expect(normalizeOutcome('No Decision')).toBe('other');
    expect(normalizeOutcome('open')).toBeNull();
    expect(normalizeOutcome('', 'Closed Lost')).toBe('loss');
    expect(normalizeOutcome(null, 'Negotiation')).toBeNull();
    expect(normalizeOutcome('maybe', 'Closed Won')).toBeUndefined();
  });
});

describe('winRate', () => {
  it('is wins over decided deals with the Wilson interval at 95 %', () => {
    // 8 of 10: p = 0.8, Wilson [0.4902, 0.9433] (worked by hand with z = 1.96).
    const r = winRate(8, 2);
    expect(r.winRate).toBe(0.8);
    expect(r.low).toBeCloseTo(0.4902, 3);
    expect(r.high).toBeCloseTo(0.9433, 3);
    expect(winRate(0, 0)).toEqual({ winRate: null, low: null, high: null });
    // All wins: the interval stays inside [0, 1] and below 1 at its low end.
    const all = winRate(5, 0);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.5655, 3);
  });
});
