// @vitest-environment jsdom
// The call insights screens against a fake API shaped as contracts/calls.ts: the overview's table sorts and links each
// rival, its chart has a text alternative, an empty overview says how to import; a rival's page draws mentions and
// objections per month as two series told apart by dash, lists its passages (objections only at a switch) and opens a
// passage's call at that passage; the call's transcript marks rival names as text (a <script> in it stays inert) and
// sides in words; a passage becomes intel (the POST body) or a card's source; the import shows the server's refusal
// and its result; the calls search shows only <mark> of the snippets.
import { act, type ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDetail, CallImport, CallOverview, CallPage, RivalMentions } from '../../../contracts/calls.ts';
import type { CardResult, SearchResponse } from '../../../contracts/search.ts';
import { changeLanguage } from '../i18n/index.ts';
import { axeFindings, screenHarness } from '../test/screenHarness.ts';
import { admin, makeCompany } from '../test/fixtures.ts';
import { renderRouted, restRoute, settle } from '../test/routedScreen.tsx';
import { CallInsightsPage } from './CallInsightsPage.tsx';
import { ImportDialog } from './ImportDialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rep = { userId: 5, name: 'Rita Rep' };
const overview: CallOverview = {
  calls: 12,
  rivals: [
    { id: 2, name: 'Acme', mentions: 9, objections: 4, calls: 6, lastAt: '2026-11-20T10:00:00Z' },
    { id: 3, name: 'Beta', mentions: 14, objections: 1, calls: 8, lastAt: '2026-10-02T10:00:00Z' },
    { id: 4, name: 'Cyan', mentions: 2, objections: 0, calls: 1, lastAt: null },
    // Listed by the server, named in no call: neither the chart nor the table shows it.
    { id: 6, name: 'Dusk', mentions: 0, objections: 0, calls: 0, lastAt: null },
  ],
};
const passage = (seq: number, text: string, over: Partial<RivalMentions['items'][number]> = {}): RivalMentions['items'][number] => ({
  callId: 7,
  seq,
  title: 'Globex discovery',
  occurredAt: '2026-11-20T10:00:00Z',
  rep,
  speaker: 'Pat Prospect',
  isRep: false,
  text,
  sentiment: -0.4,
  objection: true,
  ...over,
});
const mentions = (objections: boolean): RivalMentions => ({
  rival: { id: 2, name: 'Acme' },
  total: 23,
  objections: 4,
  months: [
    { month: '2026-09', mentions: 3, objections: 1 },
    { month: '2026-10', mentions: 8, objections: 1 },
    { month: '2026-11', mentions: 12, objections: 2 },
  ],
  reps: [{ ...rep, calls: 4, mentions: 11 }, { userId: null, name: 'Guest', calls: 1, mentions: 1 }],
  items: objections ? [passage(2, 'Acme is cheaper than you.')] : [passage(2, 'Acme is cheaper than you.'), passage(5, 'We also looked at Acme.', { objection: false, isRep: true, speaker: 'Rita Rep', sentiment: 0.2 })],
  page: 1,
  pageSize: 20,
});
const call: CallDetail = {
  id: 7,
  externalId: 'gong-7',
  title: 'Globex discovery',
  occurredAt: '2026-11-20T10:00:00Z',
  rep,
  accountName: 'Globex',
  deal: { id: 40, name: 'Globex renewal' },
  format: 'json',
  durationMs: 1_865_000,
  words: 4200,
  rivals: [
    { id: 2, name: 'Acme', mentions: 2 },
    { id: 3, name: 'Beta', mentions: 1 },
  ],
  passages: [
    { seq: 0, speaker: 'Rita Rep', isRep: true, startMs: 0, endMs: 4000, text: 'Thanks for joining.', sentiment: 0.3, rivalIds: [], objection: false },
    { seq: 1, speaker: 'Pat Prospect', isRep: false, startMs: 4000, endMs: 9000, text: 'We pasted <script>window.pwned = 1</script><img src=x onerror="window.pwned=2"> from Acme and Beta.', sentiment: 0, rivalIds: [2, 3], objection: false },
    { seq: 2, speaker: 'Pat Prospect', isRep: false, startMs: 9000, endMs: 15000, text: 'Honestly ACME is cheaper than you.', sentiment: -0.4, rivalIds: [2], objection: true },
  ],
};
const callPage: CallPage = {
  items: [
    {
      ...call,
      matches: [{ seq: 2, snippet: 'ACME is <mark>cheaper</mark> &lt;b&gt; <img src=x onerror="window.pwned=3"><b>bold</b>' }],
    },
  ].map(({ passages: _p, ...summary }) => summary),
  total: 41,
  page: 1,
  pageSize: 20,
};
const cards: SearchResponse<CardResult> = {
  nr_results: 1,
  matched: 'all',
  results: [
    {
      id: 61,
      data: { name: 'Acme pricing' },
      titleHtml: 'Acme <em>pricing</em>',
      snippetHtml: null,
      board: { id: 8, name: 'Pricing', profileId: 3 },
      profile: { id: 3, name: 'Acme' },
      rival: { id: 2, name: 'Acme' },
      tags: [],
      isDraft: false,
      allAccess: true,
      scratchpad: false,
      updatedAt: '',
      createdAt: '',
    },
  ],
  counters: {},
  offset: 0,
  size: 10,
};

