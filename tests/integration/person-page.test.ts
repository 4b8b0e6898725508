// A person's page: the cards they authored that the reader may see, and the intel they submitted
// (curators only), paged, scoped to the reader's company.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';

let t: TestApp;
let curator: Awaited<ReturnType<typeof signIn>>;
let seller: Awaited<ReturnType<typeof signIn>>;
const { one } = sqlReads(() => t.db);

beforeAll(async () => {
  t = await testApp();
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
});
afterAll(() => t.drop());

describe('GET /api/users/:id/cards.json', () => {
  it('pages the cards a person authored, newest first, without the Scratchpad', async () => {
    const author = await one<{ id: number; n: number }>(sql`
      SELECT c.author_id AS id, count(*)::int AS n FROM cards c JOIN boards b ON b.id = c.board_id
      WHERE b.name <> 'Scratchpad' AND c.author_id IS NOT NULL GROUP BY c.author_id ORDER BY n DESC LIMIT 1`);
    const first = (await curator.get(`/api/users/${author.id}/cards.json?limit=5`)).body;
    expect(first.total).toBe(author.n);
    expect(first.items).toHaveLength(5);
    const second = (await curator.get(`/api/users/${author.id}/cards.json?limit=5&page=2`)).body;
    expect(second.items[0].id).not.toBe(first.items[0].id);
    const dates = [...first.items, ...second.items].map((c: { updatedAt: string }) => c.updatedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.items[0]).toMatchObject({ board: { id: expect.any(Number) }, rival: { profileId: expect.any(Number) } });

    // A seller sees fewer: only what the visibility rule grants them, each one readable on its own.
    const mine = (await seller.get(`/api/users/${author.id}/cards.json?limit=50`)).body;
    expect(mine.total).toBeLessThan(author.n);
    for (const c of mine.items) expect((await seller.get(`/api/cards/${c.id}.json`)).status).toBe(200);
  });

  it('answers 404 for another company’s person and 400 for bad paging', async () => {
    const outsider = await signInOutsider(t);
    expect((await outsider.get(`/api/users/${curator.me.id}/cards.json`)).status).toBe(404);
    expect((await curator.get(`/api/users/${curator.me.id}/cards.json?limit=500`)).status).toBe(400);
    expect((await curator.get('/api/users/0/cards.json')).status).toBe(400);
  });
});

describe('GET /api/users/:id/intel.json', () => {
  it('lists what a person submitted for curators, and refuses sellers', async () => {
    const submitter = await one<{ id: number; n: number }>(sql`
      SELECT submitted_by_id AS id, count(*)::int AS n FROM intel_items
      WHERE submitted_by_id IS NOT NULL AND state <> 'deleted' GROUP BY submitted_by_id ORDER BY n DESC LIMIT 1`);
    const res = (await curator.get(`/api/users/${submitter.id}/intel.json?limit=3`)).body;
    expect(res.total).toBe(submitter.n);
    expect(res.items.length).toBe(Math.min(3, submitter.n));
    expect(res.items[0]).toMatchObject({ title: expect.any(String), state: expect.any(String), rivals: expect.any(Array) });
    expect((await seller.get(`/api/users/${submitter.id}/intel.json`)).status).toBe(403);
  });
});

describe('a colleague as the API shows them', () => {
  it('keeps userData (what a person viewed, starred, rated) to that person', async () => {
    await curator.put('/api/users/me.json', { featureFlag: 'dashboard.sortBy', value: 'cards' });
    expect((await curator.get(`/api/users/${curator.me.id}.json`)).body.userData.dashboard.sortBy).toBe('cards');
    expect((await seller.get(`/api/users/${curator.me.id}.json`)).body.userData).toEqual({});
    const listed = (await seller.get('/api/users.json?query=cory')).body.items as { id: number; userData: object }[];
    expect(listed.find((u) => u.id === curator.me.id)!.userData).toEqual({});
  });
});
