// The landing page's timing and scrolling: the delay message after LANDING.delayMessageMs of waiting, and the
// table of contents' scroll-spy (model.ts currentSection decides).
import { useEffect, useState, type RefObject } from 'react';
import { LANDING } from '../../../contracts/landing.ts';
import { currentSection, type InView } from './model.ts';

/** True once `waiting` has held for LANDING.delayMessageMs without a break (part 3 §4.5). */
export function useDelayMessage(waiting: boolean): boolean {
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    setDelayed(false);
    if (!waiting) return;
    const timer = setTimeout(() => setDelayed(true), LANDING.delayMessageMs);
    return () => clearTimeout(timer);
  }, [waiting]);
  return delayed;
}

/** Where the eye reads, as a share of the screen's height from its top (below the top bar). */
const READING_LINE = 0.3;

/**
 * The id of the section ([data-section] inside `container`) the reader is at, watched with an IntersectionObserver;
 * `order` lists the ids in page order. `mark` sets it at once (a table-of-contents click).
 */
export function useScrollSpy(container: RefObject<HTMLElement | null>, order: readonly string[]) {
  const [current, setCurrent] = useState<string | null>(order[0] ?? null);
  const key = order.join(' ');
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const ids = key.split(' ');
    const inView = new Map<string, InView>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) inView.set((e.target as HTMLElement).dataset.section ?? '', { ratio: e.intersectionRatio, bottom: e.intersectionRect.bottom });
        setCurrent((previous) => currentSection(inView, ids, window.innerHeight * READING_LINE, previous));
      },
      // Every twentieth of a section coming into or leaving view tells where it now ends.
      { threshold: Array.from({ length: 21 }, (_, i) => i / 20) },
    );
    for (const element of root.querySelectorAll<HTMLElement>('[data-section]')) observer.observe(element);
    return () => observer.disconnect();
  }, [container, key]);
  return [current, setCurrent] as const;
}
