// @vitest-environment jsdom
// The public survey page against a fake API (the contract's shapes): it asks only for its own token's survey, checks
// required answers before sending (each error tied to its question, the focus on the first), posts only what was
// answered, ends in thanks, and says a closed link (410), an unknown one (404), too many tries (429) and no network in
// words; its language is ?lng= or the browser's, German included. The builder's preview draws the same form, disabled.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSurvey } from '../../../contracts/winLoss.ts';
import { answerBody, answerErrors } from './answers.ts';
import { surveyLanguage, surveyStrings } from './strings.ts';
import { SurveyForm } from './SurveyForm.tsx';
import { SurveyPage } from './SurveyPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const survey: PublicSurvey = {
  companyName: 'Northwind',
  name: 'Why did you choose?',
  intro: 'Five minutes of your time.',
  contactName: 'Dana',
  questions: [
    { id: 'q1', type: 'rating', text: 'How was the sales process?', required: true, scale: 5 },
    { id: 'q2', type: 'single', text: 'Which mattered most?', required: true, options: ['Price', 'Features'] },
    { id: 'q3', type: 'multiple', text: 'What else?', required: false, options: ['Support', 'Brand', 'Speed'] },
    { id: 'q4', type: 'reasons', text: 'Why did you decide?', required: false },
    { id: 'q5', type: 'text', text: 'Anything to add?', required: false },
  ],
  reasons: [
    { id: 11, name: 'Better support' },
    { id: 12, name: 'Easier to use' },
  ],
  expiresAt: '2026-12-21T12:00:00Z',
};

