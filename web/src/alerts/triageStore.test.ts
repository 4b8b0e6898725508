import { describe, expect, it } from 'vitest';
import { act, actionForKey, back, currentCard, emptyTriage, mergeCards } from './triageStore.ts';

const card = (id: number) => ({ id, state: 'unprocessed' as const, priority: null });

describe('triage store', () => {
  it('queues new cards once, in order', () => {
    let s = mergeCards(emptyTriage(), [card(1), card(2)]);
    s = mergeCards(s, [card(2), card(3)]);
    expect(s.queue).toEqual([1, 2, 3]);
    expect(currentCard(s)?.id).toBe(1);
  });

  it('skip and archive take the current card onto the actioned list', () => {
    let s = mergeCards(emptyTriage(), [card(1), card(2), card(3)]);
    s = act(s, 'skip');
    s = act(s, 'archive');
    expect(s.queue).toEqual([3]);
    expect(s.actioned.map((a) => [a.id, a.action])).toEqual([
      [1, 'skip'],
      [2, 'archive'],
    ]);
    expect(s.cards[2].state).toBe('archived');
    expect(s.cards[1].state).toBe('unprocessed');
    // An actioned card coming back in a refetched page is not queued again.
    expect(mergeCards(s, [card(2)]).queue).toEqual([3]);
  });

  it('important sets the priority and moves the item to working', () => {
    const s = act(mergeCards(emptyTriage(), [card(1)]), 'important');
    expect(s.cards[1]).toMatchObject({ priority: 'important', state: 'working' });
  });

  it('back restores the last actioned card to the front, with the update that undoes it', () => {
    let s = mergeCards(emptyTriage(), [card(1), card(2), card(3)]);
    s = act(act(s, 'skip'), 'delete');
    const r = back(s);
    expect(r.restored?.id).toBe(2);
    expect(r.undo).toEqual({ state: 'unprocessed' });
    expect(r.state.queue).toEqual([2, 3]);
    expect(r.state.cards[2].state).toBe('unprocessed');
    const r2 = back(r.state);
    expect(r2.restored?.id).toBe(1);
    expect(r2.undo).toBeNull();
    expect(r2.state.queue).toEqual([1, 2, 3]);
    expect(back(r2.state).restored).toBeNull();
  });

  it('acting on an empty queue changes nothing', () => {
    const s = emptyTriage();
    expect(act(s, 'archive')).toBe(s);
  });

  it('maps keys to actions, leaving modified keys alone', () => {
    const key = (k: string, mod = false) => actionForKey({ key: k, ctrlKey: mod, metaKey: false, altKey: false });
    expect(key('a')).toBe('archive');
    expect(key('s')).toBe('skip');
    expect(key('Backspace')).toBe('back');
    expect(key('n')).toBe('interesting');
    expect(key('a', true)).toBeNull();
    expect(key('x')).toBeNull();
  });
});
