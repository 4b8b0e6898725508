import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_SEND_EVERY_MS, COLLECTOR_MAX_EVENTS, SHARE_TRACK_THROTTLE_MS, type UsageEventInput } from '../../../contracts/usage.ts';
import { cardSourceOf, openCardState } from './cardSource.ts';
import { installUsageTracker, track } from './record.ts';
import {
  MAX_BATCH_BYTES,
  sanitizeEvent,
  startUsageTracker,
  USAGE_ENDPOINT,
  VISIT_IDLE_MS,
  type UsageEnv,
  type UsageTracker,
} from './tracker.ts';

const SEARCH_ID = '2f1c7a52-9a4e-4a53-8d1b-6f0e3c2b1a90';
const OTHER_SEARCH_ID = '7d9b1e8c-3f2a-4c6d-9e8f-0a1b2c3d4e5f';

type Sent = { url: string; init: RequestInit; events: UsageEventInput[] };

/** A browser whose visibility the test switches, with a fetch that answers `status` (or fails when it is 'offline'). */
function fakeBrowser({ hidden = false } = {}) {
  const docTarget = new EventTarget();
  const winTarget = new EventTarget();
  const doc = {
    visibilityState: (hidden ? 'hidden' : 'visible') as DocumentVisibilityState,
    addEventListener: docTarget.addEventListener.bind(docTarget),
    removeEventListener: docTarget.removeEventListener.bind(docTarget),
  };
  const sent: Sent[] = [];
  const answer = { status: 202 as number | 'offline' };
  let ids = 0;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, init, events: (JSON.parse(String(init.body)) as { events: UsageEventInput[] }).events });
    if (answer.status === 'offline') throw new TypeError('Failed to fetch');
    return { status: answer.status };
  });
  const env: UsageEnv = {
    fetch,
    doc: doc as unknown as UsageEnv['doc'],
    win: { addEventListener: winTarget.addEventListener.bind(winTarget), removeEventListener: winTarget.removeEventListener.bind(winTarget) } as UsageEnv['win'],
    headers: () => ({ 'X-CSRF-Token': 'token-1' }),
    uuid: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    now: () => Date.now(),
  };
  const setVisibility = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    docTarget.dispatchEvent(new Event('visibilitychange'));
  };
  const pageHide = () => winTarget.dispatchEvent(new Event('pagehide'));
  const events = () => sent.flatMap((s) => s.events);
  const ofKind = <K extends UsageEventInput['kind']>(kind: K) => events().filter((e): e is Extract<UsageEventInput, { kind: K }> => e.kind === kind);
  return { env, fetch, sent, answer, setVisibility, pageHide, events, ofKind };
}

const SECOND = 1000;
let tracker: UsageTracker | null = null;

