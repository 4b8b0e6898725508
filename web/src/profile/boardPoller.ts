// Board update polling (part 1 §4, §9): an open board asks every BOARD_POLL_MS when it last changed and refetches
// when the server's updatedAt is newer than the one it shows. Nothing is asked while the tab is hidden; coming
// back asks at once when a poll fell due meanwhile; a board that is gone (404) is not asked again. Framework-free, so the timing is unit-tested with fake timers.

/** The part of `document` the poller needs. */
export type VisibilitySource = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

type Options = {
  intervalMs: number;
  /** The board's last change as the server says (an ISO date, or null for an empty board). */
  fetchUpdatedAt: () => Promise<string | null>;
  /** Called when the board changed since `since` was taken. */
  onNewer: () => void;
  /** A failed poll that no later one can mend (the board is gone): polling stops. */
  isGone: (error: unknown) => boolean;
  doc: VisibilitySource;
};

/** True when `server` is a later date than `local` (a board that had no date and now has one changed too). */
export const isNewer = (server: string | null, local: string | null): boolean =>
  server !== null && (local === null || Date.parse(server) > Date.parse(local));

/** Starts polling from the board's date as shown (`since`); answers a function that stops it. */
export function startBoardPoller(since: string | null, o: Options): () => void {
  let local = since;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let due = false;
  let stopped = false;

  const schedule = () => {
    timer = setTimeout(tick, o.intervalMs);
  };
  const poll = async () => {
    try {
      const server = await o.fetchUpdatedAt();
      if (!stopped && isNewer(server, local)) {
        local = server;
        o.onNewer();
      }
    } catch (err) {
      // Any other failure is retried at the next interval; the board stays as it is.
      if (o.isGone(err)) stop();
    }
  };
  function tick() {
    timer = null;
    if (o.doc.visibilityState === 'hidden') {
      due = true; // asked again as soon as the tab shows
      return;
    }
    void poll().then(() => !stopped && schedule());
  }
  const onVisibility = () => {
    if (o.doc.visibilityState !== 'visible' || !due || stopped) return;
    due = false;
    void poll().then(() => !stopped && schedule());
  };

  function stop() {
    stopped = true;
    if (timer) clearTimeout(timer);
    o.doc.removeEventListener('visibilitychange', onVisibility);
  }

  o.doc.addEventListener('visibilitychange', onVisibility);
  schedule();
  return stop;
}
