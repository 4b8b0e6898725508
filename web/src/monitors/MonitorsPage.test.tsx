// @vitest-environment jsdom
// The monitors screens rendered against a fake API (the contract's shapes): the list reads its filters from the URL
// and asks the API for them, rows say status and kind in words, the sparkline says its total; a monitor's page shows
// its failed check in words and each page change's diff with added and removed text marked and said aloud.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Monitor, MonitorChangePage, MonitorImportResult, MonitorPage, MonitorPreview } from '../../../contracts/monitors.ts';
import { theme } from '../core/theme.ts';
import { areasLoaded, changeLanguage } from '../i18n/index.ts';
import { axeFindings, screenHarness } from '../test/screenHarness.ts';
import { MonitorsPage } from './MonitorsPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const day = (n: number) => new Date(Date.now() - n * 3600_000).toISOString();
const monitor = (over: Partial<Monitor> = {}): Monitor => ({
  id: 4,
  kind: 'page',
  url: 'https://www.acme.com/pricing/enterprise-plans-and-a-very-long-path',
  name: 'Acme pricing',
  rival: { id: 2, name: 'Acme' },
  selector: null,
  intervalMinutes: 360,
  paused: false,
  status: 'ok',
  lastCheckAt: day(1),
  lastChangeAt: day(30),
  nextCheckAt: day(-5),
  error: null,
  changesByDay: [...Array(27).fill(0), 3, 0, 9],
  intelCount: 2,
  createdAt: day(300),
  ...over,
});

const failing = monitor({
  id: 5,
  kind: 'feed',
  name: 'Beta blog',
  url: 'https://beta.example/feed.xml',
  rival: null,
  status: 'failing',
  error: { reason: 'timeout', message: 'No answer in 10 s', status: null, at: day(1) },
  changesByDay: Array(30).fill(0),
});

const changes: MonitorChangePage = {
  items: [
    {
      id: 11,
      at: day(2),
      title: 'Pricing page changed',
      parts: [
        { kind: 'same', text: 'Enterprise costs ' },
        { kind: 'removed', text: '$40' },
        { kind: 'added', text: '$45' },
        { kind: 'same', text: '…' },
        { kind: 'same', text: ' per seat.' },
      ],
      addedSentences: [],
      removedSentences: [],
      link: 'https://www.acme.com/pricing',
      intel: { id: 77, title: 'Acme raises prices', state: 'unprocessed' },
    },
  ],
  total: 1,
  page: 1,
  limit: 20,
};

let requests: string[];

function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  requests.push(url);
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  if (url.startsWith('/api/monitors/4/changes')) return json(changes);
  if (url.startsWith('/api/monitors/5/changes')) return json({ items: [], total: 0, page: 1, limit: 20 } satisfies MonitorChangePage);
  if (url === '/api/monitors/5') return json(failing);
  if (url.startsWith('/api/monitors?')) return json({ items: [monitor(), failing], total: 2, page: 1, limit: 20 } satisfies MonitorPage);
  if (url.startsWith('/api/rivals.json')) return json([{ id: 2, name: 'Acme' }]);
  return Promise.resolve(new Response('{}', { status: 404 }));
}

async function render(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/monitors/*', element: <Routed /> }], { initialEntries: [path] });
  await act(async () => {
    screen.root.render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  await settle();
  return router;
}

/** The screen as shell/Screen.tsx renders it: what follows /monitors/ as `rest`. */
function Routed() {
  const params = useParams();
  return <MonitorsPage rest={params['*'] ?? ''} />;
}

async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  }
  await areasLoaded();
}

