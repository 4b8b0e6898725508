// The engine conformance suite: the same documents and requests must give the same results on
// every SearchEngine adapter (embedded, OpenSearch). Expectations are written by hand or computed
// by a plain-JS oracle over the fixtures; queries avoid cases where analyzers could differ.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineQueryError } from '../../engine/errors.ts';
import type { IndexDefinition, MultiMatchParams, Query, SearchEngine, SearchRequest, SearchResponse, TermsAggregate, DateHistogramAggregate, FilterAggregate } from '../../engine/port.ts';
import { cardsIndex } from '../../documents/cards.ts';
import { intelIndex } from '../../documents/intel.ts';
import { audience } from '../../documents/audiences.ts';
import { reviewsIndex, type ReviewDoc } from '../../documents/reviews.ts';
import { publishedRange, REVIEW_SORTS, ReviewListQuery, type ReviewSort } from '../../contracts/insights.ts';
import { aspectCountsRequest, reviewFilters, reviewListRequest } from '../../search-api/insights/reviews/query.ts';
import { CARD_SPECS, cardDoc, DAY, INTEL, REVIEW_SPECS, reviewDoc, type CardFixture } from './fixtures.ts';

export interface ConformanceOptions {
  /** Prefix of the index names, unique per run so a shared cluster is not disturbed. */
  prefix?: string;
}

const ids = (r: SearchResponse): string[] => r.hits.map((h) => h.id);
const sorted = (xs: string[]): string[] => [...xs].sort();
const company1: Query = { term: { company_id: 1 } };

