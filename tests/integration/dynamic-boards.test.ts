// Dynamic boards (part 3 §3, §4.8, §7.5, §9): CRUD, the list's paging and orders, results computed under the
// reader's visibility (a seller never sees through a board a card that search would not show them), drafts for
// curators only, curators-only writes, other companies' boards, bad input, and the updated_start override.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let curator: Session;
let seller: Session;
let outsider: Session;

const one = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows[0] as T;
const boardCount = async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM dynamic_boards`)).n;
const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
});
afterAll(() => t.drop());

async function create(body: object = {}): Promise<number> {
  const res = await curator.post('/api/dynamic_boards.json', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe('dynamic boards CRUD', () => {
  it('creates an untitled draft from an empty body, changes it and deletes it', async () => {
    const res = await curator.post('/api/dynamic_boards');
    expect(res.status).toBe(201);
    const id: number = res.body.id;
    const read = await curator.get(`/api/dynamic_boards/${id}.json`);
    expect(read.body).toMatchObject({ id, name: 'Untitled dynamic board', query: '', filters: '', criteria: [], updated_start: 'allTime', sort: 'newest', isDraft: true });
    expect(read.body.createdBy.name).toBe('Cory Curator');

    const tag = await one<{ id: number; name: string }>(sql`SELECT id, name FROM tags WHERE name = 'Pricing'`);
    const put = await curator.put(`/api/dynamic_boards/${id}`, { name: 'Pricing talk', query: 'discount', filters: `must:tag-${tag.id}`, sort: 'relevance' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Pricing talk', query: 'discount', filters: `must:tag-${tag.id}`, sort: 'relevance', isDraft: true });
    expect(put.body.criteria).toEqual([{ field: 'tag', value: tag.id, type: 'must', displayName: 'Pricing' }]);
    expect((await curator.put(`/api/dynamic_boards/${id}.json`, { isDraft: false })).body.isDraft).toBe(false);

    expect((await curator.delete(`/api/dynamic_boards/${id}`)).body).toEqual({ id });
    expect((await curator.get(`/api/dynamic_boards/${id}.json`)).status).toBe(404);
    expect((await curator.delete(`/api/dynamic_boards/${id}.json`)).status).toBe(404);
  });

  it('saves a search with its criteria, date preset and sort', async () => {
    const rival = await one<{ id: number }>(sql`SELECT id FROM rivals WHERE name = 'Lumenary'`);
    const id = await create({ name: 'Lumenary lately', query: 'pricing', filters: `rival-${rival.id}`, updated_start: 'last90Days', sort: 'oldest', isDraft: false });
    const read = await curator.get(`/api/dynamic_boards/${id}.json?size=100`);
    expect(read.body).toMatchObject({ name: 'Lumenary lately', query: 'pricing', updated_start: 'last90Days', sort: 'oldest', isDraft: false });
    const search = await curator.get(`/api/search.json?query=pricing&filters=rival-${rival.id}&updated_start=last90Days&sort=oldest&size=100`);
    expect(search.body.nr_results).toBeGreaterThan(0);
    expect(ids(read.body.results)).toEqual(ids(search.body));
    expect(read.body.results.nr_results).toBe(search.body.nr_results);
  });
});

describe('the list', () => {
  it('pages with limit and orders by name or creation', async () => {
    const names = (await one<{ names: string[] }>(sql`SELECT array_agg(name ORDER BY lower(name), id) AS names FROM dynamic_boards`)).names;
    const created = (await one<{ names: string[] }>(sql`SELECT array_agg(name ORDER BY created_at, id) AS names FROM dynamic_boards`)).names;
    expect(names.length).toBeGreaterThanOrEqual(5);
    const list = async (q: string) => {
      const res = await curator.get(`/api/dynamic_boards.json?${q}`);
      expect(res.status, q).toBe(200);
      return res.body as { items: { name: string }[]; total: number; page: number; limit: number };
    };
    const first = await list('');
    expect(first).toMatchObject({ total: names.length, page: 1, limit: 20 });
    expect(first.items.map((b) => b.name)).toEqual(names);
    expect((await list('order=alpha-rev')).items.map((b) => b.name)).toEqual([...names].reverse());
    expect((await list('order=created')).items.map((b) => b.name)).toEqual(created);
    expect((await list('order=created-rev')).items.map((b) => b.name)).toEqual([...created].reverse());
    const [p1, p2] = [await list('limit=2&page=1'), await list('limit=2&page=2')];
    expect([...p1.items, ...p2.items].map((b) => b.name)).toEqual(names.slice(0, 4));
    expect(p2).toMatchObject({ total: names.length, page: 2, limit: 2 });
  });

  it('refuses a bad order or limit', async () => {
    for (const q of ['order=newest', 'limit=101', 'page=0']) {
      const res = await curator.get(`/api/dynamic_boards?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toContain(q.split('=')[0]);
    }
  });
});

