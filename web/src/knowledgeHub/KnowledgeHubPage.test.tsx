// @vitest-environment jsdom
// The knowledge hub's screens against a fake API (contracts/knowledgeHub.ts's shapes): the checklist in words with its
// progress; a company without its own organization is offered to create it; an upload shows its progress, then the
// file read with its passages; a failed reading shows its reason once the poll brings it; confirming a step that is not
// ready shows the server's 409; "Draft from files" shows the step generating and polls until the drafted statements
// (with their sources) arrive; the dashboard widget shows the progress and links to the current step, and hides when
// every step is done or one is in error.
import { act, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KnowledgeFile, KnowledgeStep, KnowledgeStepName, PositioningStatement, StepStatus } from '../../../contracts/knowledgeHub.ts';
import { axeFindings, screenHarness } from '../test/screenHarness.ts';
import { curator, makeCompany } from '../test/fixtures.ts';
import { renderRouted, restRoute, settle } from '../test/routedScreen.tsx';
import { HubWidget } from './HubWidget.tsx';
import { KnowledgeHubPage } from './KnowledgeHubPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (body: unknown, status = 200) => Promise.resolve(new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let hasOrganization: boolean;
let statuses: Partial<Record<KnowledgeStepName, StepStatus>>;
let fileAnswers: Partial<KnowledgeFile>[];
let statements: PositioningStatement[];
let requests: { method: string; url: string }[];
let listed: KnowledgeFile[];

const steps = (): { steps: KnowledgeStep[] } => ({ steps: Object.entries(statuses).map(([name, status]) => ({ name: name as KnowledgeStepName, status, error: null })) });
const file = (over: Partial<KnowledgeFile> = {}): KnowledgeFile => ({
  id: 31,
  title: 'Pricing sheet 2026',
  fileName: 'pricing.pdf',
  kind: 'pdf',
  productId: null,
  state: 'approved',
  visibilityGroupIds: [],
  version: 1,
  sizeBytes: 2048,
  extraction: 'pending',
  extractionError: null,
  extractedAt: null,
  unitCount: 0,
  passageCount: 0,
  uploadedBy: { id: 2, name: 'Cory Curator' },
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
  ...over,
});
const drafted: PositioningStatement = {
  id: 5,
  kind: 'value_proposition',
  text: 'Rivalscope puts every rival’s move in front of the seller who needs it.',
  position: 0,
  owner: null,
  lastVerifiedAt: null,
  sources: [{ fileId: 31, seq: 2, citation: 'Pitch deck, slide 2' }],
  updatedAt: '2026-05-01T10:00:00Z',
};

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  requests.push({ method, url });
  if (url === '/api/organizations/own.json') return hasOrganization ? json({ id: 9, name: 'Northwind', url: null, isOwnOrganization: true }) : json({ error: 'Organization not found', code: 'organization_not_found' }, 404);
  if (url === '/api/organizations' && method === 'POST') {
    hasOrganization = true;
    return json({ id: 9 }, 201);
  }
  if (url.startsWith('/api/organizations/9/steps')) return json(steps());
  if (url.startsWith('/api/company/confirm_step.json'))
    return json({ error: 'The step files cannot be confirmed yet: no file has been read', code: 'step_not_ready', params: { step: 'files', problem: 'no file has been read' } }, 409);
  if (url.startsWith('/api/organizations/9/products')) return json({ products: [] });
  if (url.startsWith('/api/visibility_groups.json')) return json([{ id: 4, name: 'Sales EMEA' }]);
  if (url.startsWith('/api/knowledge_hub/files?')) return json({ items: listed, total: listed.length, page: 1, limit: 20 });
  if (url === '/api/knowledge_hub/files/31') return json(file(fileAnswers.length > 1 ? fileAnswers.shift() : fileAnswers[0]));
  if (url === '/api/knowledge_hub/positioning/draft' && method === 'POST') {
    statuses.positioning = 'generating';
    return json(steps(), 202);
  }
  if (url === '/api/knowledge_hub/positioning') return json(statements);
  return json({ error: `unexpected ${method} ${url}` }, 500);
}

