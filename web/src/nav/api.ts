// The quick finder's call (GET /api/rivals/search.json) and its React Query hook.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RivalHit } from '../../../contracts/search.ts';
import { api } from '../api/client.ts';
import { QUICK_FINDER_MAX_RESULTS, QUICK_FINDER_MIN_CHARS } from './constants.ts';

/** Competitors for the quick finder, once 3 or more characters are typed; at most 10. */
export function useRivalFinder(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['search', 'rivals', q.toLowerCase()] as const,
    queryFn: ({ signal }) => api<RivalHit[]>('/api/rivals/search.json', { query: { query: q, limit: QUICK_FINDER_MAX_RESULTS }, signal }),
    enabled: q.length >= QUICK_FINDER_MIN_CHARS,
    select: (hits) => (Array.isArray(hits) ? hits.slice(0, QUICK_FINDER_MAX_RESULTS) : []),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
