// Copying one profile into another (POST /api/profiles/{profileId}.json, part 3 §7.4) on the demo data:
// lanes, cards with their visibility, tags and sources, and battlecards pointing at the copies; lanes
// the target already has take the cards after their own; the copies reach search with the visibility
// they were given. Sellers get 403, other companies' ids 404, bad bodies 400 naming the field, and a
// refused call writes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';
import { companyFingerprint } from '../helpers/routes.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let curator: Session;
let seller: Session;
let outsider: Session;
let nw: number;
const { rows, one } = sqlReads(() => t.db);
const fingerprint = () => companyFingerprint(t.db, nw);
const profileOf = (rivalName: string) =>
  one<{ id: number; rivalId: number }>(sql`SELECT p.id, r.id AS "rivalId" FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.name = ${rivalName}`);

/** Everything a copy must keep of a card, per lane in order, without ids. */
const cardsOf = (profileId: number) =>
  rows<{ lane: string; name: string; textHtml: string; isDraft: boolean; allAccess: boolean; groups: string[]; tags: string[]; sources: string[] }>(sql`
    SELECT b.name AS lane, c.name, c.text_html AS "textHtml", c.is_draft AS "isDraft", c.all_access AS "allAccess",
      array(SELECT g.name FROM card_visibility_groups cg JOIN visibility_groups g ON g.id = cg.visibility_group_id WHERE cg.card_id = c.id ORDER BY g.name) AS groups,
      array(SELECT tg.name FROM card_tags ct JOIN tags tg ON tg.id = ct.tag_id WHERE ct.card_id = c.id ORDER BY tg.name) AS tags,
      array(SELECT s.permalink FROM card_sources s WHERE s.card_id = c.id ORDER BY s.permalink) AS sources
    FROM cards c JOIN boards b ON b.id = c.board_id
    WHERE b.profile_id = ${profileId} AND b.name <> 'Scratchpad'
    ORDER BY b.view_order, b.id, c.view_order::numeric, c.id`);
const laneNames = (profileId: number) =>
  rows<{ name: string }>(sql`SELECT name FROM boards WHERE profile_id = ${profileId} AND name <> 'Scratchpad' ORDER BY view_order, id`).then((r) => r.map((b) => b.name));

async function newRival(name: string, body: object = {}) {
  const res = await curator.post('/api/rivals.json', { name, ...body });
  expect(res.status).toBe(201);
  return { rivalId: res.body.id as number, profileId: res.body.profile.id as number };
}

/** Names of the cards a session finds on a rival, once the indexer has caught up. */
async function foundOn(s: Session, rivalId: number): Promise<string[]> {
  await t.search.indexer!.drain();
  const res = await s.get(`/api/search.json?query=&rivals=${rivalId}&size=100`);
  expect(res.status).toBe(200);
  return res.body.results.map((r: { data: { name: string } }) => r.data.name).sort();
}

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
  nw = await northwindId(t.db);
});
afterAll(() => t.drop());