describe('usage tracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
  });
  afterEach(() => {
    tracker?.stop();
    tracker = null;
    vi.useRealTimers();
  });

  describe('sending', () => {
    it('sends batches of at most COLLECTOR_MAX_EVENTS every CLIENT_SEND_EVERY_MS, with keepalive, POST, JSON and the CSRF header', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      for (let i = 1; i <= 150; i++) tracker.track({ kind: 'cardView', cardId: i, source: 'board' });
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS - 1);
      expect(b.fetch).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(b.sent.map((s) => s.events.length)).toEqual([COLLECTOR_MAX_EVENTS, 50]);
      const [{ url, init, events }] = b.sent;
      expect(url).toBe(USAGE_ENDPOINT);
      expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
      expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-CSRF-Token': 'token-1' });
      expect(events[0]).toEqual({ kind: 'cardView', cardId: 1, source: 'board', at: '2026-03-02T09:00:00.000Z' });
      expect(b.events().map((e) => (e as { cardId: number }).cardId)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
      // Nothing queued: nothing sent.
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      expect(b.fetch).toHaveBeenCalledTimes(2);
    });

    it('sends at once when the page is hidden or hides', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      tracker.track({ kind: 'profileView', profileId: 3 });
      b.setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(0);
      expect(b.ofKind('profileView')).toEqual([expect.objectContaining({ profileId: 3 })]);
      tracker.track({ kind: 'battlecardView', battlecardId: 4 });
      b.pageHide();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.ofKind('battlecardView')).toEqual([expect.objectContaining({ battlecardId: 4 })]);
    });

    it('keeps a batch that failed on the network or with a 5xx and sends it next time; drops one refused with a 4xx', async () => {
      const b = fakeBrowser({ hidden: true }); // no visit to report: every request is counted here
      tracker = startUsageTracker(b.env);
      tracker.track({ kind: 'cardView', cardId: 1, source: 'search' });
      b.answer.status = 'offline';
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      b.answer.status = 503;
      tracker.track({ kind: 'cardView', cardId: 2, source: 'search' });
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      expect(b.sent.map((s) => s.events.map((e) => (e as { cardId: number }).cardId))).toEqual([[1], [1, 2]]);
      b.answer.status = 202;
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      expect(b.sent.at(-1)!.events.map((e) => (e as { cardId: number }).cardId)).toEqual([1, 2]);
      expect(b.sent.at(-1)!.events[0].at).toBe('2026-03-02T09:00:00.000Z'); // stamped when it happened, not when sent

      b.answer.status = 400;
      tracker.track({ kind: 'cardView', cardId: 3, source: 'search' });
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      expect(b.fetch).toHaveBeenCalledTimes(4);
      b.answer.status = 202;
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      expect(b.fetch).toHaveBeenCalledTimes(4); // the refused batch is gone
    });

    it('keeps at most maxQueued events while failing, dropping the oldest', async () => {
      const b = fakeBrowser();
      b.answer.status = 'offline';
      tracker = startUsageTracker(b.env, { maxQueued: 120 });
      for (let i = 1; i <= 100; i++) tracker.track({ kind: 'cardView', cardId: i, source: 'board' });
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      for (let i = 101; i <= 150; i++) tracker.track({ kind: 'cardView', cardId: i, source: 'board' });
      b.answer.status = 202;
      b.sent.length = 0;
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      const ids = b.events().map((e) => (e as { cardId: number }).cardId);
      expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => i + 31));
    });

    it('stops on a 401: signed out, nothing more is sent', async () => {
      const b = fakeBrowser();
      b.answer.status = 401;
      tracker = startUsageTracker(b.env);
      tracker.track({ kind: 'profileView', profileId: 1 });
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      tracker.track({ kind: 'profileView', profileId: 2 });
      b.answer.status = 202;
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS * 3);
      expect(b.fetch).toHaveBeenCalledTimes(1);
    });

    it('never throws into the caller, even when fetch throws synchronously, and keeps the batch', async () => {
      const b = fakeBrowser();
      const realFetch = b.env.fetch;
      b.env.fetch = vi.fn(() => {
        throw new TypeError('keepalive quota');
      });
      tracker = startUsageTracker(b.env);
      tracker.track({ kind: 'profileView', profileId: 1 });
      expect(() => tracker!.flush()).not.toThrow();
      expect(b.env.fetch).toHaveBeenCalledTimes(1);
      b.env.fetch = realFetch;
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      expect(b.ofKind('profileView').map((e) => e.profileId)).toEqual([1]);
    });

    it('keeps each request under the keepalive budget', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      const long = 'q'.repeat(480);
      for (let i = 0; i < 100; i++) tracker.track({ kind: 'suggestionPick', query: `${long}${i}`, suggestion: 'completion' });
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.sent.length).toBeGreaterThan(1);
      for (const s of b.sent) expect(new TextEncoder().encode(String(s.init.body)).length).toBeLessThanOrEqual(MAX_BATCH_BYTES);
      expect(b.events()).toHaveLength(100);
    });

    it('sends what is queued when stopped, then nothing more', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      tracker.track({ kind: 'profileView', profileId: 1 });
      tracker.stop();
      await vi.advanceTimersByTimeAsync(0);
      tracker.track({ kind: 'profileView', profileId: 2 });
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS * 2);
      expect(b.ofKind('profileView').map((e) => e.profileId)).toEqual([1]);
    });

    it('leaves out an event outside the contract rather than lose its batch, and trims texts to their limits', () => {
      expect(sanitizeEvent({ kind: 'cardView', cardId: 0, source: 'board' })).toBeNull();
      expect(sanitizeEvent({ kind: 'suggestionPick', query: '   ', suggestion: 'tag' })).toBeNull();
      expect(sanitizeEvent({ kind: 'searchOpen', searchId: 'nope', query: 'x', context: 'cards', rank: 1 })).toBeNull();
      expect(sanitizeEvent({ kind: 'searchOpen', searchId: SEARCH_ID, query: 'x', context: 'cards', rank: 0 })).toBeNull();
      expect(sanitizeEvent({ kind: 'pageView', path: `/${'a'.repeat(400)}`, route: 'search' })).toEqual({ kind: 'pageView', path: `/${'a'.repeat(299)}`, route: 'search' });
      expect(sanitizeEvent({ kind: 'suggestionPick', query: '  pricing ', suggestion: 'tag' })).toEqual({ kind: 'suggestionPick', query: 'pricing', suggestion: 'tag' });
    });
  });

  describe('page views', () => {
    it('records a route once it has stayed PAGE_VIEW_DEBOUNCE_MS: two changes within 500 ms are one view', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      tracker.route('/dashboard', 'dashboard');
      await vi.advanceTimersByTimeAsync(300);
      tracker.route('/search/pricing', 'search');
      await vi.advanceTimersByTimeAsync(499);
      tracker.route('/search/pricing', 'search'); // the same route again does not restart the wait
      await vi.advanceTimersByTimeAsync(1);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.ofKind('pageView')).toEqual([{ kind: 'pageView', path: '/search/pricing', route: 'search', at: '2026-03-02T09:00:00.800Z' }]);
    });

    it('records nothing for a redirect (no route), nor again for the page it came back to', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      tracker.route('/profile/1', 'profile');
      await vi.advanceTimersByTimeAsync(600);
      tracker.route('/next', null);
      tracker.route('/profile/2', 'profile');
      await vi.advanceTimersByTimeAsync(100);
      tracker.route('/profile/1', 'profile');
      await vi.advanceTimersByTimeAsync(600);
      tracker.route('/feed', 'feed');
      await vi.advanceTimersByTimeAsync(600);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.ofKind('pageView').map((e) => e.path)).toEqual(['/profile/1', '/feed']);
    });
  });

  describe('visits', () => {
    it('never sends a visit shorter than MIN_VISIT_SECONDS', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      await vi.advanceTimersByTimeAsync(25 * SECOND);
      b.setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(VISIT_IDLE_MS + SECOND);
      b.setVisibility('visible');
      await vi.advanceTimersByTimeAsync(25 * SECOND);
      tracker.stop();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.ofKind('visit')).toEqual([]);
    });

    it('sends a 45 s visit as its first 30 s, then the seconds added since', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      await vi.advanceTimersByTimeAsync(45 * SECOND);
      b.setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(0);
      const visits = b.ofKind('visit');
      expect(visits.map(({ seconds, first }) => ({ seconds, first }))).toEqual([
        { seconds: 30, first: true },
        { seconds: 10, first: false },
      ]);
      expect(new Set(visits.map((v) => v.visitId))).toEqual(new Set([visits[0].visitId]));
    });

    it('pauses heartbeats while hidden; a short hidden stretch resumes the visit, a long one starts another', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      await vi.advanceTimersByTimeAsync(25 * SECOND); // heartbeats at 10 and 20 s, 5 s into the third
      b.setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(10 * 60 * SECOND); // hidden: no heartbeat
      expect(b.ofKind('visit')).toEqual([]);
      b.setVisibility('visible');
      await vi.advanceTimersByTimeAsync(5 * SECOND - 1);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.ofKind('visit')).toEqual([]);
      await vi.advanceTimersByTimeAsync(1); // 30 s visible: a visit
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
      const [first] = b.ofKind('visit');
      expect(first).toMatchObject({ seconds: 30, first: true });

      b.setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(VISIT_IDLE_MS + SECOND);
      b.setVisibility('visible');
      await vi.advanceTimersByTimeAsync(30 * SECOND);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
      const visits = b.ofKind('visit');
      expect(visits).toHaveLength(2);
      expect(visits[1]).toMatchObject({ seconds: 30, first: true });
      expect(visits[1].visitId).not.toBe(first.visitId);
    });

    it('starts no visit while the page opens hidden', async () => {
      const b = fakeBrowser({ hidden: true });
      tracker = startUsageTracker(b.env);
      await vi.advanceTimersByTimeAsync(60 * SECOND);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.ofKind('visit')).toEqual([]);
    });
  });

  describe('once-per rules', () => {
    it('records the first result opened from a search only, with its rank', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      expect(tracker.searchOpened({ searchId: SEARCH_ID, query: 'pricing', context: 'cards', rank: 12, cardId: 40 })).toBe(true);
      expect(tracker.searchOpened({ searchId: SEARCH_ID, query: 'pricing', context: 'cards', rank: 1, cardId: 41 })).toBe(false);
      expect(tracker.searchOpened({ searchId: OTHER_SEARCH_ID, query: 'pricing', context: 'cards', rank: 3, cardId: 7 })).toBe(true);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.ofKind('searchOpen')).toEqual([
        { kind: 'searchOpen', searchId: SEARCH_ID, query: 'pricing', context: 'cards', rank: 12, cardId: 40, at: expect.any(String) },
        { kind: 'searchOpen', searchId: OTHER_SEARCH_ID, query: 'pricing', context: 'cards', rank: 3, cardId: 7, at: expect.any(String) },
      ]);
    });

    it('records a share-link copy at most once per SHARE_TRACK_THROTTLE_MS per target and id', async () => {
      const b = fakeBrowser();
      tracker = startUsageTracker(b.env);
      expect(tracker.shareCopied('card', 5)).toBe(true);
      await vi.advanceTimersByTimeAsync(SHARE_TRACK_THROTTLE_MS - 1);
      expect(tracker.shareCopied('card', 5)).toBe(false);
      expect(tracker.shareCopied('card', 6)).toBe(true);
      expect(tracker.shareCopied('landing', 5)).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(tracker.shareCopied('card', 5)).toBe(true);
      tracker.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.ofKind('shareCopy').map((e) => `${e.target}:${e.targetId}`)).toEqual(['card:5', 'card:6', 'landing:5', 'card:5']);
    });
  });

  describe('the app tracker', () => {
    it('records through the installed tracker, keeping the few events recorded before it starts', async () => {
      const b = fakeBrowser();
      for (let id = 1; id <= 25; id++) track({ kind: 'profileView', profileId: id }); // none installed yet: the first 20 wait
      const remove = installUsageTracker(startUsageTracker(b.env));
      track({ kind: 'profileView', profileId: 100 });
      remove();
      track({ kind: 'profileView', profileId: 101 }); // waits for the next tracker; this one is gone
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      expect(b.ofKind('profileView').map((e) => e.profileId)).toEqual([...Array.from({ length: 20 }, (_, i) => i + 1), 100]);
      const next = fakeBrowser();
      const removeNext = installUsageTracker(startUsageTracker(next.env));
      await vi.advanceTimersByTimeAsync(CLIENT_SEND_EVERY_MS);
      expect(next.ofKind('profileView').map((e) => e.profileId)).toEqual([101]);
      removeNext();
    });
  });
});

describe('card view sources', () => {
  it('takes the source the opening link said, else a marked digest link, else a direct link', () => {
    expect(cardSourceOf(openCardState('battlecard'), '?viewCard=3')).toBe('battlecard');
    expect(cardSourceOf({ cardSource: 'feed' }, '?viewCard=3')).toBe('feed');
    expect(cardSourceOf({ cardViewer: true }, '?viewCard=3&source=digest')).toBe('digest');
    expect(cardSourceOf({ cardSource: 'nowhere' }, '?viewCard=3')).toBe('link');
    expect(cardSourceOf(null, '?viewCard=3')).toBe('link');
  });
});
