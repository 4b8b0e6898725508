import { describe, expect, it } from 'vitest';
import type { SearchRequest, SearchResponse } from '../../port.ts';
import { ResponseCache } from './response-cache.ts';

const DAY = 86_400_000;
const noon = Date.UTC(2026, 10, 27, 12);
const since = (gte: string, extra: Record<string, string> = {}): SearchRequest => ({ query: { range: { updatedAt: { gte, ...extra } } } });
const answer = (id: string): SearchResponse => ({ total: { value: 1, relation: 'eq' }, max_score: null, hits: [{ id, score: null, source: { id } }] });

describe('the request cache', () => {
  it('keys a request by its whole body, and date math rounded to the day by the UTC day as well', () => {
    const cache = new ResponseCache();
    const plain = { query: { match: { title: 'pricing' } } };
    expect(cache.keyOf(plain, noon)).toBe(cache.keyOf({ query: { match: { title: 'pricing' } } }, noon + DAY));
    expect(cache.keyOf(plain, noon)).not.toBe(cache.keyOf({ query: { match: { title: 'pricing' } }, from: 10 }, noon));
    expect(cache.keyOf(since('now-30d/d'), noon)).toBe(cache.keyOf(since('now-30d/d'), noon + 11 * 3_600_000));
    expect(cache.keyOf(since('now-30d/d'), noon)).not.toBe(cache.keyOf(since('now-30d/d'), noon + 12 * 3_600_000));
  });

  it('does not cache what moves with the clock within a day, nor deep pages', () => {
    const cache = new ResponseCache();
    expect(cache.keyOf(since('now-7d'), noon)).toBeNull();
    expect(cache.keyOf(since('now-7d/d', { time_zone: 'Europe/Paris' }), noon)).toBeNull();
    expect(cache.keyOf({ query: { match_all: {} }, from: 95, size: 10 }, noon)).toBeNull();
    expect(cache.keyOf({ query: { match_all: {} }, size: 1000 }, noon)).toBeNull();
  });

  it('answers only on the snapshot it was filled on, with a copy the caller may change', () => {
    const cache = new ResponseCache();
    const before = { views: [] };
    const after = { views: [] };
    cache.set(before, 'k', answer('1'));
    const hit = cache.get(before, 'k')!;
    expect(hit.hits.map((h) => h.id)).toEqual(['1']);
    hit.took_ms = 99;
    expect(cache.get(before, 'k')!.took_ms).toBeUndefined();
    expect(cache.get(after, 'k')).toBeUndefined();
    cache.set(after, 'k2', answer('2'));
    expect(cache.get(before, 'k')).toBeUndefined();
    expect(cache.get(after, 'k2')!.hits.map((h) => h.id)).toEqual(['2']);
  });

  it('keeps the most recently used answers when full', () => {
    const cache = new ResponseCache();
    const snap = {};
    for (let i = 0; i < 300; i++) {
      cache.set(snap, `k${i}`, answer(String(i)));
      if (i >= 1) cache.get(snap, 'k0');
    }
    expect(cache.get(snap, 'k0')).toBeDefined();
    expect(cache.get(snap, 'k1')).toBeUndefined();
    expect(cache.get(snap, 'k299')).toBeDefined();
  });
});