let requests: { url: string; init?: RequestInit }[];
let overviewNow: CallOverview;
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  requests.push({ url, init });
  if (url === '/api/call-insights/overview.json') return json(overviewNow);
  if (url.startsWith('/api/call-insights/mentions?')) return json(mentions(url.includes('objections=true')));
  if (url.startsWith('/api/call-insights/calls?')) return json(callPage);
  if (url === '/api/call-insights/calls/7') return json(call);
  if (url === '/api/call-insights/reps') return json([rep, { userId: 9, name: 'Zoe Zed' }].map((r, i) => ({ ...r, calls: 3 - i })));
  if (url === '/api/call-insights/calls/7/passages/2/intel') return json({ alertId: 55 }, 201);
  if (url === '/api/call-insights/calls/7/passages/2/source') return json({ cardId: 61 }, 201);
  if (url.startsWith('/api/search.json')) return json(cards);
  if (url.startsWith('/api/rivals.json')) return json([{ id: 2, name: 'Acme' }, { id: 3, name: 'Beta' }, { id: 4, name: 'Cyan' }]);
  if (url.startsWith('/api/call-insights/imports?')) {
    const q = new URLSearchParams(url.split('?')[1]);
    if (q.get('importer') === 'vtt') return json({ error: 'The transcript of Discovery could not be read: line 3 is no cue', code: 'transcript_unreadable', params: { name: 'Discovery', problem: 'line 3 is no cue' } }, 400);
    const done: CallImport = { id: 3, importer: 'json', calls: 2, mentions: 5, callIds: [7, 8] };
    return json(done, 201);
  }
  return Promise.resolve(new Response('{}', { status: 404 }));
}

const screen = screenHarness(fakeFetch, {
  before: () => {
    requests = [];
    overviewNow = overview;
  },
});

