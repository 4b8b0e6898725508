// Server state of battlecards (contracts/cards.ts): the company's list, the cards of one battlecard in a
// layout, and the curators' writes. The list is cached by the browser for 300 s with an ETag that
// changes on any battlecard or card change, so it is always revalidated (304 when unchanged).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BattlecardItem, BattlecardLayoutKind } from '../../../contracts/cards.ts';
import type { BattlecardCards } from '../../../contracts/competitors.ts';
import { api } from '../api/client.ts';
import { invalidateCards } from '../cards/api.ts';
import type { AssignChange } from './assign.ts';

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
    mutationFn: (body: { title: string; cardData?: Partial<AssignChange['cardData']> }) =>
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
