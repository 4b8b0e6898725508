// The Slack app end to end (issue #54) against a stand-in speaking Slack's Web API (tests/helpers/slack.ts), through
// @slack/web-api with SLACK_API_URL pointing at it: installing and disconnecting, requests Slack signs (refused when
// forged, stale or replayed), the slash command and Ask under the Slack user's visibility, unfurls, the message
// shortcut, and the sender the dispatcher calls. Inbound work goes through a real JobRunner's slack-request queue.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUserContext } from '../../search-api/auth/context.ts';
import { createApp } from '../../search-api/app.ts';
import { SLACK } from '../../search-api/integrations/slack/constants.ts';
import { slackSender } from '../../search-api/integrations/slack/post.ts';
import { slackRequestQueue } from '../../search-api/integrations/slack/work.ts';
import type { ChatPost } from '../../search-api/integrations/senders.ts';
import { JobRunner } from '../../search-api/jobs/runner.ts';
import { secretBoxFor } from '../../server-shared/secretBox.ts';
import { cardVisibleSql, viewerOf } from '../../search-api/visibility/index.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';
import { companyFingerprint } from '../helpers/routes.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  SIGNING_SECRET,
  TEAM,
  eventCallback,
  linkShared,
  messageAction,
  slackHeaders,
  slashCommand,
  startSlack,
  urlVerification,
  type SlackCall,
  type SlackStandIn,
} from '../helpers/slack.ts';

let t: TestApp;
let slack: SlackStandIn;
let jobs: JobRunner;
let app: ReturnType<typeof createApp>;
let companyId: number;
let admin: Awaited<ReturnType<typeof signIn>>;
const APP_URL = 'http://rivalscope.test';
/** A card the seller (group Sales) may not see, and one they may. */
let hidden: { id: number; name: string; profile_id: number };
let shown: { id: number; name: string; profile_id: number };

const FORM = 'application/x-www-form-urlencoded';
const send = (path: string, body: string, type: string, headers: Record<string, string> = slackHeaders(body)) =>
  request(app).post(path).set(headers).set('content-type', type).send(body);
const command = (text: string, userId: string, channelId: string) => send('/api/integrations/slack/commands', slashCommand(text, { userId, channelId }), FORM);
const textOf = (c: SlackCall) => JSON.stringify(c.args.blocks ?? '') + String(c.args.text ?? '');
const ephemeralIn = (channel: string) => slack.waitFor('chat.postEphemeral', (c) => c.args.channel === channel);
const count = async (q: ReturnType<typeof sql>) => Number(((await t.db.execute(q)).rows[0] as { n: string }).n);

beforeAll(async () => {
  slack = await startSlack();
  t = await testApp({
    search: true,
    env: {
      APP_URL,
      SLACK_API_URL: slack.apiUrl,
      SLACK_OAUTH_URL: slack.oauthUrl,
      SLACK_CLIENT_ID: CLIENT_ID,
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
    },
  });
  const logger = pino({ level: process.env.SLACK_TEST_LOG ?? 'silent' });
  jobs = new JobRunner(t.db, {
    databaseUrl: t.url,
    handlers: {},
    queues: { [SLACK.queue]: slackRequestQueue({ db: t.db, config: t.config, logger, engine: t.search.engine }) },
    pollingIntervalSeconds: 1,
  });
  await jobs.start();
  app = createApp({ db: t.db, config: t.config, logger, search: t.search, usage: t.usage, jobs, webDir: '/nonexistent' });
  companyId = await northwindId(t.db);
  admin = await signIn(app, 'admin@demo.test');
  slack.users.set('U0ADMIN', { id: 'U0ADMIN', email: 'admin@demo.test', name: 'Ada Admin' });
  slack.users.set('U0SELLER', { id: 'U0SELLER', email: 'Seller@demo.test', name: 'Sam Seller' });
  slack.users.set('U0STRANGER', { id: 'U0STRANGER', email: 'someone@elsewhere.test', name: 'Stranger' });
  // The curator's address, unconfirmed in another workspace: not trusted.
  slack.users.set('U0UNCONF', { id: 'U0UNCONF', email: 'curator@demo.test', name: 'Not Really', confirmed: false, teamId: 'T0OTHER' });

  const seller = (await loadUserContext(t.db, (await signIn(app, 'seller@demo.test')).me.id))!;
  const v = viewerOf({ ...seller, session: null, apiToken: null, companyId });
  const card = (visible: boolean) => sql`
    SELECT c.id, c.name, b.profile_id FROM cards c JOIN boards b ON b.id = c.board_id
    WHERE c.company_id = ${companyId} AND ${visible ? sql`` : sql`NOT`} (${cardVisibleSql(v, 'c')}) AND length(c.name) > 12
      AND NOT EXISTS (SELECT 1 FROM cards o WHERE o.company_id = c.company_id AND o.name = c.name AND o.id <> c.id)
    ORDER BY c.id LIMIT 1`;
  hidden = (await t.db.execute(card(false))).rows[0] as typeof hidden;
  shown = (await t.db.execute(card(true))).rows[0] as typeof shown;
});

