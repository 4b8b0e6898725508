// Boards, rivals, rival groups, profiles and battlecards as curators change them, on the demo data:
// the hidden Scratchpad, rearranging cards (also into another lane at a position) and lanes, deleting a
// lane after moving its cards, rival creation (default lanes or a copy) with its job status,
// publishing, groups, the seller's rival list, and battlecards with their 8-card limit, profile check
// and the cached list's ETag. Sellers get 403 on every write; other companies' ids 404; nothing is
// written by a refused call.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { companyFingerprint } from '../helpers/routes.ts';
import { sqlReads } from '../helpers/db.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let curator: Session;
let seller: Session;
let outsider: Session;
let nw: number;
const { rows, one } = sqlReads(() => t.db);
const fingerprint = () => companyFingerprint(t.db, nw);
const rivalNamed = (name: string) =>
  one<{ id: number; profileId: number }>(sql`SELECT r.id, p.id AS "profileId" FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.name = ${name}`);

beforeAll(async () => {
  t = await testApp();
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
  nw = (await one<{ id: number }>(sql`SELECT id FROM companies WHERE name = 'Northwind Analytics'`)).id;
});
afterAll(() => t.drop());

describe('boards', () => {
  it('lists a rival’s boards without the Scratchpad, for curators too', async () => {
    const lumenary = await rivalNamed('Lumenary');
    const all = await rows<{ name: string }>(sql`SELECT name FROM boards WHERE profile_id = ${lumenary.profileId}`);
    expect(all.map((b) => b.name)).toContain('Scratchpad');
    for (const s of [curator, seller]) {
      const res = await s.get(`/api/rivals/${lumenary.id}/boards.json`);
      expect(res.status).toBe(200);
      expect(res.body.map((b: { name: string }) => b.name)).not.toContain('Scratchpad');
      expect(res.body).toHaveLength(all.length - 1);
    }
  });

  it('hides a draft rival’s boards from a seller and any rival from another company', async () => {
    const beaconly = await rivalNamed('Beaconly');
    expect((await seller.get(`/api/rivals/${beaconly.id}/boards.json`)).status).toBe(404);
    expect((await curator.get(`/api/rivals/${beaconly.id}/boards.json`)).status).toBe(200);
    expect((await outsider.get(`/api/rivals/${beaconly.id}/boards.json`)).status).toBe(404);
  });

  it('creates, renames and deletes a board; Scratchpad is a reserved name', async () => {
    const quantive = await rivalNamed('Quantive Labs');
    const created = await curator.post('/api/boards.json', { profileId: quantive.profileId, name: 'Partners' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Partners', profileId: quantive.profileId, cardsCount: 0 });
    const renamed = await curator.put(`/api/boards/${created.body.id}.json`, { name: 'Partner ecosystem', iconUrl: 'https://x.test/i.png' });
    expect(renamed.body).toMatchObject({ name: 'Partner ecosystem', iconUrl: 'https://x.test/i.png' });
    expect((await curator.put(`/api/boards/${created.body.id}.json`, { name: 'Partner Ecosystem' })).body.name).toBe('Partner Ecosystem');

    const before = await fingerprint();
    const reserved = await curator.post('/api/boards.json', { profileId: quantive.profileId, name: 'scratchpad' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.details[0].field).toBe('name');
    expect((await curator.post('/api/boards.json', { profileId: quantive.profileId, name: '' })).status).toBe(400);
    expect((await curator.put(`/api/boards/${created.body.id}.json`, { name: 'Scratchpad' })).status).toBe(400);
    // Lane names are unique in a profile, whatever the case.
    const twin = await curator.post('/api/boards.json', { profileId: quantive.profileId, name: ' partner ECOSYSTEM ' });
    expect(twin.status).toBe(400);
    expect(twin.body.details[0].field).toBe('name');
    const [pricing] = await rows<{ id: number }>(sql`SELECT id FROM boards WHERE profile_id = ${quantive.profileId} AND name = 'Pricing'`);
    expect((await curator.put(`/api/boards/${pricing.id}.json`, { name: 'Partner Ecosystem' })).body.details[0].field).toBe('name');
    expect((await seller.post('/api/boards.json', { profileId: quantive.profileId, name: 'Mine' })).status).toBe(403);
    expect((await outsider.post('/api/boards.json', { profileId: quantive.profileId, name: 'Planted' })).status).toBe(404);
    expect((await outsider.delete(`/api/boards/${created.body.id}.json`)).status).toBe(404);
    expect(await fingerprint()).toBe(before);

    const deleted = await curator.delete(`/api/boards/${created.body.id}.json`);
    expect(deleted.body).toEqual({ deletedIds: [created.body.id], movedCardIds: [] });
    expect(await rows(sql`SELECT id FROM boards WHERE id = ${created.body.id}`)).toEqual([]);
  });

  it('deletes several boards with their cards, all or none', async () => {
    const tessellate = await rivalNamed('Tessellate BI');
    const boards = await rows<{ id: number }>(sql`SELECT id FROM boards WHERE profile_id = ${tessellate.profileId} ORDER BY view_order LIMIT 2`);
    const ids = boards.map((b) => b.id);
    const before = await fingerprint();
    expect((await curator.delete('/api/boards.json').send({ boardIds: [...ids, 99999999] })).status).toBe(404);
    expect((await seller.delete('/api/boards.json').send({ boardIds: ids })).status).toBe(403);
    expect((await curator.delete('/api/boards.json').send({ boardIds: [] })).status).toBe(400);
    expect(await fingerprint()).toBe(before);
    const res = await curator.delete('/api/boards.json').send({ boardIds: ids });
    expect(res.body.deletedIds).toEqual([...ids].sort((a, b) => a - b));
    expect(await rows(sql`SELECT id FROM cards WHERE board_id = ANY(${sql.param(ids)}::int[])`)).toEqual([]);
  });

  it('rearranges a board’s cards to viewOrder 1..n', async () => {
    const chartwell = await rivalNamed('Chartwell Systems');
    const board = await one<{ id: number }>(sql`SELECT id FROM boards WHERE profile_id = ${chartwell.profileId} ORDER BY view_order LIMIT 1`);
    const cards = await rows<{ id: number }>(sql`SELECT id FROM cards WHERE board_id = ${board.id} ORDER BY view_order::numeric`);
    const reversed = cards.map((c) => c.id).reverse();
    const res = await curator.put(`/api/boards/${board.id}/cards/rearrange.json`, { cardIds: reversed });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual(reversed);
    expect(res.body.map((c: { viewOrder: string }) => c.viewOrder)).toEqual(reversed.map((_, i) => String(i + 1)));

    const stranger = await one<{ id: number }>(sql`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id <> ${chartwell.profileId} LIMIT 1`);
    const before = await fingerprint();
    const bad = await curator.put(`/api/boards/${board.id}/cards/rearrange.json`, { cardIds: [reversed[0], stranger.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('cardIds.1');
    expect((await seller.put(`/api/boards/${board.id}/cards/rearrange.json`, { cardIds: reversed })).status).toBe(403);
    expect(await fingerprint()).toBe(before);
  });
});

describe('lanes of a profile', () => {
  type Lane = { id: number; name: string; cards: number[] };
  /** The profile's lanes in order with their cards in order, as stored. */
  const lanesOf = (profileId: number) =>
    rows<Lane>(sql`SELECT b.id, b.name, coalesce((SELECT json_agg(c.id ORDER BY c.view_order::numeric, c.id) FROM cards c WHERE c.board_id = b.id), '[]') AS cards
      FROM boards b WHERE b.profile_id = ${profileId} AND b.name <> 'Scratchpad' ORDER BY b.view_order, b.id`);

  it('moves a card into another lane at a position in one request', async () => {
    const oriel = await rivalNamed('Oriel Data');
    const [a, b] = await lanesOf(oriel.profileId);
    const moved = b.cards[1];
    const wanted = [a.cards[0], moved, ...a.cards.slice(1)];
    const stampBefore = await one<{ t: string }>(sql`SELECT updated_at::text AS t FROM cards WHERE id = ${moved}`);
    const res = await curator.put(`/api/boards/${a.id}/cards/rearrange.json`, { cardIds: wanted });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual(wanted);
    expect(res.body.map((c: { viewOrder: string }) => c.viewOrder)).toEqual(wanted.map((_, i) => String(i + 1)));
    const [a2, b2] = await lanesOf(oriel.profileId);
    expect(a2.cards).toEqual(wanted);
    expect(b2.cards).toEqual(b.cards.filter((id) => id !== moved));
    expect(await one(sql`SELECT updated_at::text AS t FROM cards WHERE id = ${moved}`)).not.toEqual(stampBefore);
  });

  it('refuses to take in a card of another profile or of the Scratchpad, sellers and other companies', async () => {
    const lumenary = await rivalNamed('Lumenary');
    const [lane] = await lanesOf(lumenary.profileId);
    const note = await one<{ id: number }>(sql`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id = ${lumenary.profileId} AND b.name = 'Scratchpad' LIMIT 1`);
    const foreign = await one<{ id: number }>(sql`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id <> ${lumenary.profileId} LIMIT 1`);
    const url = `/api/boards/${lane.id}/cards/rearrange.json`;
    const before = await fingerprint();
    for (const stranger of [note.id, foreign.id]) {
      const res = await curator.put(url, { cardIds: [lane.cards[0], stranger] });
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toBe('cardIds.1');
    }
    expect((await seller.put(url, { cardIds: lane.cards })).status).toBe(403);
    expect((await outsider.put(url, { cardIds: lane.cards })).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });

  it('deletes a lane after moving its cards to the end of another lane of the profile', async () => {
    const vanta = await rivalNamed('Vantapoint');
    const [, from, , to] = await lanesOf(vanta.profileId);
    expect(from.cards.length).toBeGreaterThan(1);
    const res = await curator.delete(`/api/boards/${from.id}.json?moveCardsTo=${to.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedIds: [from.id], movedCardIds: [...from.cards].sort((x, y) => x - y) });
    const after = await lanesOf(vanta.profileId);
    expect(after.map((l) => l.id)).not.toContain(from.id);
    expect(after.find((l) => l.id === to.id)!.cards).toEqual([...to.cards, ...from.cards]);
  });

  it('refuses a move target that is the lane itself, another profile’s lane, the Scratchpad or malformed, writing nothing', async () => {
    const lumenary = await rivalNamed('Lumenary');
    const quantive = await rivalNamed('Quantive Labs');
    const [lane, other] = await lanesOf(lumenary.profileId);
    const [elsewhere] = await lanesOf(quantive.profileId);
    const scratchpad = await one<{ id: number }>(sql`SELECT id FROM boards WHERE profile_id = ${lumenary.profileId} AND name = 'Scratchpad'`);
    const before = await fingerprint();
    for (const target of [lane.id, elsewhere.id, scratchpad.id, 99999999, 'abc', '-1', '0']) {
      const res = await curator.delete(`/api/boards/${lane.id}.json?moveCardsTo=${target}`);
      expect(res.status, String(target)).toBe(400);
      expect(res.body.details[0].field).toBe('moveCardsTo');
    }
    expect((await seller.delete(`/api/boards/${lane.id}.json?moveCardsTo=${other.id}`)).status).toBe(403);
    expect((await outsider.delete(`/api/boards/${lane.id}.json?moveCardsTo=${other.id}`)).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });

  it('rearranges a profile’s lanes, which must be exactly its lanes', async () => {
    const chartwell = await rivalNamed('Chartwell Systems');
    const quantive = await rivalNamed('Quantive Labs');
    const lanes = (await lanesOf(chartwell.profileId)).map((l) => l.id);
    const reversed = [...lanes].reverse();
    const url = `/api/profiles/${chartwell.profileId}/boards/rearrange.json`;
    const res = await curator.put(url, { boardIds: reversed });
    expect(res.status).toBe(200);
    expect(res.body.map((b: { id: number }) => b.id)).toEqual(reversed);
    expect((await lanesOf(chartwell.profileId)).map((l) => l.id)).toEqual(reversed);
    expect((await seller.get(`/api/profiles/${chartwell.profileId}.json`)).body.boards.map((b: { id: number }) => b.id)).toEqual(reversed);

    const [foreign] = await lanesOf(quantive.profileId);
    const before = await fingerprint();
    const refusals: [object, string][] = [
      [{ boardIds: reversed.slice(1) }, 'boardIds'],
      [{ boardIds: [...reversed, foreign.id] }, `boardIds.${reversed.length}`],
      [{ boardIds: [...reversed, reversed[0]] }, 'boardIds'],
      [{ boardIds: [] }, 'boardIds'],
      [{ boardIds: [reversed[0], -3] }, 'boardIds.1'],
      [{ boardIds: reversed, extra: 1 }, 'body'],
    ];
    for (const [body, field] of refusals) {
      const bad = await curator.put(url, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.details[0].field).toBe(field);
    }
    expect((await seller.put(url, { boardIds: lanes })).status).toBe(403);
    expect((await outsider.put(url, { boardIds: lanes })).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });
});

describe('rivals, groups and profiles', () => {
  it('creates a draft rival with default lanes and a completed job', async () => {
    const res = await curator.post('/api/rivals.json', { name: 'Nimbus Charts', category: 'company', url: 'https://nimbus.test' });
    expect(res.status).toBe(201);
    const { id, statusId, profile } = res.body;
    const job = await curator.get(`/api/job_statuses/${statusId}.json`);
    expect(job.status).toBe(200);
    expect(job.body.completedAt).not.toBeNull();
    expect(job.body.id).toBe(statusId);
    const boards = await curator.get(`/api/rivals/${id}/boards.json`);
    expect(boards.body.map((b: { name: string }) => b.name)).toEqual(['Overview', 'Pricing', 'Product', 'Strengths & Weaknesses', 'Objection Handling', 'News']);
    expect((await curator.get(`/api/profiles/${profile.id}.json`)).status).toBe(200);
    // A draft: sellers do not see it until it is published.
    expect((await seller.get(`/api/profiles/${profile.id}.json`)).status).toBe(404);
    expect((await seller.get('/api/seller_rivals.json')).body.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await outsider.get(`/api/job_statuses/${statusId}.json`)).status).toBe(404);

    const published = await curator.put(`/api/profiles/${profile.id}`, { isDraft: false });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id: profile.id, isDraft: false, rivalId: id, name: 'Nimbus Charts' });
    expect((await seller.get('/api/seller_rivals.json')).body.map((r: { id: number }) => r.id)).toContain(id);
    const product = await one<{ id: number }>(sql`SELECT pr.id FROM products pr JOIN organizations o ON o.id = pr.organization_id WHERE o.is_own_organization ORDER BY pr.id LIMIT 1`);
    const unpublished = await curator.put(`/api/profiles/${profile.id}.json`, { isDraft: true, products: [product.id], imageUrl: 'https://nimbus.test/logo.png' });
    expect(unpublished.body).toMatchObject({ isDraft: true, products: [product.id], imageUrl: 'https://nimbus.test/logo.png' });
    expect(await one(sql`SELECT is_draft FROM rivals WHERE id = ${id}`)).toEqual({ is_draft: true });
  });

  it('creates a rival with no boards when copyFromId is 0 (no template)', async () => {
    const res = await curator.post('/api/rivals.json', { name: 'Blank Slate', copyFromId: 0 });
    expect(res.status).toBe(201);
    expect(await one(sql`SELECT count(*)::int AS n FROM boards WHERE profile_id = ${res.body.profile.id}`)).toEqual({ n: 0 });
  });

  it('copies the boards and cards of another profile', async () => {
    const source = await rivalNamed('Insightloom');
    const res = await curator.post('/api/rivals.json', { name: 'Insightloom Clone', copyFromId: source.profileId });
    expect(res.status).toBe(201);
    const count = (profileId: number) =>
      one<{ boards: number; cards: number; tags: number }>(sql`SELECT
        (SELECT count(*) FROM boards WHERE profile_id = ${profileId} AND name <> 'Scratchpad')::int AS boards,
        (SELECT count(*) FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id = ${profileId} AND b.name <> 'Scratchpad')::int AS cards,
        (SELECT count(*) FROM card_tags ct JOIN cards c ON c.id = ct.card_id JOIN boards b ON b.id = c.board_id WHERE b.profile_id = ${profileId} AND b.name <> 'Scratchpad')::int AS tags`);
    const original = await count(source.profileId);
    expect(original.cards).toBeGreaterThan(0);
    expect(await count(res.body.profile.id)).toEqual(original);
  });

  it('refuses bad rival input, sellers and other companies, writing nothing', async () => {
    const lumenary = await rivalNamed('Lumenary');
    const before = await fingerprint();
    expect((await curator.post('/api/rivals.json', { name: '' })).status).toBe(400);
    expect((await curator.post('/api/rivals.json', { name: 'X', url: 'nimbus.test' })).body.details[0].field).toBe('url');
    expect((await curator.post('/api/rivals.json', { name: 'X', category: 'vendor' })).status).toBe(400);
    expect((await curator.post('/api/rivals.json', { name: 'X', copyFromId: 99999999 })).status).toBe(404);
    expect((await seller.post('/api/rivals.json', { name: 'X' })).status).toBe(403);
    expect((await seller.delete(`/api/rivals/${lumenary.id}`)).status).toBe(403);
    expect((await outsider.delete(`/api/rivals/${lumenary.id}`)).status).toBe(404);
    expect((await seller.put(`/api/profiles/${lumenary.profileId}`, { isDraft: true })).status).toBe(403);
    expect((await outsider.put(`/api/profiles/${lumenary.profileId}`, { isDraft: true })).status).toBe(404);
    expect((await curator.put(`/api/profiles/${lumenary.profileId}`, {})).status).toBe(400);
    expect((await curator.put(`/api/profiles/${lumenary.profileId}`, { isDraft: 'no' })).body.details[0].field).toBe('isDraft');
    expect(await fingerprint()).toBe(before);
  });

  it('adds rivals to and removes them from a group', async () => {
    const group = await one<{ id: number }>(sql`SELECT id FROM rival_groups WHERE company_id = ${nw} ORDER BY id LIMIT 1`);
    const outside = await one<{ id: number }>(sql`SELECT r.id FROM rivals r WHERE r.company_id = ${nw} AND NOT r.is_draft
      AND NOT EXISTS (SELECT 1 FROM rival_group_members m WHERE m.rival_id = r.id AND m.rival_group_id = ${group.id}) LIMIT 1`);
    const inside = await one<{ id: number }>(sql`SELECT rival_id AS id FROM rival_group_members WHERE rival_group_id = ${group.id} ORDER BY view_order LIMIT 1`);
    const res = await curator.put(`/api/rival_groups/${group.id}`, { addRivals: [outside.id], removeRivals: [inside.id] });
    expect(res.status).toBe(200);
    expect(res.body.rivals).toContain(outside.id);
    expect(res.body.rivals).not.toContain(inside.id);
    expect(res.body.rivals[res.body.rivals.length - 1]).toBe(outside.id);

    const before = await fingerprint();
    expect((await curator.put(`/api/rival_groups/${group.id}.json`, { addRivals: [99999999] })).body.details[0].field).toBe('addRivals');
    expect((await seller.put(`/api/rival_groups/${group.id}`, { removeRivals: [outside.id] })).status).toBe(403);
    expect((await outsider.put(`/api/rival_groups/${group.id}`, { removeRivals: [outside.id] })).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });

  it('deletes a rival with everything on it', async () => {
    const created = await curator.post('/api/rivals.json', { name: 'Short-lived' });
    const res = await curator.delete(`/api/rivals/${created.body.id}.json`);
    expect(res.status).toBe(200);
    expect(await rows(sql`SELECT id FROM profiles WHERE id = ${created.body.profile.id}`)).toEqual([]);
    expect((await curator.delete(`/api/rivals/${created.body.id}`)).status).toBe(404);
  });
});

describe('battlecards', () => {
  const cardsOfProfile = (profileId: number, n: number) =>
    rows<{ id: number }>(sql`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id
      WHERE b.profile_id = ${profileId} AND b.name <> 'Scratchpad' AND c.all_access AND NOT c.is_draft ORDER BY c.id LIMIT ${n}`).then((r) => r.map((c) => c.id));

  it('creates, updates and deletes a battlecard on a profile', async () => {
    const vanta = await rivalNamed('Vantapoint');
    const ids = await cardsOfProfile(vanta.profileId, 8);
    expect(ids).toHaveLength(8);
    const res = await curator.post(`/api/profiles/${vanta.profileId}/battlecards.json`, { title: '  Vantapoint quick hits  ', cardData: { desktop: ids } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Vantapoint quick hits', layout: 'stacker', profile: { id: vanta.profileId }, isDraft: false });
    expect(res.body.cards).toEqual({ desktop: ids, tablet: ids, mobile: ids });
    expect(Object.keys(res.body.cardTitles)).toHaveLength(8);

    const updated = await curator.put(`/api/battlecards/${res.body.id}.json`, { title: 'Renamed', cardData: { mobile: ids.slice(0, 2) } });
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('Renamed');
    expect(updated.body.cards).toEqual({ desktop: ids, tablet: ids, mobile: ids.slice(0, 2) });

    const mobile = await seller.get(`/api/battlecards/${res.body.id}/cards.json?v=2&battlecardType=mobile`);
    expect(mobile.status).toBe(200);
    expect(mobile.body.cards.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 2));
    const some = await seller.get(`/api/battlecards/${res.body.id}/cards.json?v=2&cardIds=${ids[3]},${ids[5]}`);
    expect(some.body.cards.map((c: { id: number }) => c.id)).toEqual([ids[3], ids[5]]);
    expect((await seller.get(`/api/battlecards/${res.body.id}/cards.json?battlecardType=watch`)).status).toBe(400);

    expect((await curator.delete(`/api/battlecards/${res.body.id}.json`)).body).toEqual({ id: res.body.id });
    expect((await curator.get(`/api/battlecards/${res.body.id}/cards.json`)).status).toBe(404);
  });

  it('refuses a 9th card, an empty title, a card of another profile, sellers and other companies', async () => {
    const vanta = await rivalNamed('Vantapoint');
    const oriel = await rivalNamed('Oriel Data');
    const nine = await rows<{ id: number }>(sql`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id
      WHERE b.profile_id = ${vanta.profileId} AND b.name <> 'Scratchpad' ORDER BY c.id LIMIT 9`).then((r) => r.map((c) => c.id));
    const foreign = await cardsOfProfile(oriel.profileId, 1);
    const existing = await one<{ id: number }>(sql`SELECT id FROM battlecards WHERE profile_id = ${vanta.profileId} ORDER BY id LIMIT 1`);
    const url = `/api/profiles/${vanta.profileId}/battlecards.json`;
    const before = await fingerprint();
    const tooMany = await curator.post(url, { title: 'Big', cardData: { desktop: nine } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details[0].field).toBe('cardData.desktop');
    expect((await curator.put(`/api/battlecards/${existing.id}.json`, { cardData: { tablet: nine } })).body.details[0].field).toBe('cardData.tablet');
    expect((await curator.post(url, { title: '   ', cardData: { desktop: [] } })).body.details[0].field).toBe('title');
    const stranger = await curator.post(url, { title: 'Mixed', cardData: { desktop: [nine[0], foreign[0]] } });
    expect(stranger.status).toBe(400);
    expect(stranger.body.details[0].field).toBe('cardData.desktop');
    expect((await curator.post(url, { title: 'Twice', cardData: { desktop: [nine[0], nine[0]] } })).status).toBe(400);
    expect((await seller.post(url, { title: 'Mine', cardData: { desktop: [] } })).status).toBe(403);
    expect((await seller.put(`/api/battlecards/${existing.id}.json`, { title: 'Mine' })).status).toBe(403);
    expect((await seller.delete(`/api/battlecards/${existing.id}.json`)).status).toBe(403);
    expect((await outsider.post(url, { title: 'Planted' })).status).toBe(404);
    expect((await outsider.put(`/api/battlecards/${existing.id}.json`, { title: 'Taken' })).status).toBe(404);
    expect((await outsider.delete(`/api/battlecards/${existing.id}.json`)).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });

  it('serves the list with a private 300 s cache and an ETag that changes with any battlecard or card edit', async () => {
    const first = await seller.get('/api/battlecards.json');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.body.every((b: { isDraft: boolean }) => !b.isDraft)).toBe(true);
    expect((await seller.get('/api/battlecards.json').set('If-None-Match', etag)).status).toBe(304);

    // A card on a battlecard is edited: its text does not show in the list, yet the ETag moves.
    const bc = first.body[0] as { id: number; cards: { desktop: number[] } };
    const cardId = bc.cards.desktop[0];
    expect((await curator.put(`/api/cards/${cardId}.json`, { data: { textHtml: '<p>edited</p>' } })).status).toBe(200);
    const afterCard = await seller.get('/api/battlecards.json').set('If-None-Match', etag);
    expect(afterCard.status).toBe(200);
    const etag2 = afterCard.headers.etag as string;
    expect(etag2).not.toBe(etag);

    // A battlecard is renamed.
    expect((await curator.put(`/api/battlecards/${bc.id}.json`, { title: 'Fresh title' })).status).toBe(200);
    const afterBattlecard = await seller.get('/api/battlecards.json').set('If-None-Match', etag2);
    expect(afterBattlecard.status).toBe(200);
    expect(afterBattlecard.body.find((b: { id: number }) => b.id === bc.id).title).toBe('Fresh title');
    expect((await seller.get('/api/battlecards.json').set('If-None-Match', afterBattlecard.headers.etag)).status).toBe(304);
  });

  it('lists only cards the viewer may see on each battlecard', async () => {
    const curatorList = (await curator.get('/api/battlecards.json')).body as { id: number; cards: { desktop: number[] } }[];
    const sellerList = (await seller.get('/api/battlecards.json')).body as { id: number; cards: { desktop: number[] }; cardTitles: Record<string, string> }[];
    expect(curatorList.length).toBeGreaterThan(sellerList.length);
    const drafts = new Set((await rows<{ id: number }>(sql`SELECT id FROM cards WHERE is_draft`)).map((r) => r.id));
    const bc = sellerList[0];
    const ids = await rows<{ id: number }>(sql`SELECT c.id FROM cards c WHERE c.id = ANY(${sql.param(bc.cards.desktop)}::int[])`);
    expect(ids).toHaveLength(bc.cards.desktop.length);
    for (const b of sellerList) {
      for (const id of b.cards.desktop) expect(drafts.has(id)).toBe(false);
      expect(Object.keys(b.cardTitles).map(Number).sort()).toEqual([...new Set(b.cards.desktop)].sort());
    }
  });
});
