// How a battlecard is laid out on screen: the device layout (desktop, tablet, mobile; part 2 §3) picks
// the card list, the width and the most columns; as many of those columns show as fit the width at a
// readable size, so the desktop layout uses a wide screen and a phone gets one column. The display
// layout "stacker" (the default) stacks the cards down the columns in their order (the first cards down
// the first column, as in a newspaper, so reading and tab order match what one sees), splitting them
// where the columns come out about equally tall; "grid" lines the cards up in rows.
import type { BattlecardLayoutKind } from '../../../contracts/cards.ts';

export const DEFAULT_DISPLAY_LAYOUT = 'stacker';
/** The display layouts a curator can pick: stacked columns, or a grid of rows. */
export const DISPLAY_LAYOUTS = [DEFAULT_DISPLAY_LAYOUT, 'grid'] as const;
export const LAYOUT_WIDTH: Record<BattlecardLayoutKind, number | null> = { desktop: null, tablet: 820, mobile: 400 };
/** The most columns of each device layout. */
export const MAX_COLUMNS: Record<BattlecardLayoutKind, number> = { desktop: 3, tablet: 2, mobile: 1 };
/** A column narrower than this squeezes a card's tables and lists. */
export const MIN_COLUMN_WIDTH = 320;
export const COLUMN_GAP = 16;

/** Columns of a battlecard `width` pixels wide: as many as fit at MIN_COLUMN_WIDTH, at most the device's. */
export function columnsOf(device: BattlecardLayoutKind, width: number): number {
  const fit = Math.floor((width + COLUMN_GAP) / (MIN_COLUMN_WIDTH + COLUMN_GAP));
  return Math.max(1, Math.min(MAX_COLUMNS[device], fit));
}

export const isStacked = (displayLayout: string | null | undefined) => (displayLayout || DEFAULT_DISPLAY_LAYOUT) === DEFAULT_DISPLAY_LAYOUT;

/** About how tall a card shows, in characters of text: block elements and live-data blocks take room. */
export function cardWeight(html: string | null | undefined): number {
  const text = (html ?? '').replace(/<[^>]*>/g, '').length;
  const blocks = (html ?? '').match(/<(p|li|tr|h[1-6]|blockquote)\b/g)?.length ?? 0;
  const formulas = (html ?? '').match(/\{\{/g)?.length ?? 0;
  return 150 + text + 45 * blocks + 700 * formulas;
}

/**
 * The stacker's columns: the cards in order, cut into at most `columns` runs (each run a column, top
 * to bottom) whose weights are as even as can be (the least sum of squares); on a tie the earlier
 * columns take more.
 */
export function stackColumns(weights: readonly number[], columns: number): number[][] {
  const n = weights.length;
  const k = Math.max(1, Math.min(columns, n));
  const prefix = [0];
  for (const w of weights) prefix.push(prefix[prefix.length - 1] + w);
  // best[j][i]: the least cost of the first i cards in j runs; cut[j][i]: where the last of those runs starts.
  const best = Array.from({ length: k + 1 }, () => Array<number>(n + 1).fill(Infinity));
  const cut = Array.from({ length: k + 1 }, () => Array<number>(n + 1).fill(0));
  best[0][0] = 0;
  for (let j = 1; j <= k; j++) {
    for (let i = j; i <= n; i++) {
      for (let s = j - 1; s < i; s++) {
        const cost = best[j - 1][s] + (prefix[i] - prefix[s]) ** 2;
        if (cost <= best[j][i]) {
          best[j][i] = cost;
          cut[j][i] = s;
        }
      }
    }
  }
  const out: number[][] = [];
  for (let j = k, i = n; j > 0; j--) {
    const s = cut[j][i];
    out.unshift(Array.from({ length: i - s }, (_, x) => s + x));
    i = s;
  }
  return out;
}

/** The device layout named by ?layout=, desktop by default. */
export function deviceOf(search: string): BattlecardLayoutKind {
  const v = new URLSearchParams(search).get('layout');
  return v === 'tablet' || v === 'mobile' ? v : 'desktop';
}
