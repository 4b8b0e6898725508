import { describe, expect, it } from 'vitest';
import { REVIEW_IMPORT_REASONS, reviewReasonText, type ReviewImportReason } from '../../../contracts/reviews.ts';
import { loadErrorWording } from '../api/errorText.ts';
import { changeLanguage, i18nReady, t } from '../i18n/index.ts';
import '../i18n/areas/insights.ts';
import type { AspectListResponse, AspectView, DealSourceView, ReviewView } from '../../../contracts/insights.ts';
import {
  aspectLean,
  aspectListQuery,
  aspectReviewsPath,
  cardPath,
  CUSTOM_DATE_RANGE,
  dealPath,
  DEFAULT_REVIEW_FILTERS,
  effectiveSourceType,
  hasReviewFilters,
  importContentType,
  importErrorRows,
  importReasonText,
  insightCardHtml,
  insightListType,
  insightsPath,
  MAX_REVIEW_PAGE,
  mergeAspectPages,
  pageCount,
  parseInsightsPath,
  parseInsightsView,
  parseReviewFilters,
  publishedBounds,
  ratingLevel,
  reviewFiltersSearch,
  reviewListQuery,
  sourcesTypeOf,
  withBookmark,
  withFilters,
  withParam,
} from './model.ts';

const parse = (qs: string) => parseReviewFilters(new URLSearchParams(qs));
const NOW = new Date('2026-03-15T15:30:00Z');

describe('the insights path', () => {
  it('reads the rival and the tab; an id that is not a positive integer is none', () => {
    expect(parseInsightsPath('')).toEqual({ supportedRivalId: null, tab: 'insights' });
    expect(parseInsightsPath('12')).toEqual({ supportedRivalId: 12, tab: 'insights' });
    expect(parseInsightsPath('12/reviews')).toEqual({ supportedRivalId: 12, tab: 'reviews' });
    expect(parseInsightsPath('12/other')).toEqual({ supportedRivalId: 12, tab: 'insights' });
    for (const rest of ['abc', 'abc/reviews', '0', '-3', '1.5', '012', '99999999999']) {
      expect(parseInsightsPath(rest), rest).toEqual({ supportedRivalId: null, tab: 'insights' });
    }
  });

  it('builds the paths of the tabs and of an aspect’s reviews', () => {
    expect(insightsPath(4, 'insights')).toBe('/insights/4');
    expect(insightsPath(4, 'reviews', '?sort=negative')).toBe('/insights/4/reviews?sort=negative');
    expect(aspectReviewsPath(4, 9)).toBe('/insights/4/reviews?aspectId=9');
  });
});

describe('review filters in the query string (part 3 §2.3, §5)', () => {
  it('reads defaults from an empty query and writes them back as nothing', () => {
    expect(parse('')).toEqual(DEFAULT_REVIEW_FILTERS);
    expect(reviewFiltersSearch(DEFAULT_REVIEW_FILTERS)).toBe('');
    expect(hasReviewFilters(DEFAULT_REVIEW_FILTERS)).toBe(false);
  });

  it('round-trips every filter with the spec’s names', () => {
    const qs = 'q=slow+support&aspectId=7&sentiment=negative&dateRange=now-6m&domain=g2.com%2Ccapterra.com&minRating=1.5&maxRating=4&sort=positive&bookmarked=true&page=3';
    const f = parse(qs);
    expect(f).toEqual({
      q: 'slow support',
      aspectId: 7,
      sentiment: 'negative',
      dateRange: 'now-6m',
      publishedAfter: null,
      publishedBefore: null,
      domain: ['g2.com', 'capterra.com'],
      minRating: 1.5,
      maxRating: 4,
      sort: 'positive',
      bookmarked: true,
      page: 3,
    });
    expect(reviewFiltersSearch(f)).toBe(`?${qs}`);
    expect(hasReviewFilters(f)).toBe(true);
  });

  it('falls back on the defaults for values outside the rules', () => {
    const f = parse('aspectId=x&sentiment=meh&sort=newest&minRating=abc&maxRating=9&page=0&bookmarked=yes');
    expect(f).toMatchObject({ aspectId: null, sentiment: null, sort: 'popular', minRating: 0, maxRating: 5, page: 1, bookmarked: false });
    expect(parse('sentiment=all').sentiment).toBeNull();
    expect(parse('page=99999').page).toBe(MAX_REVIEW_PAGE);
  });

  it('keeps ratings in half steps from 0 to 5, lowest first', () => {
    expect(parse('minRating=2.3&maxRating=-1')).toMatchObject({ minRating: 0, maxRating: 2.5 });
    expect(parse('minRating=4&maxRating=2')).toMatchObject({ minRating: 2, maxRating: 4 });
  });

  it('cleans the domain list: trimmed, lower case, no blanks or duplicates, from one or several parameters', () => {
    expect(parse('domain=%20G2.com%20,,g2.com&domain=Capterra.com').domain).toEqual(['g2.com', 'capterra.com']);
  });

  it('treats published days without a preset as a custom range, and ignores them with a preset', () => {
    expect(parse('publishedAfter=2025-01-01&publishedBefore=2025-02-10')).toMatchObject({ dateRange: CUSTOM_DATE_RANGE, publishedAfter: '2025-01-01', publishedBefore: '2025-02-10' });
    expect(parse('dateRange=now-1y&publishedAfter=2025-01-01')).toMatchObject({ dateRange: 'now-1y', publishedAfter: null });
    expect(parse('publishedAfter=yesterday')).toMatchObject({ dateRange: 'all', publishedAfter: null });
    const custom = parse('dateRange=custom&publishedAfter=2025-01-01');
    expect(reviewFiltersSearch(custom)).toBe('?dateRange=custom&publishedAfter=2025-01-01');
  });

  it('goes back to the first page on any change but the page', () => {
    const f = parse('page=4&sort=negative');
    expect(withFilters(f, { minRating: 3 })).toMatchObject({ page: 1, minRating: 3, sort: 'negative' });
    expect(withFilters(f, { page: 5 }).page).toBe(5);
  });

  it('does not count sort and page as filters', () => {
    expect(hasReviewFilters(parse('sort=negative&page=2'))).toBe(false);
    expect(hasReviewFilters(parse('bookmarked=true'))).toBe(true);
  });
});

