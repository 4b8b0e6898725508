// Webhooks and the integrations' dispatcher end to end below the browser (issue #54): the /api/webhooks routes on the
// demo company (who may, validation, another company's ids, refused addresses), events written by triggers as the API
// publishes intel, writes cards and a digest is sent, signed deliveries to a local receiver verified by the
// standardwebhooks library itself, payloads scoped to an endpoint's audience, retries with backoff, an endpoint turned
// off after a day of failures, a dispatcher that dies holding a claim, and chat fan-out through fake senders. The
// receiver is on 127.0.0.1, which the tests allow through OUTBOUND_ALLOW_HOSTS. Time passes by moving timestamps in SQL.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Delivery, DeliveryPage, WebhookEndpoint, WebhookEndpointCreated, WebhookEndpointList } from '../../contracts/integrations.ts';
import { DELIVERY_PAGE_SIZE, DELIVERY_RETRY } from '../../contracts/integrations.ts';
import { claimDue, Dispatcher, fanOut, type DeliveryContext } from '../../search-api/integrations/dispatcher.ts';
import type { ChatPost, PostResult } from '../../search-api/integrations/senders.ts';
import { OutboundClient } from '../../search-api/outbound/client.ts';
import { parseAllowHosts } from '../../search-api/outbound/rules.ts';
import { secretBoxFor } from '../../server-shared/secretBox.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { startReceiver, type Received, type Receiver } from '../helpers/receiver.ts';

const APP_URL = 'https://app.rivalscope.test';
type Agent = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let rx: Receiver;
let admin: Agent;
let curator: Agent;
let seller: Agent;
let outsider: Agent;
let nw: number;
let ctx: DeliveryContext;
let sales: number;
const posts: ChatPost[] = [];
let chatAnswer: (post: ChatPost) => PostResult = () => ({ ok: true, statusCode: 200 });

const rows = async <T,>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
const one = async <T,>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0];
const count = async (q: ReturnType<typeof sql>) => Number((await one<{ n: string }>(q)).n);

/** A dispatcher as the server runs one, without its LISTEN connection and timer: the tests sweep it. */
const dispatcher = () => new Dispatcher(ctx, { concurrency: 4 });
const sweep = () => dispatcher().sweep();

beforeAll(async () => {
  rx = await startReceiver();
  t = await testApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', APP_URL } });
  admin = await signIn(t.app, 'admin@demo.test');
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
  nw = await northwindId(t.db);
  sales = (await one<{ id: number }>(sql`SELECT id FROM visibility_groups WHERE company_id = ${nw} AND name = 'Sales'`)).id;
  ctx = {
    db: t.db,
    outbound: new OutboundClient({ allowHosts: parseAllowHosts('127.0.0.1') }),
    box: secretBoxFor(t.config),
    appUrl: APP_URL,
    senders: {
      slack: async (post) => {
        posts.push(post);
        return chatAnswer(post);
      },
      teams: async (post) => {
        posts.push(post);
        return chatAnswer(post);
      },
    },
    logger: pino({ level: 'silent' }),
  };
});
afterAll(async () => {
  await t?.drop();
  await rx?.close();
});
beforeEach(() => rx.answer({ status: 200 }));

const create = async (body: object) => {
  const res = await admin.post('/api/webhooks', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as WebhookEndpointCreated;
};
/** Every endpoint goes, and what was due to them fails, so each test's deliveries are its own. */
async function clearEndpoints() {
  await t.db.execute(sql`DELETE FROM webhook_endpoints WHERE company_id = ${nw}`);
  await t.db.execute(sql`UPDATE deliveries SET next_attempt_at = now() WHERE state = 'pending' AND target_kind = 'webhook'`);
  await sweep();
  expect(await count(sql`SELECT count(*) AS n FROM deliveries WHERE state = 'pending' AND target_kind = 'webhook'`)).toBe(0);
}
/** What a path received, in the order of its deliveries (sends run side by side). */
const receivedAt = (path: string) =>
  rx.received.filter((r) => r.path === path).sort((a, b) => Number(a.headers['webhook-id'].slice(4)) - Number(b.headers['webhook-id'].slice(4)));
const payloadOf = (r: Received) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, any> };

