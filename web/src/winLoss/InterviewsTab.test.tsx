// @vitest-environment jsdom
// The interviews tab of win/loss against a fake API (contracts/winLoss.ts's shapes): the list asks for the URL's search,
// rival and page and shows each interview's facts; a search's snippets show their marked words as text (a script in
// them stays text); a curator confirms a passage's tags (the PUT's body), sees it at once and sees it taken back when
// the server refuses; a refused transcript shows the server's words; the quote library filters by outcome and links
// each quote to its passage; a reader sees no curator's controls.
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DealPage, WinLossFacets, WinLossReason } from '../../../contracts/deals.ts';
import type { InterviewDetail, InterviewPage, InterviewSummary, QuotePage } from '../../../contracts/winLoss.ts';
import { changeLanguage } from '../i18n/index.ts';
import { axeFindings, screenHarness } from '../test/screenHarness.ts';
import { consumer, curator } from '../test/fixtures.ts';
import { settle } from '../test/routedScreen.tsx';
import { snippetParts, transcriptFormatOf, withPassage } from './interviewsModel.ts';
import { renderWinLoss } from './testScreen.tsx';
// Loaded before the first test, as the tab's chunk is in the browser by the time a reader opens it.
import './InterviewsTab.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const deal = { id: 40, name: 'Globex renewal', accountName: 'Globex', outcome: 'loss' as const, closedOn: '2026-03-02', rivals: [{ id: 2, name: 'Acme', primary: true }] };
const summary: InterviewSummary = {
  id: 7,
  deal,
  interviewedOn: '2026-03-20',
  interviewer: 'Ivy Interviewer',
  buyerRole: 'CFO',
  buyerSpeakers: ['Bea'],
  transcript: { format: 'vtt', name: 'globex.vtt', words: 1200, passages: 3 },
  confirmed: 1,
  toReview: 1,
  quotes: 1,
};
const bare: InterviewSummary = { ...summary, id: 8, deal: { ...deal, id: 41, name: 'Initech', outcome: 'win' }, buyerRole: null, transcript: null, confirmed: 0, toReview: 0, quotes: 0 };
const SNIPPET = 'We chose <mark>Acme</mark> for &lt;script&gt;alert(1)&lt;/script&gt;<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">';
const detail: InterviewDetail = {
  ...summary,
  passages: [
    { seq: 1, speaker: 'Ivy', isBuyer: false, startMs: 0, endMs: 4000, text: 'Why did you choose Acme?', sentiment: 0, suggestedReasons: [], reasons: null, quoted: false },
    { seq: 2, speaker: 'Bea', isBuyer: true, startMs: 5000, endMs: 9000, text: 'Your price was far too high.', sentiment: -0.6, suggestedReasons: [{ id: 12, kind: 'loss', name: 'Price' }], reasons: null, quoted: false },
    { seq: 3, speaker: 'Bea', isBuyer: true, startMs: 65_000, endMs: 70_000, text: 'And we needed SAML.', sentiment: -0.3, suggestedReasons: [{ id: 13, kind: 'loss', name: 'Missing SSO' }], reasons: [{ id: 13, kind: 'loss', name: 'Missing SSO' }], quoted: true },
  ],
};
const reasons: WinLossReason[] = [
  { id: 11, kind: 'win', name: 'Better support', deals: 3 },
  { id: 12, kind: 'loss', name: 'Price', deals: 2 },
  { id: 13, kind: 'loss', name: 'Missing SSO', deals: 1 },
];
const facets = { rivals: [{ id: 2, name: 'Acme' }, { id: 3, name: 'Beta' }], owners: [], products: [], reasons: [], buyerPersona: [], industry: [], region: [], segment: [], technology: [], useCase: [] } as WinLossFacets;
const quotes: QuotePage = {
  items: [{ interviewId: 7, seq: 3, text: 'And we needed SAML.', speaker: 'Bea', buyerRole: 'CFO', interviewedOn: '2026-03-20', deal, reasons: [{ id: 13, kind: 'loss', name: 'Missing SSO' }], sentiment: -0.3 }],
  total: 1,
  page: 1,
  pageSize: 20,
};

