// What components record through: the running tracker (tracker.ts, started by the app shell), kept apart from it so
// screens on the first screen (the global search box) record without loading the tracker itself. These do nothing
// while no tracker runs (signed out, embeds, tests); the shell loads its tracker after the first screen, so the few
// events recorded before it starts (a card opened by a link) wait for it.
import type { SearchOpen, ShareTarget, UsageEventDraft, UsageTracker } from './tracker.ts';

let current: UsageTracker | null = null;
const EARLY_MAX = 20;
let early: UsageEventDraft[] = [];

/** Makes `tracker` the one the functions below use; answers a function that stops and removes it. */
export function installUsageTracker(tracker: UsageTracker): () => void {
  current?.stop();
  current = tracker;
  for (const event of early) tracker.track(event);
  early = [];
  return () => {
    tracker.stop();
    if (current === tracker) current = null;
  };
}

export const track = (event: UsageEventDraft): void => {
  if (current) current.track(event);
  else if (early.length < EARLY_MAX) early.push(event);
};
export const trackRoute = (path: string | null, route: string | null): void => current?.route(path, route);
export const trackSearchOpen = (open: SearchOpen): boolean => current?.searchOpened(open) ?? false;
export const trackShareCopy = (target: ShareTarget, targetId?: number): boolean => current?.shareCopied(target, targetId) ?? false;
export const flushUsage = (): void => current?.flush();
