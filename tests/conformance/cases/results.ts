// Conformance cases for the shape of results: sorting and paging, aggregations, date math, highlight and completion suggestions.
import { describe, expect, it } from 'vitest';
import type { Query, SearchRequest, TermsAggregate, DateHistogramAggregate, FilterAggregate } from '../../../engine/port.ts';
import { audience } from '../../../documents/audiences.ts';
import { DAY, type CardFixture } from '../fixtures.ts';
import { company1, ids, sorted, type Conformance } from './shared.ts';

/** How results come back: in order and pages, aggregated, by dates, highlighted, and as suggestions. */
export function resultCases(ctx: Conformance): void {
  const { C, I, now, search, oracle } = ctx;

  describe('sorting and paging', () => {
    it('sorts by date desc with id as tiebreak', async () => {
      const r = await search({ query: { bool: { filter: [company1] } }, sort: [{ updatedAt: 'desc' }, { id: 'asc' }], size: 100 });
      const want = ctx.cards
        .filter((c) => c.company_id === 1)
        .sort((a, b) => (a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : 1) : a.updatedAt < b.updatedAt ? 1 : -1))
        .map((c) => c.id);
      expect(ids(r)).toEqual(want);
      expect(r.hits[0].score).toBeNull();
    });

    it('puts missing values last for both orders', async () => {
      for (const order of ['asc', 'desc'] as const) {
        const r = await search({ query: { bool: { filter: [company1] } }, sort: [{ sourcesCount: order }, { id: 'asc' }], size: 100 });
        expect(ids(r)[ids(r).length - 1]).toBe('11');
      }
    });

    it('sorts by keyword and pages with from/size', async () => {
      const all = await search({ query: { bool: { filter: [company1] } }, sort: [{ 'title.keyword': 'asc' }], size: 100 });
      const want = ctx.cards.filter((c) => c.company_id === 1).map((c) => c.title).sort();
      expect(all.hits.map((h) => h.source.title)).toEqual(want);
      const page2 = await search({ query: { bool: { filter: [company1] } }, sort: [{ 'title.keyword': 'asc' }], from: 3, size: 3 });
      expect(ids(page2)).toEqual(ids(all).slice(3, 6));
      expect(page2.total.value).toBe(want.length);
    });

    it('reports totals above track_total_hits as a lower bound', async () => {
      const r = await ctx.engine.search(C, { query: { match_all: {} }, track_total_hits: 5, size: 1 });
      expect(r.total).toEqual({ value: 5, relation: 'gte' });
    });
  });

  describe('aggregations', () => {
    const visible: Query = { bool: { filter: [company1, { term: { isDraft: false } }] } };
    const countBy = (pred: (c: CardFixture) => boolean, key: (c: CardFixture) => (number | undefined)[]) => {
      const m = new Map<number, number>();
      for (const c of ctx.cards.filter(pred)) for (const k of new Set(key(c))) if (k !== undefined) m.set(k, (m.get(k) ?? 0) + 1);
      return [...m].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([key, doc_count]) => ({ key, doc_count }));
    };

    it('counts the three search counters (tags.id, board.id, board.rival_id)', async () => {
      const r = await search({
        query: visible,
        size: 0,
        aggs: {
          tags: { terms: { field: 'tags.id', size: 50 } },
          boards: { terms: { field: 'board.id', size: 50 } },
          rivals: { terms: { field: 'board.rival_id', size: 50 } },
        },
      });
      const pred = (c: CardFixture) => c.company_id === 1 && !c.isDraft;
      const buckets = (name: string) => (r.aggregations![name] as TermsAggregate).buckets.map((b) => ({ key: b.key, doc_count: b.doc_count }));
      expect(buckets('tags')).toEqual(countBy(pred, (c) => c.tags.map((t) => t.id)));
      expect(buckets('boards')).toEqual(countBy(pred, (c) => [c.board.id]));
      expect(buckets('rivals')).toEqual(countBy(pred, (c) => [c.board.rival_id]));
      expect(r.hits).toEqual([]);
    });

    it('terms size truncates with sum_other_doc_count', async () => {
      const r = await search({ query: visible, size: 0, aggs: { boards: { terms: { field: 'board.id', size: 2 } } } });
      const a = r.aggregations!.boards as TermsAggregate;
      const all = countBy((c) => c.company_id === 1 && !c.isDraft, (c) => [c.board.id]);
      expect(a.buckets.map((b) => ({ key: b.key, doc_count: b.doc_count }))).toEqual(all.slice(0, 2));
      expect(a.sum_other_doc_count).toBe(all.slice(2).reduce((s, b) => s + b.doc_count, 0));
    });

    it('keyword terms with a filter sub-aggregation, and post_filter leaves aggregations alone', async () => {
      const r = await ctx.engine.search(I, {
        query: { term: { company_id: 1 } },
        post_filter: { term: { state: 'unprocessed' } },
        size: 10,
        aggs: {
          states: { terms: { field: 'state' } },
          pricing: { filter: { term: { topics: 'pricing' } }, aggs: { channels: { terms: { field: 'channel' } } } },
        },
        track_total_hits: true,
      });
      expect(sorted(ids(r))).toEqual(['i1', 'i4']);
      expect((r.aggregations!.states as TermsAggregate).buckets.map((b) => [b.key, b.doc_count])).toEqual([
        ['unprocessed', 2], ['archived', 1], ['deleted', 1], ['working', 1],
      ]);
      const pricing = r.aggregations!.pricing as FilterAggregate;
      expect(pricing.doc_count).toBe(2);
      expect((pricing.channels as TermsAggregate).buckets.map((b) => [b.key, b.doc_count])).toEqual([['rss', 1], ['slack', 1]]);
    });

    it('date_histogram buckets by calendar day in a time zone, filling empty days', async () => {
      const q: Query = { bool: { filter: [{ term: { company_id: 1 } }], must_not: [{ term: { state: 'deleted' } }] } };
      const utc = await ctx.engine.search(I, { query: q, size: 0, aggs: { d: { date_histogram: { field: 'createdAt', calendar_interval: 'day' } } } });
      const utcB = (utc.aggregations!.d as DateHistogramAggregate).buckets.filter((b) => b.doc_count > 0);
      expect(utcB.map((b) => [b.key_as_string, b.doc_count])).toEqual([
        ['2024-03-30T00:00:00.000Z', 1], ['2024-03-31T00:00:00.000Z', 1], ['2024-04-01T00:00:00.000Z', 1], ['2024-04-15T00:00:00.000Z', 1],
      ]);
      const paris = await ctx.engine.search(I, {
        query: q,
        size: 0,
        aggs: { d: { date_histogram: { field: 'createdAt', calendar_interval: 'day', time_zone: 'Europe/Paris', min_doc_count: 0 } } },
      });
      const b = (paris.aggregations!.d as DateHistogramAggregate).buckets;
      expect(b.length).toBe(18); // 2024-03-30 .. 2024-04-16 local, empty days included
      expect(b.filter((x) => x.doc_count > 0).map((x) => [x.key_as_string, x.doc_count])).toEqual([
        ['2024-03-30T00:00:00.000+01:00', 1], ['2024-04-01T00:00:00.000+02:00', 2], ['2024-04-16T00:00:00.000+02:00', 1],
      ]);
      expect(b[0].key).toBe(Date.parse('2024-03-29T23:00:00Z'));
    });

    it('date_histogram by month and week', async () => {
      const q: Query = { term: { company_id: 1 } };
      const month = await ctx.engine.search(I, { query: q, size: 0, aggs: { m: { date_histogram: { field: 'createdAt', calendar_interval: 'month', time_zone: 'Europe/Paris' } } } });
      expect((month.aggregations!.m as DateHistogramAggregate).buckets.map((x) => [x.key_as_string, x.doc_count])).toEqual([
        ['2024-02-01T00:00:00.000+01:00', 1], ['2024-03-01T00:00:00.000+01:00', 1], ['2024-04-01T00:00:00.000+02:00', 3],
      ]);
      const week = await ctx.engine.search(I, { query: q, size: 0, aggs: { w: { date_histogram: { field: 'createdAt', calendar_interval: 'week', min_doc_count: 1 } } } });
      expect((week.aggregations!.w as DateHistogramAggregate).buckets.map((x) => [x.key_as_string, x.doc_count])).toEqual([
        ['2024-02-26T00:00:00.000Z', 1], ['2024-03-25T00:00:00.000Z', 2], ['2024-04-01T00:00:00.000Z', 1], ['2024-04-15T00:00:00.000Z', 1],
      ]);
    });
  });

  describe('date math', () => {
    it('now-7d/d includes whole days', async () => {
      const r = await search({ query: { bool: { filter: [company1, { range: { createdAt: { gte: 'now-7d/d' } } }] } }, size: 100 });
      const cutoff = Math.floor(now / DAY) * DAY - 7 * DAY;
      expect(sorted(ids(r))).toEqual(oracle((c) => c.company_id === 1 && Date.parse(c.createdAt) >= cutoff));
    });

    it('lte with a rounded date includes the whole day; lt excludes it', async () => {
      const day = ctx.cards.find((c) => c.id === '4')!.createdAt.slice(0, 10);
      const lte = await search({ query: { bool: { filter: [company1, { range: { createdAt: { gte: day, lte: `${day}||/d` } } }] } } });
      expect(ids(lte)).toEqual(['4']);
      const lt = await search({ query: { bool: { filter: [company1, { range: { createdAt: { gte: day, lt: `${day}||/d` } } }] } } });
      expect(ids(lt)).toEqual([]);
    });

    it('applies time_zone to dates without a zone', async () => {
      // i2 is 2024-03-31T22:30Z: April 1st in Paris, March 31st in UTC.
      const q = (tz?: string): SearchRequest => ({
        query: { bool: { filter: [{ term: { company_id: 1 } }, { range: { createdAt: { gte: '2024-04-01', lt: '2024-04-02', ...(tz ? { time_zone: tz } : {}) } } }] } },
        track_total_hits: true,
      });
      expect(sorted(ids(await ctx.engine.search(I, q())))).toEqual(['i3']);
      expect(sorted(ids(await ctx.engine.search(I, q('Europe/Paris'))))).toEqual(['i2', 'i3']);
      expect(sorted(ids(await ctx.engine.search(I, q('+02:00'))))).toEqual(['i2', 'i3']);
    });
  });

  describe('highlight', () => {
    it('wraps query terms in <em> by default', async () => {
      const r = await search({
        query: { multi_match: { query: 'onboarding', fields: ['title', 'text'] } },
        highlight: { fields: { title: {}, text: {} } },
      });
      expect(r.hits[0].highlight?.title?.[0]).toContain('<em>onboarding</em>');
      expect(r.hits[0].highlight?.text?.join(' ')).toContain('<em>onboarding</em>');
    });

    it('uses custom tags and highlights stemmed forms', async () => {
      const r = await search({
        query: { match: { text: 'deployment' } },
        highlight: { fields: { text: { number_of_fragments: 0 } }, pre_tags: ['<mark>'], post_tags: ['</mark>'] },
      });
      const h = r.hits.find((x) => x.id === '6')!.highlight!.text!.join(' ');
      expect(h).toContain('<mark>deployment</mark>');
      expect(h).toContain('<mark>deployments</mark>');
    });

    it("marks the highlight query's terms only, when one is given", async () => {
      const request = (highlight_query?: Query) => ({
        query: { bool: { must: [{ match: { text: 'deployment' } }], should: [{ match: { text: 'months' } }] } },
        highlight: { fields: { text: { number_of_fragments: 0 } }, ...(highlight_query ? { highlight_query } : {}) },
      });
      const marked = async (highlight_query?: Query) => (await search(request(highlight_query))).hits.find((x) => x.id === '6')!.highlight!.text!.join(' ');
      expect(await marked()).toMatch(/<em>months<\/em>/i);
      const only = await marked({ match: { text: 'deployment' } });
      expect(only).toContain('<em>deployment</em>');
      expect(only).not.toMatch(/<em>months<\/em>/i);
    });
  });

  describe('completion suggestions', () => {
    const consumer = [audience.everyone(1)];
    const curator = [audience.curators(1)];

    it('suggests titles by prefix within the viewer scope', async () => {
      const r = await ctx.engine.suggest(C, { s: { prefix: 'acm', completion: { field: 'suggest', size: 10, contexts: { scope: consumer } } } });
      expect(r.s.map((o) => o.text).sort()).toEqual(['Acme customer support quality', 'Acme integrations with Salesforce', 'Acme pricing overview']);
      const cur = await ctx.engine.suggest(C, { s: { prefix: 'acm', completion: { field: 'suggest', size: 10, contexts: { scope: curator } } } });
      expect(cur.s.map((o) => o.id).sort()).toEqual(['1', '11', '2', '8']);
    });

    it('tolerates a typo with fuzzy', async () => {
      const r = await ctx.engine.suggest(C, { s: { prefix: 'globx', completion: { field: 'suggest', size: 10, fuzzy: { fuzziness: 'AUTO' }, contexts: { scope: consumer } } } });
      expect(r.s.map((o) => o.id).sort()).toEqual(['3', '4']);
      const none = await ctx.engine.suggest(C, { s: { prefix: 'globx', completion: { field: 'suggest', size: 10, contexts: { scope: consumer } } } });
      expect(none.s).toEqual([]);
    });
  });
}
