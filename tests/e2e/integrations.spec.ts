// Integrations in Chromium (#54): an admin connects Slack through its OAuth flow (against a local stand-in of Slack's
// authorize page and Web API), routes published intel to a channel, publishes an item and reads the delivery in the
// rule's log; adds a webhook endpoint pointing at a local receiver, copies its secret once, sends a test event and
// reads it in the delivery log; connects Teams, adds a routing rule to a local stand-in of a Workflows webhook and
// sends a test message; a seller sees what is connected without a button to change it.
// This file has a server of its own: Slack's addresses point at the stand-in, and what it connects stays here. The
// receivers are on 127.0.0.1, which the e2e server allows through OUTBOUND_ALLOW_HOSTS (appServer.ts).
import type http from 'node:http';
import { E2E_PORT, startAppServer } from './appServer.ts';
import { expect, test as base } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';
import { startSite, type Site } from '../helpers/site.ts';
import { CLIENT_ID, CLIENT_SECRET, SIGNING_SECRET, startSlack, type SlackStandIn } from '../helpers/slack.ts';

const test = base.extend<object, { slack: SlackStandIn }>({
  slack: [
    async ({}, use) => {
      const slack = await startSlack();
      await use(slack);
      await slack.close();
    },
    { scope: 'worker' },
  ],
  appServerUrl: [
    async ({ slack }, use, worker) => {
      const port = E2E_PORT + 30 + worker.parallelIndex;
      const server = await startAppServer(port, `.tmp/e2e-${port}-chat`, {
        SLACK_API_URL: slack.apiUrl,
        SLACK_OAUTH_URL: slack.oauthUrl,
        SLACK_CLIENT_ID: CLIENT_ID,
        SLACK_CLIENT_SECRET: CLIENT_SECRET,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
      });
      await use(server.url);
      await server.stop();
    },
    { scope: 'worker', timeout: 200_000 },
  ],
});

let site: Site;
const received: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

/** An answer that keeps what was posted. */
const receiver = (status: number) => async (req: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
  return { status, type: 'text/plain', body: 'ok' };
};

test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(() => site?.close());

