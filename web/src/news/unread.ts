// Unread news per profile (GET /api/news/unread.json): one query for every dashboard tile and the profile header.
// Kept apart from the feed's hooks (api.ts) so that the dashboard's first screen downloads only this.
import { useQuery } from '@tanstack/react-query';
import type { UnreadCounts } from '../../../contracts/news.ts';
import { api } from '../api/client.ts';

export const unreadKey = ['news', 'unread'] as const;

/** Unread news per profile id (profiles without any left out); `enabled` is showsUnreadBadges. */
export function useUnreadCounts(enabled: boolean) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => api<UnreadCounts>('/api/news/unread.json', { signal }),
    select: (r) => r.counts,
    enabled,
    staleTime: 60_000,
  });
}
