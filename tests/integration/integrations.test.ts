// Integrations (#54), the overview, Teams and the routing rules: who may see and change what, the Workflows URL checks
// (retired connectors and private addresses refused, the URL never answered), a test message posted to a local receiver
// speaking as a Workflows webhook does, the delivery log, and the Teams outgoing webhook's HMAC and user mapping.
// The receiver is on 127.0.0.1, which the tests allow through OUTBOUND_ALLOW_HOSTS as monitors.test.ts does.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatChannel, ChatRoute, Delivery, DeliveryPage, IntegrationsOverview } from '../../contracts/integrations.ts';
import type { ChatPost } from '../../search-api/integrations/senders.ts';
import { teamsSignature } from '../../search-api/integrations/teams/messages.ts';
import { OutboundClient } from '../../search-api/outbound/client.ts';
import { parseAllowHosts } from '../../search-api/outbound/rules.ts';
import { teamsSender } from '../../search-api/integrations/teams/post.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { startSite, type Site } from '../helpers/site.ts';

type Agent = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let site: Site;
let admin: Agent;
let seller: Agent;
let companyId: number;
const slackPosts: ChatPost[] = [];
const channels: ChatChannel[] = [
  { id: 'C0GENERAL', name: 'general', isPrivate: false },
  { id: 'C0DEALS', name: 'deals', isPrivate: true },
];
const received: { body: string; type: string | undefined }[] = [];

beforeAll(async () => {
  site = await startSite();
  const outbound = new OutboundClient({ allowHosts: parseAllowHosts('127.0.0.1') });
  t = await testApp({
    search: true,
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', APP_URL: 'https://rivalscope.example' },
    chat: {
      senders: {
        teams: teamsSender({ outbound }),
        slack: async (post) => {
          slackPosts.push(post);
          return { ok: true, statusCode: 200, externalId: '1700000000.000100' };
        },
      },
      slackChannels: async () => channels,
      slackInstallable: true,
    },
  });
  admin = await signIn(t.app, 'admin@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  companyId = await northwindId(t.db);
  site.set('/workflows/ok', async (req) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    received.push({ body: Buffer.concat(chunks).toString('utf8'), type: req.headers['content-type'] });
    return { status: 202, body: '' };
  });
  site.set('/workflows/gone', { status: 404, body: 'not found' });
  site.set('/workflows/busy', { status: 429, headers: { 'retry-after': '90' }, body: '' });
}, 120_000);
afterAll(async () => {
  await t?.drop();
  await site?.close();
});