async function unpublishedIntel(): Promise<number> {
  return (
    await one<{ id: number }>(sql`SELECT id FROM intel_items WHERE company_id = ${nw} AND published_at IS NULL AND state <> 'deleted'
      AND related_to_id IS NULL AND id NOT IN (SELECT subject_id FROM integration_events WHERE type = 'intel.published') ORDER BY id LIMIT 1`)
  ).id;
}
async function publish(id: number) {
  const res = await curator.patch(`/api/intel/v1/${id}`, { publishIntel: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function publishedBoard(rival = 'Lumenary'): Promise<number> {
  return (
    await one<{ id: number }>(sql`SELECT b.id FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
      WHERE b.company_id = ${nw} AND r.name = ${rival} AND b.name <> 'Scratchpad' ORDER BY b.id LIMIT 1`)
  ).id;
}

describe('the demo company', () => {
  it('has two endpoints that are off (one paused, one turned off after failing) with a log of their deliveries', async () => {
    const { endpoints } = (await admin.get('/api/webhooks')).body as WebhookEndpointList;
    const demo = endpoints.filter((e) => e.url.includes('zapier.com') || e.url.includes('northwind-data.example'));
    expect(demo).toHaveLength(2);
    expect(demo.every((e) => !e.enabled)).toBe(true);
    expect(demo.find((e) => e.url.includes('northwind-data'))).toMatchObject({ disabledReason: expect.stringContaining('503') });
    for (const e of demo) {
      const log = (await admin.get(`/api/webhooks/${e.id}/deliveries`)).body as DeliveryPage;
      expect(log.total).toBeGreaterThan(5);
      expect(log.items.every((d) => d.subject !== 'Deleted' && d.state !== 'pending')).toBe(true);
    }
  });
});

describe('who may manage webhooks', () => {
  it('curators and sellers get 403 on every route, and nothing is written', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM webhook_endpoints`);
    for (const who of [curator, seller]) {
      expect((await who.get('/api/webhooks')).status).toBe(403);
      expect((await who.post('/api/webhooks', { url: `${rx.url}/x`, events: ['card.created'] })).status).toBe(403);
      expect((await who.get('/api/webhooks/1')).status).toBe(403);
      expect((await who.patch('/api/webhooks/1', { enabled: false })).status).toBe(403);
      expect((await who.delete('/api/webhooks/1')).status).toBe(403);
      expect((await who.get('/api/webhooks/1/deliveries')).status).toBe(403);
      expect((await who.post('/api/webhooks/1/test')).status).toBe(403);
    }
    expect(await count(sql`SELECT count(*) AS n FROM webhook_endpoints`)).toBe(before);
  });

  it("another company's endpoint is not found, whatever the route", async () => {
    const mine = await create({ url: `${rx.url}/mine`, events: ['card.created'] });
    expect((await outsider.get(`/api/webhooks/${mine.id}`)).status).toBe(404);
    expect((await outsider.patch(`/api/webhooks/${mine.id}`, { description: 'taken' })).status).toBe(404);
    expect((await outsider.delete(`/api/webhooks/${mine.id}`)).status).toBe(404);
    expect((await outsider.get(`/api/webhooks/${mine.id}/deliveries`)).status).toBe(404);
    expect((await outsider.post(`/api/webhooks/${mine.id}/test`)).status).toBe(404);
    expect(((await outsider.get('/api/webhooks')).body as WebhookEndpointList).endpoints).toEqual([]);
    expect((await admin.get(`/api/webhooks/${mine.id}`)).body.description).toBe('');
    expect(receivedAt('/mine')).toEqual([]);
    await clearEndpoints();
  });
});

describe('webhook endpoints', () => {
  it('creates, reads, changes and deletes an endpoint; the secret is answered once; each write is audited', async () => {
    const created = await create({ url: `${rx.url}/crud`, description: 'CRM sync', events: ['intel.published', 'card.changed', 'card.changed'], audience: 'groups', visibilityGroupIds: [sales] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created).toMatchObject({ url: `${rx.url}/crud`, description: 'CRM sync', events: ['intel.published', 'card.changed'], audience: 'groups', enabled: true, lastDelivery: null, recent: { total: 0, failed: 0 } });
    expect(created.visibilityGroups).toEqual([{ id: sales, name: 'Sales' }]);
    const sealed = await one<{ secret_sealed: string }>(sql`SELECT secret_sealed FROM webhook_endpoints WHERE id = ${created.id}`);
    expect(sealed.secret_sealed).not.toContain(created.secret.slice(6));

    const list = (await admin.get('/api/webhooks')).body as WebhookEndpointList;
    expect(list.endpoints.map((e) => e.id)).toEqual([created.id]);
    expect(list.endpoints[0]).not.toHaveProperty('secret');
    expect((await admin.get(`/api/webhooks/${created.id}`)).body).not.toHaveProperty('secret');

    const patched = await admin.patch(`/api/webhooks/${created.id}`, { description: 'CRM', events: ['card.deleted'], audience: 'everyone' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ description: 'CRM', events: ['card.deleted'], audience: 'everyone', visibilityGroups: [] });

    expect((await admin.delete(`/api/webhooks/${created.id}`)).status).toBe(204);
    expect((await admin.get(`/api/webhooks/${created.id}`)).status).toBe(404);
    const audit = await rows<{ action: string; summary: string }>(sql`SELECT action, summary FROM audit_events WHERE target_type = 'integration' AND target_id = ${created.id} ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.delete']);
    expect(audit[0].summary).toContain('127.0.0.1');
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM webhook_endpoints`);
    const bad: [object, string][] = [
      [{ url: 'not a url', events: ['card.created'] }, 'url'],
      [{ url: `${rx.url}/v`, events: [] }, 'events'],
      [{ url: `${rx.url}/v`, events: ['card.eaten'] }, 'events.0'],
      [{ url: `${rx.url}/v`, events: ['card.created'], audience: 'groups' }, 'visibilityGroupIds'],
      [{ url: `${rx.url}/v`, events: ['card.created'], audience: 'groups', visibilityGroupIds: [999999] }, 'visibilityGroupIds'],
      [{ url: `${rx.url}/v`, events: ['card.created'], secret: 'mine' }, 'body'],
    ];
    for (const [body, field] of bad) {
      const res = await admin.post('/api/webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details?.[0]?.field ?? res.body.details?.field, JSON.stringify(res.body)).toBe(field);
    }
    const ep = await create({ url: `${rx.url}/v`, events: ['card.created'] });
    expect((await admin.patch(`/api/webhooks/${ep.id}`, { events: [] })).status).toBe(400);
    expect((await admin.patch(`/api/webhooks/${ep.id}`, { url: 'https://10.0.0.8/hook' })).status).toBe(400);
    expect((await admin.get(`/api/webhooks/${ep.id}`)).body).toMatchObject({ url: `${rx.url}/v`, events: ['card.created'] });
    expect((await admin.get('/api/webhooks/abc')).status).toBe(400);
    expect((await admin.get(`/api/webhooks/${ep.id}/deliveries?page=0`)).status).toBe(400);
    await clearEndpoints();
    expect(await count(sql`SELECT count(*) AS n FROM webhook_endpoints`)).toBe(before);
  });

  it('refuses private, loopback and plain-http addresses the outbound rules do not allow', async () => {
    for (const url of ['https://10.1.2.3/hook', 'https://169.254.169.254/latest', 'https://localhost/hook', 'http://example.com/hook', 'ftp://example.com/']) {
      const res = await admin.post('/api/webhooks', { url, events: ['card.created'] });
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe('webhook_url_refused');
      expect(res.body.details[0].field).toBe('url');
    }
    expect(await count(sql`SELECT count(*) AS n FROM webhook_endpoints WHERE company_id = ${nw}`)).toBe(0);
  });
});

describe('events and signed deliveries', () => {
  let ep: WebhookEndpointCreated;
  beforeAll(async () => {
    ep = await create({ url: `${rx.url}/all`, events: ['intel.published', 'card.created', 'card.changed', 'card.deleted', 'battlecard.changed', 'digest.sent'], audience: 'all' });
  });
  afterAll(clearEndpoints);

  /** What this endpoint's log holds once the tests above have run, newest first. */
  const LOGGED = ['ping', 'digest.sent', 'battlecard.changed', 'card.deleted', 'card.changed', 'card.changed', 'card.changed', 'card.created', ...Array(5).fill('intel.published')];
  const verified = (r: Received) => new Webhook(ep.secret).verify(r.body, r.headers) as { type: string; data: Record<string, any> };

  it('publishing intel writes an event in the same transaction and sends it signed', async () => {
    const id = await unpublishedIntel();
    await publish(id);
    expect(await count(sql`SELECT count(*) AS n FROM integration_events WHERE type = 'intel.published' AND subject_id = ${id} AND fanned_out_at IS NULL`)).toBe(1);
    await sweep();
    const [got] = receivedAt('/all');
    expect(got.headers['webhook-id']).toMatch(/^msg_\d+$/);
    const payload = verified(got);
    expect(payload.type).toBe('intel.published');
    expect(payload.data.intel).toMatchObject({ id, url: `${APP_URL}/feed?intelIds=${id}` });
    expect(() => new Webhook(`whsec_${Buffer.from('another secret of 24 byte').toString('base64')}`).verify(got.body, got.headers)).toThrow();
    const delivery = await one<{ state: string; attempts: number; status_code: number }>(sql`SELECT state, attempts, status_code FROM deliveries WHERE target_id = ${ep.id}`);
    expect(delivery).toEqual({ state: 'succeeded', attempts: 1, status_code: 200 });
    // Published again (a fresh date) is no news.
    await publish(id);
    expect(await count(sql`SELECT count(*) AS n FROM integration_events WHERE type = 'intel.published' AND subject_id = ${id}`)).toBe(1);
  });

  it('a bulk publish writes one event per item newly published', async () => {
    const ids = (
      await rows<{ id: number }>(sql`SELECT id FROM intel_items WHERE company_id = ${nw} AND published_at IS NULL AND state <> 'deleted' AND related_to_id IS NULL
        AND id NOT IN (SELECT subject_id FROM integration_events WHERE type = 'intel.published') ORDER BY id LIMIT 3`)
    ).map((r) => r.id);
    const res = await curator.patch('/api/intel/v1', { intelIds: ids, update: { publishIntel: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const events = await rows<{ subject_id: number }>(sql`SELECT subject_id FROM integration_events WHERE type = 'intel.published' AND subject_id = ANY(${sql.param(ids)}::int[]) ORDER BY subject_id`);
    expect(events.map((e) => e.subject_id)).toEqual(ids);
    await sweep();
  });

  it('an item written already published (an import) is news too; one written unpublished is not', async () => {
    const [published, unpublished] = await rows<{ id: number }>(sql`INSERT INTO intel_items (company_id, channel, title, state, published_at)
      VALUES (${nw}, 'rss', 'Imported and published', 'archived', now()), (${nw}, 'rss', 'Imported for triage', 'unprocessed', NULL) RETURNING id`);
    const events = await rows<{ subject_id: number }>(sql`SELECT subject_id FROM integration_events WHERE type = 'intel.published' AND subject_id IN (${published.id}, ${unpublished.id})`);
    expect(events.map((e) => e.subject_id)).toEqual([published.id]);
    await sweep();
  });

  it('a card created, edited and deleted sends card.created, card.changed and card.deleted; moving it in its lane sends nothing', async () => {
    rx.received.length = 0;
    const board = await publishedBoard();
    const res = await curator.post('/api/cards.json?v=2', { data: { name: 'Webhook pricing card', textHtml: '<p>one</p>' }, boardId: board, allAccess: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const cardId = res.body.id as number;
    expect((await curator.put(`/api/cards/${cardId}.json`, { data: { name: 'Webhook pricing card v2', textHtml: '<p>two</p>' } })).status).toBe(200);
    expect((await curator.put(`/api/cards/${cardId}.json`, { viewOrder: '0.5' })).status).toBe(200);
    // Its name and who may see it, in one request: one change.
    expect((await curator.put(`/api/cards/${cardId}.json`, { data: { name: 'Webhook pricing card v2', textHtml: '<p>two</p>' }, allAccess: false, visibilityGroups: [sales] })).status).toBe(200);
    expect((await curator.put(`/api/cards/${cardId}.json`, { allAccess: true })).status).toBe(200);
    await sweep();
    expect((await curator.delete(`/api/cards/${cardId}.json`)).status).toBe(200);
    await sweep();
    const got = receivedAt('/all').map(verified);
    expect(got.map((p) => p.type)).toEqual(['card.created', 'card.changed', 'card.changed', 'card.changed', 'card.deleted']);
    expect(got[1].data.card).toMatchObject({ id: cardId, name: 'Webhook pricing card v2', html: '<p>two</p>', rival: { name: 'Lumenary' } });
    expect(got[1].data.card.url).toMatch(new RegExp(`^${APP_URL}/profile/\\d+/view/card/${cardId}$`));
    expect(got[4].data.card).toMatchObject({ id: cardId, name: 'Webhook pricing card v2', rival: { name: 'Lumenary' } });
  });

  it('a battlecard retitled sends battlecard.changed; reordering it sends nothing', async () => {
    rx.received.length = 0;
    const bc = await one<{ id: number; view_order: number }>(sql`SELECT bc.id, bc.view_order FROM battlecards bc WHERE bc.company_id = ${nw} AND NOT bc.is_draft ORDER BY bc.id LIMIT 1`);
    expect((await curator.put(`/api/battlecards/${bc.id}.json`, { title: 'Win against Lumenary' })).status).toBe(200);
    expect((await curator.put(`/api/battlecards/${bc.id}.json`, { viewOrder: bc.view_order + 1 })).status).toBe(200);
    await sweep();
    const got = receivedAt('/all').map(verified);
    expect(got.map((p) => p.type)).toEqual(['battlecard.changed']);
    expect(got[0].data.battlecard).toMatchObject({ id: bc.id, title: 'Win against Lumenary' });
    expect(got[0].data.battlecard.url).toMatch(new RegExp(`^${APP_URL}/profile/\\d+/battlecard/view/${bc.id}$`));
  });

  it('a digest marked sent sends digest.sent with its items', async () => {
    rx.received.length = 0;
    const digest = await one<{ id: number }>(sql`INSERT INTO email_digests (company_id, title) VALUES (${nw}, 'Weekly webhook digest') RETURNING id`);
    await t.db.execute(sql`UPDATE email_digests SET state = 'sent', sent_at = now() WHERE id = ${digest.id}`);
    await sweep();
    const [payload] = receivedAt('/all').map(verified);
    expect(payload).toMatchObject({ type: 'digest.sent', data: { digest: { id: digest.id, title: 'Weekly webhook digest', items: [] } } });
  });

  it('the test route sends a ping now and answers the delivery; the log lists it newest first with its subject', async () => {
    rx.received.length = 0;
    const res = await admin.post(`/api/webhooks/${ep.id}/test`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body as Delivery).toMatchObject({ event: 'ping', subject: 'Test event', state: 'succeeded', attempts: 1, statusCode: 200, error: null, nextAttemptAt: null });
    expect(verified(receivedAt('/all')[0]).type).toBe('ping');
    const page = (await admin.get(`/api/webhooks/${ep.id}/deliveries`)).body as DeliveryPage;
    expect(page).toMatchObject({ page: 1, limit: DELIVERY_PAGE_SIZE, total: LOGGED.length });
    expect(page.items.map((d) => d.event)).toEqual(LOGGED);
    expect(page.items[8].subject).toBe('Imported and published');
    expect(page.items.find((d) => d.event === 'card.deleted')!.subject).toBe('Webhook pricing card v2');
    expect((await admin.get(`/api/webhooks/${ep.id}`)).body.lastDelivery.event).toBe('ping');
  });

  it('pages the log by 20', async () => {
    for (let i = 0; i < 20; i++) expect((await admin.post(`/api/webhooks/${ep.id}/test`)).status).toBe(200);
    const second = (await admin.get(`/api/webhooks/${ep.id}/deliveries?page=2`)).body as DeliveryPage;
    // Twenty pings fill the first page; the second starts with the first ping.
    expect(second).toMatchObject({ page: 2, total: LOGGED.length + 20 });
    expect(second.items.map((d) => d.event)).toEqual(LOGGED);
  });
});

describe('payloads carry only what the audience may see', () => {
  afterAll(clearEndpoints);

  it("a card shared with one group goes to the 'all' and that group's endpoints, not to the 'everyone' one", async () => {
    rx.received.length = 0;
    const events = ['card.created', 'card.deleted'];
    const everyone = await create({ url: `${rx.url}/everyone`, events, audience: 'everyone' });
    const all = await create({ url: `${rx.url}/curators`, events, audience: 'all' });
    const salesOnly = await create({ url: `${rx.url}/sales`, events, audience: 'groups', visibilityGroupIds: [sales] });
    const res = await curator.post('/api/cards.json?v=2', { data: { name: 'Sales-only objection handling' }, boardId: await publishedBoard(), allAccess: false, visibilityGroups: [sales] });
    expect(res.status).toBe(201);
    const draft = await curator.post('/api/cards.json?v=2', { data: { name: 'Draft notes' }, boardId: await publishedBoard(), isDraft: true, allAccess: true });
    expect(draft.status).toBe(201);
    await sweep();
    expect(receivedAt('/everyone')).toEqual([]);
    expect(receivedAt('/curators').map((r) => payloadOf(r).data.card.name).sort()).toEqual(['Draft notes', 'Sales-only objection handling']);
    expect(receivedAt('/sales').map((r) => payloadOf(r).data.card.name)).toEqual(['Sales-only objection handling']);
    // Not delivered is not logged: the 'everyone' endpoint has no delivery at all.
    expect(await count(sql`SELECT count(*) AS n FROM deliveries WHERE target_kind = 'webhook' AND target_id = ${everyone.id}`)).toBe(0);

    // Deleted, the card's audiences are what it had: the same endpoints hear of it.
    expect((await curator.delete(`/api/cards/${res.body.id}.json`)).status).toBe(200);
    await sweep();
    expect(receivedAt('/everyone')).toEqual([]);
    expect(receivedAt('/sales').map((r) => payloadOf(r).type)).toEqual(['card.created', 'card.deleted']);
    expect(all.id).toBeGreaterThan(0);
    expect(salesOnly.id).toBeGreaterThan(0);
  });

  it('a subject hidden between fan-out and sending fails its delivery with the reason, and nothing is sent', async () => {
    rx.received.length = 0;
    const ep = await create({ url: `${rx.url}/late`, events: ['card.changed'], audience: 'everyone' });
    const card = await one<{ id: number }>(sql`SELECT c.id FROM cards c WHERE c.company_id = ${nw} AND c.all_access AND NOT c.is_draft AND c.board_id = ${await publishedBoard()} ORDER BY c.id LIMIT 1`);
    expect((await curator.put(`/api/cards/${card.id}.json`, { data: { name: 'Renamed for the late test' } })).status).toBe(200);
    // Fanned out while visible to everyone…
    await fanOutOnly();
    // …then made a draft before it is sent (an event of its own, which this endpoint is not shown).
    await t.db.execute(sql`UPDATE cards SET is_draft = true WHERE id = ${card.id}`);
    await sweep();
    expect(receivedAt('/late')).toEqual([]);
    const delivery = await one<{ state: string; error: string }>(sql`SELECT state, error FROM deliveries WHERE target_id = ${ep.id} AND target_kind = 'webhook'`);
    expect(delivery.state).toBe('failed');
    expect(delivery.error).toMatch(/no longer be seen/);
    await t.db.execute(sql`UPDATE cards SET is_draft = false WHERE id = ${card.id}`);
  });

  it('writes no event for a company without a target that wants it', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM integration_events`);
    await publish(await unpublishedIntel());
    expect(await count(sql`SELECT count(*) AS n FROM integration_events`)).toBe(before);
  });
});

describe('retries and endpoints that keep failing', () => {
  afterAll(clearEndpoints);
  const makeDue = (endpointId: number) =>
    t.db.execute(sql`UPDATE deliveries SET next_attempt_at = now() WHERE target_kind = 'webhook' AND target_id = ${endpointId} AND state = 'pending'`);

  it('retries a failing delivery after 30 s, then 60 s, and succeeds with the same webhook-id', async () => {
    const ep = await create({ url: `${rx.url}/flaky`, events: ['intel.published'] });
    let calls = 0;
    rx.answer(() => (++calls <= 2 ? { status: 500 } : { status: 204 }));
    await publish(await unpublishedIntel());
    const state = () =>
      one<{ state: string; attempts: number; status_code: number; error: string | null; delay: number }>(
        sql`SELECT state, attempts, status_code, error, round(extract(epoch FROM next_attempt_at - last_attempt_at))::int AS delay FROM deliveries WHERE target_id = ${ep.id} AND target_kind = 'webhook'`,
      );
    await sweep();
    expect(await state()).toMatchObject({ state: 'pending', attempts: 1, status_code: 500, delay: DELIVERY_RETRY.firstDelaySeconds });
    expect((await state()).error).toMatch(/answered 500/);
    // Not due yet: a sweep sends nothing.
    await sweep();
    expect(receivedAt('/flaky')).toHaveLength(1);
    await makeDue(ep.id);
    await sweep();
    expect(await state()).toMatchObject({ state: 'pending', attempts: 2, delay: DELIVERY_RETRY.firstDelaySeconds * DELIVERY_RETRY.factor });
    const endpoint = (await admin.get(`/api/webhooks/${ep.id}`)).body as WebhookEndpoint;
    expect(endpoint.failingSince).not.toBeNull();
    await makeDue(ep.id);
    await sweep();
    expect(await state()).toMatchObject({ state: 'succeeded', attempts: 3, status_code: 204, error: null });
    const ids = new Set(receivedAt('/flaky').map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(((await admin.get(`/api/webhooks/${ep.id}`)).body as WebhookEndpoint).failingSince).toBeNull();
  });

  it('gives up after the last attempt', async () => {
    const ep = await create({ url: `${rx.url}/down`, events: ['intel.published'] });
    rx.answer({ status: 502 });
    await publish(await unpublishedIntel());
    await fanOutOnly();
    await t.db.execute(sql`UPDATE deliveries SET attempts = ${DELIVERY_RETRY.maxAttempts - 1} WHERE target_id = ${ep.id} AND target_kind = 'webhook'`);
    await sweep();
    const d = await one<{ state: string; attempts: number }>(sql`SELECT state, attempts FROM deliveries WHERE target_id = ${ep.id} AND target_kind = 'webhook'`);
    expect(d).toEqual({ state: 'failed', attempts: DELIVERY_RETRY.maxAttempts });
  });

  it('turns an endpoint off once every delivery failed for a day, tells the admins, and enabling it again starts afresh', async () => {
    const ep = await create({ url: `${rx.url}/dead`, events: ['intel.published'] });
    rx.answer({ status: 503 });
    await publish(await unpublishedIntel());
    await sweep();
    expect(((await admin.get(`/api/webhooks/${ep.id}`)).body as WebhookEndpoint).enabled).toBe(true);
    // A day passes with nothing but failures.
    await t.db.execute(sql`UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours' WHERE id = ${ep.id}`);
    await publish(await unpublishedIntel());
    await sweep();
    const off = (await admin.get(`/api/webhooks/${ep.id}`)).body as WebhookEndpoint;
    expect(off).toMatchObject({ enabled: false });
    expect(off.disabledAt).not.toBeNull();
    expect(off.disabledReason).toMatch(/Every delivery failed for 24 hours; the last: 127\.0\.0\.1:\d+ answered 503/);
    const told = await rows<{ email: string; params: { target: string; name: string } }>(
      sql`SELECT u.email, n.params FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.kind = 'integration' AND n.target_id = ${ep.id}`,
    );
    expect(told.length).toBeGreaterThan(0);
    expect(told.map((n) => n.email)).toContain('admin@demo.test');
    expect(told.map((n) => n.email)).not.toContain('curator@demo.test');
    expect(told[0].params).toMatchObject({ target: 'webhook', name: new URL(rx.url).host });
    // Nothing more goes to it while it is off.
    const before = await count(sql`SELECT count(*) AS n FROM deliveries WHERE target_kind = 'webhook' AND target_id = ${ep.id}`);
    await publish(await unpublishedIntel());
    await fanOutOnly();
    expect(await count(sql`SELECT count(*) AS n FROM deliveries WHERE target_kind = 'webhook' AND target_id = ${ep.id}`)).toBe(before);

    const on = await admin.patch(`/api/webhooks/${ep.id}`, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
  });
});

/** Fans out pending events without sending anything. */
async function fanOutOnly() {
  while ((await fanOut(t.db)) > 0) continue;
}

describe('restarts and crashes', () => {
  afterAll(clearEndpoints);

  it('a delivery claimed by a dispatcher that died is sent once by the next, after the claim runs out', async () => {
    const ep = await create({ url: `${rx.url}/crash`, events: ['intel.published'] });
    await publish(await unpublishedIntel());
    await fanOutOnly();
    // The first dispatcher claims it and dies before sending.
    const claimed = await claimDue(t.db, 10, 90);
    expect(claimed.map((c) => c.targetId)).toEqual([ep.id]);
    const held = await one<{ ahead: number }>(sql`SELECT round(extract(epoch FROM next_attempt_at - now()))::int AS ahead FROM deliveries WHERE id = ${claimed[0].id}`);
    expect(held.ahead).toBeGreaterThan(60);
    // The next one finds nothing due while the claim holds…
    await sweep();
    expect(receivedAt('/crash')).toEqual([]);
    // …and sends it once the claim has run out.
    await t.db.execute(sql`UPDATE deliveries SET next_attempt_at = now() - interval '1 second' WHERE id = ${claimed[0].id}`);
    await sweep();
    await sweep();
    expect(receivedAt('/crash')).toHaveLength(1);
    expect(receivedAt('/crash')[0].headers['webhook-id']).toBe(`msg_${claimed[0].id}`);
  });

  it('a dispatcher stopped mid-delivery records what it sent; the next one sends the rest, nothing twice', async () => {
    const ep = await create({ url: `${rx.url}/restart`, events: ['intel.published'] });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first!: () => void;
    const arrived = new Promise<void>((resolve) => (first = resolve));
    rx.answer(async () => {
      first();
      await gate;
      return { status: 200 };
    });
    for (let i = 0; i < 3; i++) await publish(await unpublishedIntel());
    const a = new Dispatcher(ctx, { concurrency: 1 });
    const running = a.sweep();
    await arrived;
    const stopping = a.stop();
    release();
    await Promise.all([running, stopping]);
    rx.answer({ status: 200 });
    const b = dispatcher();
    await b.sweep();
    const got = receivedAt('/restart');
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(3);
    expect(await count(sql`SELECT count(*) AS n FROM deliveries WHERE target_id = ${ep.id} AND target_kind = 'webhook' AND state = 'succeeded'`)).toBe(3);
  });
});

describe('chat fan-out', () => {
  let integration: number;
  let routes: Record<'rival' | 'topic' | 'priority' | 'any' | 'digests', number>;
  let rival: { id: number; name: string };

  beforeAll(async () => {
    rival = await one(sql`SELECT id, name FROM rivals WHERE company_id = ${nw} AND name = 'Lumenary'`);
    const other = await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${nw} AND name <> 'Lumenary' ORDER BY id LIMIT 1`);
    integration = (await one<{ id: number }>(sql`INSERT INTO chat_integrations (company_id, provider, team_id, team_name) VALUES (${nw}, 'slack', 'T1', 'Northwind') RETURNING id`)).id;
    const route = async (channel: string, events: string[], filters: { rivals?: number[]; topics?: string[]; priorities?: string[] }) =>
      (
        await one<{ id: number }>(sql`INSERT INTO chat_routes (company_id, integration_id, channel_id, channel_name, events, rival_ids, topics, priorities)
          VALUES (${nw}, ${integration}, ${channel}, ${channel}, ${sql.param(events)}::text[], ${sql.param(filters.rivals ?? [])}::int[],
            ${sql.param(filters.topics ?? [])}::text[], ${sql.param(filters.priorities ?? [])}::text[]) RETURNING id`)
      ).id;
    routes = {
      rival: await route('C-rival', ['intel.published'], { rivals: [rival.id] }),
      topic: await route('C-topic', ['intel.published'], { topics: ['pricing'] }),
      priority: await route('C-priority', ['intel.published'], { priorities: ['important'], rivals: [rival.id, other.id] }),
      any: await route('C-any', ['intel.published', 'digest.sent'], {}),
      digests: await route('C-digests', ['digest.sent'], {}),
    };
  });
  beforeEach(() => {
    posts.length = 0;
    chatAnswer = () => ({ ok: true, statusCode: 200 });
  });

  it('posts published intel to the routes whose rivals, topics and priorities match it', async () => {
    const id = await unpublishedIntel();
    await t.db.execute(sql`UPDATE intel_items SET topics = ARRAY['Pricing'], priority = 'interesting', summary = 'Prices went up' WHERE id = ${id}`);
    await t.db.execute(sql`DELETE FROM intel_rivals WHERE intel_id = ${id}`);
    await t.db.execute(sql`INSERT INTO intel_rivals (company_id, intel_id, rival_id) VALUES (${nw}, ${id}, ${rival.id})`);
    await publish(id);
    await sweep();
    expect(posts.map((p) => p.route.channelId).sort()).toEqual(['C-any', 'C-rival', 'C-topic']);
    const post = posts[0];
    expect(post).toMatchObject({ companyId: nw, event: 'intel.published', externalId: null, route: { integrationId: integration, webhookUrl: null } });
    expect(post.subject).toMatchObject({ kind: 'intel', id, summary: 'Prices went up', topics: ['Pricing'], priority: 'interesting', rivals: [rival], url: `${APP_URL}/feed?intelIds=${id}` });

    // A digest goes to the routes that want digests.
    posts.length = 0;
    const digest = await one<{ id: number }>(sql`INSERT INTO email_digests (company_id, title) VALUES (${nw}, 'Chat digest') RETURNING id`);
    await t.db.execute(sql`UPDATE email_digests SET state = 'sent', sent_at = now() WHERE id = ${digest.id}`);
    await sweep();
    expect(posts.map((p) => p.route.channelId).sort()).toEqual(['C-any', 'C-digests']);
    expect(posts[0].subject).toMatchObject({ kind: 'digest', id: digest.id, title: 'Chat digest', url: `${APP_URL}/feed` });
  });

  it("honours a 429's retryAfterSeconds, then keeps the message's id", async () => {
    let calls = 0;
    chatAnswer = () => (++calls === 1 ? { ok: false, statusCode: 429, error: 'Slack asked to slow down', retryAfterSeconds: 7 } : { ok: true, statusCode: 200, externalId: '1700000000.000100' });
    await t.db.execute(sql`DELETE FROM chat_routes WHERE id = ${routes.digests}`);
    const digest = await one<{ id: number }>(sql`INSERT INTO email_digests (company_id, title) VALUES (${nw}, 'Slow digest') RETURNING id`);
    await t.db.execute(sql`UPDATE email_digests SET state = 'sent', sent_at = now() WHERE id = ${digest.id}`);
    await sweep();
    const d = await one<{ id: number; state: string; attempts: number; status_code: number; error: string; delay: number }>(
      sql`SELECT d.id, d.state, d.attempts, d.status_code, d.error, round(extract(epoch FROM d.next_attempt_at - d.last_attempt_at))::int AS delay
          FROM deliveries d JOIN integration_events e ON e.id = d.event_id WHERE e.subject_id = ${digest.id} AND e.type = 'digest.sent'`,
    );
    expect(d).toMatchObject({ state: 'pending', attempts: 1, status_code: 429, error: 'Slack asked to slow down', delay: 7 });
    await t.db.execute(sql`UPDATE deliveries SET next_attempt_at = now() WHERE id = ${d.id}`);
    await sweep();
    const done = await one<{ state: string; external_id: string }>(sql`SELECT state, external_id FROM deliveries WHERE id = ${d.id}`);
    expect(done).toEqual({ state: 'succeeded', external_id: '1700000000.000100' });
  });

  it('a sender that throws is tried again later, the error in words', async () => {
    chatAnswer = () => {
      throw new Error('socket hang up');
    };
    const digest = await one<{ id: number }>(sql`INSERT INTO email_digests (company_id, title) VALUES (${nw}, 'Thrown digest') RETURNING id`);
    await t.db.execute(sql`UPDATE email_digests SET state = 'sent', sent_at = now() WHERE id = ${digest.id}`);
    await sweep();
    const d = await one<{ state: string; attempts: number; error: string }>(
      sql`SELECT d.state, d.attempts, d.error FROM deliveries d JOIN integration_events e ON e.id = d.event_id WHERE e.subject_id = ${digest.id} AND e.type = 'digest.sent'`,
    );
    expect(d).toEqual({ state: 'pending', attempts: 1, error: 'Slack could not be reached (socket hang up)' });
    await t.db.execute(sql`UPDATE deliveries SET state = 'failed' WHERE state = 'pending' AND target_kind = 'chat_route'`);
  });

  it('a sender answering broken marks the integration broken, fails the delivery and tells the admins once', async () => {
    chatAnswer = () => ({ ok: false, statusCode: 200, error: 'The Slack token was revoked (token_revoked)', broken: true });
    const digest = await one<{ id: number }>(sql`INSERT INTO email_digests (company_id, title) VALUES (${nw}, 'Broken digest') RETURNING id`);
    await t.db.execute(sql`UPDATE email_digests SET state = 'sent', sent_at = now() WHERE id = ${digest.id}`);
    await sweep();
    const ci = await one<{ state: string; error: string }>(sql`SELECT state, error FROM chat_integrations WHERE id = ${integration}`);
    expect(ci).toEqual({ state: 'broken', error: 'The Slack token was revoked (token_revoked)' });
    const d = await one<{ state: string }>(sql`SELECT d.state FROM deliveries d JOIN integration_events e ON e.id = d.event_id WHERE e.subject_id = ${digest.id} AND e.type = 'digest.sent'`);
    expect(d.state).toBe('failed');
    const told = await rows<{ email: string; params: object; url: string }>(
      sql`SELECT u.email, n.params, n.url FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.kind = 'integration' AND n.target_id = ${integration}`,
    );
    expect(told.map((n) => n.email)).toContain('admin@demo.test');
    expect(told[0]).toMatchObject({ params: { target: 'slack', name: 'Northwind', reason: 'The Slack token was revoked (token_revoked)' }, url: '/integrations' });
    // Broken, it wants nothing more: no events are written for it.
    const before = await count(sql`SELECT count(*) AS n FROM integration_events`);
    await publish(await unpublishedIntel());
    expect(await count(sql`SELECT count(*) AS n FROM integration_events`)).toBe(before);
    const notes = await admin.get('/api/notifications.json');
    expect(notes.body.notifications.some((n: { kind: string }) => n.kind === 'integration')).toBe(true);
  });
});
