// The review-site catalogue (part 3 §3) and one review as imported or posted: sites resolve from names, keys and
// permalinks; every field is checked with a message that follows its name; stored values parse back unchanged.
import { describe, expect, it } from 'vitest';
import {
  COMPANY_SIZES,
  REVIEW_SITES,
  normalizeCompanySize,
  normalizePermalink,
  resolveReviewSite,
  reviewFieldOf,
  reviewInputSchema,
} from './reviews.ts';

const now = new Date('2026-03-15T12:00:00Z');
const schema = reviewInputSchema(now);
const valid = {
  source: 'G2',
  permalink: 'https://www.g2.com/products/lumenary-studio/reviews/lumenary-studio-review-9001',
  rating: 4,
  publishedAt: '2026-03-01',
  text: 'Quick to set up.',
};
/** The issues of a review with the given fields changed, as "field: message". */
const issues = (over: Record<string, unknown>) => {
  const result = schema.safeParse({ ...valid, ...over });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('review-site catalogue', () => {
  it('lists the spec’s product and employee review sites with unique keys', () => {
    expect(REVIEW_SITES.filter((s) => s.type === 'product').map((s) => s.name)).toEqual([
      'G2', 'G2Crowd', 'Capterra', 'Gartner', 'PeerSpot', 'Product Hunt', 'Software Advice', 'Trustpilot', 'TrustRadius',
    ]);
    expect(REVIEW_SITES.filter((s) => s.type === 'employee').map((s) => s.name)).toEqual(['Glassdoor', 'Indeed']);
    expect(new Set(REVIEW_SITES.map((s) => s.key)).size).toBe(REVIEW_SITES.length);
  });

  it.each([
    ['G2 Crowd', 'g2crowd'],
    ['g2', 'g2'],
    ['www.g2.com', 'g2'],
    ['https://www.g2.com/products/x/reviews', 'g2'],
    ['g2crowd.com', 'g2crowd'],
    ['  CAPTERRA ', 'capterra'],
    ['https://www.capterra.co.uk/reviews/1', 'capterra'],
    ['Gartner Peer Insights', 'gartner'],
    ['Peerspot', 'peerspot'],
    ['IT Central Station', 'peerspot'],
    ['product-hunt', 'producthunt'],
    ['Software Advice', 'softwareadvice'],
    ['uk.trustpilot.com', 'trustpilot'],
    ['Trust Radius', 'trustradius'],
    ['glassdoor.co.uk', 'glassdoor'],
    ['Indeed', 'indeed'],
  ])('resolves %j to %s', (given, key) => {
    expect(resolveReviewSite(given)?.key).toBe(key);
  });

  it.each(['Yelp', 'yelp.com', 'notg2.com', 'g2.com.evil.test', '', '   '])('resolves %j to nothing', (given) => {
    expect(resolveReviewSite(given)).toBeNull();
  });
});

describe('company size', () => {
  it.each([
    ['1-10', 'small-business'],
    ['11-50 employees', 'small-business'],
    ['Small business (50 or fewer emp.)', 'small-business'],
    ['Self-employed', 'small-business'],
    ['51-200', 'mid-market'],
    ['201-500 employees', 'mid-market'],
    ['501-1,000', 'mid-market'],
    ['Mid-Market (51-1000 emp.)', 'mid-market'],
    ['1001-5000 employees', 'enterprise'],
    ['1,001-5,000 employees', 'enterprise'],
    ['10,001+ employees', 'enterprise'],
    ['1000+', 'enterprise'],
    ['Enterprise (> 1000 emp.)', 'enterprise'],
    ['5k+', 'enterprise'],
  ])('puts %j in %s', (given, bucket) => {
    expect(normalizeCompanySize(given)).toBe(bucket);
  });

  it('keeps what it cannot read as given, and its own buckets unchanged', () => {
    expect(normalizeCompanySize(' 50M - 250M USD ')).toBe('50M - 250M USD');
    expect(normalizeCompanySize('Myself only')).toBe('Myself only');
    for (const bucket of COMPANY_SIZES) expect(normalizeCompanySize(bucket)).toBe(bucket);
  });
});

describe('permalinks and field names', () => {
  it('normalises a permalink for finding the same review twice', () => {
    expect(normalizePermalink('https://WWW.G2.com/products/x/reviews/y/?utm_source=a&page=2&UTM_Medium=b#top')).toBe(
      'https://www.g2.com/products/x/reviews/y?page=2',
    );
    expect(normalizePermalink('https://www.trustpilot.com/')).toBe('https://www.trustpilot.com');
  });

  it('maps snake_case, camelCase and spaced headers case-insensitively, and nothing else', () => {
    for (const h of ['published_date', 'publishedAt', 'published_at', 'Published At', 'DATE']) expect(reviewFieldOf(h)).toBe('publishedAt');
    expect(reviewFieldOf('reviewer_role')).toBe('reviewerRole');
    expect(reviewFieldOf('Company Size')).toBe('companySize');
    expect(reviewFieldOf('helpful_votes')).toBeNull();
  });
});

describe('reviewInputSchema', () => {
  it('accepts a minimal review and stores the site key, a UTC date-time and trimmed text', () => {
    expect(schema.parse({ ...valid, text: '  Quick to set up. \n' })).toEqual({
      ...valid,
      source: 'g2',
      publishedAt: '2026-03-01T00:00:00.000Z',
    });
  });

  it('reads ratings in half steps from numbers and text, and refuses others', () => {
    const rating = (r: unknown) => schema.safeParse({ ...valid, rating: r }).data?.rating;
    expect([0, 4.5, '4.5', '4,5', '4 stars', '4.5/5', '9/10', '3 out of 5'].map(rating)).toEqual([0, 4.5, 4.5, 4.5, 4, 4.5, 4.5, 3]);
    for (const bad of [5.5, -1, 4.3, '11/10', 'great', true, Number.NaN]) {
      expect(issues({ rating: bad })).toEqual([expect.stringMatching(/^rating: must be a number from 0 to 5/)]);
    }
    expect(issues({ rating: 4.3 })).toEqual(['rating: must be a number from 0 to 5 in half steps (e.g. 4 or 4.5), not "4.3"']);
    expect(issues({ rating: true })).toEqual(['rating: must be a number from 0 to 5']);
    expect(issues({ rating: undefined })).toEqual(['rating: is required']);
  });

  it('takes ISO dates and date-times up to a day ahead of now, and refuses impossible or other dates', () => {
    const publishedAt = (d: string) => schema.safeParse({ ...valid, publishedAt: d }).data?.publishedAt;
    expect(publishedAt('2026-03-14T23:30:00-05:00')).toBe('2026-03-15T04:30:00.000Z');
    expect(publishedAt('2026-03-16 11:00')).toBe('2026-03-16T11:00:00.000Z');
    expect(publishedAt('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(issues({ publishedAt: '2026-03-16T12:00:01Z' })).toEqual(['publishedAt: must not be in the future ("2026-03-16T12:00:01Z")']);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-01-01T25:00', '15/03/2026', 'yesterday']) {
      expect(issues({ publishedAt: bad })).toEqual([expect.stringMatching(/^publishedAt: must be an ISO date \(2026-03-15\)/)]);
    }
  });

  it('names each bad field, blank and null counting as absent', () => {
    expect(
      issues({ source: 'Yelp', permalink: 'ftp://www.g2.com/x', title: 'x'.repeat(301), text: ' ', reviewerRole: null, companySize: '' }),
    ).toEqual([
      expect.stringMatching(/^source: "Yelp" is not a review site this import knows; use one of G2, G2Crowd, Capterra, Gartner/),
      'permalink: must be an http or https URL',
      'title: must be at most 300 characters',
      'text: is required',
    ]);
    expect(issues({ text: 'x'.repeat(20_001) })).toEqual(['text: must be at most 20000 characters']);
    expect(issues({ permalink: `https://www.g2.com/${'x'.repeat(2048)}` })).toEqual(['permalink: must be at most 2048 characters']);
    expect(issues({ text: 42 })).toEqual(['text: must be text']);
  });

  it('takes the source from the permalink when none is given, and refuses a permalink on another site', () => {
    expect(schema.parse({ ...valid, source: undefined, permalink: 'https://uk.trustpilot.com/reviews/65f0c0ffee' }).source).toBe('trustpilot');
    expect(issues({ source: null, permalink: 'https://bit.ly/3xYz' })).toEqual([
      expect.stringMatching(/^source: is required unless the permalink is on a review site/),
    ]);
    expect(issues({ source: 'Capterra' })).toEqual(['permalink: is on G2 but the source is Capterra']);
    // G2Crowd is G2's former name: its reviews may have moved to g2.com.
    expect(schema.parse({ ...valid, source: 'G2 Crowd' }).source).toBe('g2crowd');
  });

  it('parses its own output back unchanged', () => {
    const stored = schema.parse({ ...valid, title: 'Solid', reviewerRole: 'BI Developer', companySize: '51-200 employees', rating: '9/10' });
    expect(stored.companySize).toBe('mid-market');
    expect(schema.parse(stored)).toEqual(stored);
  });
});