test('an admin connects Slack, routes published intel to a channel, publishes an item and reads the delivery in the log', async ({ page, slack }) => {
  await signIn(page, 'admin@demo.test', { to: '/integrations' });
  const card = page.getByTestId('integration-slack');
  await card.getByTestId('slack-connect').click();
  // Slack's authorize page sends the admin back with a code, which the server exchanges for the bot token.
  await expect(page).toHaveURL(/\/integrations/);
  await expect(page.getByTestId('integrations-banner')).toBeVisible();
  await expect(card.getByTestId('integration-state')).toHaveText('Connected');
  expect(slack.callsOf('oauth.v2.access')).toHaveLength(1);

  await card.getByTestId('route-add-slack').click();
  await page.getByTestId('route-channel').click();
  await page.getByRole('option', { name: /general/ }).click();
  await page.getByTestId('route-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const rule = card.getByTestId('route-row').filter({ hasText: 'general' });
  await expect(rule).toBeVisible();

  // A curator's work, through the API: an item submitted, then published.
  const headers = await csrfHeaders(page);
  const title = `Harbor cuts Enterprise to $2.90 (${test.info().workerIndex})`;
  const submitted = await page.request.post('/api/alerts.json', { headers, data: { item: { alert_type: 'in-app', title, content: 'Seen on their pricing page today.' }, rivals: null } });
  expect(submitted.status()).toBe(201);
  const { id } = (await submitted.json()) as { id: number };
  const posting = slack.waitFor('chat.postMessage', (c) => c.args.channel === 'C0GENERAL' && JSON.stringify(c.args).includes(title));
  expect((await page.request.patch(`/api/intel/v1/${id}`, { headers, data: { publishIntel: true } })).status()).toBeLessThan(300);
  await posting;

  await page.reload();
  await card.getByTestId('route-row').filter({ hasText: 'general' }).getByTestId('route-log-toggle').click();
  const delivered = card.getByTestId('delivery-row').filter({ hasText: title });
  await expect(delivered).toHaveAttribute('data-state', 'succeeded');
});

test('an admin adds a webhook endpoint, sends a test event and reads it in the delivery log', async ({ page }) => {
  const path = `/hooks/rivalscope-${test.info().workerIndex}`;
  site.set(path, receiver(200));
  await signIn(page, 'admin@demo.test', { to: '/integrations' });
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

  await page.getByTestId('webhook-add').click();
  await page.getByTestId('webhook-url').fill(`${site.url}${path}`);
  await page.getByTestId('webhook-description').fill('Local receiver');
  await page.getByTestId('webhook-event-card.created').check();
  await page.getByTestId('webhook-save').click();
  // The signing secret, once.
  const secret = page.getByTestId('webhook-secret-value');
  await expect(secret).toHaveValue(/^whsec_/);
  const value = await secret.inputValue();
  await page.getByTestId('webhook-secret-done').click();
  await expect(page.getByText(value)).toHaveCount(0);

  const endpoint = page.getByTestId('webhook-row').filter({ hasText: `${site.url}${path}` });
  await expect(endpoint).toHaveCount(1);
  await expect(endpoint.getByTestId('webhook-state')).toHaveText('Enabled');
  await endpoint.getByTestId('webhook-test').click();
  await expect(page.getByText('Test message delivered')).toBeVisible();
  const ping = received.find((r) => r.path === path);
  expect(ping?.headers['webhook-signature']).toMatch(/^v1,/);

  await endpoint.getByTestId('webhook-log-toggle').click();
  const row = endpoint.getByTestId('delivery-row').first();
  await expect(row).toHaveAttribute('data-state', 'succeeded');
  await expect(row.getByTestId('delivery-state')).toHaveText('Delivered');
  await expect(row).toContainText('200');
  await expect(row).toContainText(/\d+ ms/);
  await expect(row).toContainText('Test');
});

test('an admin connects Teams, routes intel to a Workflows webhook and sends a test message', async ({ page }) => {
  // The site matches path and query: a Workflows URL carries its signature in the query.
  const path = `/workflows/${test.info().workerIndex}/triggers/manual/paths/invoke?sig=secret-part`;
  site.set(path, receiver(202));
  await signIn(page, 'admin@demo.test', { to: '/integrations' });
  const teams = page.getByTestId('integration-teams');
  await teams.getByTestId('teams-connect').click();
  await page.getByTestId('teams-save').click();
  await expect(teams.getByTestId('integration-state')).toHaveText('Connected');

  // A retired connector URL is refused beside its field, telling what to do instead.
  await teams.getByTestId('route-add-teams').click();
  await page.getByTestId('route-name').fill('Sales wins');
  await page.getByTestId('route-url').fill('https://contoso.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d');
  await page.getByTestId('route-save').click();
  await expect(page.getByTestId('route-form')).toContainText('create a Workflows webhook instead');
  await page.getByTestId('route-url').fill(`${site.url}${path}`);
  await page.getByTestId('route-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();

  const rule = teams.getByTestId('route-row').filter({ hasText: 'Sales wins' });
  await expect(rule).toContainText(`Posts to ${new URL(site.url).host}`);
  await expect(rule).not.toContainText('secret-part');
  await rule.getByTestId('route-test').click();
  await expect(page.getByText('Test message delivered')).toBeVisible();
  const posted = received.find((r) => r.path === path);
  expect(JSON.parse(posted!.body).attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
  await rule.getByTestId('route-log-toggle').click();
  await expect(rule.getByTestId('delivery-row').first()).toHaveAttribute('data-state', 'succeeded');
  await expect(rule.getByTestId('delivery-row').first()).toContainText('202');
});

test('a seller sees what is connected, without a button to change it', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { to: '/integrations' });
  await expect(page.getByTestId('integrations-view-only')).toBeVisible();
  await expect(page.getByTestId('integration-slack').getByTestId('integration-state')).toBeVisible();
  await expect(page.getByTestId('integration-teams').getByTestId('integration-state')).toBeVisible();
  for (const id of ['slack-connect', 'teams-connect', 'webhook-add', 'route-add-teams', 'route-test', 'webhook-test']) await expect(page.getByTestId(id)).toHaveCount(0);
});

test('on a phone the cards stack without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test', { to: '/integrations' });
  await expect(page.getByTestId('integration-webhooks')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
