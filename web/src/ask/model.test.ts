import { describe, expect, it } from 'vitest';
import type { AnswerSource, AskRival, PromptTemplate, SessionSummary, WizardFlow } from '../../../contracts/ask.ts';
import type { Translate } from '../i18n/index.ts';
import {
  answerWizard,
  askAvailable,
  canSend,
  currentQuestion,
  enterAction,
  errorKind,
  feedbackChange,
  groupSessionsByDate,
  loadingMessageIndex,
  otherRivals,
  referencesToChips,
  showCloseFeedback,
  showsProfilePicker,
  startWizard,
  suggestedPrompts,
  visibleSources,
} from './model.ts';

describe('the Ask input', () => {
  it('shows the company-profile picker only with the landing-page feature and a rival to pick', () => {
    const company = (flags: Record<string, boolean>) => ({ companyData: { flags } });
    const rivals: AskRival[] = [{ id: 1, name: 'Lumenary', profileId: 11, iconUrl: null, cardsCount: 40 }];
    expect(showsProfilePicker(company({ companyLandingPage: true }), rivals)).toBe(true);
    // The demo's setting: the feature is off.
    expect(showsProfilePicker(company({ companyLandingPage: false }), rivals)).toBe(false);
    expect(showsProfilePicker(company({}), rivals)).toBe(false);
    // On, but nothing to pick (the library not loaded yet, or every rival a draft or template).
    expect(showsProfilePicker(company({ companyLandingPage: true }), undefined)).toBe(false);
    expect(showsProfilePicker(company({ companyLandingPage: true }), [])).toBe(false);
  });

  it('counts Ask as on with the ask bar or the Ask page feature', () => {
    const company = (flags: Record<string, boolean>) => ({ companyData: { flags } });
    expect(askAvailable(company({ askDashboard: true }))).toBe(true);
    expect(askAvailable(company({ askPage: true }))).toBe(true);
    expect(askAvailable(company({ askDashboard: false, askPage: false }))).toBe(false);
  });

  it('sends on Enter only with 3+ characters and not while loading; Shift+Enter types', () => {
    expect(enterAction({ key: 'Enter', shiftKey: false }, 'why?', false)).toBe('send');
    expect(enterAction({ key: 'Enter', shiftKey: false }, '  ab  ', false)).toBe('ignore');
    expect(enterAction({ key: 'Enter', shiftKey: false }, '   ', false)).toBe('ignore');
    expect(enterAction({ key: 'Enter', shiftKey: false }, 'why?', true)).toBe('ignore');
    expect(enterAction({ key: 'Enter', shiftKey: true }, 'why?', false)).toBe('type');
    expect(enterAction({ key: 'Enter', shiftKey: false, isComposing: true }, 'why?', false)).toBe('type');
    expect(enterAction({ key: 'a', shiftKey: false }, 'why?', false)).toBe('type');
    expect(canSend('abc', false)).toBe(true);
  });
});

describe('answer states', () => {
  it('maps statuses to the error catalogue: 404, other 4xx, anything else', () => {
    expect(errorKind(404)).toBe('notFound');
    expect(errorKind(400)).toBe('badRequest');
    expect(errorKind(403)).toBe('badRequest');
    expect(errorKind(502)).toBe('network');
    expect(errorKind(null)).toBe('network');
  });

  it('rotates four loading messages every 4 s', () => {
    expect([0, 3999, 4000, 8000, 12000, 16000].map((ms) => loadingMessageIndex(ms, 4000, 4))).toEqual([0, 0, 1, 2, 3, 0]);
  });

  it('does nothing when the active thumb is clicked again', () => {
    expect(feedbackChange(null, 'positive')).toBe('positive');
    expect(feedbackChange('positive', 'positive')).toBeNull();
    expect(feedbackChange('positive', 'negative')).toBe('negative');
  });

  it('shows 3 sources collapsed', () => {
    const s = [1, 2, 3, 4, 5].map((ref) => ({ ref }) as AnswerSource);
    expect(visibleSources(s, false, 3)).toHaveLength(3);
    expect(visibleSources(s, true, 3)).toHaveLength(5);
  });

  it('turns [n] references with a source into chips and leaves the others', () => {
    const sources = [{ ref: 1, title: 'A "card"', url: '/profile/2?viewCard=3' } as AnswerSource];
    expect(referencesToChips('<p>Fact [1] and [7].</p>', sources)).toBe(
      '<p>Fact <a href="/profile/2?viewCard=3" data-ref="1" title="A &quot;card&quot;">1</a> and [7].</p>',
    );
  });

  it('names a source without a link (a knowledge-hub passage for a consumer) in a chip that opens nothing', () => {
    const sources = [{ ref: 2, title: 'Pricing sheet, page 3', url: null, doc_type: 'file' } as AnswerSource];
    expect(referencesToChips('<p>It costs 49 euros [2].</p>', sources)).toBe('<p>It costs 49 euros <a data-ref="2" title="Pricing sheet, page 3">2</a>.</p>');
  });
});