const count = async (table: string) => Number(((await t.db.execute(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`)).rows[0] as { n: string }).n);
const teamsRoute = async (webhookUrl: string, channelName = 'Sales wins') => {
  const res = await admin.post('/api/integrations/teams/routes', { channelName, webhookUrl, events: ['intel.published'] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ChatRoute;
};

describe('what is connected', () => {
  it('everyone signed in sees the state; only admins the counts and may manage', async () => {
    const mine = (await seller.get('/api/integrations')).body as IntegrationsOverview;
    expect(mine).toEqual({
      slack: { provider: 'slack', state: 'not_connected', teamName: null, connectedBy: null, connectedAt: null, error: null, installable: true },
      teams: { provider: 'teams', state: 'not_connected', teamName: null, connectedBy: null, connectedAt: null, error: null },
      canManage: false,
    });
    const theirs = (await admin.get('/api/integrations')).body as IntegrationsOverview;
    expect(theirs.canManage).toBe(true);
    expect(theirs.teams.routes).toBe(0);
    // The demo's two endpoints, both off (db/seed/integrations.ts).
    expect(theirs.webhooks).toEqual({ total: 2, enabled: 0 });
    expect((await request(t.app).get('/api/integrations')).status).toBe(401);
  });
});

describe('connecting Teams', () => {
  it('is for admins: a seller gets 403 and nothing is written', async () => {
    expect((await seller.put('/api/integrations/teams', {})).status).toBe(403);
    expect((await seller.delete('/api/integrations/teams')).status).toBe(403);
    expect(await count('chat_integrations')).toBe(0);
  });

  it('connects, seals the outgoing webhook secret, and audits without the secret', async () => {
    const res = await admin.put('/api/integrations/teams', { outgoingWebhookSecret: 'c2VjcmV0LW9mLXRlYW1z' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ provider: 'teams', state: 'connected', connectedBy: { name: expect.any(String) } });
    const row = (await t.db.execute(sql`SELECT signing_secret_sealed FROM chat_integrations WHERE company_id = ${companyId} AND provider = 'teams'`)).rows[0] as {
      signing_secret_sealed: string;
    };
    expect(row.signing_secret_sealed).toMatch(/^v1:/);
    const audit = (await t.db.execute(sql`SELECT summary, detail::text AS detail FROM audit_events WHERE action = 'integration.teams.connect'`)).rows as { detail: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).not.toContain('c2VjcmV0');
    expect((await admin.put('/api/integrations/teams', { outgoingWebhookSecret: 5 })).status).toBe(400);
  });
});

describe('Teams routing rules', () => {
  it('refuse retired Office 365 connector URLs, telling to create a Workflows webhook, and write nothing', async () => {
    const before = await count('chat_routes');
    for (const url of [
      'https://contoso.webhook.office.com/webhookb2/1234@5678/IncomingWebhook/abcd/ef01',
      'https://outlook.office.com/webhook/1234@5678/IncomingWebhook/abcd/ef01',
      'https://outlook.office365.com/webhook/1234@5678/IncomingWebhook/abcd/ef01',
    ]) {
      const res = await admin.post('/api/integrations/teams/routes', { channelName: 'Old', webhookUrl: url, events: ['intel.published'] });
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe('teams_connector_retired');
      expect(res.body.error).toMatch(/create a Workflows webhook instead/);
      expect(res.body.details).toEqual([{ field: 'webhookUrl', message: expect.stringContaining('Workflows') }]);
    }
    expect(await count('chat_routes')).toBe(before);
  });

  it('refuse private addresses (also once a name resolves to one) and plain http, and write nothing', async () => {
    const before = await count('chat_routes');
    for (const url of ['https://10.0.0.5/workflows', 'https://169.254.169.254/latest', 'https://localhost:9/x', 'http://prod-01.westeurope.logic.azure.com/workflows/1', 'ftp://x.example/']) {
      const res = await admin.post('/api/integrations/teams/routes', { channelName: 'Bad', webhookUrl: url, events: ['intel.published'] });
      expect(res.status, url).toBe(400);
      expect(res.body.details[0].field, url).toBe('webhookUrl');
    }
    expect(await count('chat_routes')).toBe(before);
  });

  it('need a name and a URL, take no Slack channel, and validate the filters with clear 400s', async () => {
    const bad = [
      [{ channelName: 'x', events: ['intel.published'] }, 'webhookUrl'],
      [{ channelName: 'x', webhookUrl: `${site.url}/workflows/ok`, channelId: 'C1', events: ['intel.published'] }, 'channelId'],
      [{ channelName: 'x', webhookUrl: `${site.url}/workflows/ok`, events: [] }, 'events'],
      [{ channelName: 'x', webhookUrl: `${site.url}/workflows/ok`, events: ['card.created'] }, 'events.0'],
      [{ channelName: 'x', webhookUrl: `${site.url}/workflows/ok`, events: ['intel.published'], rivalIds: [999999] }, 'rivalIds'],
      [{ channelName: 'x', webhookUrl: `${site.url}/workflows/ok`, events: ['intel.published'], priorities: ['urgent'] }, 'priorities.0'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await admin.post('/api/integrations/teams/routes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details[0].field).toBe(field);
    }
    expect(await count('chat_routes')).toBe(0);
  });

  it('store the URL sealed and answer only its host', async () => {
    const rival = (await t.db.execute(sql`SELECT id, name FROM rivals WHERE company_id = ${companyId} ORDER BY id LIMIT 1`)).rows[0] as { id: number; name: string };
    const res = await admin.post('/api/integrations/teams/routes', {
      channelName: 'Pricing',
      webhookUrl: `${site.url}/workflows/ok?sig=very-secret`,
      events: ['intel.published', 'digest.sent', 'intel.published'],
      rivalIds: [rival.id],
      topics: ['pricing'],
      priorities: ['important'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ provider: 'teams', channelId: null, channelName: 'Pricing', webhookHost: new URL(site.url).host, events: ['intel.published', 'digest.sent'], rivals: [rival], lastDelivery: null });
    expect(JSON.stringify(res.body)).not.toContain('very-secret');
    const list = await admin.get('/api/integrations/teams/routes');
    expect(JSON.stringify(list.body)).not.toContain('very-secret');
    const stored = (await t.db.execute(sql`SELECT webhook_url_sealed FROM chat_routes WHERE id = ${res.body.id}`)).rows[0] as { webhook_url_sealed: string };
    expect(stored.webhook_url_sealed).not.toContain('very-secret');
    const audits = (await t.db.execute(sql`SELECT detail::text AS d FROM audit_events WHERE action LIKE 'integration.route.%'`)).rows as { d: string }[];
    expect(audits.length).toBeGreaterThan(0);
    for (const a of audits) expect(a.d).not.toContain('very-secret');
  });

  it('are admins’ and the company’s own: 403 for a seller, 404 for another company’s', async () => {
    const route = await teamsRoute(`${site.url}/workflows/ok`, 'Mine');
    expect((await seller.get('/api/integrations/teams/routes')).status).toBe(403);
    expect((await seller.patch(`/api/integrations/routes/${route.id}`, { channelName: 'x' })).status).toBe(403);
    expect((await seller.post(`/api/integrations/routes/${route.id}/test`)).status).toBe(403);
    const other = await signInOutsider(t);
    expect((await other.patch(`/api/integrations/routes/${route.id}`, { channelName: 'x' })).status).toBe(404);
    expect((await other.delete(`/api/integrations/routes/${route.id}`)).status).toBe(404);
    expect((await other.post(`/api/integrations/routes/${route.id}/test`)).status).toBe(404);
    expect((await other.get(`/api/integrations/routes/${route.id}/deliveries`)).status).toBe(404);
    expect((await other.get('/api/integrations/teams/routes')).body).toEqual({ routes: [] });
    expect((await admin.get('/api/integrations/nope/routes')).status).toBe(404);
  });

  it('change and delete', async () => {
    const route = await teamsRoute(`${site.url}/workflows/ok`, 'Before');
    const changed = await admin.patch(`/api/integrations/routes/${route.id}`, { channelName: 'After', topics: ['pricing', 'hiring'] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ channelName: 'After', topics: ['pricing', 'hiring'], events: ['intel.published'] });
    expect((await admin.patch(`/api/integrations/routes/${route.id}`, { webhookUrl: 'https://outlook.office.com/webhook/a/b' })).status).toBe(400);
    expect((await admin.patch(`/api/integrations/routes/${route.id}`, { colour: 'red' })).status).toBe(400);
    expect((await admin.delete(`/api/integrations/routes/${route.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/integrations/routes/${route.id}`)).status).toBe(404);
  });
});

describe('a test message', () => {
  it('posts an Adaptive Card to the Workflows webhook and logs a ping delivery', async () => {
    const route = await teamsRoute(`${site.url}/workflows/ok`, 'Test me');
    received.length = 0;
    const res = await admin.post(`/api/integrations/routes/${route.id}/test`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const delivery = res.body as Delivery;
    expect(delivery).toMatchObject({ event: 'ping', subject: 'Test message from Rivalscope', state: 'succeeded', attempts: 1, statusCode: 202, error: null, nextAttemptAt: null });
    expect(delivery.responseMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    expect(received[0].type).toBe('application/json');
    const message = JSON.parse(received[0].body);
    expect(message.type).toBe('message');
    expect(message.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(message.attachments[0].content).toMatchObject({ type: 'AdaptiveCard', version: '1.5' });
    expect(JSON.stringify(message)).toContain('Test me');

    const page = (await admin.get(`/api/integrations/routes/${route.id}/deliveries`)).body as DeliveryPage;
    expect(page).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(page.items[0]).toEqual(delivery);
    const listed = ((await admin.get('/api/integrations/teams/routes')).body.routes as ChatRoute[]).find((r) => r.id === route.id);
    expect(listed?.lastDelivery).toEqual(delivery);
    // Written as done: the dispatcher has nothing of it to send.
    const pending = (await t.db.execute(sql`SELECT count(*) AS n FROM integration_events WHERE type = 'ping' AND fanned_out_at IS NULL`)).rows[0] as { n: string };
    expect(Number(pending.n)).toBe(0);
  });

  it('logs why a post failed, in words', async () => {
    const gone = await teamsRoute(`${site.url}/workflows/gone`, 'Gone');
    const res = await admin.post(`/api/integrations/routes/${gone.id}/test`);
    expect(res.body).toMatchObject({ state: 'failed', statusCode: 404, error: expect.stringMatching(/workflow .* deleted or turned off/) });
    const busy = await teamsRoute(`${site.url}/workflows/busy`, 'Busy');
    expect((await admin.post(`/api/integrations/routes/${busy.id}/test`)).body).toMatchObject({ state: 'failed', statusCode: 429, error: expect.stringMatching(/slow down/) });
  });

  it('pages the log 20 at a time, newest first', async () => {
    const route = await teamsRoute(`${site.url}/workflows/ok`, 'Paged');
    for (let i = 0; i < 22; i++) expect((await admin.post(`/api/integrations/routes/${route.id}/test`)).status).toBe(200);
    const first = (await admin.get(`/api/integrations/routes/${route.id}/deliveries`)).body as DeliveryPage;
    const second = (await admin.get(`/api/integrations/routes/${route.id}/deliveries?page=2`)).body as DeliveryPage;
    expect(first.total).toBe(22);
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(2);
    expect(first.items[0].id).toBeGreaterThan(first.items[19].id);
    expect(first.items[19].id).toBeGreaterThan(second.items[0].id);
    expect((await admin.get(`/api/integrations/routes/${route.id}/deliveries?page=0`)).status).toBe(400);
  });
});

describe('Slack routing rules', () => {
  it('need Slack connected', async () => {
    const res = await admin.post('/api/integrations/slack/routes', { channelId: 'C0GENERAL', events: ['intel.published'] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('chat_not_connected');
  });

  it('take a channel the bot may post to, named from the directory, and test through the Slack sender', async () => {
    await t.db.execute(sql`INSERT INTO chat_integrations (company_id, provider, team_id, team_name) VALUES (${companyId}, 'slack', 'T0NORTH', 'Northwind')`);
    const refused = await admin.post('/api/integrations/slack/routes', { channelId: 'C0SECRET', events: ['intel.published'] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'slack_channel_unknown', details: [{ field: 'channelId', message: 'the bot cannot post to that channel' }] });
    expect((await admin.post('/api/integrations/slack/routes', { channelId: 'C0GENERAL', webhookUrl: `${site.url}/x`, events: ['intel.published'] })).status).toBe(400);

    const res = await admin.post('/api/integrations/slack/routes', { channelId: 'C0DEALS', events: ['digest.sent'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ provider: 'slack', channelId: 'C0DEALS', channelName: 'deals', webhookHost: null });
    const delivery = (await admin.post(`/api/integrations/routes/${res.body.id}/test`)).body as Delivery;
    expect(delivery).toMatchObject({ state: 'succeeded', statusCode: 200 });
    expect(slackPosts.at(-1)).toMatchObject({ deliveryId: delivery.id, route: { id: res.body.id, channelId: 'C0DEALS', webhookUrl: null } });
    expect((await admin.get('/api/integrations')).body.slack).toMatchObject({ state: 'connected', teamName: 'Northwind', routes: 1 });
  });
});

describe('the Teams outgoing webhook', () => {
  const secret = Buffer.from('outgoing-webhook-shared-secret').toString('base64');
  const activity = (from: object, text = '<at>Rivalscope</at> pricing') => Buffer.from(JSON.stringify({ type: 'message', text, from }));
  const send = (body: Buffer, signature: string | null) => {
    const req = request(t.app).post('/api/integrations/teams/messages').set('content-type', 'application/json');
    // As a string: superagent would send a Buffer given with a JSON type as JSON of the Buffer.
    return (signature === null ? req : req.set('authorization', `HMAC ${signature}`)).send(body.toString('utf8'));
  };

  beforeAll(async () => {
    expect((await admin.put('/api/integrations/teams', { outgoingWebhookSecret: secret })).status).toBe(200);
  });

  it('answers a signed message from a known user with the best cards they may see', async () => {
    const body = activity({ id: '29:1', name: 'Sam Seller', aadObjectId: crypto.randomUUID(), userPrincipalName: 'SELLER@demo.test' });
    const res = await send(body, teamsSignature(secret, body));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.type).toBe('message');
    const card = res.body.attachments[0].content;
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.5' });
    expect(card.body[0].text).toBe('Best cards for “pricing”');
    expect(card.body.length).toBeGreaterThan(1);
    expect(JSON.stringify(card)).toContain('https://rivalscope.example/profile/');
  });

  it('refuses a bad or missing signature with 401, and answers nothing', async () => {
    const body = activity({ userPrincipalName: 'seller@demo.test' });
    const forged = teamsSignature(Buffer.from('another secret').toString('base64'), body);
    for (const signature of [forged, null, 'not base64!', teamsSignature(secret, Buffer.from('other body'))]) {
      const res = await send(body, signature);
      expect(res.status, String(signature)).toBe(401);
      expect(res.body.attachments).toBeUndefined();
      expect(res.body.code).toBe('teams_signature_invalid');
    }
  });

  it('answers a user it cannot map with a sign-in link and no content', async () => {
    for (const from of [{ id: '29:2', name: 'Who', aadObjectId: crypto.randomUUID() }, { userPrincipalName: 'stranger@elsewhere.test' }]) {
      const body = activity(from);
      const res = await send(body, teamsSignature(secret, body));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ type: 'message', text: expect.stringContaining('https://rivalscope.example/account/signin') });
    }
  });
});

describe('disconnecting Teams', () => {
  it('deletes its routing rules with it; the overview says not connected', async () => {
    expect(await count('chat_routes')).toBeGreaterThan(1);
    expect((await admin.delete('/api/integrations/teams')).status).toBe(204);
    expect((await admin.get('/api/integrations/teams/routes')).body).toEqual({ routes: [] });
    expect((await admin.get('/api/integrations')).body.teams.state).toBe('not_connected');
    expect((await admin.post('/api/integrations/teams/routes', { channelName: 'x', webhookUrl: `${site.url}/workflows/ok`, events: ['intel.published'] })).status).toBe(409);
  });
});
