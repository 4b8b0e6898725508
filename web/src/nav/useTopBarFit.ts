// Measures the top bar for topBarFit.ts: the room the search box's input can take (the width of the slot the box
// sits in, less its mode switch), and the width it needs (SEARCH_MIN_WIDTH, or its placeholder whole when that is
// wider), before the first paint and whenever the slot or the box changes size or the placeholder changes. A new
// `resetKey` (the language, the menus) starts over from the full bar.
import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { FIT_START, refit, SEARCH_MIN_WIDTH } from './topBarFit.ts';

const FORM = '[data-testid="unified-search"]';
const INPUT = 'input[data-testid="unified-search-input"]';

let canvas: HTMLCanvasElement | null = null;

/** The width an input needs to show its placeholder whole: the text in the input's font, and its paddings and borders. */
function placeholderWidth(input: HTMLInputElement): number {
  const style = getComputedStyle(input);
  canvas ??= document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return 0;
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  // Its paddings hold the icon and the shortcut key; 4 px for the borders and rounding.
  return Math.ceil(ctx.measureText(input.placeholder).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 4);
}

/** How many of topBarFit.ts's steps the bar takes (0 while `enabled` is false: the phone's bar has no box in it). */
export function useTopBarFit(slot: RefObject<HTMLElement | null>, resetKey: string, enabled: boolean): number {
  const [state, setState] = useState({ key: resetKey, fit: FIT_START });
  if (state.key !== resetKey) setState({ key: resetKey, fit: FIT_START });

  const measure = useCallback(() => {
    const el = slot.current;
    const form = el?.querySelector<HTMLElement>(FORM);
    const input = el?.querySelector<HTMLInputElement>(INPUT);
    if (!el || !form || !input) return;
    const room = el.clientWidth - (form.getBoundingClientRect().width - input.getBoundingClientRect().width);
    const need = Math.max(SEARCH_MIN_WIDTH, placeholderWidth(input));
    setState((s) => {
      const fit = refit(s.fit, room, need);
      return fit === s.fit ? s : { ...s, fit };
    });
  }, [slot]);

  // Before paint, on every render of the bar: the first screen shows the bar already fitted.
  useLayoutEffect(() => {
    if (enabled) measure();
  });

  useEffect(() => {
    const el = slot.current;
    if (!enabled || !el) return;
    // The slot's width is the bar's leftover room; what sits in it changes only with the language, which starts over.
    const sizes = new ResizeObserver(() => measure());
    sizes.observe(el);
    const input = el.querySelector(INPUT);
    const placeholder = new MutationObserver(() => measure());
    if (input) placeholder.observe(input, { attributes: true, attributeFilter: ['placeholder'] });
    return () => {
      sizes.disconnect();
      placeholder.disconnect();
    };
  }, [enabled, measure, slot]);

  return enabled ? state.fit.level : 0;
}
