// Usage events of the web app (part 1 §9, part 3 §9; contracts/usage.ts): a queue that stamps each event with
// the browser's time and sends what it holds to POST /api/events.json every CLIENT_SEND_EVERY_MS and at once when
// the page is hidden, in batches of at most COLLECTOR_MAX_EVENTS, with keepalive so a closing tab still delivers.
// It also keeps the three timings the reports need: page views (a route that stayed put PAGE_VIEW_DEBOUNCE_MS),
// visits (heartbeats of HEARTBEAT_SECONDS while the tab is visible, reported once MIN_VISIT_SECONDS are reached),
// and the once-per-search and once-per-SHARE_TRACK_THROTTLE_MS rules of search opens and share-link copies.
//
// Sending never blocks nor throws into the UI. A batch that fails on the network or with a 5xx (or 408/429) is kept
// and retried at the next send (at most MAX_QUEUED_EVENTS are kept, the oldest dropped); any other 4xx drops it,
// as it would fail again; a 401 means the session is over, so the tracker stops. Framework-free (the browser is
// passed in), so the timing is unit-tested with fake timers; UsageTracking.tsx mounts one per signed-in user.
//
// Visits: one visitId per stretch of the tab being visible; a hidden stretch shorter than VISIT_IDLE_MS resumes the
// visit (the heartbeat picks up where it paused), a longer one ends it and the next visible stretch starts a new
// one. A visit that never reaches MIN_VISIT_SECONDS is never sent.
import {
  CLIENT_SEND_EVERY_MS,
  COLLECTOR_MAX_EVENTS,
  HEARTBEAT_SECONDS,
  MIN_VISIT_SECONDS,
  PAGE_VIEW_DEBOUNCE_MS,
  SHARE_TRACK_THROTTLE_MS,
  type SearchContext,
  type UsageEventInput,
} from '../../../contracts/usage.ts';
import { csrfHeaders } from '../api/client.ts';

export const USAGE_ENDPOINT = '/api/events.json';
/** Events kept while the collector cannot be reached; past this the oldest are dropped. */
export const MAX_QUEUED_EVENTS = 1_000;
/** A hidden stretch longer than this ends the visit; a shorter one resumes it. */
export const VISIT_IDLE_MS = 30 * 60_000;
/**
 * Browsers allow a page 64 KiB of keepalive request bodies in flight; a request past that fails outright. A batch
 * stays under MAX_BATCH_BYTES and a send starts no batch past KEEPALIVE_BUDGET_BYTES in flight (the rest waits).
 */
export const MAX_BATCH_BYTES = 30_000;
export const KEEPALIVE_BUDGET_BYTES = 60_000;
/** Search ids remembered, so that only the first result opened from a search counts. */
const MAX_REMEMBERED_SEARCHES = 500;
const HEARTBEAT_MS = HEARTBEAT_SECONDS * 1000;
/** The contract's bound on a visit event's seconds. */
const MAX_VISIT_REPORT_SECONDS = 3_600;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event as a component records it: the tracker stamps `at`, the server knows the user. */
export type UsageEventDraft = DistributiveOmit<UsageEventInput, 'at' | 'userId'>;
export type SearchOpen = { searchId: string; query: string; context: SearchContext; rank: number; cardId?: number };
export type ShareTarget = Extract<UsageEventDraft, { kind: 'shareCopy' }>['target'];

/** The part of the browser the tracker uses. */
export type UsageEnv = {
  fetch: (url: string, init: RequestInit) => Promise<{ status: number }>;
  /** visibilitychange */
  doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  /** pagehide */
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The headers every non-GET call of the app carries (the CSRF token). */
  headers: () => Record<string, string>;
  uuid: () => string;
  now: () => number;
};

export type UsageTracker = {
  /** Queues an event; one that breaks the contract's bounds is left out rather than fail its whole batch. */
  track(event: UsageEventDraft): void;
  /** The current pathname and route key (null while no screen shows, e.g. during a redirect). */
  route(path: string | null, route: string | null): void;
  /** Records the open of a search result unless one was already recorded for this search; true when recorded. */
  searchOpened(open: SearchOpen): boolean;
  /** Records a share-link copy at most once per SHARE_TRACK_THROTTLE_MS per target and id; true when recorded. */
  shareCopied(target: ShareTarget, targetId?: number): boolean;
  /** Sends what is queued now (with the visit's seconds so far). */
  flush(): void;
  /** Sends what is queued and stops every timer and listener. */
  stop(): void;
};

