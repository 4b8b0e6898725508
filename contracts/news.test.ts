import { describe, expect, it } from 'vitest';
import { isUnread, lastNewsVisit } from './news.ts';

// The unread rule the server counts badges by and the profile's news marks entries "New" by.
describe('unread state', () => {
  const now = new Date('2026-03-31T12:00:00Z');

  it('reads the last visit of a profile, ignoring values that are not dates', () => {
    const userData = { boardNewsVisits: { 5: '2026-03-20T10:00:00.000Z', 6: 'soon', 7: 12 } };
    expect(lastNewsVisit(userData, 5)).toBe('2026-03-20T10:00:00.000Z');
    expect(lastNewsVisit(userData, 6)).toBeNull();
    expect(lastNewsVisit(userData, 7)).toBeNull();
    expect(lastNewsVisit(userData, 8)).toBeNull();
    expect(lastNewsVisit({ boardNewsVisits: 'x' }, 5)).toBeNull();
    expect(lastNewsVisit(undefined, 5)).toBeNull();
  });

  it('counts news after the last visit, and never older than 30 days', () => {
    const visit = '2026-03-20T10:00:00.000Z';
    expect(isUnread('2026-03-20T10:00:01Z', visit, now)).toBe(true);
    expect(isUnread('2026-03-20T10:00:00Z', visit, now)).toBe(false);
    expect(isUnread('2026-03-05T00:00:00Z', null, now)).toBe(true);
    expect(isUnread('2026-02-27T00:00:00Z', null, now)).toBe(false);
    // A visit longer ago than 30 days counts from 30 days back.
    expect(isUnread('2026-02-27T00:00:00Z', '2026-01-01T00:00:00Z', now)).toBe(false);
  });
});
