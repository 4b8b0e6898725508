import { describe, expect, it } from 'vitest';
import { changeOf, undoUpdate, type Before } from './undo.ts';

const fresh: Before = { state: 'unprocessed', priority: null, publishedAt: null };

describe('undoing an action on an intel item', () => {
  it('puts back the state an archive or delete changed, and nothing else', () => {
    expect(undoUpdate({ ...fresh, state: 'working', priority: 'interesting' }, { state: 'archived' })).toEqual({ state: 'working' });
    expect(changeOf(fresh, { state: 'deleted' })).toBe('deleted');
  });

  it('puts back the priority a mark changed, and the state when triage moved it to working', () => {
    expect(undoUpdate(fresh, { priority: 'important' })).toEqual({ priority: null });
    expect(undoUpdate({ ...fresh, priority: 'interesting' }, { priority: 'important', state: 'working' })).toEqual({ priority: 'interesting', state: 'unprocessed' });
    expect(changeOf(fresh, { priority: 'important' })).toBe('important');
    expect(changeOf({ ...fresh, priority: 'important' }, { priority: null })).toBe('priorityRemoved');
  });

  it('unpublishes and puts back the state after a first publish; a republish stays published', () => {
    expect(undoUpdate(fresh, { publishIntel: true })).toEqual({ state: 'unprocessed', publishIntel: false });
    expect(changeOf(fresh, { publishIntel: true })).toBe('published');
    const published: Before = { state: 'archived', priority: null, publishedAt: '2026-12-01T10:00:00Z' };
    expect(undoUpdate(published, { publishIntel: true })).toEqual({ state: 'archived' });
    expect(changeOf(published, { publishIntel: true })).toBe('republished');
  });

  it('has nothing to undo for an update that changes neither state, priority nor publication', () => {
    expect(undoUpdate(fresh, { curatedTitle: 'New title' })).toBeNull();
    expect(changeOf(fresh, { curatedTitle: 'New title' })).toBeNull();
  });
});
