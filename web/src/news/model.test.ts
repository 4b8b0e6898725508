import { describe, expect, it } from 'vitest';
import { admin, consumer, curator, makeCompany } from '../test/fixtures.ts';
import { allNewsPath, isUnread, lastNewsVisit, newsToggleOn, showsNewsDashboard, showsUnreadBadges, visitStamp } from './model.ts';

describe('who sees which news surface', () => {
  it('shows unread badges to non-curators with the company flag only', () => {
    expect(showsUnreadBadges(consumer(), makeCompany({ unreadBadges: true }))).toBe(true);
    expect(showsUnreadBadges(consumer(), makeCompany())).toBe(false);
    expect(showsUnreadBadges(curator(), makeCompany({ unreadBadges: true }))).toBe(false);
    expect(showsUnreadBadges(admin(), makeCompany({ unreadBadges: true }))).toBe(false);
  });

  it('offers the news dashboard with its flag, unless the feed is hidden from the reader or win/loss is exclusive', () => {
    expect(showsNewsDashboard(consumer(), makeCompany({ newsDashboard: true }))).toBe(true);
    expect(showsNewsDashboard(consumer(), makeCompany())).toBe(false);
    expect(showsNewsDashboard(consumer(), makeCompany({ newsDashboard: true, feedHiddenInConsumerNav: true }))).toBe(false);
    // The flag hides the feed from consumers only.
    expect(showsNewsDashboard(curator(), makeCompany({ newsDashboard: true, feedHiddenInConsumerNav: true }))).toBe(true);
    expect(showsNewsDashboard(consumer(), makeCompany({ newsDashboard: true, winLossExclusive: true }))).toBe(false);
  });

  it('reads the dashboard toggle and sends curators to the published intel for all news', () => {
    expect(newsToggleOn(consumer({ userData: { dashboardNewsToggle: true } }))).toBe(true);
    expect(newsToggleOn(consumer({ userData: { dashboardNewsToggle: 'true' } }))).toBe(false);
    expect(newsToggleOn(consumer())).toBe(false);
    expect(allNewsPath(consumer())).toBe('/feed');
    expect(allNewsPath(curator())).toBe('/alerts?view=published');
  });
});

describe('unread state', () => {
  const now = new Date('2026-03-31T12:00:00Z');

  it('reads the last visit of a profile, ignoring values that are not dates', () => {
    const u = consumer({ userData: { boardNewsVisits: { 5: '2026-03-20T10:00:00.000Z', 6: 'soon', 7: 12 } } });
    expect(lastNewsVisit(u, 5)).toBe('2026-03-20T10:00:00.000Z');
    expect(lastNewsVisit(u, 6)).toBeNull();
    expect(lastNewsVisit(u, 7)).toBeNull();
    expect(lastNewsVisit(u, 8)).toBeNull();
    expect(lastNewsVisit(consumer({ userData: { boardNewsVisits: 'x' } }), 5)).toBeNull();
  });

  it('stamps a visit by the server clock', () => {
    const browser = Date.parse('2026-03-31T12:00:00Z');
    expect(visitStamp(browser, 0)).toBe('2026-03-31T12:00:00.000Z');
    expect(visitStamp(browser, -90_000)).toBe('2026-03-31T11:58:30.000Z');
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