let requests: { url: string; init?: RequestInit }[];
/** What the next PUT of a passage answers: the passage as stored, a refusal, or an answer held until the test lets it go. */
let putAnswer: 'ok' | 'refuse' | 'hold';
let release: () => void;
let listItems: InterviewSummary[];
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  requests.push({ url, init });
  if (url.startsWith('/api/win-loss/facets.json')) return json(facets);
  if (url === '/api/win-loss/reasons') return json(reasons);
  if (url.startsWith('/api/win-loss/interviews?')) {
    const q = new URLSearchParams(url.split('?')[1]).get('q');
    const items = q ? listItems.map((i) => ({ ...i, matches: [{ seq: 2, snippet: SNIPPET }] })) : listItems;
    return json({ items, total: q ? items.length : 45, page: 1, pageSize: 20 } satisfies InterviewPage);
  }
  if (url === '/api/win-loss/interviews/7') return json(detail);
  const put = /^\/api\/win-loss\/interviews\/7\/passages\/(\d+)$/.exec(url);
  if (put && init?.method === 'PUT') {
    if (putAnswer === 'refuse') return json({ error: 'Reason 99 is not a loss reason of this company' }, 400);
    const body = JSON.parse(String(init.body)) as { reasonIds: number[]; quoted: boolean };
    const stored = { ...detail.passages.find((p) => p.seq === Number(put[1]))!, reasons: reasons.filter((r) => body.reasonIds.includes(r.id)).map(({ id, kind, name }) => ({ id, kind, name })), quoted: body.quoted };
    if (putAnswer === 'hold') return new Promise((resolve) => (release = () => void json(stored).then(resolve)));
    return json(stored);
  }
  if (url.startsWith('/api/win-loss/interviews/8/transcript?')) {
    return json(
      {
        error: 'The transcript of call.vtt could not be read: This file is not a transcript: use WebVTT, SRT, JSON of speaker turns, plain text or Word (.docx).',
        code: 'transcript_unreadable',
        params: { name: 'call.vtt', problem: 'This file is not a transcript: use WebVTT, SRT, JSON of speaker turns, plain text or Word (.docx).' },
      },
      400,
    );
  }
  if (url.startsWith('/api/win-loss/quotes')) return json(quotes);
  if (url.startsWith('/api/deals?')) {
    const closed = { id: 40, crmId: 'OPP-40', name: 'Globex renewal', accountName: 'Globex', owner: { userId: 5, name: 'Ann', email: 'ann@x.test' }, amount: null, currency: 'USD', stage: 'Closed Lost', createdOn: '2026-01-05', closedOn: '2026-03-02', rivals: [], outcome: 'loss' as const };
    return json({ items: [closed, { ...closed, id: 42, name: 'Globex expansion', stage: 'Proposal', closedOn: null, outcome: null }], total: 2, page: 1, pageSize: 20 } satisfies DealPage);
  }
  if (url === '/api/win-loss/interviews' && init?.method === 'POST') return json({ ...bare, id: 9 }, 201);
  return Promise.resolve(new Response('{}', { status: 404 }));
}

const screen = screenHarness(fakeFetch, {
  before: () => {
    requests = [];
    putAnswer = 'ok';
    listItems = [summary, bare];
    delete (window as { __pwned?: number }).__pwned;
  },
});

