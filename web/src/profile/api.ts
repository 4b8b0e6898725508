// Server state of a profile's board view: the profile (boards, battlecards), each board's cards, and
// recording the profile in userData.recentlyViewed.profile.
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../contracts/account.ts';
import type { BoardCard as LaneCard, ProfileView as ProfileData } from '../../../contracts/competitors.ts';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/session.ts';
import { competitorKeys } from '../dashboard/api.ts';
import { RECENTLY_VIEWED_FLAG, type RecentEntry } from './recent.ts';

export type { LaneCard, ProfileData };

/** `previewing` (a visibility group id) shows what that group sees; curators only, enforced by the server. */
export function useProfile(id: number, previewing: number | null = null) {
  return useQuery({
    queryKey: [...competitorKeys.profile(id), previewing],
    queryFn: ({ signal }) => api<ProfileData>(`/api/profiles/${id}.json`, { query: { previewing: previewing ?? undefined }, signal }),
    staleTime: 30_000,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

export function useBoardCards(boardIds: number[], previewing: number | null = null) {
  return useQueries({
    queries: boardIds.map((id) => ({
      queryKey: [...competitorKeys.boardCards(id), previewing],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<LaneCard[]>(`/api/boards/${id}/cards.json`, { query: { previewing: previewing ?? undefined }, signal }),
      staleTime: 30_000,
    })),
  });
}

export function useRecordRecentlyViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: RecentEntry[]) => api<User>('/api/users/me.json', { method: 'PUT', body: { featureFlag: RECENTLY_VIEWED_FLAG, value } }),
    onSuccess: (me) => client.setQueryData(queryKeys.me, me),
  });
}