describe('the close-feedback dialog', () => {
  it('shows on counter 1 and every 5th, never twice or on the initial screen', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => showCloseFeedback(n, false, false))).toEqual([true, false, false, false, true, false, true]);
    expect(showCloseFeedback(1, true, false)).toBe(false);
    expect(showCloseFeedback(5, false, true)).toBe(false);
  });
});

describe('history', () => {
  it('groups sessions by day of last activity, newest first', () => {
    const now = new Date(2026, 5, 15, 12);
    const s = (id: number, d: Date) => ({ id, updatedAt: d.toISOString() }) as SessionSummary;
    const groups = groupSessionsByDate(
      [s(1, new Date(2026, 5, 15, 9)), s(2, new Date(2026, 5, 14, 23)), s(3, new Date(2026, 5, 10)), s(4, new Date(2026, 4, 20)), s(5, new Date(2025, 0, 1)), s(6, new Date(2026, 5, 15, 11))],
      now,
    );
    expect(groups.map((g) => [g.id, g.items.map((i) => i.id)])).toEqual([
      ['today', [6, 1]],
      ['yesterday', [2]],
      ['week', [3]],
      ['month', [4]],
      ['older', [5]],
    ]);
  });
});

describe('suggested prompts', () => {
  const templates: PromptTemplate[] = ['s1', 's2', 's3', 's4', 's5', 's6', 's7'].map((id) => ({ id, type: 'seller' }));
  const rivals = [{ id: 1, name: 'Acme' }, { id: 2, name: 'Beta' }] as AskRival[];
  /** Says which string it was asked for, with which names. */
  const t: Translate = (key, values) => `${key} ${values?.company}/${values?.rival}`;

  it('words the first six templates, each with a featured rival in turn, or with the current rival', () => {
    const suggested = suggestedPrompts(t, templates, rivals, 'Us');
    expect(suggested.map((p) => p.prompt)).toEqual(['s1', 's2', 's3', 's4', 's5', 's6'].map((id, i) => `ask.prompts.${id}.prompt Us/${i % 2 ? 'Beta' : 'Acme'}`));
    expect(suggested[1]).toMatchObject({ id: 's2:2', text: 'ask.prompts.s2.text Us/Beta', rival: rivals[1] });
    expect(suggestedPrompts(t, templates, rivals, 'Us', { id: 9, name: 'Zed' } as AskRival).map((p) => p.text)[2]).toBe('ask.prompts.s3.text Us/Zed');
    expect(suggestedPrompts(t, templates, [], 'Us')).toEqual([]);
  });
});

describe('the wizard', () => {
  const flow: WizardFlow = {
    id: 'f',
    questions: [
      { id: 'a', inputType: 'rival', promptRef: 'COMPETITOR' },
      { id: 'b', inputType: 'input', promptRef: 'OBJECTIONS' },
      { id: 'c', inputType: 'input', promptRef: 'USECASE' },
    ],
  };

  it('asks three questions in turn and gives the answers by the placeholders of the final prompt', () => {
    let s = startWizard(flow);
    expect(currentQuestion(s)).toBe(0);
    let r = answerWizard(s, 'Acme');
    expect(r.values).toBeNull();
    s = r.state;
    expect(currentQuestion(s)).toBe(1);
    expect(answerWizard(s, '   ').state).toBe(s);
    s = answerWizard(s, ' price ').state;
    r = answerWizard(s, 'dashboards');
    expect(r.values).toEqual({ COMPETITOR: 'Acme', OBJECTIONS: 'price', USECASE: 'dashboards' });
  });
});

describe('re-asking about another rival', () => {
  const rival = (id: number, name: string): AskRival => ({ id, name, profileId: id * 10, iconUrl: null, cardsCount: 5 });
  const rivals = [rival(1, 'Beaconly'), rival(2, 'DataHarbor'), rival(3, 'Lumenary'), rival(4, 'Quantive')];

  it('offers every rival but the one the answer is about, filtered by name', () => {
    expect(otherRivals(rivals, 3).map((r) => r.name)).toEqual(['Beaconly', 'DataHarbor', 'Quantive']);
    expect(otherRivals(rivals, 3, ' HAR ').map((r) => r.name)).toEqual(['DataHarbor']);
    expect(otherRivals(rivals, 3, 'lumen')).toEqual([]);
  });
});