afterAll(async () => {
  await jobs?.stop();
  await t?.drop();
  await slack?.close();
});

describe('installing', () => {
  it('redirects an admin to Slack with a signed state, refuses a bad state, and stores the token sealed', async () => {
    const seller = await signIn(app, 'seller@demo.test');
    expect((await seller.get('/api/integrations/slack/install')).status).toBe(403);

    const start = await admin.get('/api/integrations/slack/install');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(slack.oauthUrl);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('scope')).toContain('commands');
    const state = authorize.searchParams.get('state')!;

    // A forged state, or the admin's state in someone else's session: 400, and no code is exchanged.
    expect((await admin.get(`/api/integrations/slack/callback?code=${slack.code}&state=forged`)).status).toBe(400);
    expect((await seller.get(`/api/integrations/slack/callback?code=${slack.code}&state=${encodeURIComponent(state)}`)).status).toBe(400);
    expect(slack.callsOf('oauth.v2.access')).toHaveLength(0);
    expect(await count(sql`SELECT count(*) AS n FROM chat_integrations WHERE company_id = ${companyId}`)).toBe(0);

    const done = await admin.get(`/api/integrations/slack/callback?code=${slack.code}&state=${encodeURIComponent(state)}`);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/integrations?connected=slack');
    const row = (await t.db.execute(sql`SELECT * FROM chat_integrations WHERE company_id = ${companyId} AND provider = 'slack'`)).rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({ team_id: TEAM.id, team_name: TEAM.name, bot_user_id: 'U0BOT0001', state: 'connected', connected_by_id: admin.me.id });
    expect(row.scopes).toContain('commands');
    expect(row.bot_token_sealed).toBeTruthy();
    expect(String(row.bot_token_sealed)).not.toContain(slack.botToken);
    // Audited with the workspace, never the token.
    const audit = (await t.db.execute(sql`SELECT summary, detail::text AS detail FROM audit_events WHERE company_id = ${companyId} AND action = 'integration.slack.connect'`)).rows as { summary: string; detail: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0].summary).toContain(TEAM.name);
    expect(audit[0].detail).not.toContain(slack.botToken);
  });

  it('lists the channels the bot may post to', async () => {
    const res = await admin.get('/api/integrations/slack/channels');
    expect(res.status).toBe(200);
    expect(res.body.channels.map((c: { name: string }) => c.name)).toEqual(['competitive-intel', 'deal-desk', 'general']);
    expect(slack.callsOf('conversations.list').at(-1)!.token).toBe(slack.botToken);
  });
});

