// Notifications: the rows the database triggers write for each kind (new intel on a curated rival, an ended job,
// an accepted invitation, a followed card that changed) and never for the one who made the change; the API that
// lists and marks them (only one's own), the unread count of the counts poll, and card follows (only of visible
// cards). Bad input is a 400 naming the field and writes nothing. Each row keeps what its words are made of (params),
// which the web app writes in the reader's language.
import { sql } from 'drizzle-orm';
import type { Request, Response } from 'express';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '../../db/client.ts';
import type { Notification } from '../../contracts/notifications.ts';
import i18n, { i18nReady } from '../../web/src/i18n/index.ts';
import { notificationText } from '../../web/src/notifications/model.ts';
import { intelUpdateJob } from '../../search-api/intel/bulk.ts';
import { runJob } from '../../search-api/jobs/store.ts';
import { actorIndifferent, actorScope } from '../../search-api/notifications/actor.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signIn>>;
let curator: Session;
let admin: Session;
let seller: Session;
let companyId: number;
const { rows, one } = sqlReads(() => t.db);

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  admin = await signIn(t.app, 'admin@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  companyId = await northwindId(t.db);
});
afterAll(() => t.drop());

type Row = { user_id: number; kind: string; target_id: number; title: string; body: string | null; params: unknown; url: string; read_at: Date | null };
const notificationsOf = (kind: string, targetId: number) =>
  rows<Row>(sql`SELECT user_id, kind, target_id, title, body, params, url, read_at FROM notifications WHERE kind = ${kind} AND target_id = ${targetId} ORDER BY user_id, id`);
const userId = async (username: string) => (await one<{ id: number }>(sql`SELECT id FROM users WHERE username = ${username}`)).id;
const rivalId = async (name: string) => (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = ${name}`)).id;
const count = async (q: ReturnType<typeof sql>) => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${q}) x`)).n;

/** Cards of the company the seller may see (all access, published, on a published rival), not used before. */
const usedCards = new Set<number>([0]);
async function sellerVisibleCard(): Promise<number> {
  const { id } = await one<{ id: number }>(sql`
    SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
    WHERE c.company_id = ${companyId} AND c.all_access AND NOT c.is_draft AND b.name <> 'Scratchpad'
      AND NOT r.is_draft AND NOT r.is_template AND NOT p.is_draft AND NOT p.is_template
      AND c.author_id = ${curator.me.id} AND NOT (c.id = ANY(${sql.param([...usedCards])}::int[]))
    ORDER BY c.id LIMIT 1`);
  usedCards.add(id);
  expect((await seller.get(`/api/cards/${id}.json`)).status).toBe(200);
  return id;
}

