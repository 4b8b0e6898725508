// News for sellers (issue #30) on the demo data indexed into each available engine: the feed lists exactly the
// published intel (checked against PostgreSQL) with its filters and search, the feed-hidden flag, an item's detail
// with related cards under the reader's visibility, one rival's news per role, unread counts per board since the
// last visit, a board's last change for polling, bad input, and other companies.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedItemDetail, FeedPage, ProfileNewsPage, UnreadCounts } from '../../contracts/news.ts';
import { boardListedSql, cardVisibleSql, rivalPublishedSql } from '../../search-api/visibility/index.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';
import { availableEngines } from '../helpers/engines.ts';

describe.each(availableEngines())('news on the $name engine', (factory) => {
  let t: TestApp;
  type Session = Awaited<ReturnType<typeof signIn>>;
  let curator: Session;
  let seller: Session;
  let outsider: Session;
  let companyId: number;
  let lumenary: { id: number; profileId: number };
  const { rows, one } = sqlReads(() => t.db);

  beforeAll(async () => {
    t = await testApp({ search: true, engine: factory });
    curator = await signIn(t.app, 'curator@demo.test');
    seller = await signIn(t.app, 'seller@demo.test');
    outsider = await signInOutsider(t);
    companyId = await northwindId(t.db);
    lumenary = await one(sql`SELECT r.id, p.id AS "profileId" FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.company_id = ${companyId} AND r.name = 'Lumenary'`);
  });
  afterAll(() => t.drop());

  const ok = async <T>(s: Session, url: string): Promise<T> => {
    const res = await s.get(url);
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as T;
  };
  /** Published, not deleted items of the company matching `where`, newest published first (PostgreSQL's answer). */
  const publishedIds = async (where: SQL = sql`TRUE`) =>
    (
      await rows<{ id: number }>(sql`SELECT i.id FROM intel_items i WHERE i.company_id = ${companyId} AND i.published_at IS NOT NULL
        AND i.state <> 'deleted' AND ${where} ORDER BY i.published_at DESC, i.id DESC`)
    ).map((r) => r.id);
  async function feedIds(s: Session, params: string): Promise<number[]> {
    const out: number[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await ok<FeedPage>(s, `/api/feed.json?size=50&offset=${offset}${params}`);
      out.push(...page.items.map((i) => i.id));
      if (page.items.length < 50) return out;
    }
  }
  async function publish(title: string, rivalId: number): Promise<number> {
    const [item] = await rows<{ id: number }>(sql`INSERT INTO intel_items (company_id, title, body, channel, state, topics)
      VALUES (${companyId}, ${title}, ${`${title}. A fresh report from the field.`}, 'in_app', 'unprocessed', ARRAY['pricing']) RETURNING id`);
    await t.db.execute(sql`INSERT INTO intel_rivals (intel_id, rival_id, company_id) VALUES (${item.id}, ${rivalId}, ${companyId})`);
    const res = await curator.patch(`/api/intel/v1/${item.id}`, { publishIntel: true, curatedTitle: title });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.search.indexer!.drain();
    return item.id;
  }

  it('lists exactly the published intel, newest published first, to sellers and curators alike', async () => {
    const want = await publishedIds();
    expect(want.length).toBeGreaterThan(100);
    const first = await ok<FeedPage>(seller, '/api/feed.json');
    expect(first.total).toBe(want.length);
    expect(first.items.map((i) => i.id)).toEqual(want.slice(0, 20));
    const item = first.items[0];
    expect(item.title).toBeTruthy();
    expect(Date.parse(item.publishedAt)).not.toBeNaN();
    expect(await feedIds(seller, '&dateRange=last30Days')).toEqual(await publishedIds(sql`i.published_at >= date_trunc('day', now() - interval '30 days')`));
    expect((await ok<FeedPage>(curator, '/api/feed.json')).total).toBe(want.length);
  });

  it('filters by rival and topic as PostgreSQL does', async () => {
    const topic = (await one<{ t: string }>(sql`SELECT unnest(topics) AS t FROM intel_items WHERE company_id = ${companyId} AND published_at IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)).t;
    const byRival = await publishedIds(sql`EXISTS (SELECT 1 FROM intel_rivals ir WHERE ir.intel_id = i.id AND ir.rival_id = ${lumenary.id})`);
    expect(byRival.length).toBeGreaterThan(0);
    expect(await feedIds(seller, `&rivalIds=${lumenary.id}`)).toEqual(byRival);
    expect(await feedIds(seller, `&topics=${encodeURIComponent(topic)}`)).toEqual(await publishedIds(sql`${topic} = ANY(i.topics)`));
    const topics = await ok<{ topics: { name: string; count: number }[] }>(seller, '/api/feed/topics.json');
    expect(topics.topics[0]).toEqual({ name: topic, count: (await publishedIds(sql`${topic} = ANY(i.topics)`)).length });
  });

  it('searches with the card search semantics: items holding every term first, then near misses', async () => {
    const page = await ok<FeedPage>(seller, '/api/feed.json?q=pricing%20zeppelin&size=50');
    expect(page.matched).toBe('any');
    expect(page.total).toBeGreaterThan(0);
    // Every near miss shows the term it matched, highlighted in its title or summary.
    for (const i of page.items) expect(`${i.titleHtml} ${i.summaryHtml}`, i.title).toContain('<em>');
    const exact = await publish('Lumenary zeppelin pricing leaked to the press', lumenary.id);
    const again = await ok<FeedPage>(seller, '/api/feed.json?q=pricing%20zeppelin');
    expect(again.matched).toBe('all');
    expect(again.items[0].id).toBe(exact);
    expect(again.items[0].titleHtml).toContain('<em>');
  });

  it('shows an item with its related cards, each one the reader may see; unpublished items are not found', async () => {
    const id = await publish('Lumenary discounts enterprise pricing', lumenary.id);
    // A curators-only draft card on Lumenary worded like the item: related for the curator, never for the seller.
    const [secret] = await rows<{ id: number }>(sql`INSERT INTO cards (company_id, board_id, name, text_html, is_draft)
      SELECT ${companyId}, b.id, 'Lumenary enterprise pricing discounts (draft)', '<p>Discounts on enterprise pricing.</p>', true
      FROM boards b WHERE b.profile_id = ${lumenary.profileId} AND b.name = 'Pricing' RETURNING id`);
    await t.search.indexer!.drain();
    const asCurator = await ok<FeedItemDetail>(curator, `/api/feed/${id}.json`);
    const asSeller = await ok<FeedItemDetail>(seller, `/api/feed/${id}.json`);
    expect(asSeller.title).toBe('Lumenary discounts enterprise pricing');
    expect(asSeller.rivals).toEqual([{ id: lumenary.id, name: 'Lumenary', profileId: lumenary.profileId }]);
    expect(asCurator.relatedCards.map((c) => c.id)).toContain(secret.id);
    expect(asSeller.relatedCards.length).toBeGreaterThan(0);
    expect(asSeller.relatedCards.map((c) => c.id)).not.toContain(secret.id);
    expect(asSeller.relatedCards.every((c) => c.rival.id === lumenary.id)).toBe(true);

    const unpublished = await one<{ id: number }>(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} AND published_at IS NULL LIMIT 1`);
    expect((await seller.get(`/api/feed/${unpublished.id}.json`)).status).toBe(404);
    expect((await outsider.get(`/api/feed/${id}.json`)).status).toBe(404);
    expect((await ok<FeedPage>(outsider, '/api/feed.json')).total).toBe(0);
  });

  it('links an item’s rivals to their news only for readers who may open them (no draft rival for a seller)', async () => {
    // A published rival other than Lumenary, made a draft for a moment.
    const draft = await one<{ id: number; profileId: number; name: string }>(sql`SELECT r.id, p.id AS "profileId", r.name FROM rivals r JOIN profiles p ON p.rival_id = r.id
      WHERE r.company_id = ${companyId} AND r.name <> 'Lumenary' AND ${rivalPublishedSql('r', 'p')} ORDER BY r.id LIMIT 1`);
    const id = await publish(`${draft.name} rebrands its enterprise tier`, draft.id);
    const rivalsIn = async (s: Session) => {
      const page = await ok<FeedPage>(s, `/api/feed.json?rivalIds=${draft.id}&size=50`);
      const detail = await ok<FeedItemDetail>(s, `/api/feed/${id}.json`);
      return { list: page.items.find((i) => i.id === id)!.rivals, detail: detail.rivals };
    };
    expect(await rivalsIn(seller)).toEqual({ list: [{ id: draft.id, name: draft.name, profileId: draft.profileId }], detail: [{ id: draft.id, name: draft.name, profileId: draft.profileId }] });
    await t.db.execute(sql`UPDATE rivals SET is_draft = true WHERE id = ${draft.id}`);
    try {
      expect(await rivalsIn(seller)).toEqual({ list: [{ id: draft.id, name: draft.name, profileId: null }], detail: [{ id: draft.id, name: draft.name, profileId: null }] });
      expect((await rivalsIn(curator)).list[0].profileId).toBe(draft.profileId);
    } finally {
      await t.db.execute(sql`UPDATE rivals SET is_draft = false WHERE id = ${draft.id}`);
      await t.search.indexer!.drain();
    }
  });

  it('takes the feed away from sellers when the company hides it, not from curators', async () => {
    await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags,feedHiddenInConsumerNav}', 'true') WHERE id = ${companyId}`);
    try {
      expect((await seller.get('/api/feed.json')).status).toBe(403);
      expect((await seller.get('/api/feed/topics.json')).status).toBe(403);
      expect((await curator.get('/api/feed.json')).status).toBe(200);
    } finally {
      await t.db.execute(sql`UPDATE companies SET company_data = company_data #- '{flags,feedHiddenInConsumerNav}' WHERE id = ${companyId}`);
    }
    expect((await seller.get('/api/feed.json')).status).toBe(200);
  });

  it('answers bad parameters with 400 naming them', async () => {
    for (const [query, field] of [
      ['size=0', 'size'],
      ['size=51', 'size'],
      ['dateRange=lastYear', 'dateRange'],
      ['rivalIds=abc', 'rivalIds'],
      ['offset=9990&size=20', 'offset'],
      ['bogus=1', 'bogus'],
    ]) {
      const res = await seller.get(`/api/feed.json?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(field);
    }
    expect((await seller.get(`/api/profiles/${lumenary.profileId}/news.json?size=500`)).status).toBe(400);
  });

  it('lists a rival’s published intel and card changes newest first, each reader seeing only their cards', async () => {
    const [draft] = await rows<{ id: number }>(sql`INSERT INTO cards (company_id, board_id, name, text_html, is_draft)
      SELECT ${companyId}, b.id, 'Lumenary roadmap notes (draft)', '<p>Only for curators.</p>', true
      FROM boards b WHERE b.profile_id = ${lumenary.profileId} AND b.name = 'Product' RETURNING id`);
    await t.search.indexer!.drain();
    const all = async (s: Session) => {
      const out: ProfileNewsPage['items'] = [];
      for (let offset = 0; ; offset += 20) {
        const page = await ok<ProfileNewsPage>(s, `/api/profiles/${lumenary.profileId}/news.json?offset=${offset}`);
        expect(page.rival).toEqual({ id: lumenary.id, name: 'Lumenary' });
        out.push(...page.items);
        if (!page.hasMore) return out;
      }
    };
    const [sellerNews, curatorNews] = [await all(seller), await all(curator)];
    const dates = sellerNews.map((i) => i.at);
    expect(dates).toEqual([...dates].sort().reverse());
    const intelIds = sellerNews.filter((i) => i.kind === 'intel').map((i) => i.id);
    expect(new Set(intelIds)).toEqual(new Set(await publishedIds(sql`EXISTS (SELECT 1 FROM intel_rivals ir WHERE ir.intel_id = i.id AND ir.rival_id = ${lumenary.id})`)));
    const cardIds = (news: typeof sellerNews) => news.filter((i) => i.kind === 'card').map((i) => i.id);
    expect(cardIds(curatorNews)).toContain(draft.id);
    expect(cardIds(sellerNews)).not.toContain(draft.id);
    // The seller's cards are exactly the cards on Lumenary's lanes the visibility rule lets them see.
    const v = { companyId, curator: false, visibilityGroupIds: seller.me.visibilityGroupIds as number[], previewGroupId: null };
    const visible = await rows<{ id: number }>(sql`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id
      WHERE b.profile_id = ${lumenary.profileId} AND ${boardListedSql()} AND ${cardVisibleSql(v)}`);
    expect(new Set(cardIds(sellerNews))).toEqual(new Set(visible.map((r) => r.id)));
    expect((await outsider.get(`/api/profiles/${lumenary.profileId}/news.json`)).status).toBe(404);
  });

  it('counts unread news per board since the last visit, and none after a visit', async () => {
    const before = (await ok<UnreadCounts>(seller, '/api/news/unread.json')).counts[lumenary.profileId] ?? 0;
    await publish('Lumenary hires a new chief revenue officer', lumenary.id);
    const after = await ok<UnreadCounts>(seller, '/api/news/unread.json');
    expect(after.counts[lumenary.profileId]).toBe(before + 1);
    // Every count is the news a reader would read in that rival's news since the floor (30 days).
    const news = await ok<ProfileNewsPage>(seller, `/api/profiles/${lumenary.profileId}/news.json?size=50`);
    const floor = Date.now() - 30 * 86_400_000;
    const recent = news.items.filter((i) => Date.parse(i.at) > floor).length;
    if (recent < 50) expect(after.counts[lumenary.profileId]).toBe(recent);

    const visit = await seller.put('/api/users/me.json', { featureFlag: ['boardNewsVisits', String(lumenary.profileId)], value: new Date().toISOString() });
    expect(visit.status).toBe(200);
    const seen = await ok<UnreadCounts>(seller, '/api/news/unread.json');
    expect(seen.counts[lumenary.profileId]).toBeUndefined();
    await publish('Lumenary opens a Tokyo office', lumenary.id);
    expect((await ok<UnreadCounts>(seller, '/api/news/unread.json')).counts[lumenary.profileId]).toBe(1);
    // Another reader's visits are their own.
    expect((await ok<UnreadCounts>(curator, '/api/news/unread.json')).counts[lumenary.profileId]).toBeGreaterThan(1);
    expect((await ok<UnreadCounts>(outsider, '/api/news/unread.json')).counts).toEqual({});
  });

  it('dates a board by its last change the reader can see: lanes, cards, deletions, reorders', async () => {
    const updated = async (s: Session) => (await ok<{ updatedAt: string }>(s, `/api/profiles/${lumenary.profileId}/updated.json`)).updatedAt;
    const [sellerBefore, curatorBefore] = [await updated(seller), await updated(curator)];
    expect(Date.parse(sellerBefore)).not.toBeNaN();
    // A curators-only draft changes the curator's board, not the seller's.
    const [draft] = await rows<{ id: number }>(sql`INSERT INTO cards (company_id, board_id, name, text_html, is_draft)
      SELECT ${companyId}, b.id, 'Polling draft', '<p>x</p>', true FROM boards b WHERE b.profile_id = ${lumenary.profileId} AND b.name = 'Pricing' RETURNING id`);
    expect(await updated(seller)).toBe(sellerBefore);
    const curatorAfter = await updated(curator);
    expect(curatorAfter > curatorBefore).toBe(true);
    // Deleting a card leaves no card row to date it by; its lane carries the change for everyone.
    expect((await curator.delete(`/api/cards/${draft.id}.json`)).status).toBe(200);
    expect((await updated(seller)) > sellerBefore).toBe(true);
    expect((await outsider.get(`/api/profiles/${lumenary.profileId}/updated.json`)).status).toBe(404);
  });
});
