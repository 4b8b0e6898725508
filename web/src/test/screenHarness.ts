// A screen rendered by a unit test in jsdom: what Mantine measures with (matchMedia, ResizeObserver), English strings,
// a React root in a container of its own for each test (unmounted after it), `fetch` answered by the test's fake, and
// axe's findings on what is rendered.
import axe from 'axe-core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../i18n/index.ts';

/** matchMedia of a phone (max-width queries match) or a desktop (min-width queries match). */
export const mediaQueries = (phone: boolean) => (query: string) => ({
  matches: phone ? query.includes('max-width') : query.includes('min-width'),
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
});

export const setPhone = (phone: boolean) => Object.defineProperty(window, 'matchMedia', { configurable: true, value: mediaQueries(phone) });

export type ScreenHarness = { readonly container: HTMLDivElement; readonly root: Root; remount(): void };

/** Registers the set-up of every test of the file; `before` and `after` run first in each test's set-up and tear-down. */
export function screenHarness(fakeFetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, hooks: { before?: () => void; after?: () => void } = {}): ScreenHarness {
  let container: HTMLDivElement;
  let root: Root;
  beforeAll(async () => {
    await i18nReady();
    await changeLanguage('en');
    setPhone(false);
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  beforeEach(() => {
    hooks.before?.();
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(() => {
    hooks.after?.();
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });
  return {
    get container() {
      return container;
    },
    get root() {
      return root;
    },
    /** A fresh root in the same container: the screen mounted anew, as on a reload. */
    remount() {
      act(() => root.unmount());
      root = createRoot(container);
    },
  };
}

/** axe's findings on the document, contrast and landmarks aside (jsdom computes no colours; a screen alone has no page landmarks). */
export async function axeFindings(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
