import { describe, expect, it } from 'vitest';
import { dealBadge, dealsSearchQuery, DEALS_IN_SEARCH } from './dealResults.ts';

describe('the deals section of search', () => {
  it('asks the deals context for the best few deals, and nothing without terms', () => {
    expect(dealsSearchQuery('  globex ')).toEqual({ index: 'deals', query: 'globex', size: DEALS_IN_SEARCH, sort: 'relevance' });
    expect(dealsSearchQuery('   ')).toBeNull();
  });
  it('badges an outcome in its colour, and an open deal as open', () => {
    expect(dealBadge('win')).toEqual({ key: 'search.deals.outcomes.win', color: 'green' });
    expect(dealBadge('loss')).toEqual({ key: 'search.deals.outcomes.loss', color: 'red' });
    expect(dealBadge('churn_positive')).toEqual({ key: 'search.deals.outcomes.churn_positive', color: 'blue' });
    expect(dealBadge(null)).toEqual({ key: 'search.deals.outcomes.open', color: 'cyan' });
  });
});