describe('the API queries', () => {
  it('asks for page n as offset (n - 1) × 25, defaults left out', () => {
    expect(reviewListQuery(DEFAULT_REVIEW_FILTERS, NOW)).toEqual({
      aspectId: undefined,
      sentiment: undefined,
      bookmarked: undefined,
      minRating: undefined,
      maxRating: undefined,
      domain: undefined,
      sort: 'popular',
      size: 25,
      offset: 0,
    });
    const q = reviewListQuery(parse('aspectId=3&page=3&minRating=2&domain=g2.com,trustpilot.com&bookmarked=true&sentiment=positive'), NOW);
    expect(q).toMatchObject({ aspectId: 3, offset: 50, size: 25, minRating: 2, maxRating: undefined, domain: 'g2.com,trustpilot.com', bookmarked: true, sentiment: 'positive' });
  });

  it('turns a preset into midnight-UTC bounds and a custom range into its days, the last one included', () => {
    expect(publishedBounds(parse('dateRange=now-3m'), NOW)).toEqual({ publishedAfter: '2025-12-15T00:00:00.000Z', publishedBefore: '2026-03-16T00:00:00.000Z' });
    expect(publishedBounds(parse(''), NOW)).toEqual({});
    expect(publishedBounds(parse('publishedAfter=2025-01-01&publishedBefore=2025-01-31'), NOW)).toEqual({ publishedAfter: '2025-01-01', publishedBefore: '2025-02-01' });
    expect(publishedBounds(parse('dateRange=custom&publishedBefore=2024-02-28'), NOW)).toEqual({ publishedAfter: undefined, publishedBefore: '2024-02-29' });
  });

  it('counts aspects with the other filters, 100 visible or 50 hidden at a time', () => {
    const f = parse('aspectId=3&sentiment=negative&minRating=1');
    expect(aspectListQuery(f, NOW, 'none', 100)).toMatchObject({ state: 'none', size: 100, offset: 100, minRating: 1, sentiment: undefined });
    expect(aspectListQuery(f, NOW, 'none', 0)).not.toHaveProperty('aspectId');
    // Without an aspect, the sentiment is the review's lean and narrows the counts too.
    expect(aspectListQuery(parse('sentiment=negative'), NOW, 'none', 0)).toMatchObject({ sentiment: 'negative' });
    expect(aspectListQuery(f, NOW, 'hidden', 0)).toEqual({ state: 'hidden', size: 50, offset: 0 });
  });
});

