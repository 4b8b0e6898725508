import { describe, expect, it } from 'vitest';
import { consumer, curator, admin, makeCompany } from '../test/fixtures.ts';
import { availableModes, defaultMode, modeOfPath } from './unifiedSearchModel.ts';

describe('unified search modes', () => {
  it('offers alerts to curators and admins only, and reviews to those who see insights', () => {
    const c = makeCompany({ unifiedSearch: true });
    expect(availableModes(curator(), c)).toEqual(['ask', 'cards', 'alerts', 'reviews']);
    expect(availableModes(admin(), c)).toEqual(['ask', 'cards', 'alerts', 'reviews']);
    expect(availableModes(consumer(), c)).toEqual(['ask', 'cards']);
    expect(availableModes({ ...consumer(), isImpersonating: true }, c)).toEqual(['ask', 'cards', 'reviews']);
  });
  it('offers ask only with unified search', () => {
    expect(availableModes(consumer(), makeCompany())).toEqual(['cards']);
  });
  it('defaults to ask with the dashboard Ask flag, otherwise cards', () => {
    expect(defaultMode(consumer(), makeCompany({ unifiedSearch: true, askDashboard: true }))).toBe('ask');
    expect(defaultMode(consumer(), makeCompany({ unifiedSearch: true }))).toBe('cards');
  });
  it('hides ask and card search in win/loss-exclusive companies', () => {
    expect(availableModes(curator(), makeCompany({ unifiedSearch: true, winLossExclusive: true }))).toEqual(['alerts', 'reviews']);
    expect(defaultMode(consumer(), makeCompany({ winLossExclusive: true }))).toBeNull();
  });
  it('reads the mode a page implies', () => {
    expect(modeOfPath('/search/x')).toBe('cards');
    expect(modeOfPath('/alerts')).toBe('alerts');
    expect(modeOfPath('/ask-rivalscope')).toBe('ask');
    expect(modeOfPath('/insights/3/reviews')).toBe('reviews');
    expect(modeOfPath('/insightsx')).toBeNull();
    expect(modeOfPath('/dashboard')).toBeNull();
  });
});
