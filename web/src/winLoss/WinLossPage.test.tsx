// @vitest-environment jsdom
// The win/loss screens against a fake API (the contract's shapes): the overview asks for the URL's filters and shows
// the key figures with the interval, a rival, a quarter and a reason open the deals behind them (outcome in words and
// colour), a deal shows what the rep and the buyer said; the reports tab groups by the URL's dimension and sorts; the
// import maps columns, refuses a file with its bad rows listed and follows a running import to its counts; the
// dashboard widget links each rival to its battlecard or profile.
import { act, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CompetitiveDeals as Competitive, Deal, DealImport, DealPage, RateRow, WinLossFacets, WinLossOverview, WinLossReport } from '../../../contracts/deals.ts';
import { changeLanguage } from '../i18n/index.ts';
import { axeFindings, screenHarness } from '../test/screenHarness.ts';
import { admin, consumer } from '../test/fixtures.ts';
import { CompetitiveDeals } from '../dashboard/CompetitiveDeals.tsx';
import { settle } from '../test/routedScreen.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { renderWinLoss } from './testScreen.tsx';
import { WinLossPromo } from './WinLossPromo.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rate = (key: string, label: string, wins: number, losses: number, over: Partial<RateRow> = {}): RateRow => ({
  key,
  label,
  deals: wins + losses,
  wins,
  losses,
  winRate: wins + losses ? wins / (wins + losses) : null,
  low: wins + losses ? 0.2 : null,
  high: wins + losses ? 0.8 : null,
  amountWon: 0,
  ...over,
});
const overview: WinLossOverview = {
  totals: { ...rate('all', 'All', 6, 4, { low: 0.31, high: 0.83, amountWon: 250000 }), open: 3, closed: 11 },
  byRival: [rate('2', 'Acme', 4, 1), rate('3', 'Beta', 2, 3)],
  trend: [rate('2026-Q1', '2026-Q1', 2, 2), rate('2026-Q2', '2026-Q2', 4, 2)],
  topWinReasons: [{ reasonId: 11, name: 'Better support', kind: 'win', deals: 3, share: 0.5, rep: 3, buyer: 1 }],
  topLossReasons: [{ reasonId: 12, name: 'Price', kind: 'loss', deals: 2, share: 0.5, rep: 2, buyer: 0 }],
};
const facets: WinLossFacets = {
  rivals: [{ id: 2, name: 'Acme' }, { id: 3, name: 'Beta' }],
  owners: [{ id: 5, name: 'Ann Owner' }],
  products: ['Core'],
  reasons: [],
  buyerPersona: ['CFO'],
  industry: ['Banking', 'Retail'],
  region: ['EMEA'],
  segment: ['Enterprise'],
  technology: [],
  useCase: [],
};
const summary = { id: 40, crmId: 'OPP-40', name: 'Globex renewal', accountName: 'Globex', owner: { userId: 5, name: 'Ann Owner', email: 'ann@x.test' }, amount: 120000, currency: 'EUR', stage: 'Closed Lost', createdOn: '2026-01-05', closedOn: '2026-03-02', rivals: [{ id: 2, name: 'Acme', primary: true }] };
const page: DealPage = {
  items: [
    { ...summary, outcome: 'loss' },
    { ...summary, id: 41, name: 'Initech', outcome: 'churn_positive' },
  ],
  total: 45,
  page: 1,
  pageSize: 20,
};
const deal: Deal = {
  ...summary,
  outcome: 'loss',
  source: 'salesforce',
  reasons: [
    { id: 12, kind: 'loss', name: 'Price', saidBy: 'rep', quote: null },
    { id: 13, kind: 'loss', name: 'Missing SSO', saidBy: 'buyer', quote: 'We needed SAML.' },
  ],
  buyerPersona: 'CFO',
  industry: 'Banking',
  region: 'EMEA',
  segment: null,
  technology: null,
  useCase: null,
  product: 'Core',
  notes: null,
  crmUrl: 'https://acme.my.salesforce.com/006xx',
  updatedAt: '2026-03-02T00:00:00Z',
};
const report: WinLossReport = { dimension: 'industry', rows: [rate('Banking', 'Banking', 1, 3), rate('Retail', 'Retail', 5, 1)] };

