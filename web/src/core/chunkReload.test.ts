import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, shouldReloadForChunk } from './chunkReload.ts';

describe('reloading for a chunk that failed to load', () => {
  const now = 1_700_000_000_000;

  it('reloads when the tab has not just reloaded for it', () => {
    expect(shouldReloadForChunk(null, now)).toBe(true);
    expect(shouldReloadForChunk(now - CHUNK_RELOAD_WINDOW_MS, now)).toBe(true);
    expect(shouldReloadForChunk(now - 3_600_000, now)).toBe(true);
  });

  it('does not reload again right after a reload: the failure is real', () => {
    expect(shouldReloadForChunk(now - 1, now)).toBe(false);
    expect(shouldReloadForChunk(now - CHUNK_RELOAD_WINDOW_MS + 1, now)).toBe(false);
  });

  it('ignores a stamp from the future (a clock change) rather than never reloading', () => {
    expect(shouldReloadForChunk(now + 60_000, now)).toBe(true);
  });
});
