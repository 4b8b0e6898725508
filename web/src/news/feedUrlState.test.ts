import { describe, expect, it } from 'vitest';
import { emptyFeedState, feedHref, hasFeedFilters, openItemOf, parseFeedUrl, toFeedRequest, withOpenItem, type FeedState } from './feedUrlState.ts';

describe('feed URL state', () => {
  it('reads terms, rivals, topics and the date preset', () => {
    expect(parseFeedUrl('?q=price%20cut&rivalIds=3,8&topics=Pricing,Product%20launch&dateRange=last7Days')).toEqual<FeedState>({
      q: 'price cut',
      rivalIds: [3, 8],
      topics: ['Pricing', 'Product launch'],
      dateRange: 'last7Days',
    });
    expect(parseFeedUrl('')).toEqual(emptyFeedState());
  });

  it('drops values the API would refuse: bad ids, duplicates, blank topics, unknown presets', () => {
    const s = parseFeedUrl('?rivalIds=3,0,-2,x,3,1.5,99999999999&topics=a,,a, b &dateRange=lastYear');
    expect(s.rivalIds).toEqual([3]);
    expect(s.topics).toEqual(['a', 'b']);
    expect(s.dateRange).toBe('allTime');
    // Topics stay names even when they look like numbers.
    expect(parseFeedUrl('?topics=2026,null').topics).toEqual(['2026', 'null']);
  });

  it('writes defaults out of the URL and round-trips every state', () => {
    expect(feedHref(emptyFeedState())).toBe('/feed');
    expect(feedHref({ ...emptyFeedState(), q: '  ' })).toBe('/feed');
    const state: FeedState = { q: 'a&b=c', rivalIds: [4, 2], topics: ['M&A', 'Pricing'], dateRange: 'today' };
    const href = feedHref(state);
    expect(href).toBe('/feed?q=a%26b%3Dc&rivalIds=4,2&topics=M%26A,Pricing&dateRange=today');
    expect(parseFeedUrl(href.slice(href.indexOf('?')))).toEqual(state);
  });

  it('asks the API with its own parameter names, trimmed terms and no defaults', () => {
    expect(toFeedRequest(emptyFeedState(), 0, 20)).toEqual({ offset: 0, size: 20 });
    expect(toFeedRequest({ q: ' churn ', rivalIds: [1, 2], topics: ['Hiring'], dateRange: 'last30Days' }, 40, 20)).toEqual({
      offset: 40,
      size: 20,
      q: 'churn',
      rivalIds: '1,2',
      topics: 'Hiring',
      dateRange: 'last30Days',
    });
  });

  it('tells filters apart from terms', () => {
    expect(hasFeedFilters({ ...emptyFeedState(), q: 'x' })).toBe(false);
    expect(hasFeedFilters({ ...emptyFeedState(), topics: ['x'] })).toBe(true);
    expect(hasFeedFilters({ ...emptyFeedState(), dateRange: 'today' })).toBe(true);
  });

  it('opens and closes an item’s detail, keeping the rest of the location', () => {
    expect(openItemOf('?q=x&item=12')).toBe(12);
    expect(openItemOf('?item=0')).toBeNull();
    expect(openItemOf('?item=abc')).toBeNull();
    expect(withOpenItem('/feed', '?q=x&rivalIds=1,2', 12)).toBe('/feed?q=x&rivalIds=1,2&item=12');
    expect(withOpenItem('/feed', '?q=x&item=12', null)).toBe('/feed?q=x');
    expect(withOpenItem('/dashboard', '?item=12', null)).toBe('/dashboard');
  });
});
