// @vitest-environment jsdom
// The surveys tab against a fake API (contracts/winLoss.ts): the program's health as tiles and as a chart with its
// figures in words; the surveys with their state in words; the builder adds each question type, reorders and removes
// them, checks the draft with the contract before anything is sent, picks closed deals' contacts, posts the body the
// contract takes, shows a server's 400 where it belongs, previews the public form, and sends after a confirmation,
// then shows each contact's state. A curator deletes a survey after a confirmation saying what goes with it, and adds
// contacts to a sent survey with the builder's picker. Readers who do not curate get no builder.
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DealPage } from '../../../contracts/deals.ts';
import type { SurveyBody, SurveyDetail, SurveyHealth, SurveySummary } from '../../../contracts/winLoss.ts';
import { changeLanguage } from '../i18n/index.ts';
import { admin, consumer } from '../test/fixtures.ts';
import { axeFindings, screenHarness } from '../test/screenHarness.ts';
import { settle } from '../test/routedScreen.tsx';
import { draftProblems, move, newDraft, newQuestion, placeOf, serverProblems, surveyBody } from './surveyModel.ts';
import { renderWinLoss } from './testScreen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const health: SurveyHealth = { sent: 40, opened: 30, answered: 12, responseRate: 0.3, medianDaysToAnswer: 9 };
const summaries: SurveySummary[] = [
  { id: 7, name: 'Q3 losses', state: 'sent', questions: 4, recipients: 40, createdAt: '2026-09-01T10:00:00Z', sentAt: '2026-09-02T10:00:00Z', health },
  { id: 8, name: 'Wins draft', state: 'draft', questions: 1, recipients: 0, createdAt: '2026-11-01T10:00:00Z', sentAt: null, health: { sent: 0, opened: 0, answered: 0, responseRate: null, medianDaysToAnswer: null } },
];
const deals: DealPage = {
  items: [
    { id: 40, crmId: 'A', name: 'Globex renewal', accountName: 'Globex', owner: { userId: null, name: 'Ann', email: null }, amount: 1, currency: 'USD', stage: 'Closed Lost', createdOn: '2026-01-01', closedOn: '2026-03-02', rivals: [], outcome: 'loss' },
    { id: 41, crmId: 'B', name: 'Globex upsell', accountName: 'Globex', owner: { userId: null, name: 'Ann', email: null }, amount: 1, currency: 'USD', stage: 'Proposal', createdOn: '2026-01-01', closedOn: null, rivals: [], outcome: null },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
};

/** What the fake server keeps of the survey saved as id 9. */
function detailOf(body: SurveyBody, over: Partial<SurveyDetail> = {}): SurveyDetail {
  return {
    id: 9,
    name: body.name,
    state: 'draft',
    createdAt: '2026-12-01T10:00:00Z',
    sentAt: null,
    health: { sent: 0, opened: 0, answered: 0, responseRate: null, medianDaysToAnswer: null },
    intro: body.intro,
    questions: body.questions,
    recipients: body.recipients.map((r, i) => ({ id: 100 + i, deal: { id: r.dealId, name: 'Globex renewal', outcome: 'loss', closedOn: '2026-03-02' }, email: r.email, name: r.name ?? null, state: 'pending', sentAt: null, reminders: 0, answeredAt: null })),
    expiresInDays: body.expiresInDays,
    remindAfterDays: body.remindAfterDays,
    maxReminders: body.maxReminders,
    ...over,
  };
}

let requests: { url: string; method: string; body?: unknown }[];
let saved: SurveyDetail | null;
let deleted: number[];
function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  requests.push({ url, method, body });
  const json = (b: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } }));
  if (url === '/api/win-loss/surveys/health.json') return json(health);
  if (url === '/api/win-loss/surveys' && method === 'GET') return json(summaries.filter((s) => !deleted.includes(s.id)));
  const one = /^\/api\/win-loss\/surveys\/(\d+)$/.exec(url);
  if (one && method === 'DELETE') {
    deleted.push(Number(one[1]));
    return Promise.resolve(new Response(null, { status: 204 }));
  }
  if ((url === '/api/win-loss/surveys' && method === 'POST') || (url === '/api/win-loss/surveys/9' && method === 'PUT')) {
    const b = body as SurveyBody;
    if (b.recipients.some((r) => r.email.endsWith('@refused.test'))) {
      return json(
        {
          error: 'Invalid input: recipients.0.email is not a mailbox we can reach',
          code: 'invalid_input',
          params: { where: 'body', field: 'recipients.0.email', problem: 'is not a mailbox we can reach' },
          details: [{ field: 'recipients.0.email', message: 'is not a mailbox we can reach' }],
        },
        400,
      );
    }
    // A sent survey takes new contacts only, and the server mails them on the save.
    saved = saved?.state === 'sent' ? { ...saved, recipients: [...saved.recipients, ...detailOf(b).recipients.slice(saved.recipients.length).map((r) => ({ ...r, state: 'sent' as const, sentAt: '2026-12-03T10:00:00Z' }))] } : detailOf(b);
    return json(saved, method === 'POST' ? 201 : 200);
  }
  if (url === '/api/win-loss/surveys/9' && saved) return json(saved);
  if (url === '/api/win-loss/surveys/9/send') {
    saved = { ...saved!, state: 'sent', sentAt: '2026-12-02T10:00:00Z', recipients: saved!.recipients.map((r) => ({ ...r, state: 'sent', sentAt: '2026-12-02T10:00:00Z' })), health: { ...saved!.health, sent: 1 } };
    return json(saved);
  }
  if (url.startsWith('/api/deals?')) return json(deals);
  return json({ error: 'Not found', code: 'not_found' }, 404);
}

