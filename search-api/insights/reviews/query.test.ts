import { describe, expect, it } from 'vitest';
import { ReviewListQuery } from '../../../contracts/insights.ts';
import { aspectCountsRequest, reviewFilters, reviewListRequest } from './query.ts';

const viewer = { companyId: 4 };
const scope = [{ term: { company_id: 4 } }, { term: { rivalId: 12 } }];

/** The reviews tab's defaults as the API parses them. */
const DEFAULTS = ReviewListQuery.parse({ sort: 'popular', sentiment: 'all' });
const query = (over: Partial<ReviewListQuery> = {}): ReviewListQuery => ({ ...DEFAULTS, ...over });
/** The clauses a filter adds after the company and rival. */
const added = (over: Partial<ReviewListQuery>, opts?: { withAspect: boolean }) => reviewFilters(viewer, 12, query(over), opts).slice(scope.length);

describe('reviewFilters', () => {
  it('scopes to the company and the supported rival, and the defaults add nothing', () => {
    expect(reviewFilters(viewer, 12, query())).toEqual(scope);
    expect(added({ sentiment: undefined, bookmarked: false, minRating: 0, maxRating: 5, domain: [] })).toEqual([]);
  });

  it('filters on an aspect the review judges', () => {
    expect(added({ aspectId: 7 })).toEqual([{ term: { aspectIds: 7 } }]);
    expect(added({ aspectId: 7, sentiment: 'all' })).toEqual([{ term: { aspectIds: 7 } }]);
  });

  it('asks how the aspect is judged with an aspect, and how the review leans without one', () => {
    expect(added({ aspectId: 7, sentiment: 'positive' })).toEqual([{ term: { aspectIds: 7 } }, { term: { positiveAspectIds: 7 } }]);
    expect(added({ aspectId: 7, sentiment: 'negative' })).toEqual([{ term: { aspectIds: 7 } }, { term: { negativeAspectIds: 7 } }]);
    expect(added({ sentiment: 'positive' })).toEqual([{ term: { polarity: 'positive' } }]);
    expect(added({ sentiment: 'negative' })).toEqual([{ term: { polarity: 'negative' } }]);
  });

  it('keeps bookmarked reviews only when asked', () => {
    expect(added({ bookmarked: true })).toEqual([{ term: { bookmarked: true } }]);
  });

  it('bounds the rating inclusively once either end moves from 0 or 5', () => {
    expect(added({ minRating: 2.5 })).toEqual([{ range: { rating: { gte: 2.5, lte: 5 } } }]);
    expect(added({ maxRating: 4.5 })).toEqual([{ range: { rating: { gte: 0, lte: 4.5 } } }]);
    expect(added({ minRating: 0, maxRating: 0 })).toEqual([{ range: { rating: { gte: 0, lte: 0 } } }]);
    expect(added({ minRating: 5, maxRating: 5 })).toEqual([{ range: { rating: { gte: 5, lte: 5 } } }]);
  });

  it('takes publishedAfter inclusively and publishedBefore exclusively, either alone', () => {
    const after = '2024-03-01T00:00:00.000Z';
    const before = '2024-06-01T00:00:00.000Z';
    expect(added({ publishedAfter: after })).toEqual([{ range: { publishedAt: { gte: after } } }]);
    expect(added({ publishedBefore: before })).toEqual([{ range: { publishedAt: { lt: before } } }]);
    expect(added({ publishedAfter: after, publishedBefore: before })).toEqual([{ range: { publishedAt: { gte: after, lt: before } } }]);
  });

  it('keeps any of the given domains', () => {
    expect(added({ domain: ['g2.com', 'capterra.com'] })).toEqual([{ terms: { domain: ['g2.com', 'capterra.com'] } }]);
  });

  it('without the aspect, drops its clause and reads the sentiment as the overall lean', () => {
    expect(added({ aspectId: 7 }, { withAspect: false })).toEqual([]);
    expect(added({ aspectId: 7, sentiment: 'negative' }, { withAspect: false })).toEqual([{ term: { polarity: 'negative' } }]);
  });
});

describe('reviewListRequest', () => {
  it('filters without scoring, pages with offset and size, counts every match and returns the ids', () => {
    const r = reviewListRequest(viewer, 12, query({ bookmarked: true, offset: 50 }));
    expect(r).toEqual({
      query: { bool: { filter: [...scope, { term: { bookmarked: true } }] } },
      sort: [{ aspectCount: 'desc' }, { publishedAt: 'desc' }, { reviewId: 'desc' }],
      from: 50,
      size: 25,
      track_total_hits: true,
      _source: ['reviewId'],
    });
  });

  it('sorts by sentiment for positive and negative, newest then highest id among equals', () => {
    expect(reviewListRequest(viewer, 12, query({ sort: 'positive' })).sort).toEqual([{ sentiment: 'desc' }, { publishedAt: 'desc' }, { reviewId: 'desc' }]);
    expect(reviewListRequest(viewer, 12, query({ sort: 'negative' })).sort).toEqual([{ sentiment: 'asc' }, { publishedAt: 'desc' }, { reviewId: 'desc' }]);
  });
});

describe('aspectCountsRequest', () => {
  const aggs = (size: number) => ({
    aspects: { terms: { field: 'aspectIds', size } },
    positive: { terms: { field: 'positiveAspectIds', size } },
    negative: { terms: { field: 'negativeAspectIds', size } },
  });

  it('counts judging, positive and negative reviews per aspect under the filters, with no hits', () => {
    const r = aspectCountsRequest(viewer, 12, query({ minRating: 3, domain: ['g2.com'] }), 60);
    expect(r).toEqual({
      query: { bool: { filter: [...scope, { range: { rating: { gte: 3, lte: 5 } } }, { terms: { domain: ['g2.com'] } }] } },
      size: 0,
      track_total_hits: true,
      aggs: aggs(60),
    });
  });

  it('leaves out the aspect and its sentiment, so the other aspects are counted', () => {
    const r = aspectCountsRequest(viewer, 12, query({ aspectId: 7, sentiment: 'positive', bookmarked: true }), 100);
    expect(r.query).toEqual({ bool: { filter: [...scope, { term: { bookmarked: true } }] } });
  });

  it('keeps the overall lean when no aspect is chosen', () => {
    const r = aspectCountsRequest(viewer, 12, query({ sentiment: 'negative' }), 100);
    expect(r.query).toEqual({ bool: { filter: [...scope, { term: { polarity: 'negative' } }] } });
  });
});
