/// <reference types="chrome" />
// Every string the extension shows comes from _locales through chrome.i18n (locales.test.ts keeps en and de alike).

export const t = (key: string, substitutions?: string | string[]): string => chrome.i18n.getMessage(key, substitutions) || key;

/** Fills an extension page's static strings: data-i18n (text), data-i18n-placeholder, data-i18n-label (aria-label). */
export function localizePage(root: ParentNode = document): void {
  document.documentElement.lang = chrome.i18n.getUILanguage();
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n]')) el.textContent = t(el.dataset.i18n!);
  for (const el of root.querySelectorAll<HTMLInputElement>('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder!);
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel!));
}

/** A DOM element with text set through textContent only: server strings never become markup. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<'className' | 'textContent' | 'href' | 'type' | 'title', string>> & { testid?: string } = {},
  ...children: (Node | null)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { testid, ...rest } = props;
  Object.assign(node, rest);
  if (testid) node.dataset.testid = testid;
  for (const child of children) if (child) node.append(child);
  return node;
}
