// Conformance cases for the reviews index under the reviews tab's list and aspect-count requests, against a plain-JS oracle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexDefinition, SearchEngine, SearchResponse, TermsAggregate } from '../../../engine/port.ts';
import { reviewsIndex, type ReviewDoc } from '../../../documents/reviews.ts';
import { publishedRange, REVIEW_SORTS, ReviewListQuery, type ReviewSort } from '../../../contracts/insights.ts';
import { aspectCountsRequest, reviewFilters, reviewListRequest } from '../../../search-api/insights/reviews/query.ts';
import { REVIEW_SPECS, reviewDoc } from '../fixtures.ts';
import { ids, sorted } from './shared.ts';

type ReviewFilters = Omit<ReviewListQuery, 'sort' | 'size' | 'offset'>;

/** The reviews tab's defaults as the API parses them, on one page holding every fixture of a rival. */
const DEFAULT_REVIEW_QUERY = ReviewListQuery.parse({ sort: 'popular', sentiment: 'all' });
const reviewQuery = (over: Partial<ReviewListQuery> = {}): ReviewListQuery => ({ ...DEFAULT_REVIEW_QUERY, size: 100, ...over });

/** The filters' meaning in plain JS, written from the contract (not from the query builder). */
function reviewMatches(d: ReviewDoc, companyId: number, rivalId: number, f: ReviewFilters): boolean {
  if (d.company_id !== companyId || d.rivalId !== rivalId) return false;
  if (f.aspectId !== undefined && !d.aspectIds.includes(f.aspectId)) return false;
  if (f.sentiment === 'positive' || f.sentiment === 'negative') {
    const judged = f.sentiment === 'positive' ? d.positiveAspectIds : d.negativeAspectIds;
    if (f.aspectId === undefined ? d.polarity !== f.sentiment : !judged.includes(f.aspectId)) return false;
  }
  if (f.bookmarked && !d.bookmarked) return false;
  if (d.rating < f.minRating || d.rating > f.maxRating) return false;
  const at = Date.parse(d.publishedAt);
  if (f.publishedAfter && at < Date.parse(f.publishedAfter)) return false;
  if (f.publishedBefore && at >= Date.parse(f.publishedBefore)) return false;
  return f.domain.length === 0 || f.domain.includes(d.domain);
}

const newestFirst = (a: ReviewDoc, b: ReviewDoc) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || b.reviewId - a.reviewId;
const REVIEW_ORDER: Record<ReviewSort, (a: ReviewDoc, b: ReviewDoc) => number> = {
  popular: (a, b) => b.aspectCount - a.aspectCount || newestFirst(a, b),
  positive: (a, b) => b.sentiment - a.sentiment || newestFirst(a, b),
  negative: (a, b) => a.sentiment - b.sentiment || newestFirst(a, b),
};

