// Card authoring over HTTP on the demo data: create (v=2 and v=3), edit one, bulk edit and move,
// duplicate, delete one and many (a board left empty goes too); role checks, bad input and other
// companies' ids write nothing; card search follows every change once the indexer drains.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';
import { companyFingerprint } from '../helpers/routes.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
type Card = {
  id: number;
  data: { name: string };
  board: { id: number; profileId: number };
  viewOrder: string;
  isDraft: boolean;
  allAccess: boolean;
  visibilityMode: number;
  visibilityGroups: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  textHtml: string;
  author: { id: number } | null;
  updatedAt: string;
};

let t: TestApp;
let curator: Session;
let seller: Session;
let outsider: Session;
let nw: number;
let sales: number;
let executives: number;
const { rows } = sqlReads(() => t.db);
const fingerprint = () => companyFingerprint(t.db, nw);

/** A published profile's non-Scratchpad boards with their cards in order. */
async function boardsOf(rivalName: string) {
  return rows<{ id: number; name: string; cards: { id: number; viewOrder: string }[] }>(sql`
    SELECT b.id, b.name, coalesce((SELECT json_agg(json_build_object('id', c.id, 'viewOrder', c.view_order) ORDER BY c.view_order::numeric, c.id)
      FROM cards c WHERE c.board_id = b.id), '[]') AS cards
    FROM boards b JOIN profiles p ON p.id = b.profile_id WHERE p.name = ${rivalName} AND b.name <> 'Scratchpad' ORDER BY b.view_order`);
}

async function searchIds(s: Session, query: string): Promise<number[]> {
  await t.search.indexer!.drain();
  const res = await s.get(`/api/search.json?query=${encodeURIComponent(query)}&size=50`);
  expect(res.status).toBe(200);
  return res.body.results.map((r: { id: number }) => r.id);
}

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
  nw = await northwindId(t.db);
  const groups = await rows<{ id: number; name: string }>(sql`SELECT id, name FROM visibility_groups WHERE company_id = ${nw}`);
  sales = groups.find((g) => g.name === 'Sales')!.id;
  executives = groups.find((g) => g.name === 'Executives')!.id;
});
afterAll(() => t.drop());