let requests: { url: string; init?: RequestInit }[];
let answerGet: () => Promise<Response>;
let answerPost: () => Promise<Response>;
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  requests = [];
  answerGet = () => json(survey);
  answerPost = () => json({ ok: true }, 201);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(input), init });
      return init?.method === 'POST' ? answerPost() : answerGet();
    }),
  );
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function settle() {
  for (let i = 0; i < 4; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  }
}
async function renderPage(token = 'tok-123', language: 'en' | 'de' = 'en') {
  await act(async () => root.render(<SurveyPage token={token} t={surveyStrings(language)} language={language} />));
  await settle();
}
const $ = (selector: string) => container.querySelector(selector) as HTMLElement | null;
const $$ = (selector: string) => [...container.querySelectorAll<HTMLElement>(selector)];
const question = (id: string) => $(`[data-question="${id}"]`)!;
const labelled = (scope: HTMLElement, text: string) => [...scope.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)!.querySelector('input')!;
const click = async (el: HTMLElement) => {
  await act(async () => el.click());
  await settle();
};
async function type(el: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const submit = () => click($('[data-testid="survey-submit"]')!);
const described = (el: Element) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('the public survey page', () => {
  it('asks only for its own token’s survey, without credentials, and shows it with each question in a fieldset', async () => {
    await renderPage('a/b?c');
    expect(requests.map((r) => r.url)).toEqual(['/api/win-loss/p/a%2Fb%3Fc']);
    expect(requests[0].init?.credentials).toBe('omit');
    expect($('h1')?.textContent).toBe('Why did you choose?');
    expect(container.textContent).toContain('A survey from Northwind');
    expect(container.textContent).toContain('Hello Dana,');
    expect(container.textContent).toContain('Open until December 21, 2026.');
    const legends = $$('fieldset[data-question] > legend').map((l) => l.textContent);
    expect(legends).toEqual(['1. How was the sales process? (required)', '2. Which mattered most? (required)', '3. What else?', '4. Why did you decide?']);
    // The free text is a labelled text area, its limit said.
    const text = question('q5').querySelector('textarea')!;
    expect(document.querySelector(`label[for="${text.id}"]`)?.textContent).toBe('5. Anything to add?');
    expect(described(text)).toEqual(['Up to 2000 characters.']);
    expect(labelled(question('q1'), '5').type).toBe('radio');
    expect($$('[data-question="q4"] input').length).toBe(2);
    expect(document.title).toBe('Why did you choose?');
  });

  it('refuses to send without the required answers: says which, ties each error to its question and focuses the first', async () => {
    await renderPage();
    await click(labelled(question('q2'), 'Price'));
    await submit();
    expect(requests.filter((r) => r.init?.method === 'POST')).toEqual([]);
    expect($('[data-testid="survey-error-summary"]')?.textContent).toBe('Some answers need your attention.');
    expect($('[data-testid="survey-error-summary"]')?.getAttribute('role')).toBe('alert');
    expect(question('q1').hasAttribute('data-invalid')).toBe(true);
    expect(question('q2').hasAttribute('data-invalid')).toBe(false);
    expect(described(question('q1'))).toEqual(['1 is the lowest, 5 the highest.', 'Please answer this question.']);
    expect(document.activeElement).toBe(labelled(question('q1'), '1'));
    // Answering clears that question's error.
    await click(labelled(question('q1'), '4'));
    expect(question('q1').hasAttribute('data-invalid')).toBe(false);
  });

  it('posts only the questions answered, in the contract’s shapes, and thanks', async () => {
    await renderPage();
    await click(labelled(question('q1'), '4'));
    await click(labelled(question('q2'), 'Features'));
    await click(labelled(question('q3'), 'Support'));
    await click(labelled(question('q3'), 'Speed'));
    await click(labelled(question('q3'), 'Support'));
    await click(labelled(question('q4'), 'Easier to use'));
    await type(question('q5').querySelector('textarea')!, '  The demo was <b>great</b>.  ');
    await submit();
    const post = requests.find((r) => r.init?.method === 'POST')!;
    expect(post.url).toBe('/api/win-loss/p/tok-123');
    expect(post.init?.credentials).toBe('omit');
    expect(JSON.parse(String(post.init?.body))).toEqual({ answers: { q1: 4, q2: 'Features', q3: ['Speed'], q4: [12], q5: 'The demo was <b>great</b>.' } });
    expect($('[data-testid="survey-thanks"] h1')?.textContent).toBe('Thank you');
    expect(document.activeElement).toBe($('[data-testid="survey-thanks"] h1'));
    expect($('form')).toBeNull();
  });

  it('says a used or expired link is closed (410) and an unknown one is not found (404), with no form', async () => {
    answerGet = () => json({ error: 'closed', code: 'survey_closed' }, 410);
    await renderPage();
    expect($('[data-testid="survey-closed"]')?.textContent).toBe('This survey is closedIt was already answered or it has expired.');
    expect($('form')).toBeNull();
    answerGet = () => json({ error: 'Survey not found', code: 'survey_not_found' }, 404);
    act(() => root.unmount());
    root = createRoot(container);
    await renderPage();
    expect($('[data-testid="survey-notFound"] h1')?.textContent).toBe('Survey not found');
  });

  it('keeps the answers when a send is refused as closed, rate limited or without network', async () => {
    await renderPage();
    await click(labelled(question('q1'), '3'));
    await click(labelled(question('q2'), 'Price'));
    answerPost = () => json({ error: 'Too many requests', code: 'rate_limited' }, 429);
    await submit();
    expect($('[data-testid="survey-send-error"]')?.textContent).toBe('Too many tries. Please wait a minute and try again.');
    expect((labelled(question('q1'), '3') as HTMLInputElement).checked).toBe(true);
    answerPost = () => Promise.reject(new TypeError('Failed to fetch'));
    await submit();
    expect($('[data-testid="survey-send-error"]')?.textContent).toBe('Could not reach the server. Please check your connection and try again.');
    answerPost = () => json({ error: 'Invalid body', code: 'invalid_input' }, 400);
    await submit();
    expect($('[data-testid="survey-send-error"]')?.textContent).toBe('Your answers could not be sent. Please check them and try again.');
    answerPost = () => json({ error: 'closed', code: 'survey_closed' }, 410);
    await submit();
    expect($('[data-testid="survey-closed"]')).not.toBeNull();
  });

  it('offers to try again when the survey could not be loaded', async () => {
    answerGet = () => Promise.reject(new TypeError('Failed to fetch'));
    await renderPage();
    expect($('[data-testid="survey-network"] h1')?.textContent).toBe('Could not reach the server');
    answerGet = () => json({ error: 'Too many requests' }, 429);
    await click($('[data-testid="survey-network"] button')!);
    expect($('[data-testid="survey-rateLimited"] h1')?.textContent).toBe('Too many tries');
    answerGet = () => json(survey);
    await click($('[data-testid="survey-rateLimited"] button')!);
    expect($('form')).not.toBeNull();
    expect(requests).toHaveLength(3);
  });

  it('speaks German to a German browser or ?lng=de', async () => {
    expect(surveyLanguage('', ['de-AT', 'en'])).toBe('de');
    expect(surveyLanguage('?lng=de', ['en-US'])).toBe('de');
    expect(surveyLanguage('?lng=fr', ['fr-FR', 'en-GB'])).toBe('en');
    expect(surveyLanguage('', [])).toBe('en');
    await renderPage('tok', 'de');
    expect(container.textContent).toContain('Eine Umfrage von Northwind');
    expect(container.textContent).toContain('Offen bis 21. Dezember 2026.');
    expect($('[data-question="q1"] legend')?.textContent).toBe('1. How was the sales process? (Pflichtfrage)');
    await submit();
    expect($('[data-testid="survey-error-summary"]')?.textContent).toBe('Einige Antworten brauchen noch Ihre Aufmerksamkeit.');
    expect($('[data-testid="survey-submit"]')?.textContent).toBe('Antworten senden');
  });
});

describe('the answers', () => {
  it('are checked as the server checks them: required answered, text within its limit', () => {
    const questions = survey.questions;
    expect([...answerErrors(questions, { q1: 2, q2: 'Price', q5: '   ' }).keys()]).toEqual([]);
    expect(Object.fromEntries(answerErrors(questions, { q2: ' ', q5: 'x'.repeat(2001) }))).toEqual({ q1: { kind: 'required' }, q2: { kind: 'required' }, q5: { kind: 'tooLong', max: 2000 } });
    expect(answerBody(questions, { q1: 2, q2: 'Price', q3: [], q5: '   ' })).toEqual({ answers: { q1: 2, q2: 'Price' } });
  });
});

describe('the preview in the builder', () => {
  it('draws the same form with every field disabled and no send button', async () => {
    await act(async () => root.render(<SurveyForm survey={{ ...survey, reasons: [] }} t={surveyStrings('en')} language="en" preview />));
    expect($('h1')?.textContent).toBe('Why did you choose?');
    expect(($('form > fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect($('[data-testid="survey-submit"]')).toBeNull();
    expect(question('q4').textContent).toContain('Your company’s win reasons');
  });
});