const screen = screenHarness(fakeFetch, {
  before: () => {
    requests = [];
    saved = null;
    deleted = [];
  },
});

async function render(path: string, user = admin()) {
  const router = await renderWinLoss(screen, path, user);
  // The tab's chunk loads lazily: its first import in a test takes a while.
  await vi.waitFor(async () => {
    await settle();
    expect(byTestId('win-loss-surveys') ?? byTestId('survey-builder') ?? byTestId('survey-sent')).not.toBeNull();
  }, { timeout: 15_000 });
  return router;
}
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string, scope: ParentNode = document) => [...scope.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
/** A click, its renders flushed; a click that calls the server is followed by settle(). */
const click = async (el: Element | null | undefined) => {
  expect(el).toBeTruthy();
  await act(async () => (el as HTMLElement).click());
};
const inputOf = (el: HTMLElement) => (el.matches('input, textarea, select') ? el : el.querySelector('input, textarea, select')!) as HTMLInputElement;
async function type(el: HTMLElement, value: string) {
  const input = inputOf(el);
  const proto = input.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : input.tagName === 'SELECT' ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event(input.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  });
}
/** Finds the deals saying "globex" in the contact picker and adds the closed one. */
async function pickGlobex() {
  await type(byTestId('survey-deal-search')!, 'globex');
  await vi.waitFor(async () => {
    await settle();
    expect(all('survey-deal-add')).toHaveLength(1);
  });
  await click(byTestId('survey-deal-add'));
}
const posted = (url: string, method = 'POST') => requests.filter((r) => r.url === url && r.method === method);

