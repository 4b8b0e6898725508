// The checklist's rule (part 3 §2.4, §3): every step's status from what exists and what was confirmed.
import { describe, expect, it } from 'vitest';
import type { KnowledgeStepName } from '../../contracts/knowledgeHub.ts';
import { missingFor, stepsOf, type StepFacts } from './steps.ts';

const facts = (over: Partial<StepFacts> = {}): StepFacts => ({
  confirmed: new Set(),
  files: { pendingOrRunning: 0, extracted: 0, failed: [], total: 0 },
  variables: 0,
  products: 0,
  positioning: { statements: 0, draft: null },
  publishedRivals: 0,
  competitorsStep: false,
  ...over,
});
const confirmed = (...steps: KnowledgeStepName[]) => new Set(steps);
const status = (f: StepFacts, step: KnowledgeStepName) => stepsOf(f).find((s) => s.name === step);
const files = (over: Partial<StepFacts['files']>) => ({ pendingOrRunning: 0, extracted: 0, failed: [], total: 1, ...over });
/** Everything in place and confirmed. */
const complete = (over: Partial<StepFacts> = {}) =>
  facts({
    confirmed: confirmed('files', 'variables', 'products', 'positioning', 'competitors'),
    files: files({ extracted: 2, total: 2 }),
    variables: 3,
    products: 2,
    positioning: { statements: 4, draft: null },
    publishedRivals: 1,
    ...over,
  });

describe('the files step', () => {
  it('is not started without a file', () => {
    expect(status(facts(), 'files')).toEqual({ name: 'files', status: 'not-started', error: null });
    expect(missingFor('files', facts())).toBe('upload a file first');
  });
  it('is generating while any extraction is pending or running, even beside a failed one', () => {
    const f = facts({ files: files({ pendingOrRunning: 1, extracted: 1, failed: [{ title: 'Deck', error: 'encrypted' }], total: 3 }), confirmed: confirmed('files') });
    expect(status(f, 'files')?.status).toBe('generating');
    expect(missingFor('files', f)).toBe('files are still being read');
  });
  it('is in error naming the file and the reason when an extraction failed', () => {
    const f = facts({ files: files({ extracted: 1, failed: [{ title: 'Pricing 2026', error: 'the PDF is encrypted' }], total: 2 }), confirmed: confirmed('files') });
    expect(status(f, 'files')).toEqual({ name: 'files', status: 'error', error: 'Pricing 2026: the PDF is encrypted' });
    expect(missingFor('files', f)).toBe('reading Pricing 2026 failed: the PDF is encrypted');
  });
  it('is pending once a file is read but not confirmed, done once confirmed', () => {
    const f = facts({ files: files({ extracted: 1 }) });
    expect(status(f, 'files')?.status).toBe('pending');
    expect(missingFor('files', f)).toBeNull();
    expect(status({ ...f, confirmed: confirmed('files') }, 'files')?.status).toBe('done');
  });
});

describe('variables and products', () => {
  for (const step of ['variables', 'products'] as const) {
    it(`${step}: not started when none, pending until confirmed, then done`, () => {
      expect(status(facts({ confirmed: confirmed(step) }), step)?.status).toBe('not-started');
      expect(missingFor(step, facts())).toMatch(/^add a/);
      const some = facts({ [step]: 2 });
      expect(status(some, step)?.status).toBe('pending');
      expect(missingFor(step, some)).toBeNull();
      expect(status({ ...some, confirmed: confirmed(step) }, step)?.status).toBe('done');
    });
  }
});

describe('the positioning step', () => {
  it('is not started without statements, pending with some, done once confirmed', () => {
    expect(status(facts(), 'positioning')?.status).toBe('not-started');
    const some = facts({ positioning: { statements: 3, draft: null } });
    expect(status(some, 'positioning')?.status).toBe('pending');
    expect(status({ ...some, confirmed: confirmed('positioning') }, 'positioning')?.status).toBe('done');
  });
  it('is generating while a draft runs (and cannot be confirmed), in error when the draft failed', () => {
    const running = facts({ positioning: { statements: 3, draft: { state: 'running', error: null } }, confirmed: confirmed('positioning') });
    expect(status(running, 'positioning')?.status).toBe('generating');
    expect(missingFor('positioning', running)).toBe('a positioning draft is being written');
    const failed = facts({ positioning: { statements: 0, draft: { state: 'failed', error: 'the model could not be reached' } } });
    expect(status(failed, 'positioning')).toEqual({ name: 'positioning', status: 'error', error: 'the model could not be reached' });
  });
});

describe('the competitors step', () => {
  it('is shown only with its flag', () => {
    expect(stepsOf(facts()).map((s) => s.name)).toEqual(['files', 'variables', 'products', 'positioning', 'done']);
    expect(stepsOf(facts({ competitorsStep: true })).map((s) => s.name)).toContain('competitors');
    expect(missingFor('competitors', facts({ publishedRivals: 3 }))).toBe('the competitors step is off');
  });
  it('is done once a rival is published and the step confirmed; pending otherwise', () => {
    const on = { competitorsStep: true };
    expect(status(facts({ ...on, confirmed: confirmed('competitors') }), 'competitors')?.status).toBe('pending');
    expect(status(facts({ ...on, publishedRivals: 2 }), 'competitors')?.status).toBe('pending');
    expect(missingFor('competitors', facts(on))).toBe('publish a competitor first');
    expect(status(facts({ ...on, publishedRivals: 2, confirmed: confirmed('competitors') }), 'competitors')?.status).toBe('done');
  });
});

describe('the done step', () => {
  it('is done when every other step is done, and says which are not', () => {
    expect(status(complete(), 'done')?.status).toBe('done');
    const open = complete({ confirmed: confirmed('files', 'variables', 'products') });
    expect(status(open, 'done')?.status).toBe('pending');
    expect(missingFor('done', open)).toBe('finish positioning first');
  });
  it('waits for the competitors step when it is on', () => {
    expect(status(complete({ competitorsStep: true, publishedRivals: 0 }), 'done')?.status).toBe('pending');
    expect(status(complete({ competitorsStep: true }), 'done')?.status).toBe('done');
  });
});

it('answers only the steps asked for, in order', () => {
  expect(stepsOf(complete(), ['positioning', 'files']).map((s) => s.name)).toEqual(['files', 'positioning']);
});
