import { describe, expect, it } from 'vitest';
import { nextFeedOffset, nextNewsOffset } from './api.ts';

const items = (n: number) => Array.from({ length: n }, () => ({}) as never);

describe('feed paging', () => {
  it('asks for the next 20 until every item is loaded', () => {
    expect(nextFeedOffset({ offset: 0, items: items(20), total: 45 })).toBe(20);
    expect(nextFeedOffset({ offset: 40, items: items(5), total: 45 })).toBeUndefined();
    expect(nextFeedOffset({ offset: 20, items: items(20), total: 40 })).toBeUndefined();
    expect(nextFeedOffset({ offset: 0, items: [], total: 3 })).toBeUndefined();
  });

  it('stops at the API’s window of 10 000', () => {
    expect(nextFeedOffset({ offset: 9960, items: items(20), total: 50_000 })).toBe(9980);
    expect(nextFeedOffset({ offset: 9980, items: items(20), total: 50_000 })).toBeUndefined();
  });

  it('follows hasMore for a rival’s news', () => {
    expect(nextNewsOffset({ offset: 20, items: items(20), hasMore: true })).toBe(40);
    expect(nextNewsOffset({ offset: 20, items: items(20), hasMore: false })).toBeUndefined();
    expect(nextNewsOffset({ offset: 0, items: [], hasMore: true })).toBeUndefined();
  });
});
