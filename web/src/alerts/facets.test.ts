import { describe, expect, it } from 'vitest';
import { facetItems, learnNames } from './facets.ts';
import { submitIntelBody, canSubmitIntel } from './submitIntel.ts';
import { jobDone, jobPercent } from './jobs.ts';

describe('sidebar facets', () => {
  it('lists selected values first with their mode, keeps selected values the results lack', () => {
    const items = facetItems(
      [
        { key: 1, name: 'Lumenary', count: 4 },
        { key: 2, name: 'Quantica', count: 9 },
      ],
      [
        { value: 1, type: 'must' },
        { value: null, type: 'must_not' },
      ],
      (v) => (v === null ? 'No rival' : `#${v}`),
    );
    expect(items.map((i) => [i.name, i.count, i.type])).toEqual([
      ['Lumenary', 4, 'must'],
      ['No rival', 0, 'must_not'],
      ['Quantica', 9, null],
    ]);
  });

  it('learns names from aggregations', () => {
    const book = learnNames(new Map(), { rivals: [{ key: 3, name: 'Quantica', count: 1 }] });
    expect(book.get('rivals:3')).toBe('Quantica');
  });
});

describe('submit intel', () => {
  it('is disabled while the text is empty or a submit runs', () => {
    expect(canSubmitIntel('  ', 'none')).toBe(false);
    expect(canSubmitIntel('news', 'loading')).toBe(false);
    expect(canSubmitIntel('news', 'error')).toBe(true);
  });

  it('sends Other as null rivals, a rival as a one-item list', () => {
    expect(submitIntelBody({ rival: '-1', title: ' T ', content: ' body ' })).toEqual({
      item: { alert_type: 'in-app', title: 'T', content: 'body' },
      rivals: null,
    });
    expect(submitIntelBody({ rival: '7', title: '', content: 'x' }).rivals).toEqual([7]);
    expect(submitIntelBody({ rival: null, title: '', content: 'x' }).rivals).toBeNull();
  });
});

describe('bulk jobs', () => {
  it('reads progress and when to stop polling', () => {
    expect(jobPercent({ tasksCompleted: 250, tasksTotal: 1000, state: 'running' })).toBe(25);
    expect(jobPercent({ tasksCompleted: 0, tasksTotal: 0, state: 'completed' })).toBe(100);
    expect(jobDone({ state: 'running' })).toBe(false);
    expect(jobDone({ state: 'cancelled' })).toBe(true);
  });
});

describe('facets with known values', () => {
  it('offers every state even when the filters let only one through', () => {
    const items = facetItems([{ key: 'unprocessed', name: 'unprocessed', count: 12 }], [{ value: 'unprocessed', type: 'should' }], String, ['unprocessed', 'working', 'archived', 'deleted']);
    expect(items.map((i) => [i.value, i.count, i.type])).toEqual([
      ['unprocessed', 12, 'should'],
      ['archived', 0, null],
      ['deleted', 0, null],
      ['working', 0, null],
    ]);
  });
});
