// Keyboard focus in browser tests: where it is, whether it shows, and walking to an element with Tab. A probe runs in
// every page the test opens (watchFocus, called before the first one loads) and reads focus there, so a step costs
// one call into the page, not one per question.
import { expect, type Locator, type Page } from '@playwright/test';

/** Where focus is after a key: whether it moved off the element that had it before, what shows it, and in words. */
type Stop = { moved: boolean; indicator: string | null; where: string };

type Probe = {
  /** What shows that `el` has focus, or null when nothing does. */
  indicator(el: Element): string | null;
  /** Remembers the element with focus now, for `stop` to tell whether focus moved. */
  mark(): void;
  stop(): Stop;
};

/** Runs in the page (Playwright sends its source: it uses nothing from outside). */
function installProbe() {
  /**
   * Its outline (not none, wider than 0, not transparent, and not wholly clipped by an ancestor that clips or scrolls)
   * or its box-shadow. A native control drawn by its label instead (Mantine's segmented controls hide their radio
   * inputs) shows focus on its label.
   */
  const indicator = (el: Element): string | null => {
    const box = el.getBoundingClientRect();
    const hidden = box.width <= 1 || box.height <= 1 || getComputedStyle(el).opacity === '0';
    const shown = hidden && el instanceof HTMLInputElement && el.labels?.length ? el.labels[0] : el;
    const s = getComputedStyle(shown);
    if (s.boxShadow !== 'none') return `box-shadow ${s.boxShadow}`;
    const width = parseFloat(s.outlineWidth);
    const transparent = s.outlineColor === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(s.outlineColor);
    if (s.outlineStyle === 'none' || !(width > 0) || transparent) return null;
    // The ring lies between the box grown by the offset and the box grown by offset + width. Some of it must be
    // inside what each clipping ancestor shows (up to a fixed one: those above it do not clip it).
    const offset = parseFloat(s.outlineOffset) || 0;
    const r = shown.getBoundingClientRect();
    const grow = (by: number) => ({ left: r.left - by, top: r.top - by, right: r.right + by, bottom: r.bottom + by });
    const inner = grow(offset);
    const outer = grow(offset + width);
    for (let a = shown.parentElement; a && a !== document.body; a = a.parentElement) {
      const as = getComputedStyle(a);
      if (as.overflowX !== 'visible' || as.overflowY !== 'visible') {
        const c = a.getBoundingClientRect();
        const seen = { left: Math.max(outer.left, c.left), top: Math.max(outer.top, c.top), right: Math.min(outer.right, c.right), bottom: Math.min(outer.bottom, c.bottom) };
        if (seen.left >= seen.right || seen.top >= seen.bottom) return null;
        if (seen.left >= inner.left && seen.top >= inner.top && seen.right <= inner.right && seen.bottom <= inner.bottom) return null;
      }
      if (as.position === 'fixed') break;
    }
    return `outline ${s.outlineStyle} ${s.outlineWidth}`;
  };
  const describe = () => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the page (body)';
    const attr = (name: string) => (el.getAttribute(name) ? ` ${name}=${el.getAttribute(name)}` : '');
    const text = el.getAttribute('aria-label') ?? (el instanceof HTMLElement ? el.innerText : '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return `<${el.tagName.toLowerCase()}${attr('role')}${attr('data-testid')}> "${text}"`;
  };
  let marked: Element | null = null;
  const probe: Probe = {
    indicator,
    mark: () => {
      marked = document.activeElement;
    },
    stop: () => {
      const el = document.activeElement;
      return { moved: el !== marked, indicator: !el || el === document.body ? 'body' : indicator(el), where: describe() };
    },
  };
  (window as unknown as { focusProbe: Probe }).focusProbe = probe;
}

/** Puts the probe in every document the page loads from now on: call it before the page opens the first. */
export const watchFocus = (page: Page) => page.addInitScript(installProbe);

/** Where focus is now (`moved` tells nothing here). */
export const focusNow = (page: Page) => page.evaluate(() => (window as unknown as { focusProbe: Probe }).focusProbe.stop());

/** Focus is on `target`, which shows that it has it. */
export async function expectFocus(target: Locator) {
  await expect(target).toBeFocused();
  expect(await target.evaluate((el) => (window as unknown as { focusProbe: Probe }).focusProbe.indicator(el)), `the focus indicator of ${target}`).not.toBeNull();
}

/** Focus is inside `container`: a dialog, or a Mantine menu just opened, which holds focus at its start until an arrow picks an item. */
export async function expectFocusWithin(container: Locator) {
  await expect.poll(() => container.evaluate((c) => c.contains(document.activeElement)), { message: `focus inside ${container}` }).toBe(true);
}

/** Whether `target` (one element) has focus now, without waiting for it to appear. */
export const hasFocus = (target: Locator) => target.evaluateAll((els) => els.length === 1 && els[0] === document.activeElement);

/** Presses `key`: focus must move off the element that had it, and what it moved to must show it. */
async function step(page: Page, key: string): Promise<Stop> {
  await page.evaluate(() => (window as unknown as { focusProbe: Probe }).focusProbe.mark());
  const before = (await focusNow(page)).where;
  await page.keyboard.press(key);
  const stop = await page.evaluate(() => (window as unknown as { focusProbe: Probe }).focusProbe.stop());
  expect(stop.moved, `${key} moved focus on from ${before}`).toBe(true);
  expect(stop.indicator, `${stop.where} shows its focus`).not.toBeNull();
  return stop;
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus: every press moves focus (nothing holds it), and every
 * element focus stops on on the way shows it. Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max && !(await hasFocus(target)); i++) await step(page, back ? 'Shift+Tab' : 'Tab');
  await expectFocus(target);
}

/** Presses Tab (Shift+Tab with `back`) `times` times inside `container`: each press moves focus, which stays inside and shows. */
export async function tabWithin(page: Page, container: Locator, times: number, { back = false } = {}) {
  for (let i = 0; i < times; i++) {
    const stop = await step(page, back ? 'Shift+Tab' : 'Tab');
    expect(await container.evaluate((c) => c.contains(document.activeElement)), `focus stayed in ${container}, not on ${stop.where}`).toBe(true);
  }
}