type Stamped = UsageEventInput & { at: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The contract's length limits of the text fields. */
const TEXT_MAX: Record<string, number> = { path: 300, route: 60, query: 500 };
const ID_FIELDS = ['cardId', 'battlecardId', 'profileId', 'targetId'];

/** The event within the contract's bounds (texts trimmed and cut to length), or null when it cannot be. */
export function sanitizeEvent(event: UsageEventDraft): UsageEventDraft | null {
  const out: Record<string, unknown> = { ...event };
  for (const [field, max] of Object.entries(TEXT_MAX)) {
    if (!(field in out)) continue;
    const text = typeof out[field] === 'string' ? (out[field] as string).trim().slice(0, max).trim() : '';
    if (!text) return null;
    out[field] = text;
  }
  for (const field of ID_FIELDS) {
    if (out[field] === undefined) continue;
    if (!Number.isSafeInteger(out[field]) || (out[field] as number) < 1) return null;
  }
  for (const field of ['searchId', 'visitId']) if (field in out && !UUID.test(String(out[field]))) return null;
  if (event.kind === 'searchOpen' && !(Number.isInteger(event.rank) && event.rank >= 1 && event.rank <= 10_000)) return null;
  if (event.kind === 'visit' && !(Number.isInteger(event.seconds) && event.seconds >= 1 && event.seconds <= MAX_VISIT_REPORT_SECONDS)) return null;
  return out as UsageEventDraft;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

/** Whether a failed batch is worth sending again: the network, the server, or a "try later". */
const isRetryable = (status: number) => status >= 500 || status === 408 || status === 429;

export function startUsageTracker(env: UsageEnv, opts: { sendEveryMs?: number; maxQueued?: number } = {}): UsageTracker {
  const maxQueued = opts.maxQueued ?? MAX_QUEUED_EVENTS;
  let stopped = false;
  let queue: Stamped[] = [];
  let inflightBytes = 0;

  const enqueue = (events: Stamped[], front = false) => {
    queue = front ? [...events, ...queue] : [...queue, ...events];
    if (queue.length > maxQueued) queue = queue.slice(queue.length - maxQueued);
  };
  const stamp = (event: UsageEventDraft): Stamped => ({ ...event, at: new Date(env.now()).toISOString() }) as Stamped;

  const track = (event: UsageEventDraft) => {
    if (stopped) return;
    const clean = sanitizeEvent(event);
    if (clean) enqueue([stamp(clean)]);
  };

  // ---- sending

  /** The oldest events that fit one request, with its body. */
  function nextBatch(): { count: number; body: string; bytes: number } {
    let count = 0;
    let bytes = byteLength('{"events":[]}');
    while (count < queue.length && count < COLLECTOR_MAX_EVENTS) {
      const size = byteLength(JSON.stringify(queue[count])) + (count ? 1 : 0);
      if (count > 0 && bytes + size > MAX_BATCH_BYTES) break;
      bytes += size;
      count++;
    }
    return { count, body: JSON.stringify({ events: queue.slice(0, count) }), bytes };
  }

  async function send(batch: Stamped[], body: string, bytes: number) {
    inflightBytes += bytes;
    let keep = false;
    try {
      const res = await env.fetch(USAGE_ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...env.headers() },
        body,
        credentials: 'same-origin',
        keepalive: true,
      });
      if (res.status === 401) end(); // signed out: nothing more is sent
      else keep = isRetryable(res.status);
    } catch {
      keep = true; // offline, or the request could not start
    } finally {
      inflightBytes -= bytes;
    }
    if (keep && !stopped) enqueue(batch, true);
  }

  function sendQueued() {
    // Batches are taken off the queue first: a send that fails at once puts its batch back before this returns.
    const batches: { batch: Stamped[]; body: string; bytes: number }[] = [];
    let budget = inflightBytes;
    while (queue.length > 0) {
      const { count, body, bytes } = nextBatch();
      if (budget > 0 && budget + bytes > KEEPALIVE_BUDGET_BYTES) break; // the rest goes next time
      batches.push({ batch: queue.slice(0, count), body, bytes });
      queue = queue.slice(count);
      budget += bytes;
    }
    for (const { batch, body, bytes } of batches) void send(batch, body, bytes);
  }

  function flush() {
    if (stopped) return;
    try {
      reportVisit();
      sendQueued();
    } catch {
      // Never into the UI.
    }
  }

  // ---- page views

  let viewTimer: ReturnType<typeof setTimeout> | null = null;
  let pendingPath: string | null = null;
  let viewedPath: string | null = null;

  function route(path: string | null, key: string | null) {
    if (stopped || (path !== null && path === pendingPath)) return;
    if (viewTimer) clearTimeout(viewTimer);
    viewTimer = null;
    pendingPath = path && key ? path : null;
    if (!path || !key) return;
    viewTimer = setTimeout(() => {
      viewTimer = null;
      pendingPath = null;
      if (path === viewedPath) return; // back where the last view was, through a page that did not stay
      viewedPath = path;
      track({ kind: 'pageView', path, route: key });
    }, PAGE_VIEW_DEBOUNCE_MS);
  }

  // ---- visits

  let visit: { id: string; seconds: number; reported: number } | null = null;
  let beatTimer: ReturnType<typeof setTimeout> | null = null;
  let beatDueAt = 0;
  let beatLeftMs = HEARTBEAT_MS;
  let hiddenAt: number | null = null;

  function scheduleBeat(ms: number) {
    beatDueAt = env.now() + ms;
    beatTimer = setTimeout(beat, ms);
  }
  function beat() {
    beatTimer = null;
    if (!visit) return;
    visit.seconds += HEARTBEAT_SECONDS;
    if (visit.reported === 0 && visit.seconds >= MIN_VISIT_SECONDS) reportVisit();
    scheduleBeat(HEARTBEAT_MS);
  }
  /** Queues the visit's seconds not reported yet, once it is long enough to be a visit. */
  function reportVisit() {
    if (!visit || visit.seconds < MIN_VISIT_SECONDS || visit.seconds <= visit.reported) return;
    const seconds = Math.min(visit.seconds - visit.reported, MAX_VISIT_REPORT_SECONDS);
    track({ kind: 'visit', visitId: visit.id, seconds, first: visit.reported === 0 });
    visit.reported += seconds;
  }
  function shown() {
    if (beatTimer) return;
    if (!visit || (hiddenAt !== null && env.now() - hiddenAt > VISIT_IDLE_MS)) {
      visit = { id: env.uuid(), seconds: 0, reported: 0 };
      beatLeftMs = HEARTBEAT_MS;
    }
    hiddenAt = null;
    scheduleBeat(beatLeftMs);
  }
  function hidden() {
    if (beatTimer) {
      clearTimeout(beatTimer);
      beatTimer = null;
      beatLeftMs = Math.max(1, beatDueAt - env.now());
    }
    hiddenAt ??= env.now();
  }

  // ---- page lifecycle

  const onVisibility = () => {
    if (env.doc.visibilityState === 'hidden') {
      hidden();
      flush();
    } else shown();
  };
  const onPageHide = () => {
    hidden();
    flush();
  };
  // A form post (signing out, leaving an impersonation) ends the session: what is queued goes first.
  const onSubmit = () => flush();
  env.doc.addEventListener('visibilitychange', onVisibility);
  env.doc.addEventListener('submit', onSubmit, true);
  env.win.addEventListener('pagehide', onPageHide);
  const sendTimer = setInterval(flush, opts.sendEveryMs ?? CLIENT_SEND_EVERY_MS);
  if (env.doc.visibilityState !== 'hidden') shown();

  function end() {
    stopped = true;
    queue = [];
    clearInterval(sendTimer);
    if (viewTimer) clearTimeout(viewTimer);
    if (beatTimer) clearTimeout(beatTimer);
    viewTimer = beatTimer = null;
    env.doc.removeEventListener('visibilitychange', onVisibility);
    env.doc.removeEventListener('submit', onSubmit, true);
    env.win.removeEventListener('pagehide', onPageHide);
  }

  // ---- once-per rules

  const openedSearches = new Set<string>();
  function searchOpened(open: SearchOpen): boolean {
    if (stopped || openedSearches.has(open.searchId)) return false;
    openedSearches.add(open.searchId);
    if (openedSearches.size > MAX_REMEMBERED_SEARCHES) openedSearches.delete(openedSearches.values().next().value!);
    track({ kind: 'searchOpen', ...open });
    return true;
  }

  const sharedAt = new Map<string, number>();
  function shareCopied(target: ShareTarget, targetId?: number): boolean {
    if (stopped) return false;
    const key = `${target}:${targetId ?? ''}`;
    const now = env.now();
    const last = sharedAt.get(key);
    if (last !== undefined && now - last < SHARE_TRACK_THROTTLE_MS) return false;
    sharedAt.set(key, now);
    track(targetId === undefined ? { kind: 'shareCopy', target } : { kind: 'shareCopy', target, targetId });
    return true;
  }

  return {
    track,
    route,
    searchOpened,
    shareCopied,
    flush,
    stop() {
      if (stopped) return;
      hidden();
      flush();
      end();
    },
  };
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; getRandomValues does not.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The real browser. */
export function browserUsageEnv(): UsageEnv {
  return {
    fetch: (url, init) => window.fetch(url, init),
    doc: document,
    win: window,
    headers: csrfHeaders,
    uuid: randomUuid,
    now: () => Date.now(),
  };
}
