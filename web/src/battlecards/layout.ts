// How a battlecard is laid out on screen: the device layout (desktop, tablet, mobile; part 2 §3) picks
// the card list and the width; the display layout "stacker" (the default) stacks cards in one column,
// any other lays them out in columns.
import type { BattlecardLayoutKind } from '../../../contracts/cards.ts';

export const DEFAULT_DISPLAY_LAYOUT = 'stacker';
/** The display layouts a curator can pick: stacked in one column, or a grid of columns. */
export const DISPLAY_LAYOUTS = [DEFAULT_DISPLAY_LAYOUT, 'grid'] as const;
export const LAYOUT_WIDTH: Record<BattlecardLayoutKind, number | null> = { desktop: null, tablet: 820, mobile: 400 };

/** Columns of a battlecard: one when stacked or on mobile, else two (tablet) or three (desktop). */
export function columnsOf(displayLayout: string | null | undefined, device: BattlecardLayoutKind): number {
  if ((displayLayout || DEFAULT_DISPLAY_LAYOUT) === DEFAULT_DISPLAY_LAYOUT || device === 'mobile') return 1;
  return device === 'tablet' ? 2 : 3;
}

/** The device layout named by ?layout=, desktop by default. */
export function deviceOf(search: string): BattlecardLayoutKind {
  const v = new URLSearchParams(search).get('layout');
  return v === 'tablet' || v === 'mobile' ? v : 'desktop';
}