describe('requests Slack signs', () => {
  it('answers url_verification with its challenge', async () => {
    const res = await send('/api/integrations/slack/events', urlVerification('chal-123'), 'application/json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ challenge: 'chal-123' });
  });

  it('refuses a bad signature, a stale timestamp and a replay with 401, acting on none and writing nothing', async () => {
    const signatures = () => count(sql`SELECT count(*) AS n FROM slack_request_signatures`);
    const body = slashCommand('pricing', { userId: 'U0ADMIN', channelId: 'C0REPLAY' });
    const fresh = slackHeaders(body);
    expect((await send('/api/integrations/slack/commands', body, FORM, fresh)).status).toBe(200);
    await ephemeralIn('C0REPLAY');

    const before = { fingerprint: await companyFingerprint(t.db, companyId), signatures: await signatures(), calls: slack.calls.length };
    const forged = slackHeaders(body, { secret: 'not-the-signing-secret' });
    const stale = slackHeaders(body, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    const other = slashCommand('pricing', { userId: 'U0ADMIN', channelId: 'C0FORGED' });
    expect((await send('/api/integrations/slack/commands', other, FORM, forged)).status).toBe(401);
    expect((await send('/api/integrations/slack/commands', other, FORM, stale)).status).toBe(401);
    expect((await send('/api/integrations/slack/commands', body, FORM, fresh)).status).toBe(401);
    // The signature of one body does not carry another.
    expect((await send('/api/integrations/slack/commands', other, FORM, { ...fresh })).status).toBe(401);
    expect((await send('/api/integrations/slack/events', linkShared([`${APP_URL}/card/embed/${shown.id}`], { userId: 'U0ADMIN' }), 'application/json', forged)).status).toBe(401);
    expect(await companyFingerprint(t.db, companyId)).toBe(before.fingerprint);
    expect(await signatures()).toBe(before.signatures);
    expect(slack.calls.length).toBe(before.calls);
  });
});

describe('a company’s own Slack app', () => {
  it('verifies its requests with the installation’s signing secret, not the product’s', async () => {
    await t.db.execute(sql`UPDATE chat_integrations SET signing_secret_sealed = ${secretBoxFor(t.config).seal('the-company-own-secret')} WHERE company_id = ${companyId}`);
    try {
      const body = slashCommand('help', { userId: 'U0ADMIN', channelId: 'C0OWNAPP' });
      expect((await send('/api/integrations/slack/commands', body, FORM)).status).toBe(401);
      expect((await send('/api/integrations/slack/commands', body, FORM, slackHeaders(body, { secret: 'the-company-own-secret' }))).status).toBe(200);
      await ephemeralIn('C0OWNAPP');
    } finally {
      await t.db.execute(sql`UPDATE chat_integrations SET signing_secret_sealed = NULL WHERE company_id = ${companyId}`);
    }
  });
});

describe('/rivalscope', () => {
  it('answers with cards the user may see, never a card of another group', async () => {
    // The admin finds the hidden card by its name: the words match it.
    expect((await command(hidden.name, 'U0ADMIN', 'C0ADMIN1')).status).toBe(200);
    expect(textOf(await ephemeralIn('C0ADMIN1'))).toContain(`viewCard=${hidden.id}|`);

    expect((await command(hidden.name, 'U0SELLER', 'C0SELLER1')).status).toBe(200);
    const answer = await ephemeralIn('C0SELLER1');
    expect(answer.args.user).toBe('U0SELLER');
    expect(textOf(answer)).not.toContain(`viewCard=${hidden.id}|`);
    expect(answer.token).toBe(slack.botToken);

    expect((await command(shown.name, 'U0SELLER', 'C0SELLER2')).status).toBe(200);
    const found = await ephemeralIn('C0SELLER2');
    expect(textOf(found)).toContain(`${APP_URL}/profile/${shown.profile_id}?viewCard=${shown.id}`);
    expect((found.args.blocks as { type: string }[]).some((b) => b.type === 'section')).toBe(true);
  });

  it('waits out Slack’s 429 as Retry-After says, then answers', async () => {
    slack.rateLimit('chat.postEphemeral', 1);
    expect((await command(shown.name, 'U0SELLER', 'C0LIMITED')).status).toBe(200);
    const answer = await ephemeralIn('C0LIMITED');
    expect(textOf(answer)).toContain(`viewCard=${shown.id}|`);
    expect(slack.callsOf('chat.postEphemeral').filter((c) => c.args.channel === 'C0LIMITED').map((c) => Boolean(c.limited))).toEqual([true, false]);
  });

  it('gives an unmapped Slack user a sign-in link and no content', async () => {
    for (const [user, channel] of [
      ['U0STRANGER', 'C0STRANGE'],
      ['U0UNCONF', 'C0UNCONF'],
    ]) {
      expect((await command(shown.name, user, channel)).status).toBe(200);
      const answer = await ephemeralIn(channel);
      expect(textOf(answer)).toContain(`${APP_URL}/account/signin`);
      expect(textOf(answer)).not.toContain('viewCard');
    }
  });

  it('treats a deactivated user as unmapped, also while their mapping is cached', async () => {
    slack.users.set('U0CURATOR', { id: 'U0CURATOR', email: 'curator@demo.test', name: 'Cora Curator' });
    await command(shown.name, 'U0CURATOR', 'C0CUR1');
    expect(textOf(await ephemeralIn('C0CUR1'))).toContain('viewCard=');
    await t.db.execute(sql`UPDATE users SET deactivated_at = now() WHERE email = 'curator@demo.test'`);
    try {
      await command(shown.name, 'U0CURATOR', 'C0CUR2');
      const answer = await ephemeralIn('C0CUR2');
      expect(textOf(answer)).toContain('/account/signin');
      expect(textOf(answer)).not.toContain('viewCard=');
    } finally {
      await t.db.execute(sql`UPDATE users SET deactivated_at = NULL WHERE email = 'curator@demo.test'`);
    }
  });

  it('answers help with the usage, in the user’s language', async () => {
    await command('help', 'U0STRANGER', 'C0HELP');
    expect(textOf(await ephemeralIn('C0HELP'))).toContain('/rivalscope ask');
    await t.db.execute(sql`UPDATE users SET language = 'de' WHERE email = 'seller@demo.test'`);
    try {
      await command('', 'U0SELLER', 'C0HILFE');
      expect(textOf(await ephemeralIn('C0HILFE'))).toContain('eine Frage');
    } finally {
      await t.db.execute(sql`UPDATE users SET language = 'en' WHERE email = 'seller@demo.test'`);
    }
  });

  it('posts Ask’s answer and updates it, finally with its sources', async () => {
    expect((await command('ask What does DataHarbor charge for enterprise?', 'U0ADMIN', 'C0ASK')).status).toBe(200);
    const posted = await slack.waitFor('chat.postMessage', (c) => c.args.channel === 'U0ADMIN');
    const final = await slack.waitFor('chat.update', (c) => c.args.ts !== undefined && textOf(c).includes('Sources'), 30_000);
    expect(final.args.channel).toBe('D0ADMIN');
    expect(textOf(posted)).toContain('Asking Rivalscope');
    expect(textOf(final)).toContain(APP_URL);
    expect(await count(sql`SELECT count(*) AS n FROM ask_answers WHERE user_id = ${admin.me.id} AND question LIKE 'What does DataHarbor%'`)).toBe(1);
  });
});

describe('unfurls', () => {
  it('previews only the links the sharer may open', async () => {
    const hiddenUrl = `${APP_URL}/profile/${hidden.profile_id}?viewCard=${hidden.id}`;
    const shownUrl = `${APP_URL}/card/embed/${shown.id}`;
    const res = await send('/api/integrations/slack/events', linkShared([hiddenUrl, shownUrl, 'https://elsewhere.example/x'], { userId: 'U0SELLER', channelId: 'C0UNFURL1' }), 'application/json');
    expect(res.status).toBe(200);
    const unfurl = await slack.waitFor('chat.unfurl', (c) => c.args.channel === 'C0UNFURL1');
    expect(Object.keys(unfurl.args.unfurls as object)).toEqual([shownUrl]);
    expect(JSON.stringify(unfurl.args.unfurls)).not.toContain(hidden.name);

    // The admin may see it: the same link unfurls for them.
    await send('/api/integrations/slack/events', linkShared([hiddenUrl], { userId: 'U0ADMIN', channelId: 'C0UNFURL2' }), 'application/json');
    const theirs = await slack.waitFor('chat.unfurl', (c) => c.args.channel === 'C0UNFURL2');
    expect(Object.keys(theirs.args.unfurls as object)).toEqual([hiddenUrl]);
  });
});

describe('the Send to Rivalscope shortcut', () => {
  it('makes an intel item on channel slack with the message, its author and its permalink', async () => {
    const body = messageAction({ text: 'DataHarbor just cut <https://dataharbor.example/pricing|enterprise pricing> by 20% for EMEA', user: 'U0ADMIN', ts: '1700000555.000100' }, { userId: 'U0SELLER', channelId: 'C0SHORT' });
    expect((await send('/api/integrations/slack/interactivity', body, FORM)).status).toBe(200);
    const confirmation = await ephemeralIn('C0SHORT');
    expect(textOf(confirmation)).toContain('intel feed');
    const item = (await t.db.execute(sql`
      SELECT i.channel, i.title, i.body, i.permalink, i.state, u.email FROM intel_items i JOIN users u ON u.id = i.submitted_by_id
      WHERE i.company_id = ${companyId} AND i.permalink LIKE '%/archives/C0SHORT/%'`)).rows as Record<string, string>[];
    expect(item).toHaveLength(1);
    expect(item[0]).toMatchObject({ channel: 'slack', state: 'unprocessed', email: 'seller@demo.test' });
    expect(item[0].title).toContain('DataHarbor just cut enterprise pricing');
    expect(item[0].body).toContain('Ada Admin');
    expect(item[0].permalink).toBe('https://rivalscope-demo.slack.com/archives/C0SHORT/p1700000555000100');
  });

  it('gives an unmapped user the sign-in link and writes nothing', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM intel_items WHERE company_id = ${companyId}`);
    await send('/api/integrations/slack/interactivity', messageAction({ text: 'Some rumour', user: 'U0ADMIN' }, { userId: 'U0STRANGER', channelId: 'C0SHORT2' }), FORM);
    expect(textOf(await ephemeralIn('C0SHORT2'))).toContain('/account/signin');
    expect(await count(sql`SELECT count(*) AS n FROM intel_items WHERE company_id = ${companyId}`)).toBe(before);
  });
});

describe('the sender', () => {
  const post = (over: Partial<ChatPost> = {}): ChatPost => ({
    deliveryId: 1,
    companyId,
    route: { id: 1, integrationId: integrationId, channelId: 'C0GENERAL', channelName: 'general', webhookUrl: null },
    event: 'intel.published',
    subject: {
      kind: 'intel',
      id: 7,
      title: 'DataHarbor cuts <enterprise> prices',
      summary: 'Enterprise drops to $3.10 per credit.',
      rivals: [{ id: 1, name: 'DataHarbor' }],
      topics: ['pricing'],
      priority: 'high',
      sourceUrl: 'https://dataharbor.example/pricing',
      url: `${APP_URL}/alerts?alertId=7`,
      publishedAt: new Date().toISOString(),
    },
    externalId: null,
    ...over,
  });
  let integrationId: number;

  it('posts Block Kit, updates what it posted, and maps Slack’s errors', async () => {
    integrationId = (await t.db.execute(sql`SELECT id FROM chat_integrations WHERE company_id = ${companyId}`)).rows[0].id as number;
    const sender = slackSender({ db: t.db, config: t.config });
    const first = await sender(post());
    expect(first).toMatchObject({ ok: true, statusCode: 200 });
    const sent = slack.callsOf('chat.postMessage').at(-1)!;
    expect(sent.args.channel).toBe('C0GENERAL');
    const blocks = sent.args.blocks as { type: string }[];
    expect(blocks.map((b) => b.type)).toEqual(['header', 'section', 'context', 'actions']);
    expect(JSON.stringify(blocks)).toContain(`${APP_URL}/alerts?alertId=7`);

    const again = await sender(post({ externalId: (first as { externalId: string }).externalId }));
    expect(again.ok).toBe(true);
    expect(slack.callsOf('chat.update').at(-1)!.args.ts).toBe((first as { externalId: string }).externalId);

    slack.fail('chat.postMessage', 'not_in_channel');
    expect(await sender(post())).toMatchObject({ ok: false, permanent: true, error: expect.stringContaining('not_in_channel') });
    slack.fail('chat.postMessage', 'token_revoked');
    expect(await sender(post())).toMatchObject({ ok: false, permanent: true, broken: true });
    slack.fail('chat.postMessage', null);
    slack.rateLimit('chat.postMessage', 7);
    expect(await sender(post())).toMatchObject({ ok: false, statusCode: 429, retryAfterSeconds: 7 });

    const digest = await sender(
      post({ event: 'digest.sent', subject: { kind: 'digest', id: 3, title: 'Weekly digest', items: [{ title: 'A', summary: 'B', url: `${APP_URL}/alerts?alertId=1`, rivals: ['DataHarbor'] }], url: `${APP_URL}/digest`, sentAt: new Date().toISOString() } }),
    );
    expect(digest.ok).toBe(true);
  });
});

describe('leaving', () => {
  it('marks the installation broken when Slack says its tokens were revoked', async () => {
    const res = await send('/api/integrations/slack/events', eventCallback({ type: 'tokens_revoked', tokens: { bot: ['U0BOT0001'] } }), 'application/json');
    expect(res.status).toBe(200);
    for (let i = 0; i < 100 && (await count(sql`SELECT count(*) AS n FROM chat_integrations WHERE company_id = ${companyId} AND state = 'broken'`)) === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await t.db.execute(sql`SELECT state, error FROM chat_integrations WHERE company_id = ${companyId}`)).rows[0]).toMatchObject({ state: 'broken', error: expect.stringContaining('uninstalled') });
  });

  it('disconnects: revokes the token and forgets the installation', async () => {
    const seller = await signIn(app, 'seller@demo.test');
    expect((await seller.delete('/api/integrations/slack')).status).toBe(403);
    expect((await admin.delete('/api/integrations/slack')).status).toBe(204);
    const revoke = slack.callsOf('auth.revoke').at(-1)!;
    expect(revoke.token).toBe(slack.botToken);
    expect(await count(sql`SELECT count(*) AS n FROM chat_integrations WHERE company_id = ${companyId}`)).toBe(0);
    expect((await admin.delete('/api/integrations/slack')).status).toBe(404);
    expect(await count(sql`SELECT count(*) AS n FROM audit_events WHERE company_id = ${companyId} AND action = 'integration.slack.disconnect'`)).toBe(1);
  });
});
