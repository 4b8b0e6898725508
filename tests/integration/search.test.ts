// GET /api/search.json, /api/suggest.json, /api/rivals/search.json, /api/cards/{id}.json on the demo
// data indexed into the embedded engine: parameters, bad values, the visibility matrix, counters.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, cardVisibilityGroups, visibilityGroups } from '../../db/schema.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { availableEngines } from '../helpers/engines.ts';

describe.each(availableEngines())('search API on the $name engine', (factory) => {
  let t: TestApp;
  type Session = Awaited<ReturnType<typeof signIn>>;
  let curator: Session;
  let seller: Session;
  let groups: Record<string, number>;

  beforeAll(async () => {
    t = await testApp({ search: true, engine: factory });
    curator = await signIn(t.app, 'curator@demo.test');
    seller = await signIn(t.app, 'seller@demo.test');
    const rows = await t.db.select().from(visibilityGroups);
    groups = Object.fromEntries(rows.map((g) => [g.name, g.id]));
  });
  afterAll(() => t.drop());

  const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

  /** Every card id a request can page through. */
  async function allIds(s: Session, params: string): Promise<number[]> {
    const out: number[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await s.get(`/api/search.json?${params}&size=100&offset=${offset}`);
      expect(res.status).toBe(200);
      out.push(...ids(res.body));
      if (res.body.results.length < 100) return out;
    }
  }

  /** Card ids the database says a viewer may see: the rule of part 2 §4, in SQL (consumers never see Scratchpad notes or unpublished rivals). */
  async function visibleInDb(groupIds: number[] | 'curator') {
    const rows = await t.db.execute(sql`
      SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
      WHERE c.company_id = (SELECT company_id FROM users WHERE email = 'curator@demo.test')
      ${groupIds === 'curator' ? sql`` : sql`AND NOT c.is_draft AND b.name <> 'Scratchpad'
        AND NOT (r.is_draft OR r.is_template OR p.is_draft OR p.is_template) AND (c.all_access OR EXISTS (
        SELECT 1 FROM card_visibility_groups g WHERE g.card_id = c.id AND g.visibility_group_id = ANY(${sql.param(groupIds)}::int[])))`}`);
    return (rows.rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

  describe('visibility matrix', () => {
    it('a curator sees every card, drafts included', async () => {
      expect(sorted(await allIds(curator, 'query='))).toEqual(await visibleInDb('curator'));
    });

    it('a seller sees published cards for everyone or for their group, never drafts', async () => {
      const seen = sorted(await allIds(seller, 'query='));
      expect(seen).toEqual(await visibleInDb([groups.Sales]));
      const drafts = await t.db.select({ id: cards.id }).from(cards).where(eq(cards.isDraft, true));
      expect(drafts.length).toBeGreaterThan(0);
      expect(seen.filter((id) => drafts.some((d) => d.id === id))).toEqual([]);
    });

    it('a curator previewing a group sees exactly what that group sees; 0 means everyone', async () => {
      expect(sorted(await allIds(curator, `query=&previewing=${groups.Executives}`))).toEqual(await visibleInDb([groups.Executives]));
      expect(sorted(await allIds(curator, 'query=&previewing=0'))).toEqual(await visibleInDb([]));
    });

    it('a seller cannot widen what they see by previewing', async () => {
      expect(sorted(await allIds(seller, `query=&previewing=${groups.Executives}`))).toEqual(await visibleInDb([groups.Sales]));
    });

    it('keeps Executives-only cards out of the seller’s results, suggestions and card reads', async () => {
      const [exec] = await t.db
        .select({ id: cards.id, name: cards.name })
        .from(cards)
        .innerJoin(cardVisibilityGroups, eq(cardVisibilityGroups.cardId, cards.id))
        .where(and(eq(cardVisibilityGroups.visibilityGroupId, groups.Executives), eq(cards.allAccess, false), eq(cards.isDraft, false)))
        .limit(1);
      expect(exec).toBeDefined();
      const q = encodeURIComponent(exec.name);
      expect(ids((await curator.get(`/api/search.json?query=${q}&sort=relevance`)).body)).toContain(exec.id);
      expect(ids((await seller.get(`/api/search.json?query=${q}&sort=relevance`)).body)).not.toContain(exec.id);

      const prefix = encodeURIComponent(exec.name.slice(0, -2));
      const texts = (body: { suggestions: { type: string; text?: string }[] }) =>
        body.suggestions.filter((s) => s.type === 'completion').map((s) => s.text);
      expect(texts((await curator.get(`/api/suggest.json?query=${prefix}&mode=completions`)).body)).toContain(exec.name);
      expect(texts((await seller.get(`/api/suggest.json?query=${prefix}&mode=completions`)).body)).not.toContain(exec.name);

      expect((await curator.get(`/api/cards/${exec.id}.json`)).status).toBe(200);
      expect((await seller.get(`/api/cards/${exec.id}.json`)).status).toBe(404);
    });

    it('keeps Scratchpad notes from sellers on search, suggestions and card reads; curators find them marked', async () => {
      const notes = (await t.db.execute(sql`SELECT c.id, c.name, c.is_draft FROM cards c JOIN boards b ON b.id = c.board_id
        WHERE b.name = 'Scratchpad' ORDER BY c.id`)).rows as { id: number; name: string; is_draft: boolean }[];
      expect(notes.some((n) => !n.is_draft)).toBe(true);
      const noteIds = new Set(notes.map((n) => n.id));

      const sellerHits = await allIds(seller, 'query=scratchpad');
      expect(sellerHits.filter((id) => noteIds.has(id))).toEqual([]);
      for (const note of notes) {
        expect((await seller.get(`/api/cards/${note.id}.json`)).status).toBe(404);
        const read = await curator.get(`/api/cards/${note.id}.json`);
        expect(read.status).toBe(200);
        expect(read.body.scratchpad).toBe(true);
        expect((await curator.get(`/api/cards/${note.id}.json?previewing=0`)).status).toBe(404);
        const found = (await curator.get(`/api/search.json?query=${encodeURIComponent(note.name)}&sort=relevance&size=100`)).body.results as { id: number; scratchpad: boolean }[];
        expect(found.find((r) => r.id === note.id)?.scratchpad).toBe(true);
        const suggested = (await seller.get(`/api/suggest.json?query=${encodeURIComponent(note.name)}&mode=completions`)).body.suggestions as { text?: string }[];
        expect(suggested.map((s) => s.text)).not.toContain(note.name);
      }
    });

    it('hides a rival’s cards from sellers while it is unpublished, and shows them again once published', async () => {
      const [rival] = (await t.db.execute(sql`SELECT p.id AS "profileId", r.id AS "rivalId", bc.title AS battlecard
        FROM rivals r JOIN profiles p ON p.rival_id = r.id JOIN battlecards bc ON bc.profile_id = p.id
        WHERE NOT r.is_draft AND NOT p.is_draft AND NOT r.is_template AND NOT bc.is_draft ORDER BY r.id LIMIT 1`)).rows as
        { profileId: number; rivalId: number; battlecard: string }[];
      const sellerSees = async () => (await seller.get(`/api/search.json?query=&rivals=${rival.rivalId}&size=100`)).body.nr_results as number;
      const suggestsBattlecards = async () =>
        ((await seller.get(`/api/suggest.json?query=${encodeURIComponent(rival.battlecard)}&mode=completions`)).body.suggestions as { type: string; rivalProfileId?: number }[])
          .filter((s) => s.type === 'battlecard' && s.rivalProfileId === rival.profileId).length;
      const before = await sellerSees();
      expect(before).toBeGreaterThan(0);
      expect(await suggestsBattlecards()).toBeGreaterThan(0);

      expect((await curator.put(`/api/profiles/${rival.profileId}`, { isDraft: true })).status).toBe(200);
      await t.search.indexer!.drain();
      expect(await sellerSees()).toBe(0);
      expect(await suggestsBattlecards()).toBe(0);
      expect((await curator.get(`/api/search.json?query=&rivals=${rival.rivalId}&size=100`)).body.nr_results).toBeGreaterThanOrEqual(before);

      expect((await curator.put(`/api/profiles/${rival.profileId}`, { isDraft: false })).status).toBe(200);
      await t.search.indexer!.drain();
      expect(await sellerSees()).toBe(before);
    });

    it('keeps the alerts context (intel) from consumers', async () => {
      expect((await seller.get('/api/search.json?index=intel&query=pricing')).status).toBe(403);
      const res = await curator.get('/api/search.json?index=intel&query=pricing');
      expect(res.status).toBe(200);
      expect(res.body.nr_results).toBeGreaterThan(0);
      expect(res.body.results[0]).toHaveProperty('channel');
    });
  });

  describe('parameters', () => {
    it('searches text with highlights and a default page of 10, newest first', async () => {
      const res = await curator.get('/api/search.json?query=pricing');
      expect(res.status).toBe(200);
      expect(res.body.size).toBe(10);
      expect(res.body.results).toHaveLength(10);
      expect(res.body.nr_results).toBeGreaterThan(10);
      const dates = res.body.results.map((r: { updatedAt: string }) => r.updatedAt);
      expect(dates).toEqual([...dates].sort().reverse());
      const highlighted = res.body.results.filter((r: { titleHtml: string; snippetHtml: string | null }) =>
        /<em>pric/i.test(r.titleHtml + (r.snippetHtml ?? '')),
      );
      expect(highlighted.length).toBeGreaterThan(0);
      expect(res.body.results[0]).toMatchObject({ board: { id: expect.any(Number) }, rival: { name: expect.any(String) } });
    });

    it('pages with offset without overlap and sorts oldest, alpha and by relevance', async () => {
      const first = ids((await curator.get('/api/search.json?query=&size=5&offset=0')).body);
      const second = ids((await curator.get('/api/search.json?query=&size=5&offset=5')).body);
      expect(first).toHaveLength(5);
      expect(second.filter((id) => first.includes(id))).toEqual([]);

      const oldest = (await curator.get('/api/search.json?query=&sort=oldest&size=20')).body.results.map((r: { updatedAt: string }) => r.updatedAt);
      expect(oldest).toEqual([...oldest].sort());
      const alpha = (await curator.get('/api/search.json?query=&sort=alpha&size=20')).body.results.map((r: { data: { name: string } }) => r.data.name);
      expect(alpha).toEqual([...alpha].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      const relevance = await curator.get('/api/search.json?query=SOC%202%20compliance&sort=relevance');
      expect(relevance.body.nr_results).toBeGreaterThan(0);
    });

    it('filters by rivals, lanes, profile and the last-updated period', async () => {
      const any = (await curator.get('/api/search.json?query=&size=1')).body.results[0];
      const byRival = await allIds(curator, `query=&rivals=${any.rival.id}`);
      const [{ n: rivalCount }] = (
        await t.db.execute(sql`SELECT count(*)::int AS n FROM cards c JOIN boards b ON b.id = c.board_id
          JOIN profiles p ON p.id = b.profile_id WHERE p.rival_id = ${any.rival.id}`)
      ).rows as { n: number }[];
      expect(byRival).toHaveLength(rivalCount);
      const byLane = await allIds(curator, `query=&lanes=${any.board.id}`);
      const [{ n: laneCount }] = (await t.db.execute(sql`SELECT count(*)::int AS n FROM cards WHERE board_id = ${any.board.id}`)).rows as { n: number }[];
      expect(byLane).toHaveLength(laneCount);
      expect(await allIds(curator, `query=&profileId=${any.profile.id}`)).toHaveLength(rivalCount);

      const recent = await allIds(curator, 'query=&updated_start=last7Days');
      const [{ n: recentCount }] = (
        await t.db.execute(sql`SELECT count(*)::int AS n FROM cards WHERE updated_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '7 days'`)
      ).rows as { n: number }[];
      expect(recent).toHaveLength(recentCount);
      expect(await allIds(curator, 'query=&updated_start=now-7d/d')).toHaveLength(recentCount);
      expect((await curator.get('/api/search.json?query=&updated_start=2000-01-01')).body.nr_results).toBe(
        (await curator.get('/api/search.json?query=')).body.nr_results,
      );
    });

    it('applies should, must and must_not criteria, and allTags', async () => {
      const base = await curator.get('/api/search.json?query=&countersFor=tags.id&size=1');
      const [a, b] = base.body.counters['tags.id'];
      const should = (await curator.get(`/api/search.json?query=&filters=tag-${a.id},tag-${b.id}`)).body.nr_results;
      const must = (await curator.get(`/api/search.json?query=&filters=must:tag-${a.id},must:tag-${b.id}`)).body.nr_results;
      const allTags = (await curator.get(`/api/search.json?query=&filters=tag-${a.id},tag-${b.id}&allTags=true`)).body.nr_results;
      const not = await allIds(curator, `query=&filters=not:tag-${a.id}`);
      expect(should).toBeGreaterThanOrEqual(Math.max(a.count, b.count));
      expect(must).toBeLessThanOrEqual(Math.min(a.count, b.count));
      expect(allTags).toBe(must);
      expect(not.length).toBe(base.body.nr_results - a.count);
    });

    it('returns counters equal to the hits they count, with names', async () => {
      const res = await curator.get('/api/search.json?query=pricing&countersFor=tags.id,board.id,board.rival_id');
      for (const [field, kind] of [
        ['tags.id', 'tag'],
        ['board.id', 'board'],
        ['board.rival_id', 'rival'],
      ] as const) {
        const buckets = res.body.counters[field];
        expect(buckets.length).toBeGreaterThan(0);
        for (const bucket of buckets.slice(0, 3)) {
          expect(typeof bucket.name).toBe('string');
          const filtered = await curator.get(`/api/search.json?query=pricing&filters=${kind}-${bucket.id}`);
          expect(filtered.body.nr_results, `${field} ${bucket.name}`).toBe(bucket.count);
        }
      }
      expect(res.body.counters['board.id'][0]).toMatchObject({ rivalId: expect.any(Number), rivalName: expect.any(String) });
    });

    it('keeps a field’s own criteria out of its counter, and applies the others', async () => {
      const base = await curator.get('/api/search.json?query=&countersFor=board.rival_id,tags.id');
      const rival = base.body.counters['board.rival_id'][0];
      const res = await curator.get(`/api/search.json?query=&filters=rival-${rival.id}&countersFor=board.rival_id,tags.id`);
      expect(res.body.counters['board.rival_id']).toEqual(base.body.counters['board.rival_id']);
      const tagTotal = res.body.counters['tags.id'].reduce((n: number, b: { count: number }) => n + b.count, 0);
      const baseTagTotal = base.body.counters['tags.id'].reduce((n: number, b: { count: number }) => n + b.count, 0);
      expect(tagTotal).toBeLessThan(baseTagTotal);
    });

    it('falls back to any term when no card has every term, and says so', async () => {
      const res = await curator.get('/api/search.json?query=pricing%20zzzqqqxxx&sort=relevance');
      expect(res.body.nr_results).toBeGreaterThan(0);
      expect(res.body.matched).toBe('any');
      expect((await curator.get('/api/search.json?query=pricing')).body.matched).toBe('all');
    });

    it('refuses bad values with 400 naming the parameter', async () => {
      const cases: [string, string][] = [
        ['offset=-1', 'offset'],
        ['size=0', 'size'],
        ['size=101', 'size'],
        ['offset=9995&size=10', 'offset'],
        ['sort=random', 'sort'],
        ['index=users', 'index'],
        ['filters=board-abc', 'filters'],
        ['filters=maybe:tag-1', 'filters'],
        ['updated_start=lastYearish', 'updated_start'],
        ['updated_start=now-7x', 'updated_start'],
        ['countersFor=author.id', 'countersFor'],
        ['rivals=1,x', 'rivals'],
        ['lanes=-3', 'lanes'],
        ['allTags=maybe', 'allTags'],
        ['unknown=1', 'query'],
      ];
      for (const [params, field] of cases) {
        const res = await curator.get(`/api/search.json?query=x&${params}`);
        expect(res.status, params).toBe(400);
        expect(JSON.stringify(res.body), params).toContain(field);
      }
      expect((await curator.get('/api/suggest.json')).status).toBe(400);
      expect((await curator.get('/api/rivals/search.json?query=')).status).toBe(400);
      expect((await curator.get('/api/cards/0.json')).status).toBe(400);
    });

    it('answers SQL-looking and markup input safely', async () => {
      for (const q of ["' OR 1=1 --", '<script>alert(1)</script>', '"; DROP TABLE cards; --']) {
        const res = await curator.get(`/api/search.json?query=${encodeURIComponent(q)}`);
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain('<script>');
      }
      expect((await curator.get("/api/rivals/search.json?query=%25'%20OR%201%3D1")).body).toEqual([]);
    });
  });

  describe('highlights', () => {
    it('escapes card text and keeps only <em> from the engine', async () => {
      const [card] = await t.db.select().from(cards).orderBy(cards.id).limit(1);
      await t.db
        .update(cards)
        .set({ textHtml: '<p>Zanzibar &lt;img src=x onerror=alert(1)&gt; pricing trap</p>' })
        .where(eq(cards.id, card.id));
      await t.search.indexer!.drain();
      const res = await curator.get('/api/search.json?query=zanzibar');
      expect(ids(res.body)).toEqual([card.id]);
      const snippet: string = res.body.results[0].snippetHtml;
      expect(snippet).toContain('<em>Zanzibar</em>');
      expect(snippet).toContain('&lt;img');
      expect(snippet).not.toMatch(/<img/);
    });
  });

  describe('suggestions and the quick finder', () => {
    it('suggests tags (with synonyms), battlecards and completions, completions capped at 3 beside others', async () => {
      const res = await curator.get('/api/suggest.json?query=pric&mode=completions');
      expect(res.status).toBe(200);
      const kinds = res.body.suggestions.map((s: { type: string }) => s.type);
      expect(kinds).toContain('tag');
      expect(kinds.filter((k: string) => k === 'completion').length).toBeLessThanOrEqual(3);
      const synonym = await curator.get('/api/suggest.json?query=cost&mode=completions');
      expect(synonym.body.suggestions).toContainEqual(expect.objectContaining({ type: 'tag', name: 'Pricing', synonym: expect.stringMatching(/^cost/i) }));

      const rival = (await curator.get('/api/search.json?query=&size=1')).body.results[0].rival;
      const bc = await curator.get(`/api/suggest.json?query=${encodeURIComponent(rival.name.slice(0, 5))}&mode=completions`);
      const battlecard = bc.body.suggestions.find((s: { type: string }) => s.type === 'battlecard');
      expect(battlecard).toMatchObject({ url: expect.stringMatching(/^\/profile\/\d+\/battlecard\/view\/\d+$/), rivalName: expect.any(String) });
      expect((await curator.get('/api/suggest.json?query=%20%20')).body.suggestions).toEqual([]);
    });

    it('finds rivals by name for the quick finder, without drafts for consumers', async () => {
      const res = await seller.get('/api/rivals/search.json?query=a&limit=10');
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.length).toBeLessThanOrEqual(10);
      expect(res.body[0]).toMatchObject({ id: expect.any(Number), profile: { id: expect.any(Number) }, battlecards: expect.any(Array) });
      const draft = (await t.db.execute(sql`SELECT name FROM rivals WHERE is_draft LIMIT 1`)).rows[0] as { name: string };
      const q = encodeURIComponent(draft.name);
      expect((await seller.get(`/api/rivals/search.json?query=${q}`)).body).toEqual([]);
      expect((await curator.get(`/api/rivals/search.json?query=${q}`)).body.map((r: { name: string }) => r.name)).toContain(draft.name);
    });
  });
});
