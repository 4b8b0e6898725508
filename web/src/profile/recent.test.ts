import { describe, expect, it } from 'vitest';
import { nextRecentlyViewed, RECENTLY_VIEWED_KEEP } from './recent.ts';

const e = (id: number) => ({ id, name: `R${id}`, logo: null });

describe('recently viewed profiles', () => {
  it('puts the profile first, drops its older copy and keeps at most 10', () => {
    expect(nextRecentlyViewed({}, e(1))).toEqual([e(1)]);
    expect(nextRecentlyViewed({ recentlyViewed: { profile: [e(2), e(1), e(3)] } }, e(1))).toEqual([e(1), e(2), e(3)]);
    const many = Array.from({ length: 12 }, (_, i) => e(i + 1));
    const next = nextRecentlyViewed({ recentlyViewed: { profile: many } }, e(50))!;
    expect(next).toHaveLength(RECENTLY_VIEWED_KEEP);
    expect(next[0].id).toBe(50);
  });

  it('answers null when the profile is already first and unchanged', () => {
    expect(nextRecentlyViewed({ recentlyViewed: { profile: [e(1), e(2)] } }, e(1))).toBeNull();
    expect(nextRecentlyViewed({ recentlyViewed: { profile: [{ id: 1, name: 'Old', logo: null }] } }, e(1))).toEqual([e(1)]);
  });

  it('ignores malformed stored entries', () => {
    expect(nextRecentlyViewed({ recentlyViewed: { profile: [null, { id: 'x' }, e(2)] } }, e(1))).toEqual([e(1), e(2)]);
    expect(nextRecentlyViewed({ recentlyViewed: 'nope' }, e(1))).toEqual([e(1)]);
  });
});
