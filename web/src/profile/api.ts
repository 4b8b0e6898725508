// Server state of a profile's board view: the profile (boards, battlecards), each board's cards, and
// recording the profile in userData.recentlyViewed.profile; the curators' lane writes (add, rename,
// delete, reorder, move a card) and copying another profile into this one.
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BoardDeleted, BoardItem, ProfileCloneBody, ProfileCloned } from '../../../contracts/cards.ts';
import type { BoardCard as LaneCard, ProfileView as ProfileData } from '../../../contracts/competitors.ts';
import { BOARD_POLL_MS, type BoardUpdated } from '../../../contracts/news.ts';
import { api, ApiError } from '../api/client.ts';
import { putUserData, queryKeys } from '../api/session.ts';
import { invalidateCards } from '../cards/api.ts';
import { competitorKeys } from '../dashboard/api.ts';
import { startBoardPoller } from './boardPoller.ts';
import type { CardMove } from './dnd.ts';
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

/** A 404: the profile is gone, or never was; asking again would answer the same. */
const isGone = (err: unknown) => err instanceof ApiError && err.isNotFound;

/** Refetches an open board (its profile and lanes) when the server says it changed since it was opened; only while `enabled` (the profile loaded). */
export function useBoardPolling(id: number, previewing: number | null, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const fetchUpdatedAt = async () =>
      (await api<BoardUpdated>(`/api/profiles/${id}/updated.json`, { query: { previewing: previewing ?? undefined } })).updatedAt;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const start = (since: string | null) => {
      if (cancelled) return;
      stop = startBoardPoller(since, {
        intervalMs: BOARD_POLL_MS,
        fetchUpdatedAt,
        isGone,
        doc: document,
        onNewer: () => {
          void client.invalidateQueries({ queryKey: competitorKeys.profile(id) });
          void client.invalidateQueries({ queryKey: ['competitors', 'boardCards'] });
        },
      });
    };
    fetchUpdatedAt().then(start, (err) => !isGone(err) && start(null));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client, id, previewing, enabled]);
}

export function useRecordRecentlyViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: RecentEntry[]) => putUserData(RECENTLY_VIEWED_FLAG, value),
    onSuccess: (me) => client.setQueryData(queryKeys.me, me),
  });
}

// ---- Curators' lane writes. They edit the board view as it is, not a previewed one (previewing null). ----

const profileKey = (id: number) => [...competitorKeys.profile(id), null] as const;
const laneKey = (boardId: number) => [...competitorKeys.boardCards(boardId), null] as const;
/** Drops and lane reorders are sent one after another, so each lands on the order the previous one left. */
const laneScope = { id: 'profile-lanes' };

function useLaneMutation<Vars, Answer>(fn: (vars: Vars) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidateCards(client) });
}

export const useCreateLane = (profileId: number) =>
  useLaneMutation((name: string) => api<BoardItem>('/api/boards.json', { method: 'POST', body: { profileId, name } }));

export const useRenameLane = () =>
  useLaneMutation(({ id, name }: { id: number; name: string }) => api<BoardItem>(`/api/boards/${id}.json`, { method: 'PUT', body: { name } }));

/** Deletes a lane with its cards, or after moving them to the end of lane `moveCardsTo`, in one request. */
export const useDeleteLane = () =>
  useLaneMutation(({ id, moveCardsTo }: { id: number; moveCardsTo: number | null }) =>
    api<BoardDeleted>(`/api/boards/${id}.json`, { method: 'DELETE', query: { moveCardsTo } }),
  );

/** A dropped card, shown in its new place at once; a refusal puts both lanes back as they were. */
export function useMoveCard() {
  const client = useQueryClient();
  return useMutation({
    scope: laneScope,
    mutationFn: ({ boardId, cardIds }: CardMove) => api<LaneCard[]>(`/api/boards/${boardId}/cards/rearrange.json`, { method: 'PUT', body: { cardIds } }),
    onMutate: async ({ boardId, cardIds, fromBoardId }) => {
      const lanes = [...new Set([boardId, fromBoardId])];
      await Promise.all(lanes.map((id) => client.cancelQueries({ queryKey: competitorKeys.boardCards(id) })));
      const saved = lanes.map((id) => [id, client.getQueryData<LaneCard[]>(laneKey(id))] as const);
      const byId = new Map(saved.flatMap(([, cards]) => cards ?? []).map((c) => [c.id, c]));
      const moved = new Set(cardIds);
      client.setQueryData<LaneCard[]>(laneKey(boardId), cardIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
      if (fromBoardId !== boardId) client.setQueryData<LaneCard[]>(laneKey(fromBoardId), (cards) => cards?.filter((c) => !moved.has(c.id)));
      return saved;
    },
    onSuccess: (cards, { boardId }) => client.setQueryData(laneKey(boardId), cards),
    onError: (_err, _vars, saved) => {
      for (const [id, cards] of saved ?? []) client.setQueryData(laneKey(id), cards);
    },
    onSettled: () => invalidateCards(client),
  });
}

/** The lanes in a new order, shown at once; a refusal puts the old order back. */
export function useRearrangeLanes(profileId: number) {
  const client = useQueryClient();
  return useMutation({
    scope: laneScope,
    mutationFn: (boardIds: number[]) => api<BoardItem[]>(`/api/profiles/${profileId}/boards/rearrange.json`, { method: 'PUT', body: { boardIds } }),
    onMutate: async (boardIds) => {
      await client.cancelQueries({ queryKey: competitorKeys.profile(profileId) });
      const saved = client.getQueryData<ProfileData>(profileKey(profileId));
      if (saved) {
        const byId = new Map(saved.boards.map((b) => [b.id, b]));
        client.setQueryData<ProfileData>(profileKey(profileId), { ...saved, boards: boardIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) });
      }
      return saved;
    },
    onError: (_err, _vars, saved) => client.setQueryData(profileKey(profileId), saved),
    onSettled: () => invalidateCards(client),
  });
}

/** Copies profile `body.id`'s lanes, cards and battlecards into this one (part 3 §7.4). */
export const useCloneProfile = (profileId: number) =>
  useLaneMutation((body: ProfileCloneBody) => api<ProfileCloned>(`/api/profiles/${profileId}.json`, { method: 'POST', body }));
