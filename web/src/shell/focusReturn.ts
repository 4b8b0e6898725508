// Focus given back when an overlay leaves the page. Dialogs, drawers, menus and popovers render in Mantine's portal;
// Mantine returns focus to what had it before only when an overlay's `opened` turns false, but most of the product's
// dialogs are rendered only while shown (mounted open, unmounted to close: `{editing && <Dialog opened … />}`, the
// card viewer of ?viewCard=). Their closing took the focused element with them and left focus on the page's body:
// a keyboard user started again from the top of the page. Here, once for the whole app: when the focused element
// leaves the page with the overlay it was in, focus goes back to the control that opened the overlay (under a
// dialog opened from another dialog, to the first dialog's control that opened it).
import { useEffect } from 'react';

/** Where focus was lately, newest last: enough to step back over a dialog opened from a dialog opened from a menu. */
const REMEMBERED = 20;

/** Whether an element is inside an overlay: Mantine renders overlays in its portal node. */
const inOverlay = (el: Element) => el.closest('[data-portal]') !== null;

/** An element that had focus, and whether it was in an overlay then (once gone, it has no ancestors to ask). */
type Focused = { el: HTMLElement; overlay: boolean };

/** Watches focus and overlays for as long as the app is mounted; answers how to stop. */
export function watchFocusReturn(doc: Document = document): () => void {
  const recent: Focused[] = [];
  const onFocusIn = (e: FocusEvent) => {
    if (!(e.target instanceof HTMLElement)) return;
    recent.push({ el: e.target, overlay: inOverlay(e.target) });
    if (recent.length > REMEMBERED) recent.shift();
  };
  const observer = new MutationObserver(() => {
    const last = recent.at(-1);
    // Only focus lost with an overlay: not a page's own change (a feed row that left), nor a click on nothing.
    if (!last || last.el.isConnected || !last.overlay) return;
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    // Back through the overlays' own controls (a dialog opened from a dialog) to the control the first was opened
    // from, and no further: when that is gone too (the dialog led to another page), focus stays where the page puts it.
    for (let i = recent.length - 1; i >= 0; i--) {
      const { el, overlay } = recent[i];
      if (el.isConnected) {
        el.focus({ preventScroll: true });
        if (doc.activeElement === el) break;
      }
      if (!overlay) break;
    }
    // What is gone is forgotten, so the same loss is not answered twice.
    for (let i = recent.length - 1; i >= 0; i--) if (!recent[i].el.isConnected) recent.splice(i, 1);
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}

export function useFocusReturn() {
  useEffect(() => watchFocusReturn(), []);
}