/** The call insights page, or `element`, at `path` for an admin. */
const render = (path: string, element: ReactElement = restRoute(CallInsightsPage)) => renderRouted(screen, { path, paths: ['/call-insights/*'], element, user: admin(), company: makeCompany() });
const click = async (el: Element | null | undefined) => {
  expect(el).toBeTruthy();
  act(() => (el as HTMLElement).click());
  await settle();
};
const byTestId = (id: string, root: ParentNode = document) => root.querySelector(`[data-testid="${id}"]`);
const all = (id: string, root: ParentNode = document) => [...root.querySelectorAll(`[data-testid="${id}"]`)];
const requested = (prefix: string) => requests.filter((r) => r.url.startsWith(prefix)).map((r) => Object.fromEntries(new URLSearchParams(r.url.split('?')[1] ?? '')));
const input = (el: Element | null, value: string) => {
  const field = (el?.tagName === 'INPUT' ? el : el?.querySelector('input')) as HTMLInputElement;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
};
const chooseFile = async (name: string, text: string) => {
  const field = document.querySelector('[data-testid="call-import-dialog"] input[type="file"]') as HTMLInputElement;
  Object.defineProperty(field, 'files', { configurable: true, value: [new File([text], name)] });
  await act(async () => {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
};

describe('the overview', () => {
  it('lists each rival’s mentions, objections, calls and last mention, sorts by any column and links its page', async () => {
    await render('/call-insights');
    expect(screen.container.querySelector('h1')?.textContent).toBe('Call insights');
    expect(byTestId('call-overview-total')?.textContent).toBe('12 calls analysed.');
    const names = () => all('overview-rival').map((a) => a.textContent);
    expect(names()).toEqual(['Beta', 'Acme', 'Cyan']);
    expect(all('overview-row')[1].textContent).toBe('Acme946Nov 20, 2026');
    expect(all('overview-row')[2].textContent).toContain('—');
    expect(byTestId('overview-sort-mentions')?.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    await click(byTestId('overview-sort-objections'));
    expect(names()).toEqual(['Acme', 'Beta', 'Cyan']);
    await click(byTestId('overview-sort-name'));
    expect(names()).toEqual(['Acme', 'Beta', 'Cyan']);
    await click(byTestId('overview-sort-name'));
    expect(names()).toEqual(['Cyan', 'Beta', 'Acme']);
    expect(byTestId('overview-sort-name')?.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    expect(all('overview-rival')[2].getAttribute('href')).toBe('/call-insights/rivals/2');
    expect(await axeFindings()).toEqual([]);
  });

  it('draws the bar chart with a summary and the same figures as a table', async () => {
    await render('/call-insights');
    const chart = byTestId('call-overview-chart')!;
    expect(byTestId('chart-image', chart)?.getAttribute('aria-label')).toBe('Chart: Mentions and objections per rival');
    expect(byTestId('chart-summary', chart)?.textContent).toContain('Mentions: highest Beta (14), lowest Cyan (2).');
    expect(all('chart-key', chart)).toHaveLength(1);
    await click(byTestId('chart-view-toggle', chart));
    const rows = [...chart.querySelectorAll('[data-testid="chart-table"] tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Rival', 'Mentions', 'Objections'],
      ['Beta', '14', '1'],
      ['Acme', '9', '4'],
      ['Cyan', '2', '0'],
    ]);
  });

  it('says so when the calls name no rival, rather than charting rivals of no mention', async () => {
    overviewNow = { calls: 3, rivals: overview.rivals.map((r) => ({ ...r, mentions: 0, objections: 0, calls: 0, lastAt: null })) };
    await render('/call-insights');
    expect(byTestId('call-overview-total')?.textContent).toBe('3 calls analysed.');
    expect(byTestId('call-overview-no-rivals')?.textContent).toBe('No rival is named in the calls imported so far.');
    expect(byTestId('call-overview-chart')).toBeNull();
    expect(byTestId('call-overview-table')).toBeNull();
  });

  it('says how to import when there is no call yet, and opens the import', async () => {
    overviewNow = { calls: 0, rivals: [] };
    await render('/call-insights');
    expect(byTestId('call-overview-empty')?.textContent).toContain('No calls imported yet');
    expect(byTestId('call-overview-empty')?.textContent).toContain('WebVTT (.vtt) or SRT (.srt)');
    expect(byTestId('call-overview-table')).toBeNull();
    await click(byTestId('call-overview-import'));
    await settle();
    expect(byTestId('call-import-dialog')).toBeTruthy();
  });

  it('says it in German', async () => {
    await changeLanguage('de');
    try {
      await render('/call-insights');
      expect(screen.container.querySelector('h1')?.textContent).toBe('Gesprächsanalyse');
      expect(byTestId('call-overview-total')?.textContent).toBe('12 Gespräche ausgewertet.');
      expect(all('overview-row')[1].textContent).toBe('Acme94620. Nov. 2026');
    } finally {
      await changeLanguage('en');
    }
  });

  it('answers not found for a path it does not know', async () => {
    await render('/call-insights/rivals/x');
    expect(byTestId('page-call-insights')).toBeNull();
  });
});

describe('a rival’s page', () => {
  it('draws mentions and objections per month as two series told apart by dash, with a table', async () => {
    await render('/call-insights/rivals/2');
    expect(requested('/api/call-insights/mentions')).toContainEqual({ rivalId: '2', page: '1' });
    expect(byTestId('rival-title')?.textContent).toBe('Acme in calls');
    expect(document.title).toBe('Acme · Call insights · Rivalscope');
    expect(byTestId('rival-figures')?.textContent).toBe('23 mentions, 4 objections');
    const chart = byTestId('rival-chart')!;
    const dashes = [...chart.querySelectorAll('[data-testid="chart-key"] svg')].map((s) => s.getAttribute('data-dash'));
    expect(all('rival-chart-series', chart).map((s) => s.textContent)).toEqual(['Mentions', 'Objections']);
    expect(new Set(dashes).size).toBe(2);
    expect(byTestId('chart-summary', chart)?.textContent).toContain('Mentions: rising overall, from 3 to 12');
    await click(byTestId('chart-view-toggle', chart));
    const rows = [...chart.querySelectorAll('[data-testid="chart-table"] tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Month', 'Mentions', 'Objections'],
      ['Sep 2026', '3', '1'],
      ['Oct 2026', '8', '1'],
      ['Nov 2026', '12', '2'],
    ]);
    expect(all('rival-rep').map((r) => r.textContent)).toEqual(['Rita Rep411', 'Guest11']);
    expect(byTestId('rival-reps')?.querySelector('a')?.getAttribute('href')).toBe('/call-insights/calls?rivalId=2&repId=5');
    expect(await axeFindings()).toEqual([]);
  });

  it('lists the passages latest first, objections only at the switch, and opens a passage in its call', async () => {
    const router = await render('/call-insights/rivals/2');
    const passages = byTestId('rival-passages')!;
    expect(all('rival-passage', passages)).toHaveLength(2);
    expect(all('passage-side', passages).map((b) => b.textContent)).toEqual(['Prospect', 'Rep']);
    expect(all('rival-objection')).toHaveLength(1);
    await click(byTestId('rival-objections-only')?.querySelector('input') ?? byTestId('rival-objections-only'));
    expect(requested('/api/call-insights/mentions').at(-1)).toEqual({ rivalId: '2', objections: 'true', page: '1' });
    expect(all('rival-passage', passages)).toHaveLength(1);
    await click(all('passage-open', passages)[0]);
    expect(router.state.location.search).toBe('?call=7&seq=2');
    const drawer = byTestId('call-drawer')!;
    const opened = drawer.querySelector('[data-current]')!;
    expect(opened.getAttribute('data-seq')).toBe('2');
    expect(document.activeElement).toBe(opened);
  });
});

describe('a call', () => {
  it('shows the turns by side in words, marks rival names as text and leaves HTML in the text inert', async () => {
    await render('/call-insights?call=7&seq=1');
    const drawer = byTestId('call-transcript')!;
    expect(byTestId('call-facts', drawer)?.textContent).toBe('Nov 20, 2026 · Rep: Rita Rep · Account: Globex · Deal: Globex renewal · 31:05 long · 4,200 words');
    expect(all('call-passage', drawer).map((p) => [p.getAttribute('data-side'), byTestId('passage-side', p)?.textContent])).toEqual([
      ['rep', 'Rep'],
      ['prospect', 'Prospect'],
      ['prospect', 'Prospect'],
    ]);
    const risky = all('call-passage', drawer)[1];
    expect(all('rival-name', risky).map((m) => [m.textContent, m.getAttribute('data-rival-id')])).toEqual([
      ['Acme', '2'],
      ['Beta', '3'],
    ]);
    expect(byTestId('passage-text', risky)?.textContent).toBe(call.passages[1].text);
    expect(risky.querySelector('script, img')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    // "ACME" in another case is the same name; a passage that names no rival marks nothing.
    expect(all('rival-name', all('call-passage', drawer)[2]).map((m) => m.textContent)).toEqual(['ACME']);
    expect(all('rival-name', all('call-passage', drawer)[0])).toEqual([]);
    expect(document.activeElement).toBe(risky);
    expect(await axeFindings()).toEqual([]);
  });

  it('turns a passage into intel about the rivals it names and links the new item', async () => {
    await render('/call-insights?call=7&seq=2');
    await click(all('passage-actions')[2]);
    await click(byTestId('passage-intel'));
    const dialog = byTestId('intel-dialog')!;
    expect((byTestId('intel-title', dialog) as HTMLInputElement).value).toBe('Honestly ACME is cheaper than you.');
    input(byTestId('intel-title', dialog), 'Acme undercuts on price');
    await settle();
    await click(byTestId('intel-submit', dialog));
    const post = requests.find((r) => r.url.endsWith('/passages/2/intel'))!;
    expect(post.init?.method).toBe('POST');
    expect(JSON.parse(String(post.init?.body))).toEqual({ title: 'Acme undercuts on price', rivalIds: [2] });
    expect(byTestId('intel-link')?.getAttribute('href')).toBe('/alerts?view=allIntel&relatedAlerts=false&intelIds=55');
  });

  it('adds a passage as the source of a card found by the cards search', async () => {
    await render('/call-insights?call=7&seq=2');
    await click(all('passage-actions')[2]);
    await click(byTestId('passage-source'));
    input(byTestId('source-search'), 'pricing');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 300));
    });
    await settle();
    expect(requested('/api/search.json').at(-1)).toEqual({ index: 'cards', query: 'pricing', size: '10', sort: 'relevance', rivals: '2' });
    const card = byTestId('source-card')!;
    expect(byTestId('source-cards')?.textContent).toContain('Acme pricingAcme · Pricing');
    await click(card.tagName === 'INPUT' ? card : card.querySelector('input'));
    await click(byTestId('source-submit'));
    const post = requests.find((r) => r.url.endsWith('/passages/2/source'))!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ cardId: 61 });
    expect(byTestId('source-link')?.getAttribute('href')).toBe('/profile/3?viewCard=61');
  });
});

