// The checklist rules of part 3 §4.7 (order, blocked, progress, current step, the widget's visibility, polling) and the
// step pages' small rules (a stale statement, a file's units, a passage's place).
import { describe, expect, it } from 'vitest';
import type { KnowledgeStep, KnowledgeStepName, StepStatus } from '../../../contracts/knowledgeHub.ts';
import { checklistSteps, currentStep, pollInterval, progressPercent, widgetHidden } from './checklist.ts';
import { isStale, placeOf, unitsOf } from './model.ts';

const steps = (statuses: Partial<Record<KnowledgeStepName, StepStatus>>): KnowledgeStep[] =>
  Object.entries(statuses).map(([name, status]) => ({ name: name as KnowledgeStepName, status, error: status === 'error' ? 'Extraction failed' : null }));
const list = (statuses: Partial<Record<KnowledgeStepName, StepStatus>>) => checklistSteps(steps(statuses));
const base = { files: 'done', variables: 'done', products: 'not-started', positioning: 'pending', done: 'pending' } as const;

describe('the checklist', () => {
  it('orders the steps files, variables, products, positioning, competitors, done, whatever order the server sends', () => {
    const s = checklistSteps(steps({ done: 'pending', positioning: 'pending', competitors: 'pending', products: 'pending', files: 'pending', variables: 'pending' }));
    expect(s.map((x) => x.name)).toEqual(['files', 'variables', 'products', 'positioning', 'competitors', 'done']);
    expect(s.map((x) => x.url)).toEqual(['/knowledge-hub/files', '/knowledge-hub/variables', '/knowledge-hub/products', '/knowledge-hub/positioning', '/knowledge-hub/competitors', '/knowledge-hub/done']);
  });

  it('has the competitors step only when the server returns it', () => {
    expect(list(base).map((x) => x.name)).not.toContain('competitors');
    expect(list({ ...base, competitors: 'pending' }).map((x) => x.name)).toContain('competitors');
  });

  it('blocks a step while an earlier step is not done', () => {
    const s = list({ files: 'done', variables: 'generating', products: 'done', positioning: 'pending', done: 'pending' });
    expect(s.map((x) => x.blocked)).toEqual([false, false, true, true, true]);
    expect(list({ files: 'done', variables: 'done', products: 'done', positioning: 'done', done: 'done' }).some((x) => x.blocked)).toBe(false);
  });

  it('counts progress as done steps over the steps except done, rounded down', () => {
    expect(progressPercent(list(base))).toBe(50);
    // 2 of 3 is 66.6…: rounded down.
    expect(progressPercent(list({ files: 'done', variables: 'done', products: 'pending', done: 'pending' }))).toBe(66);
    // 1 of 5 with competitors; the 'done' step's own status never counts.
    expect(progressPercent(list({ files: 'done', variables: 'pending', products: 'pending', positioning: 'pending', competitors: 'pending', done: 'done' }))).toBe(20);
    expect(progressPercent(list({ files: 'done', variables: 'done', products: 'done', positioning: 'done', done: 'pending' }))).toBe(100);
    expect(progressPercent([])).toBe(0);
  });

  it('picks the current step: error first, then the viewed step if done, then generating, then the earliest pending or not started', () => {
    const withError = list({ files: 'done', variables: 'pending', products: 'generating', positioning: 'error', done: 'pending' });
    expect(currentStep(withError, 'files')?.name).toBe('positioning');
    const generating = list({ files: 'done', variables: 'pending', products: 'generating', positioning: 'pending', done: 'pending' });
    expect(currentStep(generating, 'files')?.name).toBe('files');
    // The viewed step counts only when it is done.
    expect(currentStep(generating, 'variables')?.name).toBe('products');
    expect(currentStep(generating)?.name).toBe('products');
    expect(currentStep(list({ files: 'done', variables: 'done', products: 'not-started', positioning: 'pending', done: 'pending' }))?.name).toBe('products');
    expect(currentStep(list({ files: 'done', variables: 'done', products: 'done', positioning: 'done', done: 'done' }))?.name).toBe('done');
  });

  it('hides the widget when every step is done or one is in error', () => {
    expect(widgetHidden(list(base))).toBe(false);
    expect(widgetHidden(list({ files: 'done', variables: 'done', products: 'done', positioning: 'done', done: 'done' }))).toBe(true);
    expect(widgetHidden(list({ ...base, files: 'error' }))).toBe(true);
  });

  it('polls every 5 s only while a step generates or a file is extracting', () => {
    expect(pollInterval(list(base))).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval(list({ ...base, positioning: 'generating' }))).toBe(5_000);
    expect(pollInterval(list(base), true)).toBe(5_000);
  });
});

describe('the step pages’ rules', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('flags a statement stale when never verified or verified more than 90 days ago', () => {
    expect(isStale(null, now)).toBe(true);
    expect(isStale('2026-03-03T12:00:00Z', now)).toBe(false); // exactly 90 days
    expect(isStale('2026-03-03T11:00:00Z', now)).toBe(true);
  });

  it('names a file’s units by its kind and a passage by its heading or location', () => {
    expect(['pdf', 'pptx', 'xlsx', 'docx', 'markdown'].map((k) => unitsOf(k as never))).toEqual(['pdf', 'pptx', 'xlsx', 'other', 'other']);
    expect(placeOf({ location: 'section', label: 'Pricing' })).toEqual({ heading: 'Pricing' });
    expect(placeOf({ location: 'section', label: null })).toEqual({ location: 'section' });
    expect(placeOf({ location: 'notes', label: 'Intro' })).toEqual({ location: 'notes' });
  });
});