/** Types into an input the way React hears it. */
function type(input: Element, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = (el: Element | null | undefined) => act(() => (el as HTMLElement).click());
const byTestId = (testId: string) => document.querySelector(`[data-testid="${testId}"]`);
/** The element a Mantine input's data-testid names: the input itself. */
const inputOf = (testId: string) => {
  const el = byTestId(testId)!;
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input, textarea')!;
};

/** What axe finds, without the colour rules a DOM without layout cannot judge. */
const all = (testId: string) => [...screen.container.querySelectorAll(`[data-testid="${testId}"]`)];

const screen = screenHarness(fakeFetch, { before: () => {
    requests = [];
  } });

describe('the monitors list', () => {
  it('asks the API for the filters of the URL and shows each monitor in words', async () => {
    await render('/monitors?kind=page&sort=name');
    const list = requests.find((r) => r.startsWith('/api/monitors?'))!;
    expect(new URLSearchParams(list.split('?')[1])).toEqual(new URLSearchParams('page=1&sort=name&hasChanged=true&kind=page'));
    expect(screen.container.querySelector('h1')?.textContent).toBe('Monitors');
    const rows = all('monitor-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['4', '5']);
    expect(rows[0].querySelector('[data-testid="monitor-status"]')?.textContent).toBe('OK');
    expect(rows[1].querySelector('[data-testid="monitor-status"]')?.textContent).toBe('Failing');
    expect(rows[1].querySelector('[data-testid="monitor-kind"]')?.textContent).toBe('Feed');
    expect(rows[0].querySelector('[data-testid="monitor-spark"]')?.getAttribute('aria-label')).toBe('12 changes in 30 days');
    expect(rows[1].querySelector('[data-testid="monitor-spark"]')?.getAttribute('aria-label')).toBe('No changes in 30 days');
    expect(rows[1].querySelector('[data-testid="monitor-error"]')?.textContent).toContain('The site took too long to answer.');
    const url = rows[0].querySelector('a[data-testid="monitor-url"]')!;
    expect(url.getAttribute('target')).toBe('_blank');
    expect(url.getAttribute('rel')).toContain('noopener');
    expect(url.getAttribute('title')).toBe(monitor().url);
    expect(url.textContent).toBe('www.acme.com');
    expect(rows[0].querySelector('a[data-testid="monitor-name"]')?.getAttribute('href')).toBe('/monitors/4');
    expect(rows[0].querySelector('[data-testid="monitor-menu"]')?.getAttribute('aria-label')).toBe('Actions for Acme pricing');
    expect(screen.container.querySelector('table caption')?.textContent).toBe('Monitors, 2 in all');
    expect(all('monitor-add')).toHaveLength(1);
    expect(all('monitor-import')).toHaveLength(1);
  });
});

describe('a page past the end of the list', () => {
  it('gives way to the last page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('page=9')
          ? Promise.resolve(new Response(JSON.stringify({ items: [], total: 2, page: 9, limit: 20 }), { status: 200 }))
          : fakeFetch(input),
      ),
    );
    const router = await render('/monitors?page=9&kind=page');
    await settle();
    expect(router.state.location.search).toBe('?kind=page');
    expect(all('monitor-row')).toHaveLength(2);
  });
});