describe('the calls list', () => {
  it('asks with the URL’s filters, keeps only <mark> of a snippet and opens a call at its match', async () => {
    const router = await render('/call-insights/calls?q=cheaper&rivalId=2');
    expect(requested('/api/call-insights/calls')).toEqual([{ page: '1', q: 'cheaper', rivalId: '2' }]);
    expect(byTestId('calls-count')?.textContent).toBe('41 calls found');
    const match = byTestId('call-match')!;
    expect(match.innerHTML).toBe('<span>ACME is <mark>cheaper</mark> &lt;b&gt; bold</span>');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    expect(byTestId('calls-paging')).toBeTruthy();
    input(byTestId('calls-search'), 'discount');
    await click(byTestId('calls-search-submit'));
    expect(requested('/api/call-insights/calls').at(-1)).toEqual({ page: '1', q: 'discount', rivalId: '2' });
    await click(match.isConnected ? match : byTestId('call-match'));
    expect(new URLSearchParams(router.state.location.search).get('seq')).toBe('2');
    expect(await axeFindings()).toEqual([]);
  });

  it('offers the reps who have calls in its rep filter, and filters by the one chosen', async () => {
    const router = await render('/call-insights/calls');
    expect(requested('/api/call-insights/reps')).toHaveLength(1);
    const field = byTestId('calls-rep') as HTMLInputElement;
    await click(field);
    const options = () => [...(document.getElementById(field.getAttribute('aria-controls') ?? '')?.querySelectorAll('[role="option"]') ?? [])];
    await vi.waitFor(async () => {
      await settle();
      expect(options().map((o) => o.textContent)).toEqual(['Rita Rep', 'Zoe Zed']);
    });
    await click(options().find((o) => o.textContent === 'Zoe Zed'));
    expect(new URLSearchParams(router.state.location.search).get('repId')).toBe('9');
    expect(requested('/api/call-insights/calls').at(-1)).toEqual({ page: '1', repId: '9' });
  });
});