/** Buckets as a terms aggregation gives them: most reviews first, then the smaller aspect id. */
const aspectBuckets = (docs: ReviewDoc[], ids: (d: ReviewDoc) => number[]) => {
  const m = new Map<number, number>();
  for (const d of docs) for (const id of ids(d)) m.set(id, (m.get(id) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([key, doc_count]) => ({ key, doc_count }));
};

interface ReviewCase {
  label: string;
  rivalId?: number;
  f: Partial<ReviewListQuery>;
  /** What the fixtures make of it: a strict non-empty subset of the rival's reviews (default), all of them, or none. */
  keeps?: 'all' | 'none';
}

const REVIEW_CASES: ReviewCase[] = [
  { label: 'the defaults', f: {}, keeps: 'all' },
  { label: 'an aspect', f: { aspectId: 101 } },
  { label: 'an aspect judged positively', f: { aspectId: 101, sentiment: 'positive' } },
  { label: 'an aspect judged negatively', f: { aspectId: 105, sentiment: 'negative' } },
  { label: 'an aspect with sentiment all', f: { aspectId: 104, sentiment: 'all' } },
  { label: 'a positive overall lean', f: { sentiment: 'positive' } },
  { label: 'a negative overall lean', f: { sentiment: 'negative' } },
  { label: 'sentiment all without an aspect', f: { sentiment: 'all' }, keeps: 'all' },
  { label: 'bookmarked', f: { bookmarked: true } },
  { label: 'bookmarked false', f: { bookmarked: false }, keeps: 'all' },
  { label: 'a half-star minimum', f: { minRating: 2.5 } },
  { label: 'a half-star maximum', f: { maxRating: 2.5 } },
  { label: 'rating 0 only', f: { minRating: 0, maxRating: 0 } },
  { label: 'rating 5 only', f: { minRating: 5, maxRating: 5 } },
  { label: 'ratings 1.5 to 3.5', f: { minRating: 1.5, maxRating: 3.5 } },
  { label: 'published from a midnight', f: { publishedAfter: '2024-03-01T00:00:00.000Z' } },
  { label: 'published before a midnight', f: { publishedBefore: '2024-03-01T00:00:00.000Z' } },
  { label: 'the last six months (dateRange now-6m)', f: publishedRange('now-6m', new Date('2024-12-15T10:00:00Z'))! },
  { label: 'one domain', f: { domain: ['g2.com'] } },
  { label: 'two domains', f: { domain: ['capterra.com', 'glassdoor.com'] } },
  { label: 'a domain without reviews', f: { domain: ['indeed.com'] }, keeps: 'none' },
  {
    label: 'every filter at once',
    f: { aspectId: 102, sentiment: 'negative', minRating: 0.5, maxRating: 4, publishedAfter: '2023-06-01T00:00:00.000Z', publishedBefore: '2024-10-05T14:00:00.000Z', domain: ['g2.com', 'capterra.com'] },
  },
  { label: "another rival's, leaning negative", rivalId: 2, f: { sentiment: 'negative' } },
];

/** The reviews index (indexer/documents/reviews.ts) under the reviews tab's requests (search-api/insights/reviews/query.ts). */
export function reviewConformance(prefix: string, engineOf: () => SearchEngine): void {
  describe('reviews index', () => {
    const def: IndexDefinition = { ...reviewsIndex, name: `${prefix}_reviews` };
    const R = def.name;
    const viewer = { companyId: 1 };
    const docs = REVIEW_SPECS.map(reviewDoc);
    const matching = (f: ReviewFilters, rivalId = 1, companyId = 1) => docs.filter((d) => reviewMatches(d, companyId, rivalId, f));
    const inOrder = (found: ReviewDoc[], sort: ReviewSort) => [...found].sort(REVIEW_ORDER[sort]).map((d) => d.id);
    const list = (q: Partial<ReviewListQuery>, rivalId = 1) => engineOf().search(R, reviewListRequest(viewer, rivalId, reviewQuery(q)));
    const counts = (q: Partial<ReviewListQuery>, rivalId = 1) => engineOf().search(R, aspectCountsRequest(viewer, rivalId, reviewQuery(q), 100));
    const buckets = (r: SearchResponse, name: string) => (r.aggregations![name] as TermsAggregate).buckets.map((b) => ({ key: b.key, doc_count: b.doc_count }));

    beforeAll(async () => {
      const engine = engineOf();
      await engine.ensureIndex(def);
      const r = await engine.bulk(R, docs.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })), { refresh: true });
      expect(r.errors).toBe(false);
    }, 60_000);

    afterAll(async () => {
      const target = await engineOf().aliasTarget(R).catch(() => null);
      if (target) await engineOf().deleteIndex(target).catch(() => undefined);
    });

    for (const c of REVIEW_CASES) {
      it(`lists ${c.label}`, async () => {
        const want = inOrder(matching(reviewQuery(c.f), c.rivalId), 'popular');
        const rivalTotal = matching(reviewQuery(), c.rivalId).length;
        if (c.keeps === 'all') expect(want.length).toBe(rivalTotal);
        else if (c.keeps === 'none') expect(want).toEqual([]);
        else {
          expect(want.length).toBeGreaterThan(0);
          expect(want.length).toBeLessThan(rivalTotal);
        }
        const r = await list(c.f, c.rivalId);
        expect(ids(r)).toEqual(want);
        expect(r.total).toEqual({ value: want.length, relation: 'eq' });
      });

      it(`counts aspects for ${c.label}`, async () => {
        const q = reviewQuery(c.f);
        const counted = matching({ ...q, aspectId: undefined, sentiment: q.aspectId === undefined ? q.sentiment : undefined }, c.rivalId);
        const r = await counts(c.f, c.rivalId);
        expect(r.total.value).toBe(counted.length);
        expect(r.hits).toEqual([]);
        expect(buckets(r, 'aspects')).toEqual(aspectBuckets(counted, (d) => d.aspectIds));
        expect(buckets(r, 'positive')).toEqual(aspectBuckets(counted, (d) => d.positiveAspectIds));
        expect(buckets(r, 'negative')).toEqual(aspectBuckets(counted, (d) => d.negativeAspectIds));
      });
    }

    it('keeps the edges: ratings 0 and 5, half stars, instants at and just before midnight UTC', async () => {
      const found = async (f: Partial<ReviewListQuery>) => sorted(ids(await list(f)));
      expect(await found({ minRating: 0, maxRating: 0 })).toEqual(['12']);
      expect(await found({ minRating: 5, maxRating: 5 })).toEqual(['13', '21', '9']);
      expect(await found({ minRating: 2.5, maxRating: 2.5 })).toEqual(['14', '7']);
      const after = await found({ publishedAfter: '2024-03-01T00:00:00.000Z' });
      expect(after).toContain('8');
      expect(after).not.toContain('9');
      const before = await found({ publishedBefore: '2024-03-01T00:00:00.000Z' });
      expect(before).toEqual(expect.arrayContaining(['9', '10']));
      expect(before).not.toContain('8');
      expect(await found({ publishedAfter: '2024-07-01T00:00:00.000Z', publishedBefore: '2024-07-01T00:00:00.001Z' })).toEqual(['5']);
    });

    for (const sort of REVIEW_SORTS) {
      it(`sorts ${sort}, ties broken by publishedAt then reviewId, and pages through them`, async () => {
        const want = inOrder(matching(reviewQuery()), sort);
        const r = await list({ sort });
        expect(ids(r)).toEqual(want);
        expect(r.hits.map((h) => h.source)).toEqual(want.map((id) => ({ reviewId: Number(id) })));
        const paged: string[] = [];
        for (let offset = 0; offset < want.length; offset += 7) {
          const page = await list({ sort, offset, size: 7 });
          expect(page.total.value).toBe(want.length);
          paged.push(...ids(page));
        }
        expect(paged).toEqual(want);
        const past = await list({ sort, offset: want.length, size: 7 });
        expect(past.hits).toEqual([]);
        expect(past.total.value).toBe(want.length);
      });
    }

    it('has the ties the sorts break: same aspect count and instant (39, 2), same sentiment (1, 5, 18)', async () => {
      const popular = ids(await list({ sort: 'popular' }));
      expect(popular.indexOf('2')).toBe(popular.indexOf('39') + 1);
      const negative = ids(await list({ sort: 'negative' }));
      expect(negative.indexOf('2')).toBe(negative.indexOf('39') + 1);
      const positive = ids(await list({ sort: 'positive' }));
      expect(positive.slice(positive.indexOf('1'), positive.indexOf('1') + 3)).toEqual(['1', '5', '18']);
    });

    it("leaves the aspect and its sentiment out of the counts, but not the overall lean", async () => {
      const all = await counts({});
      const withAspect = await counts({ aspectId: 101, sentiment: 'negative' });
      expect(withAspect.aggregations).toEqual(all.aggregations);
      expect(withAspect.total.value).toBe(all.total.value);
      const leaning = await counts({ sentiment: 'negative' });
      expect(leaning.total.value).toBeLessThan(all.total.value);
      expect(buckets(leaning, 'aspects')).not.toEqual(buckets(all, 'aspects'));
    });

    it("scopes to the viewer's company: another company's reviews of the same rival id never show", async () => {
      const other = ['35', '36', '37', '38'];
      for (const sort of REVIEW_SORTS) expect(ids(await list({ sort })).filter((id) => other.includes(id))).toEqual([]);
      const theirs = await engineOf().search(R, reviewListRequest({ companyId: 2 }, 1, reviewQuery()));
      expect(sorted(ids(theirs))).toEqual(other);
      const acmeSupport = buckets(await counts({}), 'aspects').find((b) => b.key === 102);
      expect(acmeSupport?.doc_count).toBe(docs.filter((d) => d.company_id === 1 && d.aspectIds.includes(102)).length);
    });

    it('matches words in text and title, stemmed, under the same filters', async () => {
      const words = async (field: 'text' | 'title', word: string, rivalId = 1) =>
        sorted(ids(await engineOf().search(R, { query: { bool: { must: [{ match: { [field]: word } }], filter: reviewFilters(viewer, rivalId, reviewQuery()) } }, size: 100 })));
      expect(await words('text', 'onboarding')).toEqual(['13', '15', '20', '3', '8']);
      expect(await words('title', 'onboarding')).toEqual(['21', '8']);
      expect(await words('text', 'onboarding', 2)).toEqual(['25']);
      const everywhere = await engineOf().search(R, { query: { match: { title: 'onboarding' } }, size: 100 });
      expect(sorted(ids(everywhere))).toEqual(['21', '31', '35', '8']);
    });
  });
}