describe('the monitors list in German', () => {
  it('says everything in German, times relative in German', async () => {
    await changeLanguage('de');
    try {
      await render('/monitors');
      expect(screen.container.querySelector('h1')?.textContent).toBe('Monitore');
      const [row] = all('monitor-row');
      expect(row.querySelector('[data-testid="monitor-status"]')?.textContent).toBe('In Ordnung');
      expect(row.querySelector('[data-testid="monitor-kind"]')?.textContent).toBe('Seite');
      expect(row.querySelector('[data-testid="monitor-spark"]')?.getAttribute('aria-label')).toBe('12 Änderungen in 30 Tagen');
      expect(row.querySelector('time')?.textContent).toMatch(/^vor /);
      expect(row.querySelector('[data-testid="monitor-menu"]')?.getAttribute('aria-label')).toBe('Aktionen für Acme pricing');
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('a monitor’s page', () => {
  it('shows its failed check in words, the check’s own message as detail, and that no change came yet', async () => {
    await render('/monitors/5');
    expect(screen.container.querySelector('h1')?.textContent).toBe('Beta blog');
    expect(screen.container.querySelector('h2')?.textContent).toBe('Change history');
    expect(all('monitor-changes-empty')).toHaveLength(1);
    expect(screen.container.querySelector('a[data-testid="monitor-back"]')?.getAttribute('href')).toBe('/monitors');
    expect(screen.container.querySelector('[data-testid="monitor-error"]')?.textContent).toContain('The site took too long to answer.');
    expect(screen.container.querySelector('[data-testid="monitor-error"]')?.textContent).toContain('No answer in 10 s');
  });

  it('shows each page change with its intel item and its inline diff', async () => {
    vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => (String(input) === '/api/monitors/4' ? Promise.resolve(new Response(JSON.stringify(monitor()), { status: 200 })) : fakeFetch(input))));
    await render('/monitors/4');
    const [change] = all('monitor-change');
    expect(change).toBeDefined();
    expect(change.querySelector('a[data-testid="monitor-change-intel"]')?.getAttribute('href')).toBe('/alerts?view=allIntel&relatedAlerts=false&intelIds=77');
    const ins = change.querySelector('ins')!;
    const del = change.querySelector('del')!;
    expect(ins.textContent).toBe('Added: $45');
    expect(del.textContent).toBe('Removed: $40');
    expect(change.querySelector('[role="separator"]')?.textContent).toBe('…');
    expect(change.querySelector('[data-testid="monitor-diff"]')?.textContent).toBe('Enterprise costs Removed: $40Added: $45… per seat.');
  });
});

describe('the add monitor dialog', () => {
  const page: MonitorPreview = {
    kind: 'page',
    url: 'https://www.acme.com/blog',
    title: 'Acme blog',
    text: ['We ship every week.', 'Read our news.'],
    entries: [],
    feedUrl: 'https://www.acme.com/blog/feed.xml',
    suggestedRival: { id: 2, name: 'Acme' },
  };
  const feed: MonitorPreview = {
    kind: 'feed',
    url: 'https://www.acme.com/blog/feed.xml',
    title: 'Acme news',
    text: [],
    entries: [{ title: 'Acme 5.0 is out', link: 'https://www.acme.com/blog/5', publishedAt: day(20) }],
    feedUrl: null,
    suggestedRival: { id: 2, name: 'Acme' },
  };
  let bodies: { url: string; body: unknown }[];

  beforeEach(() => {
    bodies = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        if (init?.method === 'POST') bodies.push({ url, body });
        const json = (b: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(b), { status }));
        if (url === '/api/monitors/preview') {
          if (String(body.url).includes('localhost'))
            return json({ error: 'Invalid body: url is refused', code: 'invalid_input', params: { where: 'body', field: 'url', problem: 'is refused' }, details: [{ field: 'url', message: 'leads to a private network' }] }, 400);
          return json(body.kind === 'feed' ? feed : page);
        }
        if (url === '/api/monitors' && init?.method === 'POST') return json({ ...monitor({ id: 9, kind: 'feed', name: body.name }) }, 201);
        return fakeFetch(input);
      }),
    );
  });

  it('previews an address, offers its feed, and saves the feed with the suggested rival and the feed’s title', async () => {
    await render('/monitors');
    click(byTestId('monitor-add'));
    await settle();
    const dialog = byTestId('monitor-add-dialog')!;
    expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(dialog.textContent).toContain('Add monitor');
    type(inputOf('monitor-url-input'), 'https://www.acme.com/blog');
    click(byTestId('monitor-preview'));
    await settle();
    expect(bodies.at(-1)).toEqual({ url: '/api/monitors/preview', body: { url: 'https://www.acme.com/blog' } });
    expect(byTestId('monitor-preview-result')?.getAttribute('data-kind')).toBe('page');
    expect(byTestId('monitor-preview-text')?.textContent).toContain('We ship every week.');
    expect((inputOf('monitor-name-input') as HTMLInputElement).value).toBe('Acme blog');

    click(byTestId('monitor-use-feed'));
    await settle();
    expect(bodies.at(-1)).toEqual({ url: '/api/monitors/preview', body: { url: 'https://www.acme.com/blog/feed.xml', kind: 'feed' } });
    expect(byTestId('monitor-preview-result')?.getAttribute('data-kind')).toBe('feed');
    expect(byTestId('monitor-preview-entries')?.textContent).toContain('Acme 5.0 is out');
    expect((inputOf('monitor-url-input') as HTMLInputElement).value).toBe('https://www.acme.com/blog/feed.xml');
    expect((inputOf('monitor-name-input') as HTMLInputElement).value).toBe('Acme news');
    expect((inputOf('monitor-rival-input') as HTMLInputElement).value).toBe('Acme');
    expect(await axeFindings()).toEqual([]);

    click(byTestId('monitor-save'));
    await settle();
    expect(bodies.at(-1)).toEqual({
      url: '/api/monitors',
      body: { kind: 'feed', url: 'https://www.acme.com/blog/feed.xml', rivalId: 2, name: 'Acme news', selector: null, intervalMinutes: 360 },
    });
    expect(byTestId('monitor-add-form')).toBeNull();
  });

  it('says a failed fetch’s reason in words under the address field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input) === '/api/monitors/preview'
          ? Promise.resolve(new Response(JSON.stringify({ error: 'robots.txt disallows', code: 'monitor_refused', params: { reason: 'robots' } }), { status: 400 }))
          : fakeFetch(input),
      ),
    );
    await render('/monitors');
    click(byTestId('monitor-add'));
    await settle();
    type(inputOf('monitor-url-input'), 'https://www.acme.com/private');
    click(byTestId('monitor-preview'));
    await settle();
    const input = inputOf('monitor-url-input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('monitor-add-dialog')?.textContent).toContain('The site’s robots.txt does not allow it to be checked.');
  });

  it('shows a refused address under the address field', async () => {
    await render('/monitors');
    click(byTestId('monitor-add'));
    await settle();
    type(inputOf('monitor-url-input'), 'http://localhost/admin');
    click(byTestId('monitor-preview'));
    await settle();
    const input = inputOf('monitor-url-input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(describedBy.join(' ')).toMatch(/private network|is refused/);
    expect(byTestId('monitor-add-error')).toBeNull();
    expect(byTestId('monitor-preview-result')).toBeNull();
  });
});