/** The bytes sent with XMLHttpRequest: the test sends progress and the answer itself. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(share: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: share * 100, total: 100 });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const screen = screenHarness(fakeFetch, {
  before: () => {
    hasOrganization = true;
    statuses = { files: 'pending', variables: 'not-started', products: 'not-started', positioning: 'not-started', done: 'not-started' };
    fileAnswers = [{ extraction: 'done', unitCount: 4, passageCount: 12 }];
    statements = [];
    requests = [];
    listed = [];
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  },
});

// Time moves on its own (the screens settle), and a test may jump it to the next 5 s poll.
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

/** The hub at `path`, or another element (the dashboard's widget) at a route of its own. */
async function renderHub(path: string, element: ReactElement = restRoute(KnowledgeHubPage)) {
  await renderRouted(screen, { path, paths: [path.startsWith('/knowledge-hub') ? '/knowledge-hub/*' : path], element, user: curator(), company: makeCompany({ knowledgeHub: true }) });
}

const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const $$ = (testId: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
const click = async (el: HTMLElement | null) => {
  expect(el).not.toBeNull();
  await act(async () => el!.click());
  await settle();
};
const nextPoll = async () => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5_000);
  });
  await settle();
};
const stepsAsked = () => requests.filter((r) => r.url.startsWith('/api/organizations/9/steps')).length;