describe('pages', () => {
  it('counts pages of 25, up to the last one the API reaches', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(pageCount(1_000_000)).toBe(MAX_REVIEW_PAGE);
    expect((MAX_REVIEW_PAGE - 1) * 25).toBeLessThanOrEqual(10_000);
  });

  const aspect = (id: number): AspectView => ({ id, title: `a${id}`, state: 'none', reviewCount: 10, positive: 5, negative: 3, neutral: 2 });
  const page = (ids: number[], offset: number, nextOffset: number | null): AspectListResponse => ({
    aspects: ids.map(aspect),
    pagination: { total: 5, size: 2, offset, nextOffset },
  });

  it('merges aspect pages only where the offset is the previous nextOffset', () => {
    expect(mergeAspectPages([]).map((a) => a.id)).toEqual([]);
    expect(mergeAspectPages([page([1, 2], 0, 2), page([3, 4], 2, 4), page([5], 4, null)]).map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
    expect(mergeAspectPages([page([1, 2], 0, 2), page([9], 7, null)]).map((a) => a.id)).toEqual([1, 2]);
    expect(mergeAspectPages([page([1, 2], 0, 2), page([2, 3], 2, null)]).map((a) => a.id)).toEqual([1, 2, 3]);
  });
});

describe('the insights tab (part 3 §4.6)', () => {
  const counts = (strengths: number, weaknesses: number, winReasons: number, lossReasons: number) => ({ strengths, weaknesses, winReasons, lossReasons });

  it('uses reviews when there are no win/loss insights, win/loss when there are no review insights, else the choice or all', () => {
    expect(effectiveSourceType('winLoss', counts(3, 2, 0, 0))).toBe('review');
    expect(effectiveSourceType(null, counts(0, 0, 0, 0))).toBe('review');
    expect(effectiveSourceType('review', counts(0, 0, 1, 0))).toBe('winLoss');
    expect(effectiveSourceType(null, counts(1, 0, 0, 1))).toBe('all');
    expect(effectiveSourceType('review', counts(1, 0, 0, 1))).toBe('review');
  });

  it('reads the page parameters of the insights tab, strengths and weaknesses by default', () => {
    expect(parseInsightsView(new URLSearchParams(''))).toEqual({ sourceType: null, insightId: null, insightType: null });
    expect(parseInsightsView(new URLSearchParams('sourceType=winLoss&insightId=8&insightType=loss_reasons'))).toEqual({ sourceType: 'winLoss', insightId: 8, insightType: 'loss_reasons' });
    expect(parseInsightsView(new URLSearchParams('sourceType=x&insightId=-1&insightType=x'))).toEqual({ sourceType: null, insightId: null, insightType: null });
  });

  it('shows a kind with its pair', () => {
    expect(insightListType('strengths', 'all')).toBe('strengths_weaknesses');
    expect(insightListType('loss_reasons', 'all')).toBe('win_loss_reasons');
    expect(insightListType('win_loss_reasons', 'review')).toBe('win_loss_reasons');
    expect(insightListType('topic_summary', 'winLoss')).toBe('strengths_weaknesses');
    // Nothing chosen: strengths and weaknesses, unless win/loss insights are all there is.
    expect(insightListType(null, 'all')).toBe('strengths_weaknesses');
    expect(insightListType(null, 'review')).toBe('strengths_weaknesses');
    expect(insightListType(null, 'winLoss')).toBe('win_loss_reasons');
  });

  it('reads a win/loss insight’s sources as deals, whatever the source type shown', () => {
    expect(sourcesTypeOf('win_loss_reasons', 'all')).toBe('winLoss');
    expect(sourcesTypeOf('strengths_weaknesses', 'all')).toBe('all');
    expect(sourcesTypeOf('strengths_weaknesses', 'review')).toBe('review');
    expect(dealPath(42)).toBe('/win-loss/deals/42');
  });

  it('sets and removes one page parameter, keeping the others', () => {
    expect(withParam('?sourceType=review', 'insightId', 4)).toBe('?sourceType=review&insightId=4');
    expect(withParam('?sourceType=review&insightId=4', 'insightId', null)).toBe('?sourceType=review');
    expect(withParam('?sourceType=review', 'sourceType', 'all', 'all')).toBe('');
  });
});

describe('display', () => {
  it('colours ratings by the thresholds of part 3 §5', () => {
    expect([0, 1, 2].map(ratingLevel)).toEqual(['error', 'error', 'error']);
    expect([2.5, 3, 3.5].map(ratingLevel)).toEqual(['warning', 'warning', 'warning']);
    expect([4, 4.5, 5].map(ratingLevel)).toEqual(['success', 'success', 'success']);
  });

  it('pins one review of a list and leaves the others as they were', () => {
    const review = (id: number, bookmarked: boolean) => ({ id, type: 'review', bookmarked }) as ReviewView;
    const list = [review(1, false), review(2, true)];
    const next = withBookmark(list, 1, true);
    expect(next.map((r) => r.bookmarked)).toEqual([true, true]);
    expect(next[1]).toBe(list[1]);
    expect(list[0].bookmarked).toBe(false);
    // A deal among an insight's sources with the review's id is another source: it stays as it was.
    const deal = { id: 1, type: 'deal' } as DealSourceView;
    expect(withBookmark([deal, review(1, false)], 1, true)).toEqual([deal, { ...review(1, false), bookmarked: true }]);
  });
});

