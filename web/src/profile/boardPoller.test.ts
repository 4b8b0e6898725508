import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNewer, startBoardPoller, type VisibilitySource } from './boardPoller.ts';

/** A document whose visibility the test switches. */
function fakeDoc() {
  const target = new EventTarget();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  const show = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    target.dispatchEvent(new Event('visibilitychange'));
  };
  return { doc: doc as unknown as VisibilitySource, show };
}

const MINUTE = 60_000;

describe('board update polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('compares dates, not strings', () => {
    expect(isNewer('2026-11-27T10:00:01.000Z', '2026-11-27T10:00:00Z')).toBe(true);
    expect(isNewer('2026-11-27T10:00:00Z', '2026-11-27T10:00:00.000Z')).toBe(false);
    expect(isNewer('2026-11-27T09:00:00Z', '2026-11-27T10:00:00Z')).toBe(false);
    expect(isNewer('2026-11-27T09:00:00Z', null)).toBe(true);
    expect(isNewer(null, '2026-11-27T09:00:00Z')).toBe(false);
  });

  it('asks once per interval and refetches only when the server is newer, once per change', async () => {
    const { doc } = fakeDoc();
    let server = '2026-11-27T10:00:00Z';
    const fetchUpdatedAt = vi.fn(async () => server);
    const onNewer = vi.fn();
    const stop = startBoardPoller('2026-11-27T10:00:00Z', { intervalMs: 2 * MINUTE, fetchUpdatedAt, onNewer, doc, isGone: () => false });
    await vi.advanceTimersByTimeAsync(2 * MINUTE - 1);
    expect(fetchUpdatedAt).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchUpdatedAt).toHaveBeenCalledTimes(1);
    expect(onNewer).not.toHaveBeenCalled();
    server = '2026-11-27T10:05:00Z';
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(onNewer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(fetchUpdatedAt).toHaveBeenCalledTimes(3);
    expect(onNewer).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(fetchUpdatedAt).toHaveBeenCalledTimes(3);
  });

  it('pauses while the tab is hidden and asks at once when it shows again', async () => {
    const { doc, show } = fakeDoc();
    const fetchUpdatedAt = vi.fn(async () => '2026-11-27T11:00:00Z');
    const onNewer = vi.fn();
    startBoardPoller('2026-11-27T10:00:00Z', { intervalMs: 2 * MINUTE, fetchUpdatedAt, onNewer, doc, isGone: () => false });
    show('hidden');
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(fetchUpdatedAt).not.toHaveBeenCalled();
    show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchUpdatedAt).toHaveBeenCalledTimes(1);
    expect(onNewer).toHaveBeenCalledTimes(1);
    // Back on the interval from there.
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(fetchUpdatedAt).toHaveBeenCalledTimes(2);
  });

  it('does not ask on showing the tab when no poll fell due, and survives a failed poll', async () => {
    const { doc, show } = fakeDoc();
    const fetchUpdatedAt = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('2026-11-27T11:00:00Z');
    const onNewer = vi.fn();
    startBoardPoller('2026-11-27T10:00:00Z', { intervalMs: 2 * MINUTE, fetchUpdatedAt, onNewer, doc, isGone: () => false });
    show('hidden');
    show('visible');
    expect(fetchUpdatedAt).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(onNewer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(onNewer).toHaveBeenCalledTimes(1);
  });

  it('stops asking once the board is gone (a 404), and asks again after any other failure', async () => {
    const { doc, show } = fakeDoc();
    const gone = new Error('Not found');
    const fetchUpdatedAt = vi.fn().mockRejectedValueOnce(new Error('offline')).mockRejectedValue(gone);
    startBoardPoller('2026-11-27T10:00:00Z', { intervalMs: 2 * MINUTE, fetchUpdatedAt, onNewer: vi.fn(), doc, isGone: (err) => err === gone });
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(fetchUpdatedAt).toHaveBeenCalledTimes(2);
    show('hidden');
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    show('visible');
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(fetchUpdatedAt).toHaveBeenCalledTimes(2);
  });
});