describe('the knowledge hub', () => {
  it('shows the checklist: each step with its status in words, later steps blocked, and the progress', async () => {
    statuses = { files: 'done', variables: 'done', products: 'generating', positioning: 'not-started', done: 'not-started' };
    await renderHub('/knowledge-hub');
    expect($$('step-status').map((b) => b.textContent)).toEqual(['Done', 'Done', 'In progress', 'Blocked', 'Blocked']);
    expect($('hub-step-products')?.getAttribute('aria-current')).toBe('step');
    expect($('hub-progress')?.dataset.percent).toBe('50');
    expect(screen.container.textContent).toContain('50 % done');
    expect($('hub-step-files')?.querySelector('a')?.getAttribute('href')).toBe('/knowledge-hub/files');
    expect(await axeFindings()).toEqual([]);
  });

  it('offers a company without its own organization to create it, then shows the checklist', async () => {
    hasOrganization = false;
    await renderHub('/knowledge-hub');
    const form = $('hub-create-organization');
    expect(form).not.toBeNull();
    const name = form!.querySelector<HTMLInputElement>('input[required]')!;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(name, 'Northwind');
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(form!.querySelector('button[type="submit"]'));
    expect(requests).toContainEqual({ method: 'POST', url: '/api/organizations' });
    expect($('hub-create-organization')).toBeNull();
    expect($$('step-status')).toHaveLength(5);
  });

  it('uploads a file with its progress, then shows it read with its passages', async () => {
    await renderHub('/knowledge-hub/files');
    const input = $('hub-file-input') as HTMLInputElement;
    const bytes = new File(['%PDF-1.7'], 'pricing.pdf', { type: 'application/pdf' });
    await act(async () => {
      Object.defineProperty(input, 'files', { configurable: true, value: [bytes] });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect($('hub-file-chosen')?.textContent).toContain('pricing.pdf');
    expect(await axeFindings()).toEqual([]);
    await click($('hub-upload'));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/knowledge_hub/files?fileName=pricing.pdf&state=draft');
    expect(xhr.body).toBe(bytes);
    await act(async () => xhr.progress(0.4));
    expect($('upload-progress')?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('40');
    await act(async () => xhr.answer(202, file()));
    await settle();
    expect($('file-extraction')?.dataset.extraction).toBe('done');
    expect($('upload-status')?.textContent).toContain('12 passages');
  });

  it('polls a file being read and shows why its reading failed', async () => {
    fileAnswers = [{ extraction: 'running' }, { extraction: 'failed', extractionError: 'The PDF is encrypted' }];
    await renderHub('/knowledge-hub/files');
    const input = $('hub-file-input') as HTMLInputElement;
    await act(async () => {
      Object.defineProperty(input, 'files', { configurable: true, value: [new File(['x'], 'secret.pdf')] });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click($('hub-upload'));
    await act(async () => FakeXhr.last!.answer(202, file()));
    await settle();
    expect($('file-extraction')?.dataset.extraction).toBe('running');
    expect($('upload-failed-reason')).toBeNull();
    const before = stepsAsked();
    await nextPoll();
    expect($('upload-failed-reason')?.textContent).toBe('Could not be read: The PDF is encrypted');
    // The steps are asked again while the file was being read (its step changes when the reading ends).
    expect(stepsAsked()).toBeGreaterThan(before);
  });

  it('lists a file with its facts and sends a new version of it to its version path', async () => {
    listed = [file({ extraction: 'done', unitCount: 14, passageCount: 30, version: 2 })];
    await renderHub('/knowledge-hub/files');
    const row = $('hub-file-row')!;
    expect(row.textContent).toContain('Pricing sheet 2026');
    expect(row.textContent).toContain('14 pages');
    expect(row.textContent).toContain('v2');
    await click(row.querySelector<HTMLElement>('button[aria-label="Actions for Pricing sheet 2026"]'));
    const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((i) => i.textContent === 'Upload a new version');
    await click(item ?? null);
    const input = $('hub-version-input') as HTMLInputElement;
    await act(async () => {
      Object.defineProperty(input, 'files', { configurable: true, value: [new File(['%PDF'], 'pricing-v3.pdf')] });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(FakeXhr.last?.url).toBe('/api/knowledge_hub/files/31/version?fileName=pricing-v3.pdf');
  });

  it('shows the server’s reason when a step cannot be confirmed yet', async () => {
    await renderHub('/knowledge-hub/files');
    await click($('hub-confirm-step'));
    expect(requests).toContainEqual({ method: 'PATCH', url: '/api/company/confirm_step.json?step=files' });
    expect($('hub-confirm-error')?.textContent).toContain('no file has been read');
  });

  it('drafts positioning from files: the step generates, the page polls, and the drafted statements come with their sources', async () => {
    statuses = { files: 'done', variables: 'done', products: 'done', positioning: 'not-started', done: 'not-started' };
    await renderHub('/knowledge-hub/positioning');
    expect($('positioning-generating')).toBeNull();
    const before = stepsAsked();
    // Nothing generates: no poll.
    await nextPoll();
    expect(stepsAsked()).toBe(before);
    await click($('positioning-draft'));
    expect(requests).toContainEqual({ method: 'POST', url: '/api/knowledge_hub/positioning/draft' });
    expect($('positioning-generating')).not.toBeNull();
    expect($('step-status')?.textContent).toBe('In progress');
    // The draft ends on the server; the next poll brings the step done and its statements.
    statuses.positioning = 'done';
    statements = [drafted];
    await nextPoll();
    expect(stepsAsked()).toBeGreaterThan(before);
    expect($('positioning-generating')).toBeNull();
    expect($('hub-next-step')?.getAttribute('href')).toBe('/knowledge-hub/done');
    const statement = $('positioning-value_proposition')?.querySelector('[data-testid="hub-statement"]');
    expect(statement?.textContent).toContain('Pitch deck, slide 2');
    expect(statement?.textContent).toContain('Needs review');
    expect(await axeFindings()).toEqual([]);
  });

  it('shows the dashboard widget with the progress and a link to the current step, hidden when all are done or on error', async () => {
    statuses = { files: 'done', variables: 'not-started', products: 'pending', positioning: 'pending', done: 'pending' };
    await renderHub('/dashboard', <HubWidget />);
    expect($('hub-progress')?.dataset.percent).toBe('25');
    expect($('hub-widget-current')?.textContent).toBe('Next: Variables');
    expect($('knowledge-hub-widget')?.querySelector('a')?.getAttribute('href')).toBe('/knowledge-hub/variables');
    screen.remount();
    statuses = { files: 'done', variables: 'done', products: 'done', positioning: 'done', done: 'done' };
    await renderHub('/dashboard', <HubWidget />);
    expect($('knowledge-hub-widget')).toBeNull();
    screen.remount();
    statuses = { files: 'done', variables: 'error', products: 'pending', positioning: 'pending', done: 'pending' };
    await renderHub('/dashboard', <HubWidget />);
    expect(stepsAsked()).toBe(3);
    expect($('knowledge-hub-widget')).toBeNull();
  });
});
