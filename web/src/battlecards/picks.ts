// The card picker's rule (part 2 §5, §9; a landing page's curated sections): at most `max` cards picked. Apart
// from editing.ts so that the picker, which the landing page loads too, carries only this.

/** The picker can newly pick a card only while fewer than `max` are picked; unpicking is always allowed. */
export const canPick = (picked: readonly number[], cardId: number, max: number): boolean => picked.includes(cardId) || picked.length < max;

/** Toggles a card in the picker's list, refusing a pick past the limit (the list is returned unchanged). */
export function togglePick(picked: readonly number[], cardId: number, max: number): number[] {
  if (picked.includes(cardId)) return picked.filter((id) => id !== cardId);
  return canPick(picked, cardId, max) ? [...picked, cardId] : [...picked];
}