describe('new intel on a curated rival', () => {
  it('tells each curator of the rival, not the submitter, not someone curating nothing, once per item', async () => {
    const lumenary = await rivalId('Lumenary');
    const res = await seller.post('/api/alerts.json', { item: { alert_type: 'in-app', title: 'Lumenary halves its prices', content: 'Heard on a call' }, rivals: [lumenary] });
    expect(res.status).toBe(201);
    const rowsFor = await notificationsOf('intel', res.body.id);
    expect(rowsFor.map((r) => r.user_id)).toEqual([curator.me.id]);
    expect(rowsFor[0]).toMatchObject({
      title: 'New intel about Lumenary',
      body: 'Lumenary halves its prices',
      params: { rivals: ['Lumenary'] },
      url: `/alerts?view=allIntel&intelIds=${res.body.id}`,
      read_at: null,
    });

    // The submitter is not told, even when they curate the rival.
    const own = await curator.post('/api/alerts.json', { item: { alert_type: 'in-app', content: 'My own find about Lumenary' }, rivals: [lumenary] });
    expect(await notificationsOf('intel', own.body.id)).toEqual([]);
  });

  it('a rival added to an item tells its curators, unless they added it or already heard of the item', async () => {
    const [quantive, dataHarbor, insightloom] = await Promise.all([rivalId('Quantive Labs'), rivalId('DataHarbor'), rivalId('Insightloom')]);
    const priya = await userId('priya');
    const item = await seller.post('/api/alerts.json', { item: { alert_type: 'in-app', content: 'A rumour about nobody yet' }, rivals: null });
    expect(await notificationsOf('intel', item.body.id)).toEqual([]);

    // Cory links a rival Priya curates (and one he curates himself): Priya is told, Cory is not.
    expect((await curator.put(`/api/intel/${item.body.id}`, { rivalIds: [insightloom, quantive] })).status).toBe(200);
    expect((await notificationsOf('intel', item.body.id)).map((r) => [r.user_id, r.title])).toEqual([[priya, 'New intel about Insightloom']]);

    // Linked outside any request (an import), a second rival Cory curates: he already knows the item through Quantive.
    await t.db.execute(sql`INSERT INTO intel_rivals (company_id, intel_id, rival_id) VALUES (${companyId}, ${item.body.id}, ${dataHarbor})`);
    expect((await notificationsOf('intel', item.body.id)).map((r) => r.user_id)).toEqual([priya]);

    // Another item, linked by the admin through a bulk update: Cory is told about both of his rivals in one notification.
    const other = await seller.post('/api/alerts.json', { item: { alert_type: 'in-app', content: 'Two of Cory’s rivals merge' }, rivals: null });
    expect((await admin.patch('/api/intel/v1/', { intelIds: [other.body.id], update: { addRivalIds: [quantive, dataHarbor] } })).status).toBe(200);
    expect((await notificationsOf('intel', other.body.id)).map((r) => [r.user_id, r.title, r.params])).toEqual([
      [curator.me.id, 'New intel about DataHarbor, Quantive Labs', { rivals: ['DataHarbor', 'Quantive Labs'] }],
    ]);
  });

  it('related alerts, deleted items and deactivated curators are not notified', async () => {
    const lumenary = await rivalId('Lumenary');
    const parent = await one<{ id: number }>(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} AND related_to_id IS NULL ORDER BY id LIMIT 1`);
    const [related] = await rows<{ id: number }>(sql`
      INSERT INTO intel_items (company_id, channel, title, related_to_id) VALUES (${companyId}, 'rss', 'Same story again', ${parent.id}) RETURNING id`);
    const [deleted] = await rows<{ id: number }>(sql`
      INSERT INTO intel_items (company_id, channel, title, state) VALUES (${companyId}, 'rss', 'Spam', 'deleted') RETURNING id`);
    await t.db.execute(sql`INSERT INTO intel_rivals (company_id, intel_id, rival_id) VALUES (${companyId}, ${related.id}, ${lumenary}), (${companyId}, ${deleted.id}, ${lumenary})`);
    expect(await notificationsOf('intel', related.id)).toEqual([]);
    expect(await notificationsOf('intel', deleted.id)).toEqual([]);

    await t.db.execute(sql`UPDATE users SET deactivated_at = now() WHERE id = ${curator.me.id}`);
    try {
      const fresh = await seller.post('/api/alerts.json', { item: { alert_type: 'in-app', content: 'While Cory is away' }, rivals: [lumenary] });
      expect(await notificationsOf('intel', fresh.body.id)).toEqual([]);
    } finally {
      await t.db.execute(sql`UPDATE users SET deactivated_at = NULL WHERE id = ${curator.me.id}`);
    }
  });
});

describe('ended jobs', () => {
  const item = async () => (await one<{ id: number }>(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} AND state = 'working' ORDER BY id LIMIT 1`)).id;

  it('a job that ends inside its owner’s own request is not notified; one that ends in the background is', async () => {
    const inline = await curator.patch('/api/intel/v1/', { intelIds: [await item()], update: { priority: 'interesting' } });
    expect(inline.body.completedNow).toBe(true);
    expect(await notificationsOf('job', inline.body.jobId)).toEqual([]);

    const queued = await curator.patch('/api/intel/v1/', { updateAll: true, query: 'states=working&intelIds=' + (await item()), update: { priority: 'important' } });
    expect(queued.body.completedNow).toBe(false);
    // What the job runner does, outside any request.
    await t.search.indexer!.drain();
    await runJob(t.db, queued.body.jobId, { intelUpdate: intelUpdateJob({ db: t.db, engine: t.search.engine }) });
    expect(await notificationsOf('job', queued.body.jobId)).toMatchObject([
      {
        user_id: curator.me.id,
        title: 'Bulk update of 1 intel item completed',
        body: null,
        params: { job: 'intelUpdate', state: 'completed', total: 1, done: 1, failed: 0 },
        url: '/alerts?view=allIntel&actionedByMe=true',
      },
    ]);
  });

  it('a cancel by the owner is not notified; by another curator, or a failure, it is', async () => {
    const own = await curator.patch('/api/intel/v1/', { updateAll: true, query: 'states=working', update: { priority: 'important' } });
    expect((await curator.post(`/api/intel/v1/jobs/${own.body.jobId}/cancel`)).status).toBe(200);
    expect(await notificationsOf('job', own.body.jobId)).toEqual([]);

    const theirs = await curator.patch('/api/intel/v1/', { updateAll: true, query: 'states=working', update: { priority: 'important' } });
    expect((await admin.post(`/api/intel/v1/jobs/${theirs.body.jobId}/cancel`)).status).toBe(200);
    expect((await notificationsOf('job', theirs.body.jobId)).map((r) => [r.user_id, r.title, r.params])).toEqual([
      [curator.me.id, 'Bulk update of intel items cancelled', { job: 'intelUpdate', state: 'cancelled', total: 0, done: 0, failed: 0 }],
    ]);

    const failing = await curator.patch('/api/intel/v1/', { updateAll: true, query: 'states=working', update: { priority: 'important' } });
    await t.db.execute(sql`UPDATE jobs SET state = 'failed', error = 'the engine was unreachable', completed_at = now() WHERE id = ${failing.body.jobId}`);
    expect(await notificationsOf('job', failing.body.jobId)).toMatchObject([
      { user_id: curator.me.id, body: 'the engine was unreachable', params: { job: 'intelUpdate', state: 'failed' } },
    ]);
  });
});

