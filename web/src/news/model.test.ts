import { describe, expect, it } from 'vitest';
import { admin, consumer, curator, makeCompany } from '../test/fixtures.ts';
import { allNewsPath, newsToggleOn, showsNewsDashboard, showsUnreadBadges, visitStamp } from './model.ts';

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
  it('stamps a visit by the server clock', () => {
    const browser = Date.parse('2026-03-31T12:00:00Z');
    expect(visitStamp(browser, 0)).toBe('2026-03-31T12:00:00.000Z');
    expect(visitStamp(browser, -90_000)).toBe('2026-03-31T11:58:30.000Z');
  });
});
