import { describe, expect, it } from 'vitest';
import { AspectListQuery, AspectPatchBody, InsightListQuery, ReviewListQuery, cleanDomains, dateRangePreset, publishedRange } from './insights.ts';

describe('publishedRange (part 3 §5)', () => {
  it('turns now-{n}{d|w|m|y} into a range between midnights UTC, clamping month ends', () => {
    expect(publishedRange('now-7d', new Date('2024-03-05T23:59:00Z'))).toEqual({ publishedAfter: '2024-02-27T00:00:00.000Z', publishedBefore: '2024-03-06T00:00:00.000Z' });
    expect(publishedRange('now-2w', new Date('2024-03-05T00:00:00Z'))?.publishedAfter).toBe('2024-02-20T00:00:00.000Z');
    expect(publishedRange('now-1m', new Date('2024-03-31T10:00:00Z'))?.publishedAfter).toBe('2024-02-29T00:00:00.000Z');
    expect(publishedRange('now-6m', new Date('2024-08-31T00:00:00Z'))?.publishedAfter).toBe('2024-02-29T00:00:00.000Z');
    expect(publishedRange('now-1y', new Date('2024-02-29T12:00:00Z'))?.publishedAfter).toBe('2023-02-28T00:00:00.000Z');
    expect(publishedRange('now-13m', new Date('2024-01-15T00:00:00Z'))?.publishedAfter).toBe('2022-12-15T00:00:00.000Z');
  });
  it('gives no range for all or anything else', () => {
    expect(publishedRange('all', new Date())).toBeNull();
    expect(publishedRange('now-3q', new Date())).toBeNull();
  });
  it('names the presets, else customDateRange', () => {
    expect(dateRangePreset('now-1y')).toBe('lastYear');
    expect(dateRangePreset('all')).toBe('allTime');
    expect(dateRangePreset('now-2w')).toBe('customDateRange');
  });
});

describe('query parameters', () => {
  it('default the reviews list to popular, 0–5 stars, 25 from 0, and ignore unknown sorts and sentiments', () => {
    expect(ReviewListQuery.parse({})).toEqual({ minRating: 0, maxRating: 5, domain: [], sort: 'popular', size: 25, offset: 0 });
    expect(ReviewListQuery.parse({ sort: 'loudest', sentiment: 'angry' })).toMatchObject({ sort: 'popular', sentiment: undefined });
    expect(ReviewListQuery.parse({ sort: 'negative', sentiment: 'positive', bookmarked: 'true' })).toMatchObject({ sort: 'negative', sentiment: 'positive', bookmarked: true });
  });
  it('cleans the domain list: blanks and duplicates removed', () => {
    expect(cleanDomains([' G2.com', '', 'g2.com', 'capterra.com '])).toEqual(['g2.com', 'capterra.com']);
    expect(ReviewListQuery.parse({ domain: ['g2.com, ,G2.COM', 'trustradius.com'] }).domain).toEqual(['g2.com', 'trustradius.com']);
  });
  it('refuses ratings out of range or upside down', () => {
    expect(ReviewListQuery.safeParse({ minRating: '5.5' }).success).toBe(false);
    expect(ReviewListQuery.safeParse({ minRating: '4', maxRating: '3' }).error?.issues[0].path).toEqual(['minRating']);
    expect(ReviewListQuery.safeParse({ minRating: '3.5', maxRating: '3.5' }).success).toBe(true);
  });
  it('reads aspect states and insight types', () => {
    expect(AspectListQuery.parse({}).state).toBe('none');
    expect(AspectListQuery.parse({ state: 'hidden' }).state).toBe('hidden');
    expect(InsightListQuery.parse({ type: 'strengths,win_reasons,bogus' })).toEqual({ type: ['strengths', 'win_reasons'], sourceType: 'all' });
  });
  it('needs something to change in an aspect patch', () => {
    expect(AspectPatchBody.safeParse({}).success).toBe(false);
    expect(AspectPatchBody.safeParse({ title: '  ' }).success).toBe(false);
    expect(AspectPatchBody.parse({ title: null })).toEqual({ title: null });
    expect(AspectPatchBody.safeParse({ state: 'archived' }).success).toBe(false);
  });
});
