// Server state of battlecards (contracts/cards.ts): the company's list, the cards of one battlecard in a
// layout, and the curators' writes. The list is cached by the browser for 300 s with an ETag that
// changes on any battlecard or card change, so it is always revalidated (304 when unchanged).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BattlecardItem, BattlecardLayoutKind } from '../../../contracts/cards.ts';
import type { BattlecardCards, ProfileView } from '../../../contracts/competitors.ts';
import { api } from '../api/client.ts';
import { invalidateCards } from '../cards/api.ts';
import type { AssignChange } from './assign.ts';
import { patchBattlecard, patchBattlecardCards, type BattlecardChanges } from './editing.ts';

export const battlecardKeys = {
  list: ['battlecards', 'list'] as const,
  cards: (id: number, layout: BattlecardLayoutKind, previewing: number | null) => ['battlecards', id, layout, previewing] as const,
};

export function useBattlecards() {
  return useQuery({
    queryKey: battlecardKeys.list,
    queryFn: ({ signal }) => api<BattlecardItem[]>('/api/battlecards.json', { signal, cache: 'no-cache' }),
    staleTime: 30_000,
  });
}

export function useBattlecardCards(id: number | null, layout: BattlecardLayoutKind, previewing: number | null) {
  return useQuery({
    queryKey: battlecardKeys.cards(id ?? 0, layout, previewing),
    queryFn: ({ signal }) =>
      api<BattlecardCards>(`/api/battlecards/${id}/cards.json`, { query: { v: 2, battlecardType: layout, previewing: previewing ?? undefined }, signal }),
    enabled: id !== null,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

export function useCreateBattlecard(profileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; layout?: string; isDraft?: boolean; cardData?: Partial<AssignChange['cardData']> }) =>
      api<BattlecardItem>(`/api/profiles/${profileId}/battlecards.json`, { method: 'POST', body }),
    onSuccess: (b) => client.setQueryData<BattlecardItem[]>(battlecardKeys.list, (list) => (list ? [...list, b] : list)),
    onSettled: () => invalidateCards(client),
  });
}

/** Saves the assign dialog's changes, one PUT per changed battlecard. */
export function useSaveAssignments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: AssignChange[]) =>
      Promise.all(changes.map((c) => api<BattlecardItem>(`/api/battlecards/${c.id}.json`, { method: 'PUT', body: { cardData: c.cardData } }))),
    onSettled: () => invalidateCards(client),
  });
}

const updateKey = ['battlecards', 'update'] as const;

/**
 * One battlecard edit, shown at once in the list and in the loaded layouts, then saved with PUT. Edits
 * are saved one after another (one scope) and the server's state is read back once the last is done; a
 * failure puts the cached answers back and refetches them, so the screen returns to the server's state.
 */
export function useUpdateBattlecard() {
  const client = useQueryClient();
  const lastOne = () => client.isMutating({ mutationKey: updateKey }) === 1;
  return useMutation({
    mutationKey: updateKey,
    scope: { id: updateKey.join('.') },
    mutationFn: ({ id, change }: { id: number; change: BattlecardChanges; titles?: Record<string, string> }) =>
      api<BattlecardItem>(`/api/battlecards/${id}.json`, { method: 'PUT', body: change }),
    onMutate: async ({ id, change, titles }) => {
      await client.cancelQueries({ queryKey: ['battlecards'] });
      const list = client.getQueryData<BattlecardItem[]>(battlecardKeys.list);
      const views = client.getQueriesData<BattlecardCards>({ queryKey: ['battlecards', id] });
      client.setQueryData<BattlecardItem[]>(battlecardKeys.list, list?.map((b) => (b.id === id ? patchBattlecard(b, change, titles) : b)));
      for (const [key, view] of views) {
        if (view) client.setQueryData<BattlecardCards>(key, patchBattlecardCards(view, key[2] as BattlecardLayoutKind, change));
      }
      return { list, views };
    },
    onError: (_err, _vars, saved) => {
      if (!saved) return;
      client.setQueryData(battlecardKeys.list, saved.list);
      for (const [key, view] of saved.views) client.setQueryData(key, view);
    },
    onSettled: () => {
      if (lastOne()) invalidateCards(client);
    },
  });
}

export function useDeleteBattlecard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/api/battlecards/${id}.json`, { method: 'DELETE' }),
    onSuccess: ({ id }) => {
      client.setQueryData<BattlecardItem[]>(battlecardKeys.list, (list) => list?.filter((b) => b.id !== id));
      // The profile's battlecard tabs drop it at once, so the page never opens the deleted one.
      client.setQueriesData<ProfileView>({ queryKey: ['competitors', 'profile'] }, (p) => p && { ...p, battlecards: p.battlecards.filter((b) => b.id !== id) });
    },
    onSettled: () => invalidateCards(client),
  });
}
