import { describe, expect, it } from 'vitest';
import { NOTIFICATION_POLL_MS, SESSION_WARNING_THRESHOLD_MS } from './constants.ts';
import { evaluateSession, formatRemaining } from './expiry.ts';

const NOW = Date.parse('2025-01-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const times = (idleMs: number, absoluteMs: number) => ({ sessionIdleTimeoutAt: at(idleMs), sessionAbsoluteTimeoutAt: at(absoluteMs) });
const MIN = 60_000;

describe('evaluateSession', () => {
  it('uses a 2-minute threshold and a 5-minute poll', () => {
    expect(SESSION_WARNING_THRESHOLD_MS).toBe(2 * MIN);
    expect(NOTIFICATION_POLL_MS).toBe(5 * MIN);
  });

  it('is active with plenty of time, rechecking at the poll interval at most', () => {
    expect(evaluateSession(times(30 * MIN, 10 * 60 * MIN), NOW)).toEqual({ state: 'active', recheckInMs: NOTIFICATION_POLL_MS });
  });

  it('rechecks exactly when the time left reaches the threshold', () => {
    expect(evaluateSession(times(4 * MIN, 10 * 60 * MIN), NOW)).toEqual({ state: 'active', recheckInMs: 2 * MIN });
    expect(evaluateSession(times(60 * MIN, 3 * MIN), NOW)).toEqual({ state: 'active', recheckInMs: MIN });
  });

  it('never rechecks sooner than the minimum', () => {
    expect(evaluateSession(times(2 * MIN + 10, 60 * MIN), NOW)).toEqual({ state: 'active', recheckInMs: 1_000 });
  });

  it('warns about the idle timeout when it comes first', () => {
    expect(evaluateSession(times(90_000, 60 * MIN), NOW)).toEqual({ state: 'warning', kind: 'idle', remainingMs: 90_000 });
    expect(evaluateSession(times(2 * MIN, 60 * MIN), NOW)).toEqual({ state: 'warning', kind: 'idle', remainingMs: 2 * MIN });
  });

  it('warns about the absolute timeout when it comes first, or at the same time', () => {
    expect(evaluateSession(times(30 * MIN, 60_000), NOW)).toEqual({ state: 'warning', kind: 'absolute', remainingMs: 60_000 });
    expect(evaluateSession(times(60_000, 60_000), NOW)).toEqual({ state: 'warning', kind: 'absolute', remainingMs: 60_000 });
  });

  it('expires when either time is reached', () => {
    expect(evaluateSession(times(0, 60 * MIN), NOW)).toEqual({ state: 'expired', kind: 'idle' });
    expect(evaluateSession(times(30 * MIN, -5), NOW)).toEqual({ state: 'expired', kind: 'absolute' });
  });

  it('honours custom thresholds', () => {
    expect(evaluateSession(times(4 * MIN, 60 * MIN), NOW, { thresholdMs: 5 * MIN })).toMatchObject({ state: 'warning', kind: 'idle' });
  });

  it('treats unreadable times as unknown and keeps polling', () => {
    expect(evaluateSession({ sessionIdleTimeoutAt: 'x', sessionAbsoluteTimeoutAt: '' }, NOW)).toEqual({
      state: 'active',
      recheckInMs: NOTIFICATION_POLL_MS,
    });
    expect(evaluateSession({ sessionIdleTimeoutAt: 'x', sessionAbsoluteTimeoutAt: at(60_000) }, NOW)).toEqual({
      state: 'warning',
      kind: 'absolute',
      remainingMs: 60_000,
    });
  });
});

describe('formatRemaining', () => {
  it('shows minutes and seconds, rounding up', () => {
    expect(formatRemaining(120_000)).toBe('2:00');
    expect(formatRemaining(61_001)).toBe('1:02');
    expect(formatRemaining(5_000)).toBe('0:05');
    expect(formatRemaining(-3)).toBe('0:00');
    expect(formatRemaining(3_723_000)).toBe('1:02:03');
  });
});