describe('POST /api/cards.json', () => {
  it('creates a card (v=2) after the last card of its board, sanitized, and search finds it', async () => {
    const [board] = await boardsOf('Lumenary');
    const last = board.cards[board.cards.length - 1];
    const tag = (await rows<{ id: number; name: string }>(sql`SELECT id, name FROM tags WHERE company_id = ${nw} ORDER BY id LIMIT 1`))[0];
    const res = await curator.post('/api/cards.json?v=2', {
      data: { name: 'Zephyrine pricing rebuttal', textHtml: '<p onclick="x()">Hello <script>alert(1)</script><b>there</b></p>' },
      boardId: board.id,
      templateName: 'CardHTML',
      allAccess: false,
      isDraft: false,
      visibilityGroups: [sales],
      tags: [tag.id],
    });
    expect(res.status).toBe(201);
    const card = res.body as Card;
    expect(card.data.name).toBe('Zephyrine pricing rebuttal');
    expect(card.textHtml).toBe('<p>Hello <b>there</b></p>');
    expect(card.board.id).toBe(board.id);
    expect(Number(card.viewOrder)).toBe(Math.floor(Number(last.viewOrder)) + 1);
    expect(card.visibilityMode).toBe(2);
    expect(card.visibilityGroups.map((g) => g.id)).toEqual([sales]);
    expect(card.tags).toEqual([tag]);
    expect(card.author?.id).toBe(curator.me.id);

    // The seller is in Sales: the card is theirs to see and to find.
    expect((await seller.get(`/api/cards/${card.id}.json`)).status).toBe(200);
    expect(await searchIds(seller, 'Zephyrine')).toEqual([card.id]);
  });

  it('creates a card with the v=3 short form', async () => {
    const [, board] = await boardsOf('Quantive Labs');
    const res = await curator.post('/api/cards.json?v=3', {
      data: { hasDynamicBlocks: true, name: 'Short form card', textHtml: '<p>ok</p>' },
      boardId: board.id,
      templateName: 'CardHTML',
    });
    expect(res.status).toBe(201);
    expect(res.body.hasDynamicBlocks).toBe(true);
    expect(res.body.allAccess).toBe(true);
    expect(res.body.isDraft).toBe(false);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const [board] = await boardsOf('Lumenary');
    const before = await fingerprint();
    const cases: [object, string, string?][] = [
      [{ data: { name: '  ', textHtml: '' }, boardId: board.id }, 'data.name'],
      [{ data: { name: 'x' } }, 'boardId'],
      [{ data: { name: 'x' }, boardId: -3 }, 'boardId'],
      [{ data: { name: 'x' }, boardId: board.id, visibilityGroups: [-1] }, 'visibilityGroups.0'],
      [{ data: { name: 'x' }, boardId: board.id, visibilityGroups: [1.5] }, 'visibilityGroups.0'],
      [{ data: { name: 'x' }, boardId: board.id, visibilityGroups: [999999] }, 'visibilityGroups'],
      [{ data: { name: 'x' }, boardId: board.id, tags: [999999] }, 'tags'],
      [{ data: { name: 'x' }, boardId: board.id, viewOrder: 'first' }, 'viewOrder'],
      [{ data: { name: 'x' }, boardId: board.id, surprise: true }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await curator.post('/api/cards.json?v=2', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    expect((await curator.post('/api/cards.json?v=9', { data: { name: 'x' }, boardId: board.id })).status).toBe(400);
    expect(await fingerprint()).toBe(before);
  });

  it('answers 404 for another company’s board and for the hidden Scratchpad', async () => {
    const [board] = await boardsOf('Lumenary');
    const scratchpad = (await rows<{ id: number }>(sql`SELECT id FROM boards WHERE company_id = ${nw} AND name = 'Scratchpad' LIMIT 1`))[0];
    const before = await fingerprint();
    expect((await outsider.post('/api/cards.json?v=2', { data: { name: 'Planted' }, boardId: board.id })).status).toBe(404);
    expect((await curator.post('/api/cards.json?v=2', { data: { name: 'Note' }, boardId: scratchpad.id })).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });
});

describe('role checks', () => {
  it('gives a seller 403 on every card write and changes nothing', async () => {
    const [board] = await boardsOf('Lumenary');
    const cardId = board.cards[0].id;
    const before = await fingerprint();
    const calls: [string, () => PromiseLike<{ status: number }>][] = [
      ['create', () => seller.post('/api/cards.json?v=2', { data: { name: 'x' }, boardId: board.id })],
      ['edit', () => seller.put(`/api/cards/${cardId}.json`, { data: { name: 'x' } })],
      ['bulk', () => seller.put('/api/cards.json?v=2', { cardIds: [cardId], isDraft: true })],
      ['delete one', () => seller.delete(`/api/cards/${cardId}.json`)],
      ['delete many', () => seller.delete('/api/cards.json').send({ cardIds: [cardId] })],
      ['duplicate', () => seller.post(`/api/cards/${cardId}/duplicate.json`)],
      ['tags', () => seller.put('/api/cards/tags.json', { cardIds: [cardId], addTags: [1] })],
      ['add source', () => seller.post(`/api/cards/${cardId}/sources`, { urls: ['https://example.com/a'] })],
      ['delete source', () => seller.delete(`/api/cards/${cardId}/sources/1`)],
    ];
    for (const [name, call] of calls) expect((await call()).status, name).toBe(403);
    expect(await fingerprint()).toBe(before);
  });
});

describe('PUT /api/cards/:id.json', () => {
  it('edits one card, sanitizes it, moves updatedAt, and search follows', async () => {
    const [, , board] = await boardsOf('DataHarbor');
    const cardId = board.cards[0].id;
    const [old] = await rows<{ updated_at: Date }>(sql`SELECT updated_at FROM cards WHERE id = ${cardId}`);
    const res = await curator.put(`/api/cards/${cardId}.json`, {
      data: { name: 'Quixotrix objection', textHtml: '<p>new <a href="javascript:alert(1)">link</a></p>' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Quixotrix objection');
    expect(res.body.textHtml).toBe('<p>new <a>link</a></p>');
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(old.updated_at).getTime());
    expect(await searchIds(curator, 'Quixotrix')).toEqual([cardId]);
  });

  it('answers 404 to another company and 400 to a bad id', async () => {
    const [board] = await boardsOf('Lumenary');
    const before = await fingerprint();
    expect((await outsider.put(`/api/cards/${board.cards[0].id}.json`, { data: { name: 'Taken' } })).status).toBe(404);
    expect((await curator.put('/api/cards/abc.json', { data: { name: 'x' } })).status).toBe(400);
    expect((await curator.put(`/api/cards/${board.cards[0].id}.json`, { data: { name: '' } })).status).toBe(400);
    expect(await fingerprint()).toBe(before);
  });
});

describe('PUT /api/cards.json?v=2 (bulk)', () => {
  it('sets permissions and tags on several cards and returns them', async () => {
    const [board] = await boardsOf('Vantapoint');
    const ids = board.cards.slice(0, 3).map((c) => c.id);
    const tags = await rows<{ id: number }>(sql`SELECT id FROM tags WHERE company_id = ${nw} ORDER BY id LIMIT 2`);
    const res = await curator.put('/api/cards.json?v=2', {
      cardIds: ids,
      isDraft: false,
      allAccess: false,
      visibilityGroups: [executives],
      tags: tags.map((x) => x.id),
    });
    expect(res.status).toBe(200);
    expect((res.body as Card[]).map((c) => c.id)).toEqual(ids);
    for (const card of res.body as Card[]) {
      expect(card.visibilityMode).toBe(2);
      expect(card.visibilityGroups.map((g) => g.id)).toEqual([executives]);
      expect(card.tags.map((x) => x.id).sort()).toEqual(tags.map((x) => x.id).sort());
    }
    // Executives only: the seller (Sales) no longer sees them, in the API or in search.
    for (const id of ids) expect((await seller.get(`/api/cards/${id}.json`)).status).toBe(404);
    await t.search.indexer!.drain();
    const found = await seller.get(`/api/search.json?query=&lanes=${board.id}&size=50`);
    expect(found.body.results.map((r: { id: number }) => r.id).filter((id: number) => ids.includes(id))).toEqual([]);
  });

  it('moves cards to another lane after its last card; the same lane is refused', async () => {
    const [from, to] = await boardsOf('Oriel Data');
    const moving = from.cards.slice(0, 2).map((c) => c.id);
    const before = await fingerprint();
    const same = await curator.put('/api/cards.json?v=2', { cardIds: moving, boardId: from.id });
    expect(same.status).toBe(400);
    expect(same.body.details[0].field).toBe('boardId');
    expect(await fingerprint()).toBe(before);

    const lastOrder = Number(to.cards[to.cards.length - 1].viewOrder);
    const res = await curator.put('/api/cards.json?v=2', { cardIds: moving, boardId: to.id });
    expect(res.status).toBe(200);
    expect((res.body as Card[]).map((c) => [c.board.id, Number(c.viewOrder)])).toEqual([
      [to.id, Math.floor(lastOrder) + 1],
      [to.id, Math.floor(lastOrder) + 2],
    ]);
  });

  it('refuses an empty change, unknown cards and other companies’ cards', async () => {
    const [board] = await boardsOf('Lumenary');
    const before = await fingerprint();
    expect((await curator.put('/api/cards.json?v=2', { cardIds: [board.cards[0].id] })).status).toBe(400);
    expect((await curator.put('/api/cards.json?v=2', { cardIds: [], isDraft: true })).status).toBe(400);
    expect((await curator.put('/api/cards.json?v=2', { cardIds: [board.cards[0].id, 99999999], isDraft: true })).status).toBe(404);
    expect((await outsider.put('/api/cards.json?v=2', { cardIds: [board.cards[0].id], isDraft: true })).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });
});

describe('POST /api/cards/:id/duplicate.json', () => {
  it('places the copy between the card and its next sibling, or 0.5 after the last', async () => {
    const [board] = await boardsOf('Insightloom');
    const [first, second] = board.cards;
    const last = board.cards[board.cards.length - 1];
    const mid = await curator.post(`/api/cards/${first.id}/duplicate.json`);
    expect(mid.status).toBe(201);
    const [src] = await rows<{ name: string }>(sql`SELECT name FROM cards WHERE id = ${first.id}`);
    expect(mid.body.data.name).toBe(`${src.name} copy`);
    expect(Number(mid.body.viewOrder)).toBe((Number(first.viewOrder) + Number(second.viewOrder)) / 2);
    expect(mid.body.board.id).toBe(board.id);

    const end = await curator.post(`/api/cards/${last.id}/duplicate.json`);
    expect(Number(end.body.viewOrder)).toBe(Number(last.viewOrder) + 0.5);
    // The board now reads: first, its copy, second, ..., last, its copy.
    const order = (await boardsOf('Insightloom'))[0].cards.map((c) => c.id);
    expect(order[1]).toBe(mid.body.id);
    expect(order[2]).toBe(second.id);
    expect(order[order.length - 1]).toBe(end.body.id);
  });
});

describe('DELETE /api/cards', () => {
  it('deletes one card; search forgets it', async () => {
    const [board] = await boardsOf('Metricforge');
    const id = board.cards[0].id;
    const res = await curator.delete(`/api/cards/${id}.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedIds: [id], deletedBoardIds: [] });
    expect((await curator.get(`/api/cards/${id}.json`)).status).toBe(404);
    await t.search.indexer!.drain();
    const found = await curator.get(`/api/search.json?query=&lanes=${board.id}&size=50`);
    expect(found.body.results.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('deletes several cards and the board they leave empty', async () => {
    const boards = await boardsOf('Clearmetric');
    const emptied = boards[0];
    const other = boards[1];
    const ids = [...emptied.cards.map((c) => c.id), other.cards[0].id];
    const res = await curator.delete('/api/cards.json').send({ cardIds: ids });
    expect(res.status).toBe(200);
    expect(res.body.deletedIds.sort()).toEqual([...ids].sort());
    expect(res.body.deletedBoardIds).toEqual([emptied.id]);
    expect(await rows(sql`SELECT id FROM boards WHERE id = ${emptied.id}`)).toEqual([]);
    expect(await rows(sql`SELECT id FROM boards WHERE id = ${other.id}`)).toHaveLength(1);
  });

  it('deletes nothing when one id is unknown or another company’s', async () => {
    const [board] = await boardsOf('Lumenary');
    const before = await fingerprint();
    expect((await curator.delete('/api/cards.json').send({ cardIds: [board.cards[0].id, 99999999] })).status).toBe(404);
    expect((await outsider.delete(`/api/cards/${board.cards[0].id}.json`)).status).toBe(404);
    expect((await curator.delete('/api/cards.json').send({ cardIds: ['x'] })).status).toBe(400);
    expect(await fingerprint()).toBe(before);
  });
});
