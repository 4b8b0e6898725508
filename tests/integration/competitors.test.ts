// GET /api/rivals.json, /api/rival_groups.json, /api/profiles/{id}.json, /api/boards/{id}/cards.json,
// /api/battlecards/{id}/cards.json on the demo data: what a seller and a curator see, counts that match
// the cards returned, the hidden Scratchpad, other companies' ids, and bad parameters.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
type Rival = { id: number; name: string; profileId: number; isDraft: boolean; cardsCount: number; battlecardsCount: number; createdAt: string };
type Card = { id: number; isDraft: boolean; allAccess: boolean; viewOrder: string; data: { name: string }; tags: { id: number; name: string }[] };
type Profile = { id: number; rivalId: number; boards: { id: number; name: string; cardsCount: number }[]; battlecards: { id: number; isDraft: boolean }[] };

let t: TestApp;
let curator: Session;
let seller: Session;
let outsider: Session;
const { rows } = sqlReads(() => t.db);

beforeAll(async () => {
  t = await testApp();
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
});
afterAll(() => t.drop());

/** Card ids only Executives (and curators) may see. */
const executivesOnly = () =>
  rows<{ id: number }>(sql`SELECT c.id FROM cards c WHERE NOT c.is_draft AND NOT c.all_access
    AND NOT EXISTS (SELECT 1 FROM card_visibility_groups g JOIN visibility_groups v ON v.id = g.visibility_group_id
                    WHERE g.card_id = c.id AND v.name <> 'Executives')
    AND EXISTS (SELECT 1 FROM card_visibility_groups g WHERE g.card_id = c.id)`).then((r) => new Set(r.map((x) => x.id)));

async function allCardsOf(s: Session, profileId: number): Promise<{ profile: Profile; cards: Card[] }> {
  const res = await s.get(`/api/profiles/${profileId}.json`);
  expect(res.status).toBe(200);
  const profile = res.body as Profile;
  const cards: Card[] = [];
  for (const board of profile.boards) {
    const b = await s.get(`/api/boards/${board.id}/cards.json`);
    expect(b.status).toBe(200);
    expect(b.body).toHaveLength(board.cardsCount);
    cards.push(...b.body);
  }
  return { profile, cards };
}