describe('the OPML import dialog', () => {
  it('sends the pasted OPML and says what was added and why the rest was skipped', async () => {
    let sent: unknown;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/monitors/import') {
          sent = JSON.parse(String(init!.body));
          const result: MonitorImportResult = {
            created: 3,
            skipped: [
              { url: 'https://a.example/feed', reason: 'duplicate', message: 'already monitored' },
              { url: 'http://10.0.0.1/rss', reason: 'refused', message: 'private address' },
            ],
          };
          return Promise.resolve(new Response(JSON.stringify(result), { status: 200 }));
        }
        return fakeFetch(input);
      }),
    );
    await render('/monitors');
    click(byTestId('monitor-import'));
    await settle();
    const paste = inputOf('monitor-import-paste');
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(paste, '<opml version="2.0"><body><outline xmlUrl="https://a.example/feed"/></body></opml>');
      paste.dispatchEvent(new Event('input', { bubbles: true }));
    });
    click(byTestId('monitor-import-submit'));
    await settle();
    expect(sent).toEqual({ opml: '<opml version="2.0"><body><outline xmlUrl="https://a.example/feed"/></body></opml>', rivalId: null });
    expect(byTestId('monitor-import-created')?.textContent).toBe('3 feeds added');
    const rows = [...document.querySelectorAll('[data-testid="monitor-import-skipped-row"]')];
    expect(rows.map((r) => r.getAttribute('data-reason'))).toEqual(['duplicate', 'refused']);
    expect(rows[0].textContent).toContain('Already monitored');
    expect(rows[1].textContent).toContain('The address is not allowed');
    expect(rows[1].textContent).toContain('private address');
    expect(await axeFindings()).toEqual([]);
  });
});

describe('the list on a phone', () => {
  it('stacks each monitor as a card, with a note when paused monitors show', async () => {
    const wide = window.matchMedia;
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (q: string) => ({ ...wide(q), matches: false }) });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).startsWith('/api/monitors?')
          ? Promise.resolve(new Response(JSON.stringify({ items: [monitor({ paused: true, status: 'paused' })], total: 1, page: 1, limit: 20 }), { status: 200 }))
          : fakeFetch(input),
      ),
    );
    try {
      await render('/monitors');
      expect(screen.container.querySelector('table')).toBeNull();
      const [card] = all('monitor-row');
      expect(card.tagName).toBe('LI');
      expect(card.querySelector('[data-testid="monitor-status"]')?.textContent).toBe('Paused');
      expect(byTestId('monitor-paused-note')?.textContent).toBe('Paused monitors are not checked. Resume one to start collecting.');
      expect(await axeFindings()).toEqual([]);
    } finally {
      Object.defineProperty(window, 'matchMedia', { configurable: true, value: wide });
    }
  });
});

describe('accessibility (axe, without the colour rules a DOM without layout cannot judge)', () => {
  it('finds nothing on the list, its add dialog, and a monitor’s page with its diff', async () => {
    await render('/monitors');
    expect(await axeFindings()).toEqual([]);
    click(byTestId('monitor-add'));
    await settle();
    expect(await axeFindings()).toEqual([]);
    screen.remount();
    vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => (String(input) === '/api/monitors/4' ? Promise.resolve(new Response(JSON.stringify(monitor({ error: failing.error, status: 'failing' })), { status: 200 })) : fakeFetch(input))));
    await render('/monitors/4');
    expect(all('monitor-change')).toHaveLength(1);
    expect(await axeFindings()).toEqual([]);
  });
});
