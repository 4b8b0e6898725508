// Battlecard editing rules (part 2 §3, §5, §9): the cards a battlecard holds, what the card picker's picks
// (picks.ts) do to its layouts, reordering one device layout, and how a saved change looks before the server answers.
import { BATTLECARD_LAYOUTS, type BattlecardItem, type BattlecardLayoutKind } from '../../../contracts/cards.ts';
import type { BattlecardCards } from '../../../contracts/competitors.ts';

export type Layouts = Record<BattlecardLayoutKind, number[]>;
/** What one PUT /battlecards/{id}.json changes; cardData always names every layout. */
export type BattlecardChanges = { title?: string; layout?: string; isDraft?: boolean; cardData?: Layouts };

/** The cards a battlecard holds on any layout, desktop order first. */
export const cardsOn = (cards: Layouts): number[] => [...new Set(BATTLECARD_LAYOUTS.flatMap((l) => cards[l]))];

/** The layouts after the picker's Done: unpicked cards leave every layout, newly picked ones join the end of every layout. */
export function applyPicks(cards: Layouts, picked: readonly number[]): Layouts {
  const held = new Set(cardsOn(cards));
  const added = picked.filter((id) => !held.has(id));
  const keep = new Set(picked);
  return Object.fromEntries(BATTLECARD_LAYOUTS.map((l) => [l, [...cards[l].filter((id) => keep.has(id)), ...added]])) as Layouts;
}

export const removeCard = (cards: Layouts, cardId: number): Layouts => applyPicks(cards, cardsOn(cards).filter((id) => id !== cardId));

/** Moves the card at `from` to `to` in one layout (the others keep their order); out of range changes nothing. */
export function moveCard(cards: Layouts, layout: BattlecardLayoutKind, from: number, to: number): Layouts {
  const list = cards[layout];
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return cards;
  const next = [...list];
  const [card] = next.splice(from, 1);
  next.splice(to, 0, card);
  return { ...cards, [layout]: next };
}

/** The list entry as it will be once the change is saved; `titles` names cards the entry does not know yet. */
export function patchBattlecard(b: BattlecardItem, change: BattlecardChanges, titles: Record<string, string> = {}): BattlecardItem {
  const cards = change.cardData ?? b.cards;
  const names = { ...titles, ...b.cardTitles };
  return {
    ...b,
    title: change.title ?? b.title,
    layout: change.layout ?? b.layout,
    isDraft: change.isDraft ?? b.isDraft,
    cards,
    cardTitles: Object.fromEntries(cardsOn(cards).flatMap((id) => (names[id] === undefined ? [] : [[String(id), names[id]]]))),
  };
}

/** The cards of one device layout as they will be once the change is saved; cards it has not loaded yet follow on refetch. */
export function patchBattlecardCards(view: BattlecardCards, device: BattlecardLayoutKind, change: BattlecardChanges): BattlecardCards {
  const byId = new Map(view.cards.map((c) => [c.id, c]));
  const cards = change.cardData ? change.cardData[device].flatMap((id) => byId.get(id) ?? []) : view.cards;
  return { ...view, title: change.title ?? view.title, layout: change.layout ?? view.layout, isDraft: change.isDraft ?? view.isDraft, cards };
}