describe('accepted invitations', () => {
  it('tell whoever sent the invitation, by the new user’s name', async () => {
    const [invitation] = await rows<{ id: number }>(sql`
      INSERT INTO invitations (company_id, email, role, token_hash, invited_by, expires_at)
      VALUES (${companyId}, 'dana@demo.test', 'consumer', 'hash-of-a-token', ${admin.me.id}, now() + interval '7 days') RETURNING id`);
    const [dana] = await rows<{ id: number }>(sql`
      INSERT INTO users (company_id, username, name, email) VALUES (${companyId}, 'dana', 'Dana Ruiz', 'dana@demo.test') RETURNING id`);
    expect(await notificationsOf('invitation', invitation.id)).toEqual([]);
    await t.db.execute(sql`UPDATE invitations SET accepted_at = now(), accepted_user_id = ${dana.id} WHERE id = ${invitation.id}`);
    expect(await notificationsOf('invitation', invitation.id)).toMatchObject([
      { user_id: admin.me.id, title: 'Dana Ruiz accepted your invitation', body: 'dana@demo.test', params: { name: 'Dana Ruiz' }, url: '/settings/users' },
    ]);
    // Accepting is once: a later change of the row tells nobody again.
    await t.db.execute(sql`UPDATE invitations SET accepted_at = now() WHERE id = ${invitation.id}`);
    expect(await notificationsOf('invitation', invitation.id)).toHaveLength(1);
  });
});