describe('GET /api/rivals.json', () => {
  it('gives a seller every published rival and never a draft or template', async () => {
    const res = await seller.get('/api/rivals.json');
    expect(res.status).toBe(200);
    const list = res.body as Rival[];
    const db = await rows<{ id: number; is_draft: boolean; is_template: boolean }>(
      sql`SELECT id, is_draft, is_template FROM rivals WHERE company_id = (SELECT company_id FROM users WHERE email = 'seller@demo.test')`,
    );
    const published = db.filter((r) => !r.is_draft && !r.is_template).map((r) => r.id);
    expect(db.some((r) => r.is_draft)).toBe(true);
    expect(list.map((r) => r.id).sort((a, b) => a - b)).toEqual(published.sort((a, b) => a - b));
    expect(list.every((r) => !r.isDraft)).toBe(true);
    // Sorted alphabetically by default.
    const names = list.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('gives a curator draft rivals too', async () => {
    const list = (await curator.get('/api/rivals.json')).body as Rival[];
    expect(list.some((r) => r.isDraft)).toBe(true);
    expect(list.length).toBeGreaterThan((await seller.get('/api/rivals.json')).body.length);
  });

  it('counts exactly the cards and battlecards the viewer gets', async () => {
    for (const s of [seller, curator]) {
      const list = (await s.get('/api/rivals.json')).body as Rival[];
      for (const rival of list.slice(0, 3)) {
        const { profile, cards } = await allCardsOf(s, rival.profileId);
        expect(cards).toHaveLength(rival.cardsCount);
        expect(profile.battlecards).toHaveLength(rival.battlecardsCount);
      }
    }
  });

  it('orders, pages, filters by group and trims with minimal', async () => {
    const all = (await seller.get('/api/rivals.json')).body as Rival[];
    const rev = (await seller.get('/api/rivals.json?order=alpha-rev')).body as Rival[];
    expect(rev.map((r) => r.id)).toEqual([...all].reverse().map((r) => r.id));
    const byCards = (await seller.get('/api/rivals.json?order=cards')).body as Rival[];
    for (let i = 1; i < byCards.length; i++) expect(byCards[i - 1].cardsCount).toBeGreaterThanOrEqual(byCards[i].cardsCount);
    const created = (await seller.get('/api/rivals.json?order=created')).body as Rival[];
    for (let i = 1; i < created.length; i++) expect(created[i - 1].createdAt <= created[i].createdAt).toBe(true);
    const page2 = (await seller.get('/api/rivals.json?page=2&limit=3')).body as Rival[];
    expect(page2.map((r) => r.id)).toEqual(all.slice(3, 6).map((r) => r.id));
    const minimal = (await seller.get('/api/rivals.json?minimal=true')).body as Rival[];
    expect(minimal[0]).not.toHaveProperty('cardsCount');
    expect((await seller.get('/api/rivals.json?minimal=true&cardsCount=true')).body[0]).toHaveProperty('cardsCount');

    const groups = (await seller.get('/api/rival_groups.json')).body as { id: number; rivals: number[] }[];
    expect(groups.length).toBeGreaterThan(0);
    const g = groups[0];
    const inGroup = (await seller.get(`/api/rivals.json?rivalGroupId=${g.id}`)).body as Rival[];
    expect(inGroup.map((r) => r.id).sort()).toEqual([...g.rivals].sort());
  });

  it('answers 400 naming the field for bad parameters', async () => {
    for (const [q, field] of [
      ['limit=0', 'limit'],
      ['limit=10001', 'limit'],
      ['limit=abc', 'limit'],
      ['page=0', 'page'],
      ['order=random', 'order'],
      ['minimal=maybe', 'minimal'],
      ['rivalGroupId=-1', 'rivalGroupId'],
      ['rivalGroupId[]=1', 'rivalGroupId'],
    ]) {
      const res = await seller.get(`/api/rivals.json?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toContain(field);
    }
  });

  it('answers 404 for another company’s rival group and lists nothing of Northwind to an outsider', async () => {
    const groups = (await curator.get('/api/rival_groups.json')).body as { id: number }[];
    expect((await outsider.get(`/api/rivals.json?rivalGroupId=${groups[0].id}`)).status).toBe(404);
    expect((await outsider.get('/api/rivals.json')).body).toEqual([]);
    expect((await outsider.get('/api/rival_groups.json')).body).toEqual([]);
  });
});

describe('GET /api/rival_groups.json', () => {
  it('lists groups in view order with only the rivals the viewer may see', async () => {
    const res = await seller.get('/api/rival_groups.json');
    expect(res.status).toBe(200);
    const orders = (res.body as { viewOrder: number }[]).map((g) => g.viewOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const visible = new Set(((await seller.get('/api/rivals.json')).body as Rival[]).map((r) => r.id));
    for (const g of res.body as { rivals: number[] }[]) for (const id of g.rivals) expect(visible.has(id)).toBe(true);
  });
});

describe('profiles, boards and battlecards', () => {
  it('never gives a seller draft cards, Executives-only cards or draft battlecards', async () => {
    const execOnly = await executivesOnly();
    expect(execOnly.size).toBeGreaterThan(0);
    const list = (await seller.get('/api/rivals.json')).body as Rival[];
    let total = 0;
    for (const rival of list) {
      const { profile, cards } = await allCardsOf(seller, rival.profileId);
      total += cards.length;
      expect(cards.filter((c) => c.isDraft)).toEqual([]);
      expect(cards.filter((c) => execOnly.has(c.id))).toEqual([]);
      expect(profile.battlecards.filter((b) => b.isDraft)).toEqual([]);
    }
    expect(total).toBeGreaterThan(0);
  });

  it('orders a board’s cards by numeric viewOrder and gives curators the drafts', async () => {
    const [board] = await rows<{ id: number; n: number }>(
      sql`SELECT b.id, count(c.id)::int AS n FROM boards b JOIN cards c ON c.board_id = b.id
          WHERE b.name <> 'Scratchpad' AND EXISTS (SELECT 1 FROM cards d WHERE d.board_id = b.id AND d.is_draft)
          GROUP BY b.id ORDER BY b.id LIMIT 1`,
    );
    const cards = (await curator.get(`/api/boards/${board.id}/cards.json`)).body as Card[];
    expect(cards).toHaveLength(board.n);
    expect(cards.some((c) => c.isDraft)).toBe(true);
    const orders = cards.map((c) => Number(c.viewOrder));
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const sellerCards = (await seller.get(`/api/boards/${board.id}/cards.json`)).body as Card[];
    expect(sellerCards.some((c) => c.isDraft)).toBe(false);
  });

  it('hides the Scratchpad board from curators and consumers', async () => {
    const pads = await rows<{ id: number; profile_id: number }>(sql`SELECT id, profile_id FROM boards WHERE name = 'Scratchpad'`);
    expect(pads.length).toBeGreaterThan(0);
    for (const s of [curator, seller]) {
      for (const pad of pads) {
        const res = await s.get(`/api/profiles/${pad.profile_id}.json`);
        if (res.status === 200) expect(res.body.boards.map((b: { name: string }) => b.name)).not.toContain('Scratchpad');
        expect((await s.get(`/api/boards/${pad.id}/cards.json`)).status).toBe(404);
      }
    }
  });

  it('hides a draft rival’s profile from a seller but not from a curator', async () => {
    const [draft] = await rows<{ profile_id: number; board_id: number }>(
      sql`SELECT p.id AS profile_id, (SELECT min(b.id) FROM boards b WHERE b.profile_id = p.id) AS board_id
          FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.is_draft LIMIT 1`,
    );
    expect((await seller.get(`/api/profiles/${draft.profile_id}.json`)).status).toBe(404);
    expect((await seller.get(`/api/boards/${draft.board_id}/cards.json`)).status).toBe(404);
    expect((await curator.get(`/api/profiles/${draft.profile_id}.json`)).status).toBe(200);
  });

  it('gives a battlecard with at most 8 visible cards in desktop order', async () => {
    const bcs = await rows<{ id: number; is_draft: boolean; desktop: number[] }>(
      sql`SELECT b.id, b.is_draft, b.cards->'desktop' AS desktop FROM battlecards b
          JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id WHERE NOT r.is_draft ORDER BY b.id`,
    );
    const execOnly = await executivesOnly();
    const published = bcs.filter((b) => !b.is_draft);
    expect(published.length).toBeGreaterThan(0);
    for (const bc of published) {
      const res = await seller.get(`/api/battlecards/${bc.id}/cards.json`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: bc.id, layout: expect.any(String), profile: { id: expect.any(Number) } });
      const ids = (res.body.cards as Card[]).map((c) => c.id);
      expect(ids.length).toBeLessThanOrEqual(8);
      expect(ids).toEqual(bc.desktop.slice(0, 8).filter((id) => ids.includes(id)));
      expect((res.body.cards as Card[]).filter((c) => c.isDraft || execOnly.has(c.id))).toEqual([]);
    }
    const draft = bcs.find((b) => b.is_draft);
    if (draft) {
      expect((await seller.get(`/api/battlecards/${draft.id}/cards.json`)).status).toBe(404);
      expect((await curator.get(`/api/battlecards/${draft.id}/cards.json`)).status).toBe(200);
    }
  });

  it('answers 404 for unknown ids and other companies’ ids, 400 for malformed ones', async () => {
    const rival = ((await curator.get('/api/rivals.json')).body as Rival[])[0];
    const profile = (await curator.get(`/api/profiles/${rival.profileId}.json`)).body as Profile;
    const [bc] = await rows<{ id: number }>(sql`SELECT id FROM battlecards ORDER BY id LIMIT 1`);
    for (const url of [`/api/profiles/${profile.id}.json`, `/api/boards/${profile.boards[0].id}/cards.json`, `/api/battlecards/${bc.id}/cards.json`]) {
      const res = await outsider.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.error, url).toMatch(/not found/);
    }
    for (const url of ['/api/profiles/999999.json', '/api/boards/999999/cards.json', '/api/battlecards/999999/cards.json']) {
      expect((await seller.get(url)).status, url).toBe(404);
    }
    for (const url of ['/api/profiles/0.json', '/api/profiles/abc.json', '/api/boards/-1/cards.json', '/api/battlecards/1.5/cards.json']) {
      const res = await seller.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toContain('id');
    }
    expect((await seller.get(`/api/profiles/${profile.id}.json?previewing=x`)).status).toBe(400);
  });
});
