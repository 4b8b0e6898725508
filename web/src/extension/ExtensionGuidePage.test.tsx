// @vitest-environment jsdom
// The extension's guide rendered against a fake API and a fake extension: the status in words (unsupported browser,
// installed and connected elsewhere), a token of scope "extension" made and shown once, "Where badges appear" for
// curators only, a typed domain kept in the product's form and one that is not refused before anything is sent, a
// domain of another rival refused on its row, the CRM hosts saved; axe finds nothing.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contracts/account.ts';
import type { ExtensionPong, ExtensionSites } from '../../../contracts/extension.ts';
import { SessionContext } from '../core/SessionContext.tsx';
import { theme } from '../core/theme.ts';
import { areasLoaded } from '../i18n/index.ts';
import { axeFindings, screenHarness } from '../test/screenHarness.ts';
import { consumer, curator, makeCompany } from '../test/fixtures.ts';
import { ExtensionGuidePage } from './ExtensionGuidePage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sites: ExtensionSites = {
  rivals: [
    { id: 2, name: 'Acme', domains: ['acme.com'] },
    { id: 3, name: 'Globex', domains: ['globex.com'] },
  ],
  crmHosts: ['app.hubspot.com'],
};
let requests: { method: string; url: string; body: unknown }[];

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  requests.push({ method, url, body });
  const json = (answer: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } }));
  if (url === '/api/extension/sites.json') return json(sites);
  if (url === '/api/account/tokens' && method === 'POST') {
    const now = new Date().toISOString();
    return json({ id: 9, name: body?.name, scopes: body?.scopes, prefix: 'rsk_abcd', createdAt: now, expiresAt: now, lastUsedAt: null, lastUsedIp: null, revokedAt: null, token: 'rsk_abcdefghijklmnop' }, 201);
  }
  if (url === '/api/rivals/2/domains.json') return json({ rivalId: 2, domains: body?.domains });
  if (url === '/api/rivals/3/domains.json')
    return json({ error: 'The domain acme.com is already a website of Acme', code: 'extension_domain_taken', params: { domain: 'acme.com', rival: 'Acme' } }, 409);
  if (url === '/api/extension/crm_hosts.json') return json({ hosts: body?.hosts });
  return json({ error: 'No API route' }, 404);
}

async function render(user: User) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/extension/guide', element: <ExtensionGuidePage /> }], { initialEntries: ['/extension/guide'] });
  await act(async () => {
    screen.root.render(
      <MantineProvider theme={theme}>
        <SessionContext.Provider value={{ user, company: makeCompany() }}>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>,
    );
  });
  await settle();
}

async function settle() {
  for (let i = 0; i < 6; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  }
  await areasLoaded();
}

const byTestId = (testId: string, within: ParentNode = document) => within.querySelector(`[data-testid="${testId}"]`);
const click = async (el: Element | null | undefined) => {
  await act(async () => (el as HTMLElement).click());
  await settle();
};
/** Types into a TagsInput and presses Enter, as a person adds a tag. */
async function addTag(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });
  await settle();
}
const rowOf = (name: string) => [...document.querySelectorAll('[data-testid="site-rival-row"]')].find((r) => r.textContent?.includes(name))!;

const screen = screenHarness(fakeFetch, { before: () => {
    requests = [];
  } });

describe('a seller on /extension/guide', () => {
  it('reads why the extension cannot be used in this browser, makes its token once, and sees no badge settings', async () => {
    // jsdom's user agent is no Chrome or Edge.
    await render(consumer());
    expect(document.title).toBe('Browser extension · Rivalscope');
    expect(byTestId('extension-status')?.getAttribute('data-state')).toBe('unsupported_browser');
    expect(byTestId('extension-status-reason')?.textContent).toMatch(/^The extension runs in Google Chrome and Microsoft Edge/);
    expect(byTestId('extension-download')?.getAttribute('href')).toBe('/extension/rivalscope-extension.zip');
    expect(byTestId('extension-sites')).toBeNull();
    expect([...document.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['In this browser', 'Install', 'Connect', 'Use']);

    await click(byTestId('extension-token-create'));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/account/tokens', body: { name: 'Browser extension', scopes: ['extension'], expiresInDays: 90 } });
    expect((byTestId('extension-token-value') as HTMLInputElement).value).toBe('rsk_abcdefghijklmnop');
    expect(byTestId('extension-token-created')?.textContent).toContain('it is shown only this once');
    expect(byTestId('extension-token-create')).toBeNull();
    expect(await axeFindings()).toEqual([]);
  });

  it('shows the installed extension’s version and that it is connected to another address', async () => {
    const pong: ExtensionPong = { type: 'rivalscope:pong', version: '1.4.2', productUrl: 'https://other.example.com', connectedHere: false };
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', userAgentData: undefined });
    vi.stubGlobal('chrome', { runtime: { sendMessage: (_id: string, _message: unknown, callback: (a: unknown) => void) => setTimeout(() => callback(pong), 0) } });
    await render(consumer());
    expect(byTestId('extension-status')?.getAttribute('data-state')).toBe('installed');
    expect(byTestId('extension-version')?.textContent).toBe('1.4.2');
    expect(byTestId('extension-connection')?.textContent).toContain('https://other.example.com — not this address');
  });
});

describe('a curator on /extension/guide', () => {
  it('edits a rival’s domains and the CRM hosts, with refusals in words on their row', async () => {
    await render(curator());
    expect(byTestId('extension-sites')).not.toBeNull();
    expect(document.querySelectorAll('[data-testid="site-rival-row"]')).toHaveLength(2);

    // Pasted as an address, kept as a domain; what is not one is refused before anything is sent.
    const acme = rowOf('Acme');
    const input = byTestId('site-domains', acme) as HTMLInputElement;
    await addTag(input, 'https://www.Acme-Cloud.com/pricing');
    await addTag(input, 'not_a_domain');
    expect(byTestId('site-error', acme)?.textContent).toBe('“not_a_domain” is not a website domain. Type a name such as acme.com.');
    await click(byTestId('site-save', acme));
    expect(requests.find((r) => r.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/rivals/2/domains.json', body: { domains: ['acme.com', 'acme-cloud.com'] } });
    expect(byTestId('site-saved', acme)?.textContent).toBe('Saved');
    expect(byTestId('site-error', acme)).toBeNull();

    // Another rival's domain: the server's 409, worded on the row.
    const globex = rowOf('Globex');
    await addTag(byTestId('site-domains', globex) as HTMLInputElement, 'acme.com');
    await click(byTestId('site-save', globex));
    expect(byTestId('site-error', globex)?.textContent).toBe('acme.com already belongs to Acme. Remove it there first.');

    // CRM hosts: a wildcard kept in lower case, then saved.
    await addTag(byTestId('crm-hosts') as HTMLInputElement, '*.CRM.Example.com');
    await click(byTestId('crm-save'));
    expect(requests.filter((r) => r.method === 'PUT').at(-1)).toEqual({ method: 'PUT', url: '/api/extension/crm_hosts.json', body: { hosts: ['app.hubspot.com', '*.crm.example.com'] } });
    expect(byTestId('crm-saved')?.textContent).toBe('Saved');
    expect(await axeFindings()).toEqual([]);
  });
});