/**
 * XMLHttpRequest as the import uses it, answered by the fake API: half the file is reported sent, then (once the test
 * lets it go on) the rest and the answer.
 */
let releaseUpload: () => void;
class FakeXhr {
  private url = '';
  private headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: File) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
    const gate = new Promise<void>((resolve) => (releaseUpload = resolve));
    void gate.then(async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 2 });
      const res = await fakeFetch(this.url, { method: 'POST', headers: this.headers, body });
      this.status = res.status;
      this.responseText = await res.text();
      this.onload?.();
    });
  }
}
const letUploadFinish = async () => {
  await act(async () => releaseUpload());
  await settle();
};

describe('the import', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('sends a transcript with its call’s fields and shows the server’s refusal', async () => {
    await render('/call-insights', <ImportDialog onClose={() => undefined} />);
    await chooseFile('discovery-call.vtt', 'WEBVTT\n\nbroken');
    // The file's name is offered as the title; the date is still wanted.
    expect((byTestId('call-import-title') as HTMLInputElement).value).toBe('discovery-call');
    expect((byTestId('call-import-start') as HTMLButtonElement).disabled).toBe(true);
    input(byTestId('call-import-title'), 'Discovery');
    input(byTestId('call-import-date'), '2026-11-03');
    input(byTestId('call-import-rep-email'), 'rita@demo.test');
    await settle();
    await click(byTestId('call-import-start'));
    expect(byTestId('call-import-status')?.textContent).toBe('Uploading discovery-call.vtt: 50%…');
    expect(byTestId('call-import-progress')?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('50');
    await letUploadFinish();
    const sent = requests.find((r) => r.url.startsWith('/api/call-insights/imports?'))!;
    expect((sent.init?.headers as Record<string, string>)['Content-Type']).toBe('application/octet-stream');
    expect(Object.fromEntries(new URLSearchParams(sent.url.split('?')[1]))).toEqual({
      importer: 'vtt',
      fileName: 'discovery-call.vtt',
      title: 'Discovery',
      occurredAt: '2026-11-03T00:00:00Z',
      repEmail: 'rita@demo.test',
    });
    expect(await (sent.init?.body as File).text()).toBe('WEBVTT\n\nbroken');
    const error = byTestId('call-import-error')!;
    expect(error.textContent).toContain('Nothing was imported');
    expect(error.textContent).toContain('The transcript of Discovery could not be read: line 3 is no cue');
  });

  it('imports a JSON export and says how many calls and mentions it brought', async () => {
    await render('/call-insights', <ImportDialog onClose={() => undefined} />);
    await click(document.querySelector('[data-testid="call-importer"] input[value="json"]'));
    expect(byTestId('call-import-title')).toBeNull();
    await chooseFile('calls.json', '{"calls":[]}');
    await click(byTestId('call-import-start'));
    await letUploadFinish();
    expect(requested('/api/call-insights/imports').at(-1)).toEqual({ importer: 'json', fileName: 'calls.json' });
    expect(byTestId('call-import-done')?.textContent).toContain('2 calls imported, 5 rival mentions found.');
    expect(await axeFindings()).toEqual([]);
  });
});