describe('the surveys tab', () => {
  it('shows the program’s health as tiles and a chart said in words, and the surveys with their state in words', async () => {
    await render('/win-loss/surveys');
    expect(byTestId('win-loss-tab-surveys')?.getAttribute('aria-selected')).toBe('true');
    expect(byTestId('win-loss-filters')).toBeNull();
    expect(['sent', 'opened', 'answered', 'rate', 'days'].map((k) => byTestId(`survey-health-${k}-value`)?.textContent)).toEqual(['40', '30', '12', '30%', '9 days']);
    expect(byTestId('chart-summary')?.textContent).toMatch(/Sent.*40/);
    await click(byTestId('chart-view-toggle'));
    await settle();
    expect(all('chart-table')[0].textContent).toContain('Answered12');
    const rows = all('survey-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['7', '8']);
    expect(all('survey-state').map((b) => [b.textContent, b.getAttribute('data-state')])).toEqual([
      ['Sent', 'sent'],
      ['Draft', 'draft'],
    ]);
    expect(rows[0].textContent).toContain('4 questions · 40 contacts');
    expect(all('survey-open')[0].getAttribute('href')).toBe('/win-loss/surveys/7');
    expect(byTestId('survey-new')?.getAttribute('href')).toBe('/win-loss/surveys/new');
    expect(await axeFindings()).toEqual([]);
  });

  it('offers no new survey to a reader who does not curate', async () => {
    await render('/win-loss/surveys', consumer());
    expect(all('survey-row')).toHaveLength(2);
    expect(byTestId('survey-new')).toBeNull();
    expect(all('survey-delete')).toEqual([]);
  });

  it('deletes a survey after a confirmation that says what goes with a draft and with a sent one', async () => {
    await render('/win-loss/surveys');
    const deleteOf = (id: string) => all('survey-row').find((r) => r.getAttribute('data-id') === id)!.querySelector('[data-testid="survey-delete"]');
    expect(deleteOf('7')?.getAttribute('aria-label')).toBe('Delete the survey Q3 losses');
    await click(deleteOf('7'));
    await vi.waitFor(async () => {
      await settle();
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain('the links already mailed stop working');
    });
    await click([...document.querySelectorAll<HTMLElement>('[role="dialog"] button')].find((b) => b.textContent === 'Cancel'));
    await settle();
    expect(posted('/api/win-loss/surveys/7', 'DELETE')).toEqual([]);

    await click(deleteOf('8'));
    await vi.waitFor(async () => {
      await settle();
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Nobody has been mailed yet.');
    });
    await click(byTestId('survey-delete-confirm'));
    await vi.waitFor(async () => {
      await settle();
      expect(all('survey-row').map((r) => r.getAttribute('data-id'))).toEqual(['7']);
    });
    expect(posted('/api/win-loss/surveys/8', 'DELETE')).toHaveLength(1);
  });
});

describe('the survey builder', () => {
  it('checks the draft with the contract before sending anything, and says where each problem is', async () => {
    await render('/win-loss/surveys/new');
    await click(byTestId('survey-add-single'));
    await click(byTestId('survey-save'));
    expect(posted('/api/win-loss/surveys')).toEqual([]);
    expect(all('survey-problem').map((p) => p.textContent)).toEqual(['Name: is required', 'Question 1: is required', 'Question 1: needs at least two options']);
    expect(inputOf(byTestId('survey-name-input')!).getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('survey-question-editor')?.hasAttribute('data-invalid')).toBe(true);
    expect(byTestId('survey-question-options-problem')?.textContent).toBe('needs at least two options');
    expect(await axeFindings()).toEqual([]);
  });

  it('builds every question type, reorders and removes them, picks a closed deal’s contact and posts the contract’s body', async () => {
    const router = await render('/win-loss/surveys/new');
    await type(byTestId('survey-name-input')!, 'Why we lost');
    await type(byTestId('survey-intro-input')!, 'Two minutes.');
    for (const type of ['rating', 'single', 'multiple', 'reasons', 'text', 'text']) await click(byTestId(`survey-add-${type}`));
    let editors = all('survey-question-editor');
    expect(editors).toHaveLength(6);
    await click(all('survey-question-remove')[5]);
    editors = all('survey-question-editor');
    const texts = ['How was it?', 'Which mattered?', 'What else?', 'Why?', 'Anything else?'];
    for (const [i, text] of texts.entries()) await type(all('survey-question-text', editors[i])[0], text);
    await type(all('survey-question-scale', editors[0])[0], '10');
    await click(inputOf(all('survey-question-required', editors[0])[0]));
    const options = (i: number) => all('survey-question-option', all('survey-question-editor')[i]);
    await type(options(1)[0], 'Price');
    await type(options(1)[1], 'Features');
    await type(options(2)[0], 'Support');
    await type(options(2)[1], 'Brand');
    await click(all('survey-question-option-add', all('survey-question-editor')[2])[0]);
    await type(options(2)[2], 'Speed');
    await click(all('survey-question-option-remove', all('survey-question-editor')[2])[1]);
    // The free text goes first: moved up four places, the first's "up" disabled.
    for (let i = 4; i > 0; i--) await click(all('survey-question-up', all('survey-question-editor')[i])[0]);
    expect((all('survey-question-up')[0] as HTMLButtonElement).disabled).toBe(true);
    expect(all('survey-question-up')[0].getAttribute('aria-label')).toBe('Move question 1 up');

    await type(byTestId('survey-deal-search')!, 'globex');
    await vi.waitFor(async () => {
      await settle();
      expect(all('survey-deal-result')).toHaveLength(1);
    });
    expect(requests.find((r) => r.url.startsWith('/api/deals?'))?.url).toBe('/api/deals?q=globex&page=1');
    expect(byTestId('survey-deal-result')?.textContent).toContain('Globex renewal');
    await click(byTestId('survey-deal-add'));
    expect(byTestId('survey-deal-add')?.textContent).toBe('Added');
    await type(byTestId('survey-recipient-email')!, 'Dana@Globex.test');
    await type(byTestId('survey-recipient-name')!, 'Dana');
    await type(byTestId('survey-expiresInDays')!, '21');

    await click(byTestId('survey-save'));
    await settle();
    expect(all('survey-problem')).toEqual([]);
    expect(posted('/api/win-loss/surveys').map((r) => r.body)).toEqual([
      {
        name: 'Why we lost',
        intro: 'Two minutes.',
        questions: [
          { id: 'q5', type: 'text', text: 'Anything else?', required: false },
          { id: 'q1', type: 'rating', text: 'How was it?', required: true, scale: 10 },
          { id: 'q2', type: 'single', text: 'Which mattered?', required: false, options: ['Price', 'Features'] },
          { id: 'q3', type: 'multiple', text: 'What else?', required: false, options: ['Support', 'Speed'] },
          { id: 'q4', type: 'reasons', text: 'Why?', required: false },
        ],
        recipients: [{ dealId: 40, email: 'Dana@Globex.test', name: 'Dana' }],
        expiresInDays: 21,
        remindAfterDays: 3,
        maxReminders: 2,
      },
    ]);
    expect(router.state.location.pathname).toBe('/win-loss/surveys/9');
    expect(byTestId('survey-saved')?.textContent).toBe('Draft saved.');
  });

  it('shows a server’s refusal at the field it names, and previews the public form read-only', async () => {
    await render('/win-loss/surveys/new');
    await type(byTestId('survey-name-input')!, 'Refused');
    await click(byTestId('survey-add-text'));
    await type(byTestId('survey-question-text')!, 'Anything?');
    await pickGlobex();
    await type(byTestId('survey-recipient-email')!, 'dana@refused.test');
    await click(byTestId('survey-save'));
    await settle();
    expect(byTestId('survey-problems')?.textContent).toContain('Invalid body: recipients.0.email is not a mailbox we can reach');
    expect(all('survey-problem').map((p) => p.textContent)).toEqual(['Recipient 1: is not a mailbox we can reach']);
    const email = inputOf(byTestId('survey-recipient-email')!);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ').find((id) => id.includes('error'))!)?.textContent).toBe('is not a mailbox we can reach');

    await click(byTestId('survey-preview'));
    await vi.waitFor(async () => {
      await settle();
      expect(byTestId('survey-preview-body')).not.toBeNull();
    });
    const preview = byTestId('survey-preview-body')!;
    expect(preview.querySelector('h1')?.textContent).toBe('Refused');
    expect(preview.textContent).toContain('A survey from Northwind Analytics');
    expect((preview.querySelector('form > fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(preview.querySelector('[data-testid="survey-submit"]')).toBeNull();
  });

  it('sends after a confirmation and then shows each contact’s state', async () => {
    await render('/win-loss/surveys/new');
    await type(byTestId('survey-name-input')!, 'Send me');
    await click(byTestId('survey-add-rating'));
    await type(byTestId('survey-question-text')!, 'How was it?');
    await click(byTestId('survey-send'));
    expect(byTestId('survey-problems')?.textContent).toBe('Add at least one recipient before sending.');
    await pickGlobex();
    await type(byTestId('survey-recipient-email')!, 'dana@globex.test');
    await click(byTestId('survey-send'));
    await vi.waitFor(async () => {
      await settle();
      expect(byTestId('survey-confirm')?.textContent).toContain('1 contact gets an email with a link of their own.');
    });
    expect(posted('/api/win-loss/surveys/9/send')).toEqual([]);
    await click(byTestId('survey-confirm-send'));
    await settle();
    expect(posted('/api/win-loss/surveys')).toHaveLength(1);
    expect(posted('/api/win-loss/surveys/9/send')).toHaveLength(1);
    await vi.waitFor(async () => {
      await settle();
      expect(byTestId('survey-sent')).not.toBeNull();
    });
    expect(byTestId('survey-state')?.textContent).toBe('Sent');
    expect(all('survey-recipient-state').map((c) => [c.textContent, c.getAttribute('data-state')])).toEqual([['Mailed', 'sent']]);
    expect(byTestId('survey-recipients')?.textContent).toContain('dana@globex.test');
  });

  it('deletes a draft from its builder and goes back to the list', async () => {
    saved = detailOf({ name: 'Old draft', intro: '', questions: [{ id: 'q1', type: 'text', text: 'Why?', required: false }], recipients: [], expiresInDays: 14, remindAfterDays: 3, maxReminders: 2 });
    const router = await render('/win-loss/surveys/9');
    expect(byTestId('survey-builder')).not.toBeNull();
    await click(byTestId('survey-delete'));
    await vi.waitFor(async () => {
      await settle();
      expect(byTestId('survey-delete-confirm')).not.toBeNull();
    });
    await click(byTestId('survey-delete-confirm'));
    await vi.waitFor(async () => {
      await settle();
      expect(router.state.location.pathname).toBe('/win-loss/surveys');
    });
    expect(posted('/api/win-loss/surveys/9', 'DELETE')).toHaveLength(1);
  });

  it('adds a contact to a sent survey with the builder’s picker, repeating the survey as sent, and lists them mailed', async () => {
    const body: SurveyBody = {
      name: 'Q4 losses',
      intro: 'Thanks.',
      questions: [{ id: 'q1', type: 'rating', text: 'How was it?', required: true, scale: 5 }],
      recipients: [{ dealId: 42, email: 'ann@initech.test', name: 'Ann' }],
      expiresInDays: 21,
      remindAfterDays: 4,
      maxReminders: 1,
    };
    const first = detailOf(body).recipients[0];
    saved = detailOf(body, { state: 'sent', sentAt: '2026-12-02T10:00:00Z', recipients: [{ ...first, deal: { id: 42, name: 'Initech', outcome: 'loss', closedOn: '2026-02-01' }, state: 'opened', sentAt: '2026-12-02T10:00:00Z' }] });
    await render('/win-loss/surveys/9');
    expect(all('survey-recipient-row')).toHaveLength(1);
    await click(byTestId('survey-add-contacts'));
    await click(byTestId('survey-add-contacts-save'));
    expect(byTestId('survey-problems')?.textContent).toBe('Pick at least one new contact.');
    await pickGlobex();
    await click(byTestId('survey-add-contacts-save'));
    // The new contact is the survey's second, said as the first of those added.
    expect(all('survey-problem').map((p) => p.textContent)).toEqual(['Recipient 1: must be an email address']);
    expect(posted('/api/win-loss/surveys/9', 'PUT')).toEqual([]);
    await type(byTestId('survey-recipient-email')!, 'dana@globex.test');
    await click(byTestId('survey-add-contacts-save'));
    await vi.waitFor(async () => {
      await settle();
      expect(all('survey-recipient-row')).toHaveLength(2);
    });
    expect(posted('/api/win-loss/surveys/9', 'PUT').map((r) => r.body)).toEqual([{ ...body, recipients: [...body.recipients, { dealId: 40, email: 'dana@globex.test', name: null }] }]);
    expect(posted('/api/win-loss/surveys/9/send')).toEqual([]);
    expect(all('survey-recipient-state').map((c) => c.getAttribute('data-state'))).toEqual(['opened', 'sent']);
    expect(all('survey-recipient-row')[1].textContent).toContain('dana@globex.test');
    expect(byTestId('survey-contacts-added')?.textContent).toBe('1 contact added and being mailed.');
    expect(byTestId('survey-add-contacts-form')).toBeNull();
    expect(await axeFindings()).toEqual([]);
  });

  it('says it in German', async () => {
    await changeLanguage('de');
    try {
      await render('/win-loss/surveys/new');
      expect(byTestId('survey-save')?.textContent).toBe('Entwurf speichern');
      await click(byTestId('survey-save'));
      expect(all('survey-problem').map((p) => p.textContent)).toEqual(['Name: ist erforderlich', 'Fragen: braucht mindestens einen Eintrag']);
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('the builder’s model', () => {
  it('numbers new questions past the ids in use, moves within bounds and places problems', () => {
    const qs = [newQuestion('rating', []), newQuestion('text', [])];
    expect(qs.map((q) => q.id)).toEqual(['q1', 'q1']);
    const two = [qs[0], newQuestion('single', [qs[0]])];
    expect(newQuestion('text', [two[1]]).id).toBe('q3');
    expect(two[1].options).toEqual(['', '']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(placeOf(['questions', 2, 'options'])).toBe('questions.2');
    expect(placeOf(['maxReminders'])).toBe('settings');
    expect(serverProblems([{ field: 'recipients.1.email', message: 'bad' }, { nope: 1 }])).toEqual([{ path: ['recipients', 1, 'email'], message: 'bad', issue: undefined }]);
    const draft = { ...newDraft(), name: 'N', questions: [{ ...newQuestion('multiple', []), text: 'T', options: [' A ', '', 'B'] }] };
    expect(surveyBody(draft).questions).toEqual([{ id: 'q1', type: 'multiple', text: 'T', required: false, options: ['A', 'B'] }]);
    expect(draftProblems(draft)).toEqual([]);
  });
});