const render = (path: string, user = curator()) => renderWinLoss(screen, path, user);
const click = async (el: Element | null | undefined) => {
  expect(el).toBeTruthy();
  act(() => (el as HTMLElement).click());
  await settle();
};
const byTestId = (id: string, within: ParentNode = document) => within.querySelector(`[data-testid="${id}"]`);
const all = (id: string, within: ParentNode = document) => [...within.querySelectorAll(`[data-testid="${id}"]`)];
const lastRequest = (prefix: string) => new URLSearchParams([...requests].reverse().find((r) => r.url.startsWith(prefix))!.url.split('?')[1]);
const passage = (seq: number) => document.querySelector(`[data-testid="passage"][data-seq="${seq}"]`)!;
/** The input of a Mantine field (its test id is on the input itself or on its wrapper). */
const inputOf = (el: Element | null | undefined) => (el?.tagName === 'INPUT' ? el : el?.querySelector('input')) as HTMLInputElement;
/** Picks an option of a Mantine Select: opens its dropdown and clicks the option. */
async function pickOption(testId: string, label: string, within: ParentNode = document) {
  await click(inputOf(byTestId(testId, within)));
  const option = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === label);
  await click(option);
}

describe('the interviews list', () => {
  it('lists the interviews with their facts and asks for the URL’s rival and page', async () => {
    await render('/win-loss/interviews?rivalId=2&page=2&industry=Banking');
    expect(Object.fromEntries(lastRequest('/api/win-loss/interviews?'))).toEqual({ rivalId: '2', page: '2' });
    expect(byTestId('win-loss-filters')).toBeNull();
    expect(byTestId('win-loss-tab-interviews')?.getAttribute('aria-selected')).toBe('true');
    expect(byTestId('interviews-count')?.textContent).toBe('45 interviews');
    const [first, second] = all('interview-row');
    expect(byTestId('interview-open', first)?.textContent).toBe('Globex renewal');
    expect(byTestId('interview-open', first)?.getAttribute('href')).toBe('/win-loss/interviews/7');
    expect(byTestId('deal-outcome', first)?.textContent).toBe('Lost');
    expect(byTestId('interview-facts', first)?.textContent).toBe('Globex · Interviewed March 20, 2026 · by Ivy Interviewer · Buyer: CFO');
    expect(byTestId('interview-transcript', first)?.textContent).toBe('1,200 words, 3 passages');
    expect(byTestId('interview-to-review', first)?.textContent).toBe('1 passage to review');
    expect(byTestId('interview-quotes', first)?.textContent).toBe('1 quote');
    expect(byTestId('interview-transcript', second)?.textContent).toBe('No transcript yet');
    expect(byTestId('interview-upload', first)).toBeNull();
    expect(byTestId('interview-upload', second)).toBeTruthy();
    expect(byTestId('interviews-paging')).toBeTruthy();
    expect(byTestId('interview-new')).toBeTruthy();
    expect(await axeFindings()).toEqual([]);
  });

  it('shows a search’s snippets with the words marked, and a script in them as text that never runs', async () => {
    await render('/win-loss/interviews?q=acme');
    expect(lastRequest('/api/win-loss/interviews?').get('q')).toBe('acme');
    const match = all('interview-match')[0];
    expect(match.getAttribute('href')).toBe('/win-loss/interviews/7?passage=2');
    expect([...match.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Acme']);
    expect(match.querySelector('script, img')).toBeNull();
    expect(match.textContent).toBe('We chose Acme for <script>alert(1)</script>window.__pwned = 1');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(snippetParts('a <b>b</b> <mark>c</mark>')).toEqual([
      { text: 'a b ', marked: false },
      { text: 'c', marked: true },
    ]);
  });

  it('tells a curator how to start when there are none, and a reader who adds them', async () => {
    listItems = [];
    await render('/win-loss/interviews');
    expect(byTestId('interviews-empty')?.textContent).toContain('Add an interview to a closed deal, then upload its transcript.');
    expect(byTestId('interview-new', byTestId('interviews-empty')!)).toBeTruthy();
    screen.remount();
    await render('/win-loss/interviews', consumer());
    expect(byTestId('interviews-empty')?.textContent).toContain('once a curator of your company adds them');
    expect(byTestId('interview-new')).toBeNull();
  });

  it('adds an interview of a closed deal found by name and opens it', async () => {
    const router = await render('/win-loss/interviews');
    await click(byTestId('interview-new'));
    const type = (el: HTMLInputElement, value: string) =>
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type(inputOf(byTestId('interview-deal')), 'glob');
    await vi.waitFor(async () => {
      await settle();
      expect(lastRequest('/api/deals?').get('q')).toBe('glob');
    }, { timeout: 4000 });
    const options = [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);
    expect(options).toContain('Globex renewal (Globex)');
    expect(options.filter((o) => o?.startsWith('Globex expansion'))).toEqual([]);
    await pickOption('interview-deal', 'Globex renewal (Globex)');
    type(inputOf(byTestId('interview-buyer-role')), 'CFO');
    await settle();
    await click(byTestId('interview-create'));
    const posted = requests.find((r) => r.url === '/api/win-loss/interviews' && r.init?.method === 'POST')!;
    expect(JSON.parse(String(posted.init!.body))).toEqual({ dealId: 40, interviewedOn: new Date().toISOString().slice(0, 10), interviewer: 'Cory Curator', buyerRole: 'CFO', buyerSpeakers: [] });
    expect(router.state.location.pathname).toBe('/win-loss/interviews/9');
  });

  it('shows the server’s words when it refuses a transcript, and refuses a file type itself', async () => {
    await render('/win-loss/interviews');
    await click(byTestId('interview-upload', all('interview-row')[1]));
    const input = document.querySelector('[data-testid="transcript-dialog"] input[type="file"]') as HTMLInputElement;
    const choose = async (file: File) => {
      Object.defineProperty(input, 'files', { configurable: true, value: [file] });
      await act(async () => {
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await settle();
    };
    await choose(new File(['%PDF'], 'notes.pdf'));
    expect(byTestId('transcript-dialog')?.textContent).toContain('This file type is not taken');
    expect((byTestId('transcript-send') as HTMLButtonElement).disabled).toBe(true);
    await choose(new File(['\u0000\u0001'], 'call.vtt'));
    await click(byTestId('transcript-send'));
    const sent = requests.find((r) => r.url.startsWith('/api/win-loss/interviews/8/transcript?'))!;
    expect(sent.url).toBe('/api/win-loss/interviews/8/transcript?fileName=call.vtt');
    expect(sent.init?.body).toBeInstanceOf(File);
    expect(byTestId('transcript-error')?.textContent).toContain('The transcript of call.vtt could not be read: This file is not a transcript: use WebVTT, SRT, JSON of speaker turns, plain text or Word (.docx).');
    expect(byTestId('transcript-dialog')).toBeTruthy();
    expect(transcriptFormatOf('Call.DOCX')).toBe('docx');
    expect(transcriptFormatOf('call.txt')).toBe('text');
  });
});

describe('an interview', () => {
  it('sets the buyer’s passages apart in words, and brings a linked passage into focus', async () => {
    await render('/win-loss/interviews/7?passage=3');
    expect(byTestId('interview-deal')?.textContent).toBe('Globex renewal');
    expect(all('passage-role').map((r) => r.textContent)).toEqual(['Interviewer', 'Buyer', 'Buyer']);
    expect(passage(1).querySelector('[data-testid="passage-review"]')).toBeNull();
    expect(passage(2).getAttribute('data-buyer')).toBe('true');
    expect(byTestId('passage-sentiment', passage(2))?.textContent).toBe('Sentiment: negative');
    expect(byTestId('passage-state', passage(2))?.textContent).toBe('To review');
    expect(byTestId('passage-suggested', passage(2))?.textContent).toBe('Suggested reasons: Price');
    expect(byTestId('passage-state', passage(3))?.textContent).toBe('Confirmed');
    expect(passage(3).textContent).toContain('at 1:05');
    expect(document.activeElement).toBe(passage(3));
    expect(await axeFindings()).toEqual([]);
  });

  it('confirms a passage’s tags with the quote, shows it before the server answers, and takes it back on a refusal', async () => {
    await render('/win-loss/interviews/7');
    await pickOption('passage-reasons', 'Missing SSO', passage(2));
    await click(inputOf(byTestId('passage-quote', passage(2))));
    putAnswer = 'hold';
    await click(byTestId('passage-save', passage(2)));
    const put = requests.find((r) => r.init?.method === 'PUT')!;
    expect(put.url).toBe('/api/win-loss/interviews/7/passages/2');
    expect(JSON.parse(String(put.init!.body))).toEqual({ reasonIds: [12, 13], quoted: true });
    // Before the answer: confirmed, one more quote, nothing left to review.
    expect(byTestId('passage-state', passage(2))?.textContent).toBe('Confirmed');
    expect(byTestId('interview-quotes')?.textContent).toBe('2 quotes');
    expect(byTestId('interview-to-review')).toBeNull();
    await act(async () => release());
    await settle();
    expect(byTestId('passage-state', passage(2))?.textContent).toBe('Confirmed');

    putAnswer = 'refuse';
    await click(inputOf(byTestId('passage-quote', passage(3))));
    await click(byTestId('passage-save', passage(3)));
    expect(byTestId('passage-error', passage(3))?.textContent).toContain('Reason 99 is not a loss reason of this company');
    expect(inputOf(byTestId('passage-quote', passage(3))).checked).toBe(true);
    expect(byTestId('interview-quotes')?.textContent).toBe('2 quotes');
  });

  it('shows a reader the reasons and no controls', async () => {
    await render('/win-loss/interviews/7', consumer());
    expect(byTestId('passage-review')).toBeNull();
    expect(byTestId('interview-upload')).toBeNull();
    expect(all('passage-reason', passage(2)).map((b) => b.textContent)).toEqual(['Price']);
    expect(passage(3).textContent).toContain('In the quote library');
  });
});

describe('the quote library', () => {
  it('filters by outcome and links each quote to its passage', async () => {
    const router = await render('/win-loss/interviews?view=quotes&rivalId=3');
    expect(Object.fromEntries(lastRequest('/api/win-loss/quotes'))).toEqual({ rivalId: '3', page: '1' });
    await pickOption('quotes-outcome', 'Lost');
    expect(Object.fromEntries(lastRequest('/api/win-loss/quotes'))).toEqual({ rivalId: '3', outcome: 'loss', page: '1' });
    expect(router.state.location.search).toBe('?view=quotes&rivalId=3&outcome=loss');
    const q = all('quote')[0];
    expect(byTestId('quote-text', q)?.textContent).toBe('And we needed SAML.');
    expect(byTestId('quote-said', q)?.textContent).toBe('Bea (CFO), March 20, 2026');
    expect(byTestId('quote-deal', q)?.textContent).toBe('Globex renewal');
    expect(byTestId('quote-open', q)?.getAttribute('href')).toBe('/win-loss/interviews/7?passage=3');
    expect(await axeFindings()).toEqual([]);
  });

  it('says it in German', async () => {
    await changeLanguage('de');
    try {
      await render('/win-loss/interviews?view=quotes');
      expect(byTestId('win-loss-tab-interviews')?.textContent).toBe('Interviews');
      expect(byTestId('quotes-count')?.textContent).toBe('1 Zitat');
      expect(byTestId('quote-open')?.textContent).toBe('Im Interview öffnen');
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('a review ahead of the answer', () => {
  it('counts confirmed passages, those to review and quotes as the server does', () => {
    const next = withPassage(detail, { ...detail.passages[1], reasons: [], quoted: false });
    expect([next.confirmed, next.toReview, next.quotes]).toEqual([2, 0, 1]);
  });
});
