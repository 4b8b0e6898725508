// Turns the reviews tab's filters (contracts/insights.ts) into engine requests, in tested pure functions: the page of
// reviews, and the aspect counts under the same filters. Every request is scoped by the visibility module's filter.
import type { AspectListQuery, ReviewListQuery, ReviewSort } from '../../../contracts/insights.ts';
import type { Aggregation, Query, SearchRequest, SortClause } from '../../../engine/port.ts';
import { asTyped } from '../../../documents/index.ts';
import type { TextFields } from '../../search/text.ts';
import { reviewsFilter, type Viewer } from '../../visibility/index.ts';

type Filters = Omit<ReviewListQuery, 'sort' | 'size' | 'offset'>;

const SORTS: Record<ReviewSort, SortClause[]> = {
  // Reviews that judge the most aspects say the most; newest first among equals.
  popular: [{ aspectCount: 'desc' }, { publishedAt: 'desc' }, { reviewId: 'desc' }],
  positive: [{ sentiment: 'desc' }, { publishedAt: 'desc' }, { reviewId: 'desc' }],
  negative: [{ sentiment: 'asc' }, { publishedAt: 'desc' }, { reviewId: 'desc' }],
};

/**
 * The filter clauses of a supported rival's reviews. With an aspect, the sentiment filter asks how the review judges
 * that aspect; without one, how the review leans overall. The rating range is inclusive; the dates are
 * publishedAfter ≤ date < publishedBefore.
 */
export function reviewFilters(viewer: Pick<Viewer, 'companyId'>, rivalId: number, f: Filters, opts: { withAspect: boolean } = { withAspect: true }): Query[] {
  const filter: Query[] = [...reviewsFilter(viewer), { term: { rivalId } }];
  const aspectId = opts.withAspect ? f.aspectId : undefined;
  if (aspectId !== undefined) filter.push({ term: { aspectIds: aspectId } });
  if (f.sentiment === 'positive' || f.sentiment === 'negative') {
    filter.push(
      aspectId !== undefined
        ? { term: { [f.sentiment === 'positive' ? 'positiveAspectIds' : 'negativeAspectIds']: aspectId } }
        : { term: { polarity: f.sentiment } },
    );
  }
  if (f.bookmarked) filter.push({ term: { bookmarked: true } });
  if (f.minRating > 0 || f.maxRating < 5) filter.push({ range: { rating: { gte: f.minRating, lte: f.maxRating } } });
  if (f.publishedAfter || f.publishedBefore) {
    filter.push({ range: { publishedAt: { ...(f.publishedAfter ? { gte: f.publishedAfter } : {}), ...(f.publishedBefore ? { lt: f.publishedBefore } : {}) } } });
  }
  if (f.domain.length) filter.push({ terms: { domain: f.domain } });
  return filter;
}

/** What a review's words are searched in: the title counts double; typos are forgiven on the title as typed. */
export const REVIEW_SEARCH_FIELDS: TextFields = { literal: ['title^2', 'text'], typo: [...asTyped(['title^2']), 'text'] };

/**
 * A page of reviews. `text` is the q words' query (search/text.ts textQuery, tier-ranked): the reviews that match
 * more of the words come first, each tier in the asked order.
 */
export function reviewListRequest(viewer: Pick<Viewer, 'companyId'>, rivalId: number, q: ReviewListQuery, text: Query | null = null): SearchRequest {
  return {
    query: { bool: { ...(text ? { must: [text] } : {}), filter: reviewFilters(viewer, rivalId, q) } },
    sort: text ? ['_score', ...SORTS[q.sort]] : SORTS[q.sort],
    from: q.offset,
    size: q.size,
    track_total_hits: true,
    _source: ['reviewId'],
  };
}

/**
 * Counts per aspect under the filters: reviews judging it, and judging it positively or negatively. The aspect
 * filter itself is left out (the list offers the other aspects), and with it the aspect's sentiment. `size` bounds
 * the buckets: a rival has at most a few dozen aspects, merges included.
 */
export function aspectCountsRequest(
  viewer: Pick<Viewer, 'companyId'>, rivalId: number, q: Omit<AspectListQuery, 'sort' | 'state' | 'size' | 'offset'>, size: number, text: Query | null = null,
): SearchRequest {
  const f = q.aspectId !== undefined ? { ...q, sentiment: undefined } : q;
  const terms = (field: string): Aggregation => ({ terms: { field, size } });
  return {
    query: { bool: { ...(text ? { must: [text] } : {}), filter: reviewFilters(viewer, rivalId, f, { withAspect: false }) } },
    size: 0,
    track_total_hits: true,
    aggs: { aspects: terms('aspectIds'), positive: terms('positiveAspectIds'), negative: terms('negativeAspectIds') },
  };
}
