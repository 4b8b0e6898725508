// @vitest-environment jsdom
// The integrations screen rendered against a fake API (the contract's shapes): an admin sees each integration's state
// in words, Slack's broken reason, the routing rules with their filters, sends a test message and reads the delivery
// log (state in words, status, time, error), adds a webhook endpoint whose secret shows once; a seller sees what is
// connected and no button to change it; Slack's install result shows as a banner; phones get cards; axe finds nothing.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CrmConnection } from '../../../contracts/deals.ts';
import type { ChatRoute, Delivery, DeliveryPage, IntegrationsOverview, WebhookEndpoint, WebhookEndpointCreated } from '../../../contracts/integrations.ts';
import { theme } from '../core/theme.ts';
import { areasLoaded, changeLanguage } from '../i18n/index.ts';
import { axeFindings, screenHarness, setPhone } from '../test/screenHarness.ts';
import { IntegrationsPage } from './IntegrationsPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const delivery = (over: Partial<Delivery> = {}): Delivery => ({
  id: 31,
  event: 'ping',
  subject: 'Test message from Rivalscope',
  state: 'succeeded',
  attempts: 1,
  statusCode: 202,
  responseMs: 84,
  error: null,
  createdAt: ago(1),
  deliveredAt: ago(1),
  nextAttemptAt: null,
  ...over,
});
const failed = delivery({ id: 30, event: 'intel.published', subject: 'Acme cuts prices', state: 'failed', statusCode: 404, responseMs: 120, error: 'prod.logic.azure.com answered 404 Not Found: the workflow behind this webhook was deleted or turned off', createdAt: ago(5) });

const adminOverview: IntegrationsOverview = {
  slack: { provider: 'slack', state: 'broken', teamName: 'Northwind', connectedBy: { id: 1, name: 'Ada Admin' }, connectedAt: ago(200), error: 'The Rivalscope app was removed from the Slack workspace; reconnect it', routes: 0, installable: true },
  teams: { provider: 'teams', state: 'connected', teamName: null, connectedBy: { id: 1, name: 'Ada Admin' }, connectedAt: ago(100), error: null, routes: 1 },
  webhooks: { total: 1, enabled: 1 },
  canManage: true,
};
const sellerOverview: IntegrationsOverview = {
  slack: { ...adminOverview.slack, routes: undefined },
  teams: { ...adminOverview.teams, routes: undefined },
  canManage: false,
};
const teamsRoute: ChatRoute = {
  id: 7,
  provider: 'teams',
  channelId: null,
  channelName: 'Sales wins',
  webhookHost: 'prod-01.westeurope.logic.azure.com',
  events: ['intel.published', 'digest.sent'],
  rivals: [{ id: 2, name: 'Acme' }],
  topics: ['pricing'],
  priorities: ['important'],
  createdAt: ago(50),
  lastDelivery: failed,
};
const endpoint: WebhookEndpoint = {
  id: 3,
  url: 'https://hooks.example.com/rivalscope/a-rather-long-path-that-wraps',
  description: 'CRM sync',
  events: ['card.created', 'card.changed'],
  audience: 'everyone',
  visibilityGroups: [],
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  failingSince: null,
  createdAt: ago(30),
  lastDelivery: delivery(),
  recent: { total: 4, failed: 1 },
};

const sfError: CrmConnection = {
  state: 'error',
  loginUrl: 'https://acme.my.salesforce.com',
  instanceUrl: 'https://acme.my.salesforce.com',
  clientId: '3MVG9-consumer-key',
  hasClientSecret: true,
  connectedAs: 'integration@acme.example',
  competitorSource: 'opportunityCompetitor',
  competitorField: 'MainCompetitors__c',
  lastSyncAt: ago(3),
  lastSyncCount: 1200,
  lastError: 'The Salesforce API limit was reached; the sync resumes later',
  deals: 4210,
};
const sfNew: CrmConnection = { ...sfError, state: 'disconnected', loginUrl: 'https://login.salesforce.com', instanceUrl: null, clientId: '', hasClientSecret: false, connectedAs: null, lastSyncAt: null, lastSyncCount: 0, lastError: null, deals: 0 };

