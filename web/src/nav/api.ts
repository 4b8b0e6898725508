// The navigation's calls: the quick finder (GET /api/rivals/search.json) and the bookmarks menu, with their React
// Query hooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bookmark, BookmarkBody } from '../../../contracts/bookmarks.ts';
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

// ---- Bookmarks (GET/POST /api/bookmarks.json, PUT/DELETE /api/bookmarks/{id}): the bookmarks menu.

const bookmarkKeys = { all: ['bookmarks'] as const };

export function useBookmarks(enabled: boolean) {
  return useQuery({
    queryKey: bookmarkKeys.all,
    queryFn: ({ signal }) => api<Bookmark[]>('/api/bookmarks.json', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Add (no id), rename or move (an id), or delete a bookmark; the list refetches after each. */
export function useBookmarkChanges() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: bookmarkKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, ...body }: BookmarkBody & { id?: number }) =>
        api<Bookmark>(id ? `/api/bookmarks/${id}` : '/api/bookmarks.json', { method: id ? 'PUT' : 'POST', body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => api<null>(`/api/bookmarks/${id}`, { method: 'DELETE' }), onSuccess }),
  };
}
