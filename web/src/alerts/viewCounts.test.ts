import { badgeText } from './AlertCountBadge.tsx';
import { describe, expect, it } from 'vitest';
import { compactCount, countedViews, viewCountsFrom, viewCountsRequest } from './viewCounts.ts';

describe('live view counts', () => {
  it('asks for every preset view and each saved view, one search each', () => {
    const views = countedViews([{ id: 12 }, { id: 40 }]);
    expect(views[0]).toBe('myNewIntel');
    expect(views.slice(-2)).toEqual(['custom-12', 'custom-40']);
    const body = viewCountsRequest(['myNewIntel', 'custom-12'], 'Europe/Paris');
    expect(body.searches).toEqual(['view=myNewIntel&size=1&tz=Europe%2FParis', 'view=custom-12&size=1&tz=Europe%2FParis']);
  });

  it('reads totals back in request order and skips missing results', () => {
    const counts = viewCountsFrom(['a', 'b', 'c'], { results: [{ pagination: { total: 5 } }, { pagination: { total: 0 } }] });
    expect(counts).toEqual({ a: 5, b: 0 });
  });

  it('compacts large counts and caps the badge', () => {
    expect(compactCount(950)).toBe('950');
    expect(compactCount(1250)).toBe('1.2K');
    expect(compactCount(3_400_000)).toBe('3.4M');
    expect(badgeText(99, 99)).toBe('99');
    expect(badgeText(100, 99)).toBe('99+');
  });
});