let overview: IntegrationsOverview;
let salesforce: CrmConnection;
let requests: { method: string; url: string; body: unknown }[];

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  if (url === '/api/integrations') return json(overview);
  if (url === '/api/integrations/teams/routes') return json({ routes: [teamsRoute] });
  if (url === '/api/integrations/slack/routes') return json({ routes: [] });
  if (url.startsWith('/api/integrations/routes/7/deliveries')) {
    const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
    return json({ items: page === 1 ? [delivery(), failed] : [delivery({ id: 2 })], total: 21, page, limit: 20 } satisfies DeliveryPage);
  }
  if (url === '/api/integrations/routes/7/test' && method === 'POST') return json(delivery({ id: 32 }));
  if (url === '/api/webhooks' && method === 'GET') return json({ endpoints: [endpoint] });
  if (url === '/api/webhooks' && method === 'POST') return json({ ...endpoint, id: 4, url: 'https://receiver.example/hook', secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' } satisfies WebhookEndpointCreated, 201);
  if (url === '/api/integrations/salesforce' && method === 'GET') return json(salesforce);
  if (url === '/api/integrations/salesforce' && method === 'PUT') {
    const body = JSON.parse(String(init?.body)) as { loginUrl: string };
    if (!body.loginUrl.startsWith('https://')) return json({ error: 'Invalid body: loginUrl cannot be reached', code: 'sfdc_login_url_refused', params: { reason: 'x' }, details: [{ field: 'loginUrl', message: 'cannot be reached (x)' }] }, 400);
    return json((salesforce = { ...salesforce, ...body, hasClientSecret: true }));
  }
  if (url === '/api/integrations/salesforce/sync' && method === 'POST') return json((salesforce = { ...salesforce, state: 'syncing' }), 202);
  if (url === '/api/integrations/salesforce' && method === 'DELETE') {
    salesforce = { ...salesforce, state: 'disconnected', instanceUrl: null };
    return Promise.resolve(new Response(null, { status: 204 }));
  }
  if (url.startsWith('/api/rivals.json')) return json([{ id: 2, name: 'Acme' }]);
  return json({ error: 'No API route' }, 404);
}

async function render(path = '/integrations') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/integrations/*', element: <IntegrationsPage /> }], { initialEntries: [path] });
  await act(async () => {
    screen.root.render(
      <MantineProvider theme={theme}>
        <Notifications />
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  await settle();
  return router;
}

async function settle() {
  for (let i = 0; i < 6; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  }
  await areasLoaded();
}

function type(input: Element, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = (el: Element | null | undefined) => act(() => (el as HTMLElement).click());
const byTestId = (testId: string) => document.querySelector(`[data-testid="${testId}"]`);
const all = (testId: string) => [...document.querySelectorAll(`[data-testid="${testId}"]`)];
const inputOf = (testId: string) => {
  const el = byTestId(testId)!;
  return el.tagName === 'INPUT' ? el : el.querySelector('input')!;
};

const screen = screenHarness(fakeFetch, { before: () => {
    overview = adminOverview;
    salesforce = sfError;
    requests = [];
  }, after: () => act(() => notifications.clean()) });

describe('an admin on /integrations', () => {
  it('sees each integration’s state in words, why Slack is broken, and how to reconnect it', async () => {
    await render();
    expect(screen.container.querySelector('h1')?.textContent).toBe('Integrations');
    expect([...screen.container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Slack', 'Microsoft Teams', 'Webhooks', 'Salesforce', 'Browser extension']);
    const slack = byTestId('integration-slack')!;
    expect(slack.querySelector('[data-testid="integration-state"]')?.textContent).toBe('Needs attention');
    expect(slack.querySelector('[data-testid="integration-error"]')?.textContent).toBe(adminOverview.slack.error);
    expect(slack.querySelector('[data-testid="slack-workspace"]')?.textContent).toBe('Northwind');
    expect(slack.querySelector('a[data-testid="slack-connect"]')?.getAttribute('href')).toBe('/api/integrations/slack/install');
    expect(slack.querySelector('a[data-testid="slack-connect"]')?.textContent).toBe('Reconnect Slack');
    expect(byTestId('integration-teams')?.querySelector('[data-testid="integration-state"]')?.textContent).toBe('Connected');
    expect(byTestId('webhook-count')?.textContent).toBe('1 of 1 enabled');
    expect(byTestId('integrations-view-only')).toBeNull();
  });

  it('reads the Teams routing rules with their filters, sends a test message and pages the delivery log', async () => {
    await render();
    const [rule] = all('route-row');
    expect(rule.querySelector('[data-testid="route-channel-name"]')?.textContent).toBe('Sales wins');
    expect(rule.textContent).toContain('Posts to prod-01.westeurope.logic.azure.com');
    expect(rule.textContent).toContain('Rivals: Acme · Topics: pricing · Priorities: Important');
    expect(rule.textContent).toContain('Published intel');
    expect(rule.querySelector('[data-testid="delivery-state"]')?.textContent).toBe('Failed');

    click(rule.querySelector('[data-testid="route-test"]'));
    await settle();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/integrations/routes/7/test')).toBe(true);
    expect(document.body.textContent).toContain('Test message delivered');

    click(rule.querySelector('[data-testid="route-log-toggle"]'));
    await settle();
    const rows = all('delivery-row');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['succeeded', 'failed']);
    expect(rows[0].querySelector('[data-testid="delivery-state"]')?.textContent).toBe('Delivered');
    expect(rows[0].textContent).toContain('202');
    expect(rows[0].textContent).toContain('84 ms');
    expect(rows[0].querySelector('time')?.textContent).toMatch(/ago/);
    expect(rows[1].querySelector('[data-testid="delivery-error"]')?.textContent).toContain('the workflow behind this webhook was deleted');
    expect(screen.container.querySelector('table caption')?.textContent).toBe('Deliveries, 21 in all');
    click(document.querySelector('[aria-label="Page 2"]'));
    await settle();
    expect(requests.some((r) => r.url.startsWith('/api/integrations/routes/7/deliveries') && r.url.includes('page=2'))).toBe(true);
    expect(all('delivery-row')).toHaveLength(1);
  });

  it('adds a webhook endpoint and is shown its signing secret once', async () => {
    await render();
    expect(byTestId('webhook-row-url')?.textContent).toBe(endpoint.url);
    expect(byTestId('webhook-state')?.textContent).toBe('Enabled');
    click(byTestId('webhook-add'));
    await settle();
    type(inputOf('webhook-url'), 'https://receiver.example/hook');
    type(inputOf('webhook-description'), 'Data warehouse');
    click(byTestId('webhook-event-card.created'));
    click(byTestId('webhook-save'));
    await settle();
    const post = requests.find((r) => r.method === 'POST' && r.url === '/api/webhooks')!;
    expect(post.body).toEqual({ url: 'https://receiver.example/hook', description: 'Data warehouse', events: ['intel.published', 'card.created'], audience: 'everyone', visibilityGroupIds: [] });
    expect((inputOf('webhook-secret-value') as HTMLInputElement).value).toBe('whsec_c2VjcmV0LXNob3duLW9uY2U=');
    expect(byTestId('webhook-secret')?.textContent).toContain('shown only once');
  });

  it('says how a Slack install went, and forgets it when dismissed', async () => {
    const router = await render('/integrations?connected=slack');
    expect(byTestId('integrations-banner')?.textContent).toContain('Slack is connected.');
    click(byTestId('integrations-banner')?.querySelector('button'));
    await settle();
    expect(router.state.location.search).toBe('');
    screen.remount();
    await render('/integrations?error=access_denied');
    expect(byTestId('integrations-banner')?.textContent).toBe('Slack could not be connected: the installation was cancelled in Slack.');
    expect(byTestId('integrations-banner')?.getAttribute('role')).toBe('alert');
  });
});

describe('Salesforce, for an admin', () => {
  it('says why the connection needs attention, syncs now, and disconnects after a confirm', async () => {
    await render();
    const card = byTestId('integration-salesforce')!;
    expect(card.querySelector('[data-testid="salesforce-state"]')?.textContent).toBe('Needs attention');
    expect(byTestId('salesforce-error')?.textContent).toBe(sfError.lastError);
    expect(byTestId('salesforce-last-sync')?.textContent).toMatch(/ago · 1,200 opportunities$/);
    expect(byTestId('salesforce-deals')?.textContent).toBe('4210');
    expect(byTestId('salesforce-connect')?.textContent).toBe('Reconnect Salesforce');
    click(byTestId('salesforce-sync'));
    await settle();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/integrations/salesforce/sync')).toBe(true);
    expect(byTestId('salesforce-state')?.textContent).toBe('Syncing');
    click(byTestId('salesforce-disconnect'));
    await settle();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    click(byTestId('salesforce-disconnect-confirm'));
    await settle();
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/integrations/salesforce')).toBe(true);
    expect(byTestId('salesforce-state')?.textContent).toBe('Not connected');
  });

  it('sets up the connected app, showing a refused login URL beside its field', async () => {
    salesforce = sfNew;
    await render();
    expect(byTestId('salesforce-connect')).toBeNull();
    click(byTestId('salesforce-settings'));
    await settle();
    type(inputOf('salesforce-login-url'), 'http://10.0.0.1');
    type(inputOf('salesforce-client-id'), '3MVG9-key');
    type(inputOf('salesforce-client-secret'), 'the-secret');
    click(byTestId('salesforce-save'));
    await settle();
    expect(byTestId('salesforce-form')?.textContent).toContain('cannot be reached (x)');
    expect(await axeFindings()).toEqual([]);
    type(inputOf('salesforce-login-url'), 'https://test.salesforce.com');
    click(byTestId('salesforce-save'));
    await settle();
    const put = requests.filter((r) => r.method === 'PUT').at(-1);
    expect(put?.body).toMatchObject({ loginUrl: 'https://test.salesforce.com', clientId: '3MVG9-key', clientSecret: 'the-secret', competitorSource: 'opportunityCompetitor' });
    expect(byTestId('salesforce-form')).toBeNull();
    expect(byTestId('salesforce-connect')?.textContent).toBe('Connect Salesforce');
  });

  it('says how connecting went when Salesforce sends the browser back', async () => {
    await render('/integrations?salesforce=error&reason=state_invalid');
    expect(byTestId('salesforce-banner')?.textContent).toBe('Salesforce could not be connected: the link expired or was opened in another browser. Start again from this page.');
    await changeLanguage('de');
    try {
      await settle();
      expect(byTestId('salesforce-state')?.textContent).toBe('Benötigt Aufmerksamkeit');
      expect(byTestId('salesforce-sync')?.textContent).toBe('Jetzt synchronisieren');
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('a seller on /integrations', () => {
  it('sees what is connected and nothing to change it with', async () => {
    overview = sellerOverview;
    await render();
    expect(byTestId('integrations-view-only')?.textContent).toContain('Only admins');
    expect(byTestId('integration-teams')?.querySelector('[data-testid="integration-state"]')?.textContent).toBe('Connected');
    for (const id of ['slack-connect', 'slack-disconnect', 'teams-connect', 'teams-disconnect', 'route-add-teams', 'webhook-add']) expect(byTestId(id), id).toBeNull();
    expect(requests.map((r) => r.url)).toEqual(['/api/integrations']);
    expect(await axeFindings()).toEqual([]);
  });
});

describe('on a phone', () => {
  it('stacks the delivery log as cards', async () => {
    setPhone(true);
    try {
      await render();
      click(byTestId('route-log-toggle'));
      await settle();
      expect(screen.container.querySelector('table')).toBeNull();
      const rows = all('delivery-row');
      expect(rows.map((r) => r.tagName)).toEqual(['LI', 'LI']);
      expect(rows[1].textContent).toContain('Failed');
      expect(await axeFindings()).toEqual([]);
    } finally {
      setPhone(false);
    }
  });
});

describe('in German', () => {
  it('says everything in German', async () => {
    await changeLanguage('de');
    try {
      await render();
      expect(screen.container.querySelector('h1')?.textContent).toBe('Integrationen');
      expect(byTestId('integration-slack')?.querySelector('[data-testid="integration-state"]')?.textContent).toBe('Benötigt Aufmerksamkeit');
      expect(byTestId('route-test')?.textContent).toBe('Testnachricht senden');
      expect(byTestId('webhook-test')?.textContent).toBe('Testereignis senden');
      expect(byTestId('webhook-count')?.textContent).toBe('1 von 1 aktiv');
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('an endpoint turned off after a day of failures', () => {
  it('says so in the reader’s language, not in the server’s English reason', async () => {
    const saved = { ...endpoint };
    Object.assign(endpoint, { enabled: false, failingSince: ago(30), disabledAt: ago(6), disabledReason: 'Every delivery failed for 24 hours; the last: 503' });
    await changeLanguage('de');
    try {
      await render();
      const alert = byTestId('webhook-turned-off');
      expect(alert?.textContent).toContain('24 Stunden lang schlug jede Zustellung fehl');
      expect(alert?.textContent).not.toContain('Every delivery');
    } finally {
      Object.assign(endpoint, saved);
      await changeLanguage('en');
    }
  });
});

describe('accessibility (axe, without the colour rules a DOM without layout cannot judge)', () => {
  it('finds nothing on the page, with a delivery log open, and in the dialogs', async () => {
    await render();
    click(byTestId('route-log-toggle'));
    await settle();
    expect(await axeFindings()).toEqual([]);
    click(byTestId('route-add-teams'));
    await settle();
    expect(await axeFindings()).toEqual([]);
  });
});