describe('who sees what', () => {
  it('shows a seller and a curator different cards from one board: each what their own search finds', async () => {
    // A board holding a draft card (curators only) and a card for another visibility group than the seller's.
    const board = await one<{ id: number }>(sql`
      SELECT b.id FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
      WHERE b.name <> 'Scratchpad' AND NOT r.is_draft AND NOT p.is_draft
        AND EXISTS (SELECT 1 FROM cards c WHERE c.board_id = b.id AND c.is_draft)
      ORDER BY b.id LIMIT 1`);
    const id = await create({ name: 'One lane', filters: `board-${board.id}`, isDraft: false });
    const [asCurator, asSeller] = await Promise.all([curator, seller].map((s) => s.get(`/api/dynamic_boards/${id}.json?size=100`)));
    expect(asSeller.status).toBe(200);
    const drafts = (await t.db.execute(sql`SELECT id FROM cards WHERE board_id = ${board.id} AND is_draft`)).rows.map((r) => (r as { id: number }).id);
    expect(ids(asCurator.body.results)).toEqual(expect.arrayContaining(drafts));
    expect(ids(asSeller.body.results).filter((c) => drafts.includes(c))).toEqual([]);
    expect(asSeller.body.results.nr_results).toBeLessThan(asCurator.body.results.nr_results);
    const sellerSearch = await seller.get(`/api/search.json?filters=board-${board.id}&size=100`);
    expect(ids(asSeller.body.results)).toEqual(ids(sellerSearch.body));
  });

  it('hides a card shared only with a group the seller is not in', async () => {
    const card = await one<{ id: number; boardId: number }>(sql`
      SELECT c.id, c.board_id AS "boardId" FROM cards c JOIN card_visibility_groups g ON g.card_id = c.id
      JOIN visibility_groups vg ON vg.id = g.visibility_group_id AND vg.name = 'Executives'
      JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id
      WHERE NOT c.is_draft AND NOT c.all_access AND NOT p.is_draft AND b.name <> 'Scratchpad'
        AND NOT EXISTS (SELECT 1 FROM card_visibility_groups s JOIN visibility_groups sv ON sv.id = s.visibility_group_id
                        WHERE s.card_id = c.id AND sv.name = 'Sales')
      ORDER BY c.id LIMIT 1`);
    const id = await create({ name: 'Executives lane', filters: `board-${card.boardId}`, isDraft: false });
    const asCurator = await curator.get(`/api/dynamic_boards/${id}.json?size=100`);
    const asSeller = await seller.get(`/api/dynamic_boards/${id}.json?size=100`);
    expect(ids(asCurator.body.results)).toContain(card.id);
    expect(ids(asSeller.body.results)).not.toContain(card.id);
  });

  it('keeps drafts for curators: hidden from sellers in the list and when opened', async () => {
    const draft = await create({ name: 'Work in progress' });
    const sellerList = await seller.get('/api/dynamic_boards.json?limit=100');
    expect(sellerList.status).toBe(200);
    expect(sellerList.body.items.length).toBeGreaterThan(0);
    expect(sellerList.body.items.every((b: { isDraft: boolean }) => !b.isDraft)).toBe(true);
    expect(sellerList.body.total).toBe((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM dynamic_boards WHERE NOT is_draft`)).n);
    expect((await seller.get(`/api/dynamic_boards/${draft}.json`)).status).toBe(404);
    const curatorList = await curator.get('/api/dynamic_boards.json?limit=100');
    expect(curatorList.body.items.map((b: { id: number }) => b.id)).toContain(draft);
  });

  it('does not tell a seller the name of a draft rival’s board in the criteria', async () => {
    const hidden = await one<{ id: number; name: string }>(sql`SELECT b.id, r.name || ' · ' || b.name AS name FROM boards b
      JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id WHERE p.is_draft ORDER BY b.id LIMIT 1`);
    const id = await create({ name: 'Mixed lanes', filters: `board-${hidden.id}`, isDraft: false });
    // Curators read a board criterion with its rival's name: every rival has boards of the same names.
    expect((await curator.get(`/api/dynamic_boards/${id}.json`)).body.criteria[0].displayName).toBe(hidden.name);
    const asSeller = await seller.get(`/api/dynamic_boards/${id}.json`);
    expect(asSeller.body.criteria[0]).toMatchObject({ field: 'board', value: hidden.id, displayName: null });
    expect(asSeller.body.results.nr_results).toBe(0);
  });

  it('lets only curators write (403 for sellers, nothing written)', async () => {
    const id = await create({ name: 'Curated', isDraft: false });
    const before = await boardCount();
    expect((await seller.post('/api/dynamic_boards.json', {})).status).toBe(403);
    expect((await seller.put(`/api/dynamic_boards/${id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await seller.delete(`/api/dynamic_boards/${id}`)).status).toBe(403);
    expect(await boardCount()).toBe(before);
    expect((await curator.get(`/api/dynamic_boards/${id}.json`)).body.name).toBe('Curated');
  });

  it('answers 404 to another company and keeps its boards out of the list', async () => {
    const id = await create({ name: 'Northwind only', isDraft: false });
    expect((await outsider.get(`/api/dynamic_boards/${id}.json`)).status).toBe(404);
    expect((await outsider.put(`/api/dynamic_boards/${id}`, { name: 'Taken' })).status).toBe(404);
    expect((await outsider.delete(`/api/dynamic_boards/${id}`)).status).toBe(404);
    expect((await outsider.get('/api/dynamic_boards.json')).body).toMatchObject({ items: [], total: 0 });
    expect((await curator.get(`/api/dynamic_boards/${id}.json`)).body.name).toBe('Northwind only');
  });
});

describe('bad input', () => {
  it('answers 400 naming the field and writes nothing', async () => {
    const northwindBoard = await one<{ id: number }>(sql`SELECT id FROM boards ORDER BY id LIMIT 1`);
    const id = await create({ name: 'Stable' });
    const before = await boardCount();
    const cases: [object, string][] = [
      [{ filters: 'board-abc' }, 'filters'],
      [{ filters: 'maybe:tag-3' }, 'filters'],
      [{ filters: 'tag-999999' }, 'filters'],
      [{ filters: Array.from({ length: 51 }, (_, i) => `tag-${i + 1}`).join(',') }, 'filters'],
      [{ sort: 'best' }, 'sort'],
      [{ updated_start: 'now-7d/d' }, 'updated_start'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ query: 'q'.repeat(501) }, 'query'],
      [{ isDraft: 'no' }, 'isDraft'],
      [{ owner: 1 }, 'owner'],
    ];
    for (const [body, field] of cases) {
      for (const res of [await curator.post('/api/dynamic_boards.json', body), await curator.put(`/api/dynamic_boards/${id}`, body)]) {
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error, JSON.stringify(body)).toContain(field);
      }
    }
    const empty = await curator.put(`/api/dynamic_boards/${id}`, {});
    expect(empty.status).toBe(400);
    // Another company's board is no criterion of this one.
    const foreign = await outsider.post('/api/dynamic_boards.json', { filters: `board-${northwindBoard.id}` });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toContain('filters');
    expect(await boardCount()).toBe(before);
    expect((await curator.get(`/api/dynamic_boards/${id}.json`)).body).toMatchObject({ name: 'Stable', filters: '', sort: 'newest' });
  });

  it('refuses a bad updated_start override, offset or size on read', async () => {
    const id = await create({ name: 'Readable' });
    for (const q of ['updated_start=sometime', 'size=101', 'offset=-1', 'offset=9995&size=10', 'countersFor=owners']) {
      const res = await curator.get(`/api/dynamic_boards/${id}.json?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toContain(q.split('=')[0]);
    }
    expect((await curator.get('/api/dynamic_boards/abc.json')).status).toBe(400);
  });
});

describe('results', () => {
  it('lets updated_start override the saved preset for one read', async () => {
    const id = await create({ name: 'Everything', isDraft: false });
    const all = await seller.get(`/api/dynamic_boards/${id}.json`);
    const recent = await seller.get(`/api/dynamic_boards/${id}.json?updated_start=last7Days&size=100`);
    expect(recent.status).toBe(200);
    expect(recent.body.updated_start).toBe('allTime');
    expect(recent.body.results.nr_results).toBeGreaterThan(0);
    expect(recent.body.results.nr_results).toBeLessThan(all.body.results.nr_results);
    const since = Date.now() - 8 * 86_400_000;
    for (const card of recent.body.results.results) expect(Date.parse(card.updatedAt)).toBeGreaterThan(since);
    const search = await seller.get('/api/search.json?updated_start=last7Days&size=100');
    expect(ids(recent.body.results)).toEqual(ids(search.body));
  });

  it('pages the results with offset and size, 10 by default like search', async () => {
    const id = await create({ name: 'Paged', isDraft: false, sort: 'alpha' });
    const first = await seller.get(`/api/dynamic_boards/${id}.json`);
    expect(first.body.results).toMatchObject({ offset: 0, size: 10 });
    expect(first.body.results.results).toHaveLength(10);
    const second = await seller.get(`/api/dynamic_boards/${id}.json?offset=5&size=5`);
    expect(ids(second.body.results)).toEqual(ids(first.body.results).slice(5, 10));
  });

  it('returns counters when asked, for a curator editing the criteria', async () => {
    const id = await create({ name: 'Counted' });
    const res = await curator.get(`/api/dynamic_boards/${id}.json?countersFor=tags.id`);
    expect(res.body.results.counters['tags.id'].length).toBeGreaterThan(0);
    expect((await curator.get(`/api/dynamic_boards/${id}.json`)).body.results.counters).toEqual({});
  });
});
