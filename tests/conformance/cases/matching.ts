// Conformance cases for matching: queries and filters, scoring, dis_max, constant_score and multi_match cross_fields.
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineQueryError } from '../../../engine/errors.ts';
import type { MultiMatchParams, Query, SearchResponse } from '../../../engine/port.ts';
import { audience } from '../../../documents/audiences.ts';
import { company1, ids, sorted, type Conformance } from './shared.ts';

/** Which cards a query finds, and how it scores them. */
export function matchingCases(ctx: Conformance): void {
  const { C, search, oracle } = ctx;

  describe('matching and filters', () => {
    it('match_all counts every document', async () => {
      const r = await search({ query: { match_all: {} }, size: 100 });
      expect(r.total).toEqual({ value: ctx.cards.length, relation: 'eq' });
      expect(sorted(ids(r))).toEqual(oracle(() => true));
      expect(await ctx.engine.count(C)).toBe(ctx.cards.length);
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
        await expect(ctx.engine.search(C, { query: q })).rejects.toBeInstanceOf(EngineQueryError);
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
        await expect(ctx.engine.search(C, { query: q })).rejects.toBeInstanceOf(EngineQueryError);
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
        const err = await ctx.engine.search(C, { query: cross('acme', ['title', 'text'], { fuzziness }) }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(EngineQueryError);
        expect((err as EngineQueryError).message).toContain('Fuzziness not allowed for type [cross_fields]');
        expect((err as EngineQueryError).path).toBe('query.multi_match.fuzziness');
      }
      await expect(ctx.engine.search(C, { query: cross('3', ['title', 'sourcesCount']) })).rejects.toBeInstanceOf(EngineQueryError);
    });
  });
}
