// The triage store (part 1 §3 Triage store, §4 Triage): the cards by id, the triage queue and the
// actioned list. Acting on the current card (skip, archive, delete, important, interesting) takes it off
// the queue onto the actioned list with what it was before; back restores the last actioned card to the
// front, with the update that undoes it. A pure reducer; see triageStore.test.ts.
import type { IntelHit, IntelUpdate } from '../../../contracts/intel.ts';
import { undoUpdate } from './undo.ts';

export const TRIAGE_ACTIONS = ['skip', 'archive', 'delete', 'important', 'interesting'] as const;
export type TriageAction = (typeof TRIAGE_ACTIONS)[number];

/** Keyboard shortcuts of triage; the legend lists them in this order. */
export const TRIAGE_KEYS: Record<TriageAction | 'back', string[]> = {
  skip: ['s', 'ArrowRight'],
  archive: ['a'],
  delete: ['d'],
  important: ['i'],
  interesting: ['n'],
  back: ['b', 'Backspace'],
};

export type TriageCard = Pick<IntelHit, 'id' | 'state' | 'priority'> & Partial<IntelHit>;
export type Actioned = { id: number; action: TriageAction; before: Pick<IntelHit, 'state' | 'priority'> };
export type TriageState = { cards: Record<number, TriageCard>; queue: number[]; actioned: Actioned[] };

export const emptyTriage = (): TriageState => ({ cards: {}, queue: [], actioned: [] });

/**
 * The update an action sends: archive and delete set the state; important and interesting set the
 * priority and move the item to working (it was looked at and kept for follow-up); skip changes nothing.
 */
export function triageUpdate(action: TriageAction): IntelUpdate | null {
  switch (action) {
    case 'skip':
      return null;
    case 'archive':
    case 'delete':
      return { state: action === 'archive' ? 'archived' : 'deleted' };
    case 'important':
    case 'interesting':
      return { priority: action, state: 'working' };
  }
}

/** Adds cards not seen yet to the end of the queue (cards already actioned or queued are kept as they are). */
export function mergeCards(s: TriageState, hits: readonly TriageCard[]): TriageState {
  const known = new Set([...s.queue, ...s.actioned.map((a) => a.id)]);
  const fresh = hits.filter((h) => !known.has(h.id));
  if (!fresh.length) return s;
  const cards = { ...s.cards };
  for (const h of fresh) cards[h.id] = h;
  return { ...s, cards, queue: [...s.queue, ...fresh.map((h) => h.id)] };
}

export const currentCard = (s: TriageState): TriageCard | null => (s.queue.length ? (s.cards[s.queue[0]] ?? null) : null);

/** Acts on the current card: it leaves the queue for the actioned list, its local copy updated. */
export function act(s: TriageState, action: TriageAction): TriageState {
  const card = currentCard(s);
  if (!card) return s;
  const update = triageUpdate(action);
  const after: TriageCard = update ? { ...card, ...(update.state ? { state: update.state } : {}), ...(update.priority !== undefined ? { priority: update.priority } : {}) } : card;
  return {
    cards: { ...s.cards, [card.id]: after },
    queue: s.queue.slice(1),
    actioned: [...s.actioned, { id: card.id, action, before: { state: card.state, priority: card.priority } }],
  };
}

/** Back: the last actioned card returns to the front as it was; the answer says what update undoes it. */
export function back(s: TriageState): { state: TriageState; restored: Actioned | null; undo: IntelUpdate | null } {
  const last = s.actioned.at(-1);
  if (!last) return { state: s, restored: null, undo: null };
  const card = s.cards[last.id];
  const state: TriageState = {
    cards: { ...s.cards, [last.id]: { ...card, ...last.before } },
    queue: [last.id, ...s.queue],
    actioned: s.actioned.slice(0, -1),
  };
  const update = triageUpdate(last.action);
  const undo = update && undoUpdate(last.before, update);
  return { state, restored: last, undo };
}

/** Which action a key press stands for, if any (modifier keys leave the browser's own shortcuts alone). */
export function actionForKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): TriageAction | 'back' | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  for (const [action, keys] of Object.entries(TRIAGE_KEYS)) if (keys.includes(e.key)) return action as TriageAction | 'back';
  return null;
}
