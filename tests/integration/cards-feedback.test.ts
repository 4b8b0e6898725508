// Tags, card sources, sentiment and share-feedback on the demo data: tag filters and bulk changes that
// keep updatedAt; source URL validation ("invalid URL"), duplicates and removal ("Failed to delete
// source"); sentiment toggling stored in userData and gated by the company flag; feedback gated by
// cardFeedbackDisabled and listed for curators. Only cards the user may see take sentiment or feedback.
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
/** A published, everyone card the seller sees, and a draft they do not. */
let visible: number;
let hidden: number;
const { rows, one } = sqlReads(() => t.db);
const fingerprint = () => companyFingerprint(t.db, nw);
const setFlag = (name: string, value: boolean) =>
  t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, ${`{flags,${name}}`}::text[], ${JSON.stringify(value)}::jsonb) WHERE id = ${nw}`);

beforeAll(async () => {
  t = await testApp();
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
  nw = await northwindId(t.db);
  const published = sql`JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id WHERE b.name <> 'Scratchpad' AND NOT p.is_draft`;
  visible = (await one<{ id: number }>(sql`SELECT c.id FROM cards c ${published} AND c.all_access AND NOT c.is_draft ORDER BY c.id LIMIT 1`)).id;
  hidden = (await one<{ id: number }>(sql`SELECT c.id FROM cards c ${published} AND c.is_draft ORDER BY c.id LIMIT 1`)).id;
});
afterAll(() => t.drop());

describe('tags', () => {
  it('lists tags alphabetically, filtered by assigned and a case-insensitive search, paged and minimal', async () => {
    const all = await curator.get('/api/tags.json?page=1&limit=10000&minimal=1&filter=active');
    expect(all.status).toBe(200);
    const names = all.body.map((x: { name: string }) => x.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(Object.keys(all.body[0])).toEqual(['id', 'name']);

    const unused = await curator.post('/api/tags.json', { name: 'Zz unused tag' });
    expect(unused.status).toBe(201);
    const assigned = await curator.get('/api/tags.json?filter=assigned,active');
    expect(assigned.body.every((x: { cardsCount: number }) => x.cardsCount > 0)).toBe(true);
    expect(assigned.body.map((x: { id: number }) => x.id)).not.toContain(unused.body.id);

    const first = all.body[0] as { id: number; name: string };
    const search = await curator.get(`/api/tags.json?search=${encodeURIComponent(first.name.slice(1, 4).toUpperCase())}`);
    expect(search.body.map((x: { id: number }) => x.id)).toContain(first.id);
    const page2 = await curator.get('/api/tags.json?page=2&limit=2&minimal=true');
    expect(page2.body).toEqual(all.body.slice(2, 4));

    expect((await curator.get('/api/tags.json?limit=10001')).status).toBe(400);
    expect((await curator.get('/api/tags.json?filter=deleted')).status).toBe(400);
    expect((await curator.get(`/api/tags/${first.id}.json`)).body).toMatchObject(first);
    expect((await outsider.get(`/api/tags/${first.id}.json`)).status).toBe(404);
    expect((await outsider.get('/api/tags.json')).body).toEqual([]);
  });

  it('creates a tag once; sellers and empty names are refused', async () => {
    const before = await fingerprint();
    expect((await curator.post('/api/tags.json', { name: 'zz UNUSED TAG' })).status).toBe(409);
    expect((await curator.post('/api/tags.json', { name: ' ' })).body.details[0].field).toBe('name');
    expect((await seller.post('/api/tags.json', { name: 'Mine' })).status).toBe(403);
    expect(await fingerprint()).toBe(before);
  });

  it('adds and removes tags in bulk and keeps the cards’ updatedAt', async () => {
    const cards = await rows<{ id: number; updated_at: string }>(sql`SELECT id, updated_at::text FROM cards WHERE company_id = ${nw} ORDER BY id LIMIT 3`);
    const ids = cards.map((c) => c.id);
    const [add, remove] = await rows<{ id: number }>(sql`SELECT id FROM tags WHERE company_id = ${nw} ORDER BY id LIMIT 2`);
    await t.db.execute(sql`INSERT INTO card_tags (company_id, card_id, tag_id) SELECT ${nw}, c, ${remove.id} FROM unnest(${sql.param(ids)}::int[]) c ON CONFLICT DO NOTHING`);
    const res = await curator.put('/api/cards/tags.json', { cardIds: ids, addTags: [add.id], removeTags: [remove.id] });
    expect(res.status).toBe(200);
    for (const card of res.body as { tags: { id: number }[] }[]) {
      expect(card.tags.map((x) => x.id)).toContain(add.id);
      expect(card.tags.map((x) => x.id)).not.toContain(remove.id);
    }
    const after = await rows<{ id: number; updated_at: string }>(sql`SELECT id, updated_at::text FROM cards WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id`);
    expect(after).toEqual(cards);

    const before = await fingerprint();
    expect((await curator.put('/api/cards/tags.json', { cardIds: ids })).body.details[0].field).toBe('addTags');
    expect((await curator.put('/api/cards/tags.json', { cardIds: ids, addTags: [99999999] })).body.details[0].field).toBe('addTags');
    expect((await outsider.put('/api/cards/tags.json', { cardIds: ids, removeTags: [add.id] })).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });
});

describe('card sources', () => {
  it('adds http(s) URLs, refuses invalid and duplicate ones with "invalid URL", and deletes', async () => {
    const base = (await curator.get(`/api/cards/${visible}/sources.json`)).body as { id: number }[];
    const added = await curator.post(`/api/cards/${visible}/sources`, { urls: ['https://analyst.test/report/2025'] });
    expect(added.status).toBe(201);
    expect(added.body).toHaveLength(base.length + 1);
    const source = added.body[added.body.length - 1];
    expect(source).toMatchObject({ permalink: 'https://analyst.test/report/2025', referableType: 'Link', userId: curator.me.id });
    expect(source.metadata.container.profileId).toBeGreaterThan(0);

    const before = await fingerprint();
    for (const url of ['analyst.test/x', 'ftp://analyst.test/x', 'javascript:alert(1)', 'https://', 'https://ANALYST.test/report/2025/', '']) {
      const res = await curator.post(`/api/cards/${visible}/sources`, { urls: [url] });
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toBe('invalid URL');
    }
    const twice = await curator.post(`/api/cards/${visible}/sources`, { urls: ['https://a.test/1', 'https://a.test/1'] });
    expect(twice.body.error).toBe('invalid URL');
    expect(twice.body.details[0].field).toBe('urls.1');
    expect((await curator.post(`/api/cards/${visible}/sources`, {})).body.details[0].field).toBe('urls');
    expect((await outsider.post(`/api/cards/${visible}/sources`, { urls: ['https://b.test/'] })).status).toBe(404);
    expect((await outsider.delete(`/api/cards/${visible}/sources/${source.id}`)).status).toBe(404);
    expect(await fingerprint()).toBe(before);

    const other = await one<{ id: number }>(sql`SELECT id FROM cards WHERE id <> ${visible} AND company_id = ${nw} ORDER BY id LIMIT 1`);
    const wrongCard = await curator.delete(`/api/cards/${other.id}/sources/${source.id}`);
    expect(wrongCard.status).toBe(404);
    expect(wrongCard.body.error).toBe('Failed to delete source');
    expect((await curator.delete(`/api/cards/${visible}/sources/${source.id}`)).body).toEqual({ id: source.id });
    expect((await curator.delete(`/api/cards/${visible}/sources/${source.id}`)).body.error).toBe('Failed to delete source');
  });

  it('shows sources only of cards the viewer may see', async () => {
    expect((await seller.get(`/api/cards/${visible}/sources.json`)).status).toBe(200);
    expect((await seller.get(`/api/cards/${hidden}/sources.json`)).status).toBe(404);
    expect((await curator.get(`/api/cards/${hidden}/sources.json`)).status).toBe(200);
    expect((await outsider.get(`/api/cards/${visible}/sources.json`)).status).toBe(404);
  });
});

describe('sentiment', () => {
  const stored = async () =>
    (await one<{ s: Record<string, number> | null }>(sql`SELECT user_data->'cardSentiment' AS s FROM users WHERE email = 'seller@demo.test'`)).s ?? {};

  it('sets, switches and removes a card’s sentiment in userData.cardSentiment', async () => {
    const url = `/api/cards/${visible}/sentiment.json`;
    const up = await seller.put(url, { sentiment: 1 });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ cardId: visible, sentiment: 1 });
    expect(await stored()).toEqual({ [visible]: 1 });
    expect((await seller.put(url, { sentiment: 2 })).body.cardSentiment).toEqual({ [visible]: 2 });
    // Clicking the active one again removes it: the client sends null.
    expect((await seller.put(url, { sentiment: null })).body.cardSentiment).toEqual({});
    expect(await stored()).toEqual({});
    expect((await seller.get('/api/users/me.json')).body.userData.cardSentiment).toEqual({});
  });

  it('refuses bad values, hidden cards and a company without the sentiment flag', async () => {
    await seller.put(`/api/cards/${visible}/sentiment.json`, { sentiment: 1 });
    for (const body of [{ sentiment: 3 }, { sentiment: '1' }, {}]) {
      const res = await seller.put(`/api/cards/${visible}/sentiment.json`, body);
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toBe('sentiment');
    }
    expect((await seller.put(`/api/cards/${hidden}/sentiment.json`, { sentiment: 2 })).status).toBe(404);
    expect((await outsider.put(`/api/cards/${visible}/sentiment.json`, { sentiment: 2 })).status).toBe(403);
    await setFlag('cardSentiment', false);
    expect((await seller.put(`/api/cards/${visible}/sentiment.json`, { sentiment: 2 })).status).toBe(403);
    await setFlag('cardSentiment', true);
    expect(await stored()).toEqual({ [visible]: 1 });
  });
});

describe('feedback', () => {
  it('stores feedback from a seller and lists it for curators', async () => {
    const res = await seller.post(`/api/cards/${visible}/comments`, { body: '  The pricing here is out of date.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cardId: visible, body: 'The pricing here is out of date.', user: { id: seller.me.id } });
    const list = await curator.get(`/api/cards/${visible}/comments.json`);
    expect(list.body.map((c: { id: number }) => c.id)).toContain(res.body.id);
    expect((await seller.get(`/api/cards/${visible}/comments.json`)).status).toBe(403);
    expect((await outsider.get(`/api/cards/${visible}/comments.json`)).status).toBe(404);
  });

  it('refuses empty text, hidden cards, other companies and a company that disabled feedback', async () => {
    const before = await fingerprint();
    expect((await seller.post(`/api/cards/${visible}/comments`, { body: '   ' })).body.details[0].field).toBe('body');
    expect((await seller.post(`/api/cards/${hidden}/comments`, { body: 'psst' })).status).toBe(404);
    expect((await outsider.post(`/api/cards/${visible}/comments`, { body: 'planted' })).status).toBe(404);
    expect(await fingerprint()).toBe(before);
    await setFlag('cardFeedbackDisabled', true);
    expect((await seller.post(`/api/cards/${visible}/comments`, { body: 'hello' })).status).toBe(403);
    await setFlag('cardFeedbackDisabled', false);
    expect((await seller.post(`/api/cards/${visible}/comments`, { body: 'hello' })).status).toBe(201);
  });
});
