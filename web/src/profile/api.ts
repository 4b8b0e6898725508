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

export function useProfile(id: number) {
  return useQuery({
    queryKey: competitorKeys.profile(id),
    queryFn: ({ signal }) => api<ProfileData>(`/api/profiles/${id}.json`, { signal }),
    staleTime: 30_000,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

export function useBoardCards(boardIds: number[]) {
  return useQueries({
    queries: boardIds.map((id) => ({
      queryKey: competitorKeys.boardCards(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api<LaneCard[]>(`/api/boards/${id}/cards.json`, { signal }),
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