let requests: { url: string; init?: RequestInit }[];
let importPolls: DealImport[];
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const job = (over: Partial<DealImport>): DealImport => ({ id: 8, state: 'running', totalRows: 2, processedRows: 1, created: 0, updated: 0, errors: [], createdAt: '', finishedAt: null, ...over });

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  requests.push({ url, init });
  if (url.startsWith('/api/win-loss/facets.json')) return json(facets);
  if (url.startsWith('/api/win-loss/overview.json')) return json(overview);
  if (url.startsWith('/api/win-loss/reports.json')) return json(report);
  if (url.startsWith('/api/deals/competitive.json')) return json(competitive);
  if (url === '/api/deals/40') return json(deal);
  if (url.startsWith('/api/deals?')) return json(page);
  if (url === '/api/deals/mappings' && init?.method === 'POST') return json({ id: 31, ...JSON.parse(String(init.body)), updatedAt: '' }, 201);
  if (url === '/api/deals/mappings') return json([]);
  if (url === '/api/deals/imports/preview') return json({ headers: ['Id', 'Deal', 'Stage', 'Created'], rows: [['A-1', 'Alpha', 'Open', '2026-01-01']], suggested: { crmId: 'Id', name: 'Deal', stage: 'Stage' } });
  if (url.startsWith('/api/deals/imports?')) {
    if (String(init?.body).includes('BAD')) return json({ error: 'The file has bad rows', code: 'bad_rows', details: { errors: [{ line: 3, field: 'createdOn', message: 'must be a date' }] } }, 400);
    return json(job({ state: 'queued', processedRows: 0 }), 202);
  }
  if (url === '/api/deals/imports/8') return json(importPolls.shift() ?? job({ state: 'done', processedRows: 2, created: 2, updated: 0 }));
  return Promise.resolve(new Response('{}', { status: 404 }));
}
let competitive: Competitive;

const screen = screenHarness(fakeFetch, {
  before: () => {
    requests = [];
    importPolls = [];
    competitive = { deals: [] };
  },
});

/** The win/loss page, or `element`, at `path` (its routes: /win-loss and the dashboard's widget). */
const render = (path: string, element?: ReactElement, user = admin()) => renderWinLoss(screen, path, user, { element, paths: ['/win-loss/*', '/dashboard'] });
const click = async (el: Element | null | undefined) => {
  expect(el).toBeTruthy();
  act(() => (el as HTMLElement).click());
  await settle();
};
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
const all = (id: string) => [...document.querySelectorAll(`[data-testid="${id}"]`)];
const lastRequest = (prefix: string) => new URLSearchParams([...requests].reverse().find((r) => r.url.startsWith(prefix))!.url.split('?')[1]);
const select = (el: Element, value: string) =>
  act(() => {
    const s = el.tagName === 'SELECT' ? el : el.querySelector('select')!;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(s, value);
    s.dispatchEvent(new Event('change', { bubbles: true }));
  });

