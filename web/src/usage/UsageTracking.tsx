// The usage tracker in the signed-in app (tracker.ts): one per signed-in user, started by the app shell
// (SignedInApp) and told the route as it changes, for page views. Not started for the bare screens (card,
// battlecard and Ask embeds, shown inside other tools, whose time there is not a visit of the product) and
// never on public pages, which are outside the signed-in app. Components record with useUsage() or the
// module functions of tracker.ts; views of a thing shown once per opening with useRecordView().
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../core/SessionContext.tsx';
import { installUsageTracker, track, trackRoute, trackSearchOpen, trackShareCopy } from './record.ts';
import { browserUsageEnv, startUsageTracker, type UsageEventDraft } from './tracker.ts';

export function UsageTracking({ route, enabled }: { route: string | null; enabled: boolean }) {
  const userId = useSession().user.id;
  const { pathname } = useLocation();

  useEffect(() => {
    if (!enabled) return;
    return installUsageTracker(startUsageTracker(browserUsageEnv()));
  }, [enabled, userId]);

  useEffect(() => {
    trackRoute(route ? pathname : null, route);
  }, [pathname, route, enabled, userId]);

  return null;
}

const usage = { track, searchOpened: trackSearchOpen, shareCopied: trackShareCopy } as const;

/** What a component records: an event, the first result opened from a search, a share-link copy (throttled). */
export const useUsage = () => usage;

/**
 * Records `event` once each time it names something new (a board, a battlecard); null while there is nothing to
 * record yet (loading). The same event again, after a null, is not a new view.
 */
export function useRecordView(event: UsageEventDraft | null) {
  const key = event ? JSON.stringify(event) : null;
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || key === recorded.current) return;
    recorded.current = key;
    track(JSON.parse(key) as UsageEventDraft);
  }, [key]);
}