describe('profile clone', () => {
  it('copies lanes, cards with visibility, tags and sources, and battlecards into a profile with no lanes', async () => {
    const source = await profileOf('Lumenary');
    const target = await newRival('Lumenary Twin', { copyFromId: 0 });
    const original = await cardsOf(source.id);
    const battlecards = await rows<{ title: string; cards: Record<string, number[]> }>(
      sql`SELECT title, cards FROM battlecards WHERE profile_id = ${source.id} ORDER BY view_order, id`,
    );
    expect(original.some((c) => c.isDraft) && original.some((c) => c.groups.length > 0) && original.some((c) => c.sources.length > 0)).toBe(true);
    expect(battlecards.length).toBeGreaterThan(0);

    const res = await curator.post(`/api/profiles/${target.profileId}.json`, { id: source.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cardsCount: original.length, battlecardsCount: battlecards.length, boardsCount: (await laneNames(source.id)).length });
    expect(await laneNames(target.profileId)).toEqual(await laneNames(source.id));
    expect(await cardsOf(target.profileId)).toEqual(original);

    // Each copied battlecard lists the copies of its cards, in the same places.
    const nameOf = async (ids: number[]) =>
      (await rows<{ id: number; name: string; profileId: number }>(sql`SELECT c.id, c.name, b.profile_id AS "profileId" FROM cards c JOIN boards b ON b.id = c.board_id WHERE c.id = ANY(${sql.param(ids)}::int[])`));
    const copies = await rows<{ title: string; cards: Record<string, number[]> }>(sql`SELECT title, cards FROM battlecards WHERE profile_id = ${target.profileId} ORDER BY view_order, id`);
    expect(copies.map((b) => b.title)).toEqual(battlecards.map((b) => b.title));
    for (const [i, copy] of copies.entries()) {
      const was = await nameOf(battlecards[i].cards.desktop);
      const now = await nameOf(copy.cards.desktop);
      expect(now.every((c) => c.profileId === target.profileId)).toBe(true);
      const names = (list: { id: number; name: string }[], ids: number[]) => ids.map((id) => list.find((c) => c.id === id)!.name);
      expect(names(now, copy.cards.desktop)).toEqual(names(was, battlecards[i].cards.desktop));
    }
    // The Scratchpad stays behind.
    expect(await rows(sql`SELECT id FROM boards WHERE profile_id = ${target.profileId} AND name = 'Scratchpad'`)).toEqual([]);
  });

  it('reaches search with the visibility each copy was given', async () => {
    const source = await profileOf('Quantive Labs');
    const target = await newRival('Quantive Twin', { copyFromId: 0 });
    expect((await curator.put(`/api/profiles/${target.profileId}`, { isDraft: false })).status).toBe(200);
    expect((await curator.post(`/api/profiles/${target.profileId}.json`, { id: source.id, battlecards: false })).status).toBe(200);

    const everything = (await cardsOf(target.profileId)).map((c) => c.name).sort();
    const sellerSees = await foundOn(seller, target.rivalId);
    // The seller finds exactly what they find on the original, which is less than everything (drafts, other groups).
    expect(sellerSees).toEqual(await foundOn(seller, source.rivalId));
    expect(sellerSees.length).toBeGreaterThan(0);
    expect(sellerSees.length).toBeLessThan(everything.length);
    expect(await foundOn(curator, target.rivalId)).toEqual(everything);
  });

  it('pours cards into lanes of the same name after their own cards, and adds the other lanes', async () => {
    const source = await profileOf('Oriel Data');
    const target = await newRival('Oriel Neighbour');
    const [first] = await rows<{ id: number; name: string }>(sql`SELECT id, name FROM boards WHERE profile_id = ${target.profileId} ORDER BY view_order LIMIT 1`);
    const own = await curator.post('/api/cards.json?v=2', { data: { name: 'Our own first card', textHtml: '<p>ours</p>' }, boardId: first.id });
    expect(own.status).toBe(201);
    const extra = await curator.post('/api/boards.json', { profileId: source.id, name: 'Partner ecosystem' });
    await curator.post('/api/cards.json?v=2', { data: { name: 'Partner card', textHtml: '<p>p</p>' }, boardId: extra.body.id });
    const lanesBefore = await laneNames(target.profileId);

    const res = await curator.post(`/api/profiles/${target.profileId}.json`, { id: source.id });
    expect(res.status).toBe(200);
    expect(res.body.boardsCount).toBe(1);
    expect(res.body.cardsCount).toBe((await cardsOf(source.id)).length);
    expect(await laneNames(target.profileId)).toEqual([...lanesBefore, 'Partner ecosystem']);
    const lane = await rows<{ name: string; viewOrder: string }>(
      sql`SELECT name, view_order AS "viewOrder" FROM cards WHERE board_id = ${first.id} ORDER BY view_order::numeric, id`,
    );
    expect(lane[0].name).toBe('Our own first card');
    const copied = (await cardsOf(source.id)).filter((c) => c.lane.toLowerCase() === first.name.toLowerCase()).map((c) => c.name);
    expect(lane.slice(1).map((c) => c.name)).toEqual(copied);
    expect(new Set(lane.map((c) => c.viewOrder)).size).toBe(lane.length);
  });

  it('refuses sellers, other companies, itself and bad bodies, writing nothing', async () => {
    const source = await profileOf('Chartwell Systems');
    const target = await profileOf('Tessellate BI');
    const url = `/api/profiles/${target.id}.json`;
    const own = await outsider.post('/api/rivals.json', { name: 'Outsider rival' });
    const outsiderBefore = await companyFingerprint(t.db, (await one<{ id: number }>(sql`SELECT company_id AS id FROM profiles WHERE id = ${own.body.profile.id}`)).id);
    const before = await fingerprint();

    expect((await seller.post(url, { id: source.id })).status).toBe(403);
    expect((await outsider.post(url, { id: source.id })).status).toBe(404);
    expect((await outsider.post(`/api/profiles/${own.body.profile.id}.json`, { id: source.id })).status).toBe(404);
    expect((await curator.post(`/api/profiles/${own.body.profile.id}.json`, { id: source.id })).status).toBe(404);
    expect((await curator.post(url, { id: 99999999 })).status).toBe(404);
    const refusals: [object, string][] = [
      [{ id: target.id }, 'id'],
      [{}, 'id'],
      [{ id: 'x' }, 'id'],
      [{ id: -1 }, 'id'],
      [{ id: source.id, battlecards: 'yes' }, 'battlecards'],
    ];
    for (const [body, field] of refusals) {
      const res = await curator.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details[0].field).toBe(field);
    }
    expect((await curator.post(url, { id: source.id, name: 'extra' })).status).toBe(400);
    expect((await curator.post('/api/profiles/0.json', { id: source.id })).status).toBe(400);
    expect(await fingerprint()).toBe(before);
    expect(await companyFingerprint(t.db, (await one<{ id: number }>(sql`SELECT company_id AS id FROM profiles WHERE id = ${own.body.profile.id}`)).id)).toBe(outsiderBefore);
  });
});