describe('the win/loss overview', () => {
  it('asks for the URL’s filters and shows the key figures with the interval and the decided deals', async () => {
    await render('/win-loss?rivalId=2&industry=Banking&ownerId=x');
    expect(Object.fromEntries(lastRequest('/api/win-loss/overview.json'))).toEqual({ rivalId: '2', industry: 'Banking' });
    expect(screen.container.querySelector('h1')?.textContent).toBe('Win/loss');
    expect(byTestId('kpi-win-rate-value')?.textContent).toBe('60%');
    expect(byTestId('kpi-win-rate-note')?.textContent).toBe('of 10 decided deals · 95 % interval 31% to 83%');
    expect(byTestId('kpi-amount-won-value')?.textContent).toBe('$250,000');
    expect(all('rival-row').map((r) => r.textContent)).toEqual([
      'Acme80%, 95 % interval 20% to 80%, 5 decided deals; show its deals',
      'Beta40%, 95 % interval 20% to 80%, 5 decided deals; show its deals',
    ]);
    expect(all('win-loss-tab-overview')).toHaveLength(1);
    expect(byTestId('win-loss-tab-interviews')?.textContent).toBe('Interviews');
    expect(byTestId('win-loss-tab-surveys')?.textContent).toBe('Surveys');
    expect(await axeFindings()).toEqual([]);
  });

  it('opens the deals behind a rival with the bar’s filters, outcomes in words, and a deal’s reasons by sayer', async () => {
    await render('/win-loss?industry=Banking');
    await click(all('rival-row')[0]);
    expect(Object.fromEntries(lastRequest('/api/deals?'))).toEqual({ industry: 'Banking', rivalId: '2', page: '1' });
    expect(byTestId('deals-count')?.textContent).toBe('45 deals');
    const badges = all('deal-outcome');
    expect(badges.map((b) => b.textContent)).toEqual(['Lost', 'Positive churn']);
    expect(badges[0].getAttribute('data-outcome')).toBe('loss');
    expect(byTestId('deals-paging')).toBeTruthy();
    await click(all('deal-open')[0]);
    expect(byTestId('deal-name')?.textContent).toBe('Globex renewal');
    expect(byTestId('deal-amount')?.textContent).toBe('€120,000');
    expect(byTestId('deal-reasons-rep')?.textContent).toContain('Price');
    expect(byTestId('deal-reasons-buyer')?.textContent).toContain('Missing SSO');
    expect(byTestId('deal-crm')?.getAttribute('href')).toBe(deal.crmUrl);
    expect(byTestId('deal-crm')?.getAttribute('rel')).toContain('noopener');
  });

  it('opens the deals of a quarter and those where the buyer cites a reason', async () => {
    await render('/win-loss?closedAfter=2026-02-01');
    await click(all('quarter-button')[0]);
    expect(Object.fromEntries(lastRequest('/api/deals?'))).toEqual({ closedAfter: '2026-02-01', closedBefore: '2026-03-31', page: '1' });
    act(() => (document.querySelector('[data-testid="deals-drawer"] button[aria-label="Close"]') as HTMLElement).click());
    await settle();
    await click(document.querySelector('[data-testid="win-loss-reasons-win"] [data-testid="reason-buyer"]'));
    expect(Object.fromEntries(lastRequest('/api/deals?'))).toEqual({ closedAfter: '2026-02-01', reasonId: '11', saidBy: 'buyer', page: '1' });
    expect((document.querySelector('[data-testid="win-loss-reasons-loss"] [data-testid="reason-buyer"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a path below a tab that names nothing as not found', async () => {
    await render('/win-loss/surveys/1/send');
    expect(byTestId('page-win-loss')).toBeNull();
  });
});

describe('the win/loss reports', () => {
  it('groups by the URL’s dimension, sorts by a column and opens a row’s deals', async () => {
    await render('/win-loss/reports?dimension=industry&region=EMEA');
    expect(Object.fromEntries(lastRequest('/api/win-loss/reports.json'))).toEqual({ dimension: 'industry', region: 'EMEA' });
    const keys = () => all('report-row').map((r) => r.getAttribute('data-key'));
    expect(keys()).toEqual(['Retail', 'Banking']);
    await click(byTestId('report-sort-winRate'));
    expect(keys()).toEqual(['Retail', 'Banking']);
    await click(byTestId('report-sort-winRate'));
    expect(keys()).toEqual(['Banking', 'Retail']);
    expect(byTestId('report-sort-winRate')?.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    await click(all('report-open')[0]);
    expect(Object.fromEntries(lastRequest('/api/deals?'))).toEqual({ region: 'EMEA', industry: 'Banking', page: '1' });
  });

  it('says it in German', async () => {
    await changeLanguage('de');
    try {
      await render('/win-loss/reports?dimension=industry');
      expect(screen.container.querySelector('h1')?.textContent).toBe('Gewinn/Verlust');
      expect(byTestId('win-loss-tab-reports')?.textContent).toBe('Berichte');
      expect(all('report-rate').map((r) => r.textContent)).toEqual(['83\u00a0%', '25\u00a0%']);
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('the import dialog', () => {
  const chooseFile = async (text: string) => {
    const input = document.querySelector('[data-testid="import-dialog"] input[type="file"]') as HTMLInputElement;
    const file = new File([text], 'deals.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
  };

  it('maps the columns, keeps the mapping and follows the import to its counts', async () => {
    importPolls = [job({ state: 'running', processedRows: 1 })];
    await render('/win-loss', <ImportDialog onClose={() => undefined} />);
    await chooseFile('Id,Deal,Stage,Created\nA-1,Alpha,Open,2026-01-01\n');
    expect(all('import-preview')).toHaveLength(1);
    expect(byTestId('import-missing')?.textContent).toBe('Map the required field: Created date');
    expect((byTestId('import-start') as HTMLButtonElement).disabled).toBe(true);
    select(byTestId('import-map-createdOn')!, 'Created');
    await settle();
    expect(byTestId('import-missing')).toBeNull();
    await click(byTestId('import-start'));
    const saved = requests.find((r) => r.url === '/api/deals/mappings' && r.init?.method === 'POST')!;
    expect(JSON.parse(String(saved.init!.body))).toEqual({ name: 'deals.csv', columns: { crmId: 'Id', name: 'Deal', stage: 'Stage', createdOn: 'Created' } });
    const started = requests.find((r) => r.url.startsWith('/api/deals/imports?'))!;
    expect(started.url).toBe('/api/deals/imports?mappingId=31&fileName=deals.csv');
    expect((started.init!.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    await vi.waitFor(async () => {
      await settle();
      expect(byTestId('import-done')?.textContent).toBe('Imported: 2 deals created, 0 updated.');
    }, { timeout: 4000 });
    expect(await axeFindings()).toEqual([]);
  });

  it('lists each bad row of a refused file by line and field', async () => {
    await render('/win-loss', <ImportDialog onClose={() => undefined} />);
    await chooseFile('Id,Deal,Stage,Created\nBAD\n');
    select(byTestId('import-map-createdOn')!, 'Created');
    await settle();
    await click(byTestId('import-start'));
    expect(byTestId('import-bad-rows')?.textContent).toContain('Nothing was imported: 1 row needs fixing.');
    expect(all('import-bad-row').map((r) => r.textContent)).toEqual(['Line 3, createdOn: must be a date']);
  });
});

describe('the promo and the dashboard widget', () => {
  it('says what win/loss is and who turns it on', async () => {
    await render('/win-loss', <WinLossPromo />, consumer());
    expect(byTestId('page-win-loss-promo')?.textContent).toContain('Win/loss shows how your deals against each rival end');
    expect(byTestId('win-loss-promo-who')?.textContent).toBe('Ask an admin of your company for access.');
  });

  it('links each rival to its battlecard, else its profile, and shows nothing without deals', async () => {
    await render('/dashboard', <CompetitiveDeals />);
    expect(byTestId('competitive-deals')).toBeNull();
    competitive = {
      deals: [
        {
          id: 1,
          name: 'Hooli expansion',
          accountName: 'Hooli',
          amount: 50000,
          currency: 'USD',
          stage: 'Negotiation',
          expectedCloseOn: '2026-12-20',
          rivals: [
            { id: 2, name: 'Acme', primary: true, battlecardId: 9, profileId: 4 },
            { id: 3, name: 'Beta', primary: false, battlecardId: null, profileId: 6 },
          ],
        },
      ],
    };
    screen.remount();
    await render('/dashboard', <CompetitiveDeals />);
    const links = all('competitive-rival');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Battlecard: Acme', '/profile/4/battlecard/view/9'],
      ['Profile: Beta', '/profile/6'],
    ]);
    expect(byTestId('competitive-deal')?.textContent).toContain('Closes December 20, 2026');
  });
});