export function runConformance(name: string, makeEngine: () => Promise<SearchEngine>, options: ConformanceOptions = {}): void {
  describe(`engine conformance: ${name}`, () => {
    const prefix = options.prefix ?? `conf${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const cardsDef: IndexDefinition = { ...cardsIndex, name: `${prefix}_cards` };
    const intelDef: IndexDefinition = { ...intelIndex, name: `${prefix}_intel` };
    const C = cardsDef.name;
    const I = intelDef.name;
    let engine: SearchEngine;
    let cards: CardFixture[];
    const now = Date.now();

    const search = (req: SearchRequest) => engine.search(C, { track_total_hits: true, ...req });
    const oracle = (pred: (c: CardFixture) => boolean): string[] => sorted(cards.filter(pred).map((c) => c.id));

    beforeAll(async () => {
      engine = await makeEngine();
      await engine.ensureIndex(cardsDef);
      await engine.ensureIndex(intelDef);
      cards = CARD_SPECS.map((s) => cardDoc(s, now));
      const r1 = await engine.bulk(C, cards.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })));
      expect(r1.errors).toBe(false);
      const r2 = await engine.bulk(I, INTEL.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })));
      expect(r2.errors).toBe(false);
      await engine.refresh(C);
      await engine.refresh(I);
    }, 120_000);

    afterAll(async () => {
      if (!engine) return;
      for (const def of [cardsDef, intelDef]) {
        const target = await engine.aliasTarget(def.name).catch(() => null);
        if (target) await engine.deleteIndex(target).catch(() => undefined);
      }
      await engine.close();
    });

    describe('matching and filters', () => {
      it('match_all counts every document', async () => {
        const r = await search({ query: { match_all: {} }, size: 100 });
        expect(r.total).toEqual({ value: cards.length, relation: 'eq' });
        expect(sorted(ids(r))).toEqual(oracle(() => true));
        expect(await engine.count(C)).toBe(cards.length);
      });

      it('multi_match finds stemmed forms and respects the company filter', async () => {
        const r = await search({
          query: { bool: { must: [{ multi_match: { query: 'pricing', fields: ['title^3', 'text'] } }], filter: [company1] } },
        });
        // "pricing" and "prices" both stem to "price".
        expect(sorted(ids(r))).toEqual(['1', '3', '7']);
        expect(r.total.value).toBe(3);
      });

      it('operator and requires every term', async () => {
        const or = await search({ query: { match: { text: { query: 'salesforce onboarding', operator: 'or' } } } });
        expect(sorted(ids(or))).toEqual(['2', '4']);
        const and = await search({ query: { match: { text: { query: 'acme salesforce', operator: 'and' } } } });
        expect(ids(and)).toEqual(['2']);
      });

      it('minimum_should_match on bool should clauses', async () => {
        const r = await search({
          query: {
            bool: {
              should: [{ term: { 'tags.id': 10 } }, { term: { 'board.rival_id': 3 } }, { term: { 'author.id': 7 } }],
              minimum_should_match: 2,
              filter: [company1],
            },
          },
        });
        const want = oracle((c) => c.company_id === 1 && [c.tags.some((t) => t.id === 10), c.board.rival_id === 3, c.author.id === 7].filter(Boolean).length >= 2);
        expect(sorted(ids(r))).toEqual(want);
      });

      it('visibility filter: drafts, all-access and visibility groups', async () => {
        const consumerInGroup5: Query = {
          bool: {
            filter: [
              company1,
              { term: { isDraft: false } },
              { bool: { should: [{ term: { allAccess: true } }, { terms: { visibilityGroupIds: [5] } }] } },
            ],
          },
        };
        const r = await search({ query: consumerInGroup5, size: 100 });
        expect(sorted(ids(r))).toEqual(oracle((c) => c.company_id === 1 && !c.isDraft && (c.allAccess || c.visibilityGroupIds.includes(5))));
        const other = await search({
          query: { bool: { filter: [company1, { term: { isDraft: false } }, { term: { allAccess: true } }] } },
          size: 100,
        });
        expect(ids(other)).not.toContain('8');
        expect(ids(other)).not.toContain('7');
      });

      it('audience filter: a viewer sees the documents that share one of its audiences', async () => {
        const filtered = (audiences: string[]) => search({ query: { bool: { filter: [company1, { terms: { audiences } }] } }, size: 100 });
        const inGroup5 = await filtered([audience.everyone(1), audience.group(1, 5)]);
        expect(sorted(ids(inGroup5))).toEqual(oracle((c) => c.company_id === 1 && !c.isDraft && (c.allAccess || c.visibilityGroupIds.includes(5))));
        const everyone = await filtered([audience.everyone(1)]);
        expect(sorted(ids(everyone))).toEqual(oracle((c) => c.company_id === 1 && !c.isDraft && c.allAccess));
        const curators = await filtered([audience.curators(1)]);
        expect(sorted(ids(curators))).toEqual(oracle((c) => c.company_id === 1));
      });

      it('must_not, terms, exists and prefix', async () => {
        const r = await search({
          query: {
            bool: {
              filter: [company1, { terms: { 'board.rival_id': [1, 2] } }, { exists: { field: 'sourcesCount' } }],
              must_not: [{ term: { 'tags.id': 13 } }],
            },
          },
          size: 100,
        });
        expect(sorted(ids(r))).toEqual(
          oracle((c) => c.company_id === 1 && [1, 2].includes(c.board.rival_id ?? -1) && c.sourcesCount !== undefined && !c.tags.some((t) => t.id === 13)),
        );
        const p = await search({ query: { bool: { filter: [company1, { prefix: { 'title.keyword': 'Acme' } }] } }, size: 100 });
        expect(sorted(ids(p))).toEqual(oracle((c) => c.company_id === 1 && c.title.startsWith('Acme')));
        const onlyNot = await search({ query: { bool: { must_not: [{ term: { company_id: 1 } }] } } });
        expect(ids(onlyNot)).toEqual(['10']);
      });

      it('folds diacritics in text', async () => {
        const r = await search({ query: { match: { title: 'cafe' } } });
        expect(ids(r)).toEqual(['9']);
        const r2 = await search({ query: { match: { text: 'systemes' } } });
        expect(ids(r2)).toEqual(['9']);
      });

      it('fuzziness AUTO tolerates typos', async () => {
        const r = await search({ query: { match: { title: { query: 'integrtions', fuzziness: 'AUTO' } } } });
        expect(ids(r)).toEqual(['2']);
        const exact = await search({ query: { match: { title: 'integrtions' } } });
        expect(exact.total.value).toBe(0);
      });

      it('prefix_length keeps the first characters of a fuzzy term unchanged', async () => {
        const loose = await search({ query: { match: { title: { query: 'unboarding', fuzziness: 1 } } } });
        expect(ids(loose)).toEqual(['4']);
        const kept = await search({ query: { match: { title: { query: 'unboarding', fuzziness: 1, prefix_length: 1 } } } });
        expect(kept.total.value).toBe(0);
        const multi = await search({ query: { multi_match: { query: 'integrtions', fields: ['title^2', 'text'], fuzziness: 1, prefix_length: 3 } } });
        expect(ids(multi)).toEqual(['2']);
      });

      it('forgives typos in words as typed on the plain subfield, where stems are too short to', async () => {
        // "securty" is one edit from "security" but two from its stem "secur".
        const stemmed = await search({ query: { match: { title: { query: 'securty', fuzziness: 1 } } } });
        expect(stemmed.total.value).toBe(0);
        const typed = await search({ query: { match: { 'title.plain': { query: 'securty', fuzziness: 1, prefix_length: 1 } } } });
        expect(ids(typed)).toEqual(['5']);
        // The plain subfield does not stem: "integration" does not find "integrations" there.
        const plain = await search({ query: { match: { 'title.plain': 'integration' } } });
        expect(plain.total.value).toBe(0);
      });

      it('range on numbers', async () => {
        const r = await search({ query: { bool: { filter: [company1, { range: { sourcesCount: { gte: 2, lt: 5 } } }] } }, size: 100 });
        expect(sorted(ids(r))).toEqual(oracle((c) => c.company_id === 1 && c.sourcesCount !== undefined && c.sourcesCount >= 2 && c.sourcesCount < 5));
      });
    });

    describe('scoring', () => {
      it('ranks the clearly best match first', async () => {
        const r = await search({ query: { multi_match: { query: 'salesforce integration', fields: ['title^3', 'text'] } } });
        expect(r.hits[0].id).toBe('2');
        expect(r.hits[0].score).toBeGreaterThan(0);
        expect(r.max_score).toBe(r.hits[0].score);
      });

      it('term frequency and length decide between two matches', async () => {
        const r = await search({ query: { match: { text: 'deployment' } } });
        expect(ids(r)).toEqual(['6', '12']);
        expect(r.hits[0].score!).toBeGreaterThan(r.hits[1].score!);
      });

      it('field boosts lift title matches over body matches', async () => {
        const r = await search({ query: { multi_match: { query: 'onboarding', fields: ['title^5', 'text'] } } });
        expect(ids(r)).toEqual(['4']);
        const r2 = await search({ query: { multi_match: { query: 'support', fields: ['title^3', 'text'] } } });
        // Doc 11 has "support" in its title, doc 4 only in its text.
        expect(ids(r2)).toEqual(['11', '4']);
      });
    });

    describe('dis_max', () => {
      const title: Query = { match: { title: 'integration' } };
      const text: Query = { match: { text: 'integration' } };
      const scores = async (q: Query) => new Map((await search({ query: q, size: 100 })).hits.map((h) => [h.id, h.score!]));

      it('scores the best of its queries plus tie_breaker times the others, boosted', async () => {
        const [a, b] = [await scores(title), await scores(text)];
        expect(a.size).toBeGreaterThan(0);
        expect(b.size).toBeGreaterThan(a.size - 1);
        for (const [tie, boost] of [[0, 1], [0.3, 2]]) {
          const r = await scores({ dis_max: { queries: [title, text], tie_breaker: tie, boost } });
          expect([...r.keys()].sort()).toEqual([...new Set([...a.keys(), ...b.keys()])].sort());
          for (const [id, score] of r) {
            const parts = [a.get(id) ?? 0, b.get(id) ?? 0];
            const best = Math.max(...parts);
            expect(score).toBeCloseTo(boost * (best + tie * (parts[0] + parts[1] - best)), 4);
          }
        }
      });

      it('refuses an empty list and a tie_breaker out of range', async () => {
        for (const q of [{ dis_max: { queries: [] } }, { dis_max: { queries: [title], tie_breaker: 2 } }] as Query[]) {
          await expect(engine.search(C, { query: q })).rejects.toBeInstanceOf(EngineQueryError);
        }
      });
    });

    describe('constant_score', () => {
      const text: Query = { match: { text: 'globex initech' } };

      it('matches what its filter matches, every doc scored its boost', async () => {
        const all = (await search({ query: text, size: 100 })).hits.map((h) => h.id).sort();
        expect(all.length).toBeGreaterThan(1);
        for (const boost of [undefined, 0, 2.5]) {
          const r = await search({ query: { constant_score: { filter: text, ...(boost === undefined ? {} : { boost }) } }, size: 100 });
          expect(r.hits.map((h) => h.id).sort()).toEqual(all);
          for (const h of r.hits) expect(h.score).toBeCloseTo(boost ?? 1, 5);
        }
      });

      it("adds its boost to a bool's score, and refuses a missing filter or a negative boost", async () => {
        const plain = new Map((await search({ query: text, size: 100 })).hits.map((h) => [h.id, h.score!]));
        const r = await search({ query: { bool: { must: [text, { constant_score: { filter: text, boost: 100 } }] } }, size: 100 });
        expect(r.hits.length).toBe(plain.size);
        for (const h of r.hits) expect(h.score).toBeCloseTo(plain.get(h.id)! + 100, 3);
        for (const q of [{ constant_score: {} }, { constant_score: { filter: text, boost: -1 } }] as unknown as Query[]) {
          await expect(engine.search(C, { query: q })).rejects.toBeInstanceOf(EngineQueryError);
        }
      });
    });

    describe('multi_match cross_fields', () => {
      // Scores are compared as multiples of one plain match's score on the same engine: OpenSearch's
      // default BM25 keeps Lucene's legacy (k1+1) factor that the embedded engine leaves out
      // (engine/embedded/query/bm25.ts), a constant 2.2 across every score. The expected multiples
      // are OpenSearch 2.19's, and both engines must give them (ties listed by id).
      const cross = (query: string, fields: string[], more: Partial<MultiMatchParams> = {}): Query => ({
        multi_match: { query, fields, type: 'cross_fields', ...more },
      });
      let unit = 0;
      const scored = (r: SearchResponse) =>
        r.hits.map((h) => ({ id: h.id, score: h.score! / unit })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      const expectScores = (r: SearchResponse, want: [string, number][]) => {
        const got = scored(r);
        expect(got.map((h) => h.id)).toEqual(want.map(([id]) => id));
        got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i][1], 4));
        expect(r.total.value).toBe(want.length);
      };

      beforeAll(async () => {
        // "hubspot" is in one doc's text only.
        unit = (await search({ query: { match: { text: 'hubspot' } } })).hits[0].score!;
        expect(unit).toBeGreaterThan(0);
      });

      it('with operator and, finds a doc holding one term in its title and the other in its text only', async () => {
        // Doc 5: "security" in its title only, "SOC" in its text only.
        const r = await search({ query: cross('security soc', ['title', 'text'], { operator: 'and' }) });
        expectScores(r, [['5', 2.0795]]);
        const best = await search({ query: { multi_match: { query: 'security soc', fields: ['title', 'text'], operator: 'and' } } });
        expect(ids(best)).toEqual([]);
      });

      it('with operator or, ranks by blended scores', async () => {
        const r = await search({ query: cross('acme pricing', ['title', 'text']), size: 20 });
        expectScores(r, [['10', 1.00415], ['1', 0.88507], ['3', 0.55006], ['7', 0.55006], ['12', 0.38556], ['11', 0.3671], ['8', 0.3671], ['2', 0.32098]]);
      });

      it('minimum_should_match counts the terms a doc has in any of the fields', async () => {
        expectScores(await search({ query: cross('security soc', ['title', 'text'], { minimum_should_match: 2 }) }), [['5', 2.0795]]);
        // As OpenSearch: more than there are terms matches nothing (not clamped).
        expect((await search({ query: cross('security soc', ['title', 'text'], { minimum_should_match: 3 }) })).total.value).toBe(0);
        const r = await search({ query: cross('acme pricing discounts seat', ['title', 'text'], { minimum_should_match: '75%' }) });
        expectScores(r, [['1', 3.13854], ['10', 2.0842]]);
      });

      it('applies field boosts inside each blended term', async () => {
        const r = await search({ query: cross('acme pricing', ['title^3', 'text']), size: 20 });
        expectScores(r, [['1', 2.50578], ['10', 2.50578], ['3', 1.65018], ['7', 1.65018], ['2', 0.8556], ['8', 0.8556], ['11', 0.75581], ['12', 0.38556]]);
        expectScores(await search({ query: cross('hubspot', ['title', 'text^2']) }), [['2', 2]]);
      });

      it('tie_breaker adds the other fields\' scores of each term', async () => {
        const r = await search({ query: cross('acme pricing', ['title', 'text'], { tie_breaker: 0.3 }), size: 20 });
        expectScores(r, [['10', 1.08971], ['1', 0.97063], ['7', 0.69361], ['3', 0.66476], ['8', 0.45266], ['11', 0.44268], ['2', 0.40654], ['12', 0.38556]]);
        const plain = new Map(scored(await search({ query: cross('acme pricing', ['title', 'text']), size: 20 })).map((h) => [h.id, h.score]));
        for (const h of scored(r)) expect(h.score).toBeGreaterThanOrEqual(plain.get(h.id)! - 1e-6);
      });

      it('scores a term found in one field only as a match on that field', async () => {
        const r = await search({ query: cross('hubspot', ['title', 'text']) });
        expect(ids(r)).toEqual(['2']);
        expect(r.hits[0].score! / unit).toBeCloseTo(1, 6);
      });

      it('blends a field that some docs lack (doc 12 has no rival)', async () => {
        const r = await search({ query: cross('acme deployment', ['rival.name', 'title', 'text']), size: 20 });
        expectScores(r, [['12', 1.30263], ['6', 1.04814], ['10', 0.45409], ['11', 0.3671], ['8', 0.3671], ['1', 0.33501], ['2', 0.32098]]);
      });

      it('groups fields by analyzer: a keyword field beside text fields, keyword fields blended together', async () => {
        const mixed = await search({ query: cross('Acme pricing overview', ['title', 'text', 'title.keyword'], { tie_breaker: 0.1 }), size: 20 });
        expectScores(mixed, [['1', 2.14284], ['10', 1.03267], ['7', 0.59791], ['3', 0.58829], ['8', 0.39562], ['11', 0.39229], ['12', 0.38556], ['2', 0.3495]]);
        const keywords = await search({ query: cross('Pricing', ['tags.name.keyword', 'board.name.keyword^2']), size: 20 });
        expectScores(keywords, [['1', 0.70332], ['10', 0.70332], ['3', 0.70332], ['7', 0.70332], ['6', 0.4635]]);
      });

      it('highlights the query terms in every field of the group', async () => {
        const r = await search({ query: cross('security soc', ['title', 'text'], { operator: 'and' }), highlight: { fields: { title: {}, text: {} } } });
        expect(r.hits[0].highlight?.title?.[0]).toContain('<em>security</em>');
        expect(r.hits[0].highlight?.text?.join(' ')).toContain('<em>SOC</em>');
      });

      it('refuses fuzziness as OpenSearch does, and fields other than text and keyword', async () => {
        for (const fuzziness of ['AUTO', 0] as const) {
          const err = await engine.search(C, { query: cross('acme', ['title', 'text'], { fuzziness }) }).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(EngineQueryError);
          expect((err as EngineQueryError).message).toContain('Fuzziness not allowed for type [cross_fields]');
          expect((err as EngineQueryError).path).toBe('query.multi_match.fuzziness');
        }
        await expect(engine.search(C, { query: cross('3', ['title', 'sourcesCount']) })).rejects.toBeInstanceOf(EngineQueryError);
      });
    });

    describe('sorting and paging', () => {
      it('sorts by date desc with id as tiebreak', async () => {
        const r = await search({ query: { bool: { filter: [company1] } }, sort: [{ updatedAt: 'desc' }, { id: 'asc' }], size: 100 });
        const want = cards
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
        const want = cards.filter((c) => c.company_id === 1).map((c) => c.title).sort();
        expect(all.hits.map((h) => h.source.title)).toEqual(want);
        const page2 = await search({ query: { bool: { filter: [company1] } }, sort: [{ 'title.keyword': 'asc' }], from: 3, size: 3 });
        expect(ids(page2)).toEqual(ids(all).slice(3, 6));
        expect(page2.total.value).toBe(want.length);
      });

      it('reports totals above track_total_hits as a lower bound', async () => {
        const r = await engine.search(C, { query: { match_all: {} }, track_total_hits: 5, size: 1 });
        expect(r.total).toEqual({ value: 5, relation: 'gte' });
      });
    });

    describe('aggregations', () => {
      const visible: Query = { bool: { filter: [company1, { term: { isDraft: false } }] } };
      const countBy = (pred: (c: CardFixture) => boolean, key: (c: CardFixture) => (number | undefined)[]) => {
        const m = new Map<number, number>();
        for (const c of cards.filter(pred)) for (const k of new Set(key(c))) if (k !== undefined) m.set(k, (m.get(k) ?? 0) + 1);
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
        const r = await engine.search(I, {
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
        const utc = await engine.search(I, { query: q, size: 0, aggs: { d: { date_histogram: { field: 'createdAt', calendar_interval: 'day' } } } });
        const utcB = (utc.aggregations!.d as DateHistogramAggregate).buckets.filter((b) => b.doc_count > 0);
        expect(utcB.map((b) => [b.key_as_string, b.doc_count])).toEqual([
          ['2024-03-30T00:00:00.000Z', 1], ['2024-03-31T00:00:00.000Z', 1], ['2024-04-01T00:00:00.000Z', 1], ['2024-04-15T00:00:00.000Z', 1],
        ]);
        const paris = await engine.search(I, {
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
        const month = await engine.search(I, { query: q, size: 0, aggs: { m: { date_histogram: { field: 'createdAt', calendar_interval: 'month', time_zone: 'Europe/Paris' } } } });
        expect((month.aggregations!.m as DateHistogramAggregate).buckets.map((x) => [x.key_as_string, x.doc_count])).toEqual([
          ['2024-02-01T00:00:00.000+01:00', 1], ['2024-03-01T00:00:00.000+01:00', 1], ['2024-04-01T00:00:00.000+02:00', 3],
        ]);
        const week = await engine.search(I, { query: q, size: 0, aggs: { w: { date_histogram: { field: 'createdAt', calendar_interval: 'week', min_doc_count: 1 } } } });
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
        const day = cards.find((c) => c.id === '4')!.createdAt.slice(0, 10);
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
        expect(sorted(ids(await engine.search(I, q())))).toEqual(['i3']);
        expect(sorted(ids(await engine.search(I, q('Europe/Paris'))))).toEqual(['i2', 'i3']);
        expect(sorted(ids(await engine.search(I, q('+02:00'))))).toEqual(['i2', 'i3']);
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
        const r = await engine.suggest(C, { s: { prefix: 'acm', completion: { field: 'suggest', size: 10, contexts: { scope: consumer } } } });
        expect(r.s.map((o) => o.text).sort()).toEqual(['Acme customer support quality', 'Acme integrations with Salesforce', 'Acme pricing overview']);
        const cur = await engine.suggest(C, { s: { prefix: 'acm', completion: { field: 'suggest', size: 10, contexts: { scope: curator } } } });
        expect(cur.s.map((o) => o.id).sort()).toEqual(['1', '11', '2', '8']);
      });

      it('tolerates a typo with fuzzy', async () => {
        const r = await engine.suggest(C, { s: { prefix: 'globx', completion: { field: 'suggest', size: 10, fuzzy: { fuzziness: 'AUTO' }, contexts: { scope: consumer } } } });
        expect(r.s.map((o) => o.id).sort()).toEqual(['3', '4']);
        const none = await engine.suggest(C, { s: { prefix: 'globx', completion: { field: 'suggest', size: 10, contexts: { scope: consumer } } } });
        expect(none.s).toEqual([]);
      });
    });

    describe('writes: updates, deletes and versions', () => {
      it('updates replace the document and deletes remove it', async () => {
        const doc = { ...cards[4], title: 'Initech compliance certifications' };
        const r = await engine.bulk(C, [
          { op: 'upsert', id: '5', version: 2, doc: doc as unknown as Record<string, unknown> },
          { op: 'delete', id: '12', version: 2 },
        ]);
        expect(r.items.map((i) => i.status)).toEqual(['updated', 'deleted']);
        await engine.refresh(C);
        expect(ids(await search({ query: { match: { title: 'compliance' } } }))).toEqual(['5']);
        expect(ids(await search({ query: { match: { title: 'security' } } }))).toEqual([]);
        expect(ids(await search({ query: { match: { text: 'deployment' } } }))).toEqual(['6']);
        expect(await engine.get(C, '12')).toBeNull();
        const got = await engine.get(C, '5');
        expect(got?.version).toBe(2);
        expect(got?.source.title).toBe('Initech compliance certifications');
        expect(await engine.count(C)).toBe(cards.length - 1);
      });

      it('ignores stale versions (idempotent replays)', async () => {
        const fresh = { ...cards[0], id: '77', title: 'Acme discount policy' } as unknown as Record<string, unknown>;
        const a = await engine.bulk(C, [{ op: 'upsert', id: '77', version: 5, doc: fresh }]);
        expect(a.items[0].status).toBe('created');
        const b = await engine.bulk(C, [
          { op: 'upsert', id: '77', version: 4, doc: { ...fresh, title: 'Old title' } },
          { op: 'upsert', id: '77', version: 5, doc: { ...fresh, title: 'Replayed title' } },
          { op: 'delete', id: '77', version: 3 },
        ]);
        expect(b.items.map((i) => i.status)).toEqual(['stale', 'stale', 'stale']);
        expect(b.errors).toBe(false);
        await engine.refresh(C);
        expect((await engine.get(C, '77'))?.source.title).toBe('Acme discount policy');
        const d = await engine.bulk(C, [{ op: 'delete', id: '77', version: 6 }, { op: 'upsert', id: '77', version: 6, doc: fresh }], { refresh: true });
        expect(d.items.map((i) => i.status)).toEqual(['deleted', 'stale']);
        expect(await engine.get(C, '77')).toBeNull();
        expect(ids(await search({ query: { match: { title: 'discount' } } }))).toEqual([]);
      });

      it('reports a bad document as an item error and applies the rest', async () => {
        const r = await engine.bulk(C, [
          { op: 'upsert', id: '88', version: 1, doc: { id: '88', title: 'Bad', notAField: 1 } },
          { op: 'upsert', id: '89', version: 1, doc: { id: '89', title: 'Globex billing update', company_id: 1 } },
        ], { refresh: true });
        expect(r.errors).toBe(true);
        expect(r.items.map((i) => i.status)).toEqual(['error', 'created']);
        expect(await engine.get(C, '88')).toBeNull();
        expect(ids(await search({ query: { match: { title: 'billing' } } }))).toEqual(['89']);
        await engine.bulk(C, [{ op: 'delete', id: '89', version: 2 }], { refresh: true });
      });

      it('indexes a document as it was when written, whatever the caller does with it afterwards', async () => {
        const doc = { id: '90', title: 'Hooli renewal terms', company_id: 1 };
        await engine.bulk(C, [{ op: 'upsert', id: '90', version: 1, doc }]);
        doc.title = 'Changed after the write';
        expect((await engine.get(C, '90'))?.source.title).toBe('Hooli renewal terms');
        await engine.refresh(C);
        expect(ids(await search({ query: { match: { title: 'renewal' } } }))).toEqual(['90']);
        expect((await engine.get(C, '90'))?.source.title).toBe('Hooli renewal terms');
        await engine.bulk(C, [{ op: 'delete', id: '90', version: 2 }], { refresh: true });
      });

      it('answers a repeated search the same until a refresh publishes a change, then with the change', async () => {
        // The embedded engine answers repeated requests from its request cache, as OpenSearch can; neither may
        // outlive the refresh that publishes a write.
        const req: SearchRequest = {
          query: { bool: { must: [{ match: { title: 'ledger' } }], filter: [{ term: { company_id: 1 } }] } },
          aggs: { companies: { terms: { field: 'company_id' } } },
          highlight: { fields: { title: {} } },
        };
        await engine.bulk(C, [{ op: 'upsert', id: '91', version: 1, doc: { id: '91', title: 'Hooli ledger pricing', company_id: 1 } }], { refresh: true });
        const first = await search(req);
        expect(ids(first)).toEqual(['91']);
        expect(await search(req)).toMatchObject({ total: first.total, hits: first.hits, aggregations: first.aggregations });
        await engine.bulk(C, [
          { op: 'upsert', id: '91', version: 2, doc: { id: '91', title: 'Hooli invoicing', company_id: 1 } },
          { op: 'upsert', id: '92', version: 1, doc: { id: '92', title: 'Hooli ledger exports', company_id: 1 } },
        ]);
        await engine.refresh(C);
        const after = await search(req);
        expect(ids(after)).toEqual(['92']);
        expect(after.hits[0].highlight?.title?.[0]).toMatch(/exports/);
        await engine.bulk(C, [{ op: 'delete', id: '91', version: 3 }, { op: 'delete', id: '92', version: 2 }], { refresh: true });
        expect(ids(await search(req))).toEqual([]);
      });

      it('lists ids and versions in id order', async () => {
        const seen: { id: string; version: number }[] = [];
        let after: string | undefined;
        do {
          const page = await engine.listVersions(C, { after, size: 4 });
          seen.push(...page.items);
          after = page.next;
        } while (after);
        const want = cards.filter((c) => c.id !== '12').map((c) => ({ id: c.id, version: c.id === '5' ? 2 : 1 }));
        expect(seen).toEqual(want.sort((a, b) => (a.id < b.id ? -1 : 1)));
      });
    });

    describe('zero-downtime reindex', () => {
      it('builds a new version and swaps the alias atomically', async () => {
        const v2: IndexDefinition = { ...cardsDef, version: cardsDef.version + 1 };
        const target = await engine.createIndexVersion(v2);
        await engine.bulk(target, [{ op: 'upsert', id: '1', version: 1, doc: cards[0] as unknown as Record<string, unknown> }], { refresh: true });
        expect((await search({ size: 0 })).total.value).toBeGreaterThan(1);
        const { previous } = await engine.swapAlias(C, target);
        expect(previous).not.toBe(target);
        expect(await engine.aliasTarget(C)).toBe(target);
        expect((await search({ size: 0 })).total.value).toBe(1);
        const ensured = await engine.ensureIndex(cardsDef);
        expect(ensured.upToDate).toBe(false);
        await engine.deleteIndex(previous!);
      });
    });

    describe('force merge', () => {
      it('merges the segments of an index filled in several refreshes, deleted docs dropped, with the same results', async () => {
        const def: IndexDefinition = { ...cardsIndex, name: `${prefix}_merge` };
        await engine.ensureIndex(def);
        const target = (await engine.aliasTarget(def.name))!;
        try {
          for (let i = 0; i < cards.length; i += 5) {
            const batch = cards.slice(i, i + 5).map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> }));
            await engine.bulk(def.name, batch, { refresh: true });
          }
          await engine.bulk(def.name, [{ op: 'delete', id: cards[0].id, version: 2 }, { op: 'delete', id: cards[cards.length - 1].id, version: 2 }], { refresh: true });
          const page = () => engine.search(def.name, { query: { bool: { filter: [company1] } }, sort: [{ updatedAt: 'desc' }, { id: 'asc' }], size: 100, track_total_hits: true });
          const segments = async () => (await engine.health()).indices[target]?.segments;
          const before = await page();
          expect(await segments()).toBeGreaterThan(1);

          await engine.forceMerge(def.name);
          expect(await segments()).toBe(1);
          const after = await page();
          expect(ids(after)).toEqual(ids(before));
          expect(after.total.value).toBe(before.total.value);
          expect(sorted(ids(after))).toEqual(oracle((c) => c.company_id === 1 && c.id !== cards[0].id && c.id !== cards[cards.length - 1].id));
          expect(await engine.count(def.name)).toBe(cards.length - 2);
        } finally {
          await engine.deleteIndex(target);
        }
      });
    });

    describe('typed errors', () => {
      const bad: [string, SearchRequest][] = [
        ['unknown field', { query: { match: { nope: 'x' } } }],
        ['unknown sort field', { sort: [{ nope: 'asc' }] }],
        ['sort on text', { sort: [{ title: 'asc' }] }],
        ['malformed date math', { query: { range: { createdAt: { gte: 'now-7x/d' } } } }],
        ['size over the window', { from: 9995, size: 10 }],
        ['empty bool', { query: { bool: {} } }],
        ['terms agg on text', { aggs: { t: { terms: { field: 'title' } } } }],
      ];
      for (const [label, req] of bad) {
        it(`rejects ${label} with EngineQueryError`, async () => {
          await expect(engine.search(C, req)).rejects.toBeInstanceOf(EngineQueryError);
        });
      }
    });

    reviewConformance(prefix, () => engine);
  });
}

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
function reviewConformance(prefix: string, engineOf: () => SearchEngine): void {
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