describe('followed cards', () => {
  it('authors follow the cards they write, from the start and from before the triggers existed', async () => {
    const board = await one<{ id: number }>(sql`SELECT b.id FROM boards b WHERE b.company_id = ${companyId} AND b.name <> 'Scratchpad' ORDER BY b.id LIMIT 1`);
    const created = await curator.post('/api/cards.json', { data: { name: 'A card Cory wrote', textHtml: '<p>Hi</p>' }, boardId: board.id });
    expect(created.status).toBe(201);
    expect(await count(sql`SELECT 1 FROM card_follows WHERE card_id = ${created.body.id} AND user_id = ${curator.me.id}`)).toBe(1);
    // The seeded cards (inserted before any follow existed, through the migration's backfill or the trigger).
    expect(await count(sql`SELECT 1 FROM cards c WHERE c.author_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM card_follows f WHERE f.card_id = c.id AND f.user_id = c.author_id)`)).toBe(0);
  });

  it('a change of name, text or lane tells the followers but not the editor; one unread row per card', async () => {
    const cardId = await sellerVisibleCard();
    expect((await seller.put(`/api/cards/${cardId}/follow.json`)).body).toEqual({ cardId, following: true });
    expect((await seller.get(`/api/cards/${cardId}/follow.json`)).body).toEqual({ cardId, following: true });

    // Cory, the author, edits his card: the seller is told, Cory is not.
    expect((await curator.put(`/api/cards/${cardId}.json`, { data: { name: 'Pricing, renamed' } })).status).toBe(200);
    let rowsFor = await notificationsOf('card', cardId);
    expect(rowsFor.map((r) => r.user_id)).toEqual([seller.me.id]);
    expect(rowsFor[0].title).toBe('Pricing, renamed was updated');
    expect(rowsFor[0].body).toMatch(/^Edited by Cory Curator · .+ › .+$/);
    const place = await one<{ rival: string; board: string }>(sql`
      SELECT r.name AS rival, b.name AS board FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
      WHERE c.id = ${cardId}`);
    expect(rowsFor[0].params).toEqual({ card: 'Pricing, renamed', editor: 'Cory Curator', ...place });
    expect(rowsFor[0].url).toMatch(new RegExp(`^/profile/\\d+\\?viewCard=${cardId}$`));

    // The admin edits the text: Cory hears of it now, and the seller's unread row is updated rather than repeated.
    expect((await admin.put(`/api/cards/${cardId}.json`, { data: { textHtml: '<p>New numbers</p>' } })).status).toBe(200);
    rowsFor = await notificationsOf('card', cardId);
    expect(rowsFor.map((r) => [r.user_id, r.body?.startsWith('Edited by Ada Admin'), (r.params as { editor: string }).editor])).toEqual(
      [[curator.me.id, true, 'Ada Admin'], [seller.me.id, true, 'Ada Admin']].sort((a, b) => Number(a[0]) - Number(b[0])),
    );

    // Only its order changes: nobody is told.
    const before = await count(sql`SELECT 1 FROM notifications WHERE kind = 'card' AND target_id = ${cardId}`);
    await admin.put(`/api/cards/${cardId}.json`, { viewOrder: '99' });
    expect(await count(sql`SELECT 1 FROM notifications WHERE kind = 'card' AND target_id = ${cardId}`)).toBe(before);

    // Once read, a further change is a new notification.
    const mine = (await seller.get('/api/notifications.json')).body.notifications.find((n: Notification) => n.url?.endsWith(`viewCard=${cardId}`));
    expect((await seller.post(`/api/notifications/${mine.id}/read`)).status).toBe(200);
    await curator.put(`/api/cards/${cardId}.json`, { data: { name: 'Pricing, once more' } });
    expect((await notificationsOf('card', cardId)).filter((r) => r.user_id === seller.me.id).map((r) => r.read_at === null)).toEqual([false, true]);

    // Unfollowed: not told any more.
    expect((await seller.delete(`/api/cards/${cardId}/follow.json`)).body).toEqual({ cardId, following: false });
    const after = await count(sql`SELECT 1 FROM notifications WHERE user_id = ${seller.me.id} AND kind = 'card' AND target_id = ${cardId}`);
    await curator.put(`/api/cards/${cardId}.json`, { data: { name: 'Pricing, unfollowed' } });
    expect(await count(sql`SELECT 1 FROM notifications WHERE user_id = ${seller.me.id} AND kind = 'card' AND target_id = ${cardId}`)).toBe(after);
  });

  it('a card the reader may no longer see drops out of their notifications and counts', async () => {
    const cardId = await sellerVisibleCard();
    await seller.put(`/api/cards/${cardId}/follow.json`);
    await curator.put(`/api/cards/${cardId}.json`, { data: { name: 'Soon a draft' } });
    const listed = async () => (await seller.get('/api/notifications.json?unread=true')).body.notifications.map((n: Notification) => n.title);
    expect(await listed()).toContain('Soon a draft was updated');
    const unreadBefore = (await seller.get('/api/notifications/counts.json')).body.notifications;

    await curator.put(`/api/cards/${cardId}.json`, { isDraft: true });
    expect(await listed()).not.toContain('Soon a draft was updated');
    expect((await seller.get('/api/notifications/counts.json')).body.notifications).toBe(unreadBefore - 1);
    await curator.put(`/api/cards/${cardId}.json`, { isDraft: false });
    expect(await listed()).toContain('Soon a draft was updated');
  });

  it('following a card one may not see is a 404 and writes nothing; bad ids are a 400', async () => {
    const draft = await one<{ id: number }>(sql`SELECT id FROM cards WHERE company_id = ${companyId} AND is_draft ORDER BY id LIMIT 1`);
    const follows = () => count(sql`SELECT 1 FROM card_follows`);
    const before = await follows();
    expect((await seller.put(`/api/cards/${draft.id}/follow.json`)).status).toBe(404);
    expect((await seller.get(`/api/cards/${draft.id}/follow.json`)).status).toBe(404);
    expect((await seller.delete(`/api/cards/${draft.id}/follow.json`)).status).toBe(404);
    expect((await seller.put('/api/cards/999999999/follow.json')).status).toBe(404);
    const outsider = await signInOutsider(t);
    expect((await outsider.put(`/api/cards/${await sellerVisibleCard()}/follow.json`)).status).toBe(404);
    for (const bad of ['abc', '-1', '0']) {
      const res = await seller.put(`/api/cards/${bad}/follow.json`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toContain('id');
    }
    expect(await follows()).toBe(before);
    // Curators may follow a draft: they see it.
    expect((await curator.put(`/api/cards/${draft.id}/follow.json`)).body.following).toBe(true);
  });
});

describe('in the reader’s language', () => {
  type Shown = { url: string | null; title: string; body: string | null };
  /** What the bell and the page show a reader: their notifications, in the language their profile saves. */
  async function shown(session: Session): Promise<Shown[]> {
    const { language } = (await session.get('/api/users/me.json')).body as { language: string };
    await i18nReady();
    await i18n.loadLanguages(language);
    const translate = i18n.getFixedT(language);
    const listed: Notification[] = (await session.get('/api/notifications.json?limit=100')).body.notifications;
    return listed.map((n) => ({ url: n.url, ...notificationText(n, (key, values) => translate(key, values ?? {}), language) }));
  }
  const at = (list: Shown[], urlEnd: string) => list.find((n) => n.url?.endsWith(urlEnd));

  it('a German reader reads German, an English reader English; a row from before params reads as stored', async () => {
    expect((await curator.put(`/api/users/${curator.me.id}.json`, { language: 'de' })).status).toBe(200);
    try {
      // One change told to both: Cory wrote the card (German), the seller follows it (English), Ada edits it.
      const cardId = await sellerVisibleCard();
      await seller.put(`/api/cards/${cardId}/follow.json`);
      expect((await admin.put(`/api/cards/${cardId}.json`, { data: { name: 'Pricing for both' } })).status).toBe(200);
      expect(at(await shown(curator), `viewCard=${cardId}`)).toEqual({
        url: expect.any(String),
        title: 'Pricing for both wurde aktualisiert',
        body: expect.stringMatching(/^Bearbeitet von Ada Admin · .+ › .+$/),
      });
      expect(at(await shown(seller), `viewCard=${cardId}`)).toEqual({
        url: expect.any(String),
        title: 'Pricing for both was updated',
        body: expect.stringMatching(/^Edited by Ada Admin · .+ › .+$/),
      });

      // New intel on a rival Cory curates; the item's title stays as written.
      const item = await seller.post('/api/alerts.json', {
        item: { alert_type: 'in-app', title: 'Lumenary opens an office in Berlin', content: 'From a partner' },
        rivals: [await rivalId('Lumenary')],
      });
      expect(at(await shown(curator), `intelIds=${item.body.id}`)).toMatchObject({ title: 'Neue Intel zu Lumenary', body: 'Lumenary opens an office in Berlin' });

      await t.db.execute(sql`
        INSERT INTO notifications (company_id, user_id, kind, title, url) VALUES (${companyId}, ${curator.me.id}, 'job', 'Board creation completed', '/profile/1?before-params')`);
      expect(at(await shown(curator), '?before-params')).toMatchObject({ title: 'Board creation completed', body: null });
    } finally {
      await curator.put(`/api/users/${curator.me.id}.json`, { language: 'en' });
    }
  });
});

describe('the notifications API', () => {
  const seed = async (userIdOf: number, n: number, title = 'Seeded') => {
    await t.db.execute(sql`
      INSERT INTO notifications (company_id, user_id, kind, title, created_at)
      SELECT ${companyId}, ${userIdOf}, 'job', ${title} || ' ' || g, now() + interval '1 day' - make_interval(mins => g) FROM generate_series(1, ${n}) g`);
  };

  it('lists one’s own, newest first, paged, with an unread filter and counts', async () => {
    await t.db.execute(sql`UPDATE notifications SET read_at = now() WHERE user_id = ${seller.me.id}`);
    await seed(seller.me.id, 5);
    await seed(admin.me.id, 3, 'For Ada');
    const first = await seller.get('/api/notifications.json?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.notifications.map((n: Notification) => n.title)).toEqual(['Seeded 1', 'Seeded 2']);
    expect(first.body).toMatchObject({ unread: 5, page: 1, limit: 2 });
    const second = await seller.get('/api/notifications.json?limit=2&page=2');
    expect(second.body.notifications.map((n: Notification) => n.title)).toEqual(['Seeded 3', 'Seeded 4']);

    const id = first.body.notifications[0].id;
    const read = await seller.post(`/api/notifications/${id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).not.toBeNull();
    // Reading again keeps the first reading time.
    expect((await seller.post(`/api/notifications/${id}/read`)).body.readAt).toBe(read.body.readAt);
    const unread = await seller.get('/api/notifications.json?unread=true&limit=100');
    expect(unread.body.total).toBe(4);
    expect(unread.body.notifications.map((n: Notification) => n.id)).not.toContain(id);
    expect((await seller.get('/api/notifications/counts.json')).body.notifications).toBe(4);
    const all = await seller.get('/api/notifications.json?limit=100');
    expect(all.body.total).toBe(await count(sql`SELECT 1 FROM notifications WHERE user_id = ${seller.me.id}`));
    expect(all.body.notifications.map((n: Notification) => n.title)).not.toContain('For Ada 1');
  });

  it('another user’s notification is a 404 and stays unread; read_all marks only one’s own', async () => {
    await seed(admin.me.id, 2);
    const theirs = await one<{ id: number }>(sql`SELECT id FROM notifications WHERE user_id = ${admin.me.id} AND read_at IS NULL ORDER BY id LIMIT 1`);
    expect((await seller.post(`/api/notifications/${theirs.id}/read`)).status).toBe(404);
    expect((await seller.get('/api/notifications.json?limit=100')).body.notifications.map((n: Notification) => n.id)).not.toContain(theirs.id);
    const adminUnread = await count(sql`SELECT 1 FROM notifications WHERE user_id = ${admin.me.id} AND read_at IS NULL`);

    const sellerUnread = (await seller.get('/api/notifications/counts.json')).body.notifications;
    expect(sellerUnread).toBeGreaterThan(0);
    const all = await seller.post('/api/notifications/read_all');
    expect(all.body).toEqual({ updated: sellerUnread });
    const counts = (await seller.get('/api/notifications/counts.json')).body;
    expect(counts.notifications).toBe(0);
    expect(counts.sessionIdleTimeoutAt).toEqual(expect.any(String));
    expect(counts.sessionAbsoluteTimeoutAt).toEqual(expect.any(String));
    expect(await count(sql`SELECT 1 FROM notifications WHERE user_id = ${admin.me.id} AND read_at IS NULL`)).toBe(adminUnread);
  });

  it('intel notifications are for curators: a consumer never sees one', async () => {
    const item = await one<{ id: number }>(sql`SELECT id FROM intel_items WHERE company_id = ${companyId} ORDER BY id LIMIT 1`);
    await t.db.execute(sql`INSERT INTO notifications (company_id, user_id, kind, target_id, title) VALUES (${companyId}, ${seller.me.id}, 'intel', ${item.id}, 'Secret intel')`);
    expect((await seller.get('/api/notifications.json?limit=100')).body.notifications.map((n: Notification) => n.title)).not.toContain('Secret intel');
    expect((await seller.get('/api/notifications/counts.json')).body.notifications).toBe(0);
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    await seed(seller.me.id, 1);
    const unread = () => count(sql`SELECT 1 FROM notifications WHERE read_at IS NULL`);
    const before = await unread();
    const cases: [string, string][] = [
      ['/api/notifications.json?page=0', 'page'],
      ['/api/notifications.json?limit=1000', 'limit'],
      ['/api/notifications.json?limit=-1', 'limit'],
      ['/api/notifications.json?unread=maybe', 'unread'],
      ['/api/notifications.json?colour=red', 'colour'],
    ];
    for (const [url, field] of cases) {
      const res = await seller.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toContain(field);
    }
    for (const bad of ['abc', '-1', '0', '99999999999']) {
      const res = await seller.post(`/api/notifications/${bad}/read`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toContain('id');
    }
    expect((await seller.post('/api/notifications/2147483647/read')).status).toBe(404);
    expect(await unread()).toBe(before);
  });

  it('needs a session', async () => {
    const { default: request } = await import('supertest');
    expect((await request(t.app).get('/api/notifications.json')).status).toBe(401);
    expect((await request(t.app).get('/api/notifications/counts.json')).status).toBe(401);
  });
});

describe('the actor a connection carries', () => {
  it('is sent when a request’s user differs from the connection’s; work indifferent to it leaves it as it is', async () => {
    // One connection, so every step below runs on it.
    const db = connect(t.url, 1);
    try {
      const scope = actorScope(db);
      const as = <T,>(userId: number | null, fn: () => Promise<T>) =>
        new Promise<T>((resolve, reject) => scope({ auth: userId ? { user: { id: userId } } : undefined } as Request, {} as Response, () => fn().then(resolve, reject)));
      const client = await db.$client.connect();
      client.release();
      const query = vi.spyOn(pg.Client.prototype, 'query');
      const settings = () => query.mock.calls.filter((c, i) => query.mock.contexts[i] === client && String(c[0]).includes('set_config')).map((c) => c[1]);
      const carried = async () => (await db.execute(sql`SELECT current_setting('rivalscope.actor_id', true) AS a`)).rows[0].a;
      try {
        await as(seller.me.id, () => db.execute(sql`SELECT 1`));
        await as(seller.me.id, () => db.execute(sql`SELECT 1`));
        expect(settings()).toEqual([[String(seller.me.id)]]);
        // Loading a session or writing usage events: no setting sent, and the connection still carries the seller.
        await actorIndifferent(() => db.execute(sql`SELECT 1`));
        expect(settings()).toHaveLength(1);
        expect(await as(seller.me.id, carried)).toBe(String(seller.me.id));
        expect(settings()).toHaveLength(1);
        // Another user, then work outside any request: each is sent.
        await as(curator.me.id, () => db.execute(sql`SELECT 1`));
        expect(await carried()).toBe('');
        expect(settings()).toEqual([[String(seller.me.id)], [String(curator.me.id)], ['']]);
      } finally {
        query.mockRestore();
      }
    } finally {
      await db.$client.end();
    }
  });
});