describe('imports', () => {
  it('sends each format with its content type and refuses others', () => {
    expect(importContentType('g2.CSV')).toBe('text/csv');
    expect(importContentType('export.json')).toBe('application/json');
    expect(importContentType('export.jsonl')).toBe('application/x-ndjson');
    expect(importContentType('export.ndjson')).toBe('application/x-ndjson');
    expect(importContentType('export.xlsx')).toBeNull();
    expect(importContentType('csv')).toBeNull();
  });

  it('shows the first 100 bad rows and how many more there are', () => {
    const errors = Array.from({ length: 130 }, (_, i) => ({ line: i + 2, reason: 'bad' }));
    const { rows, more } = importErrorRows({ errors, moreErrors: 20 });
    expect(rows).toHaveLength(100);
    expect(rows[0].line).toBe(2);
    expect(more).toBe(50);
    expect(importErrorRows({ errors: errors.slice(0, 3), moreErrors: 0 }).more).toBe(0);
  });
});

describe('a card from an insight', () => {
  it('puts the quote, escaped, after the text', () => {
    expect(insightCardHtml('<p>Support is slow.</p>', ' "Never <again>" & again ')).toBe('<p>Support is slow.</p><blockquote><p>&quot;Never &lt;again&gt;&quot; &amp; again</p></blockquote>');
    expect(insightCardHtml('<p>Only text</p>', '  ')).toBe('<p>Only text</p>');
  });

  it('links to the card in its board', () => {
    expect(cardPath(3, 41)).toBe('/profile/3?viewCard=41');
  });
});

describe('aspectLean', () => {
  it('takes the side more reviews take, favourable on a tie, as a share of all its reviews', () => {
    expect(aspectLean({ reviewCount: 168, positive: 119, negative: 20 })).toEqual({ lean: 'positive', percent: 71 });
    expect(aspectLean({ reviewCount: 10, positive: 2, negative: 5 })).toEqual({ lean: 'negative', percent: 50 });
    expect(aspectLean({ reviewCount: 4, positive: 1, negative: 1 })).toEqual({ lean: 'positive', percent: 25 });
    expect(aspectLean({ reviewCount: 0, positive: 0, negative: 0 })).toEqual({ lean: 'positive', percent: 0 });
  });
});

describe('a refused import row in the reader’s words', () => {
  const sample = { mb: 50, max: 200000, message: 'Unexpected token', count: 3, expected: 5, field: 'rating', other: 'stars', aliases: 'rating, stars', given: 'x', sites: 'G2, Capterra', host: 'G2', source: 'Capterra' };

  it('says every reason in English word for word as the server does, with its values', async () => {
    await i18nReady();
    await changeLanguage('en');
    for (const code of Object.keys(REVIEW_IMPORT_REASONS) as ReviewImportReason[]) {
      expect(importReasonText({ line: 1, reason: 'server words', code, params: sample }, t), code).toBe(reviewReasonText(code, sample));
    }
  });

  it('says them in German, and a broken rule by its kind, keeping words it has none for', async () => {
    await loadErrorWording();
    await changeLanguage('de');
    try {
      expect(importReasonText({ line: 3, reason: 'x', code: 'rating_invalid', params: { given: '7' } }, t)).toBe('muss eine Zahl von 0 bis 5 in halben Schritten sein (z. B. 4 oder 4,5), nicht „7“');
      expect(importReasonText({ line: 2, reason: 'x', code: 'too_many_reviews', params: { max: 200000 } }, t)).toContain('200.000');
      expect(importReasonText({ line: 6, reason: 'is required', code: 'invalid', issue: { code: 'invalid_type', expected: 'string', missing: true } }, t)).toBe('ist erforderlich');
      expect(importReasonText({ line: 7, reason: 'some new check', code: 'invalid', issue: { code: 'custom' } }, t)).toBe('some new check');
      expect(importReasonText({ line: 8, reason: 'an old server', code: undefined }, t)).toBe('an old server');
    } finally {
      await changeLanguage('en');
    }
  });
});
