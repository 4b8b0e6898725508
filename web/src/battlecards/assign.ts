// The assign-to-battlecards dialog's rules (part 2 §4, §5): ticks are kept locally and only the
// battlecards whose membership changed are saved on Done; a battlecard already holding the maximum
// number of cards cannot newly take this one.
import { BATTLECARD_LAYOUTS, BATTLECARD_MAX_CARDS, type BattlecardItem } from '../../../contracts/cards.ts';

export type AssignableBattlecard = Pick<BattlecardItem, 'id' | 'cards'>;
export type Ticks = Record<number, boolean>;

/** A card is on a battlecard when any layout holds it. */
export const holdsCard = (b: AssignableBattlecard, cardId: number) => BATTLECARD_LAYOUTS.some((l) => b.cards[l].includes(cardId));

/** Cards a battlecard holds, counted on its fullest layout. */
export const cardCount = (b: AssignableBattlecard) => Math.max(...BATTLECARD_LAYOUTS.map((l) => b.cards[l].length));

export function initialTicks(battlecards: readonly AssignableBattlecard[], cardId: number): Ticks {
  return Object.fromEntries(battlecards.map((b) => [b.id, holdsCard(b, cardId)]));
}

/** Unticking is always allowed; ticking needs a battlecard that holds the card already or has room. */
export function canTick(b: AssignableBattlecard, cardId: number): boolean {
  return holdsCard(b, cardId) || cardCount(b) < BATTLECARD_MAX_CARDS;
}

export type AssignChange = { id: number; cardData: Record<(typeof BATTLECARD_LAYOUTS)[number], number[]> };

/** The updates Done sends: the card appended to every layout of newly ticked battlecards, removed from unticked ones. */
export function assignChanges(battlecards: readonly AssignableBattlecard[], cardId: number, ticks: Ticks): AssignChange[] {
  const out: AssignChange[] = [];
  for (const b of battlecards) {
    const want = ticks[b.id] ?? false;
    if (want === holdsCard(b, cardId)) continue;
    const layouts = BATTLECARD_LAYOUTS.map((l) => {
      const rest = b.cards[l].filter((id) => id !== cardId);
      return [l, want ? [...rest, cardId] : rest] as const;
    });
    out.push({ id: b.id, cardData: Object.fromEntries(layouts) as AssignChange['cardData'] });
  }
  return out;
}

/** A new battlecard's name: trimmed, and not empty. */
export const battlecardName = (raw: string): string | null => raw.trim() || null;
