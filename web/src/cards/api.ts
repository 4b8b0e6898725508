// Server state of cards (contracts/cards.ts): the single card of the viewer, card writes, sources, tags,
// sentiment, feedback, the boards of a rival and the visibility groups. Every write invalidates what
// shows cards: the profile's lanes, the single card, battlecards and search.
import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../../contracts/account.ts';
import type {
  BoardItem,
  Card,
  CardBulkUpdate,
  CardComment,
  CardCreate,
  CardSource,
  CardsDeleted,
  CardUpdate,
  Sentiment,
  SentimentAnswer,
  TagItem,
} from '../../../contracts/cards.ts';
import type { RivalItem } from '../../../contracts/competitors.ts';
import type { CardView } from '../../../contracts/search.ts';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/session.ts';

export const cardKeys = {
  view: (id: number, previewing: number | null) => ['cards', id, previewing] as const,
  sources: (id: number) => ['cards', id, 'sources'] as const,
  tags: (search: string) => ['tags', search] as const,
  rivalBoards: (rivalId: number) => ['rivals', rivalId, 'boards'] as const,
  rivals: ['rivals', 'minimal'] as const,
  visibilityGroups: ['visibilityGroups'] as const,
};

/** Everything that shows cards: lanes and profiles, single cards, battlecards, search results and tags. */
export function invalidateCards(client: QueryClient) {
  for (const key of [['competitors'], ['cards'], ['battlecards'], ['search'], ['tags'], ['rivals']]) void client.invalidateQueries({ queryKey: key });
}

function useCardMutation<Vars, Answer>(fn: (vars: Vars) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidateCards(client) });
}

/** One card for the viewer; a curator previewing as a visibility group reads it as that group would. */
export function useCardView(id: number | null, previewing: number | null = null) {
  return useQuery({
    queryKey: cardKeys.view(id ?? 0, previewing),
    queryFn: ({ signal }) => api<CardView>(`/api/cards/${id}.json`, { query: { previewing: previewing ?? undefined }, signal }),
    enabled: id !== null,
    staleTime: 30_000,
  });
}

export const useCreateCard = () => useCardMutation((body: CardCreate) => api<Card>('/api/cards.json', { method: 'POST', query: { v: 3 }, body }));
export const useUpdateCard = () =>
  useCardMutation(({ id, body }: { id: number; body: CardUpdate }) => api<Card>(`/api/cards/${id}.json`, { method: 'PUT', body }));
export const useBulkUpdateCards = () => useCardMutation((body: CardBulkUpdate) => api<Card[]>('/api/cards.json', { method: 'PUT', query: { v: 2 }, body }));
export const useDuplicateCard = () => useCardMutation((id: number) => api<Card>(`/api/cards/${id}/duplicate.json`, { method: 'POST' }));
export const useDeleteCards = () =>
  useCardMutation((cardIds: number[]) =>
    cardIds.length === 1
      ? api<CardsDeleted>(`/api/cards/${cardIds[0]}.json`, { method: 'DELETE' })
      : api<CardsDeleted>('/api/cards.json', { method: 'DELETE', body: { cardIds } }),
  );
export const useBulkTags = () =>
  useCardMutation((body: { cardIds: number[]; addTags?: number[]; removeTags?: number[] }) => api<Card[]>('/api/cards/tags.json', { method: 'PUT', body }));

export function useTagSearch(search: string) {
  return useQuery({
    queryKey: cardKeys.tags(search),
    queryFn: ({ signal }) => api<TagItem[]>('/api/tags.json', { query: { filter: 'active', search: search || undefined, limit: 50, minimal: true }, signal }),
    staleTime: 30_000,
  });
}
export function useCreateTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<TagItem>('/api/tags.json', { method: 'POST', body: { name } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['tags'] }),
  });
}

export function useSources(cardId: number) {
  return useQuery({ queryKey: cardKeys.sources(cardId), queryFn: ({ signal }) => api<CardSource[]>(`/api/cards/${cardId}/sources.json`, { signal }) });
}
export function useAddSource(cardId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api<CardSource[]>(`/api/cards/${cardId}/sources`, { method: 'POST', body: { urls: [url] } }),
    onSuccess: (list) => client.setQueryData(cardKeys.sources(cardId), list),
    onSettled: () => invalidateCards(client),
  });
}
export function useDeleteSource(cardId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/api/cards/${cardId}/sources/${id}`, { method: 'DELETE' }),
    onSuccess: ({ id }) => client.setQueryData<CardSource[]>(cardKeys.sources(cardId), (list) => list?.filter((s) => s.id !== id)),
    onSettled: () => invalidateCards(client),
  });
}

/** Optimistic: the choice shows at once; a failure resets it to none (part 2 §4). */
export function useSetSentiment(cardId: number) {
  const client = useQueryClient();
  const write = (sentiment: Sentiment | null) =>
    client.setQueryData<User | null>(queryKeys.me, (me) => {
      if (!me) return me;
      const map = { ...((me.userData.cardSentiment as Record<string, Sentiment> | undefined) ?? {}) };
      if (sentiment === null) delete map[String(cardId)];
      else map[String(cardId)] = sentiment;
      return { ...me, userData: { ...me.userData, cardSentiment: map } };
    });
  return useMutation({
    mutationFn: (sentiment: Sentiment | null) => api<SentimentAnswer>(`/api/cards/${cardId}/sentiment.json`, { method: 'PUT', body: { sentiment } }),
    onMutate: (sentiment) => write(sentiment),
    onError: () => write(null),
  });
}

export const useSendFeedback = (cardId: number) =>
  useMutation({ mutationFn: (body: string) => api<CardComment>(`/api/cards/${cardId}/comments`, { method: 'POST', body: { body } }) });

/** The feedback on a card, newest first: curators only (the server answers 403 to anyone else). */
const commentsQuery = (cardId: number) => ({
  queryKey: ['cards', cardId, 'comments'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<CardComment[]>(`/api/cards/${cardId}/comments.json`, { signal }),
  staleTime: 30_000,
});
export const useCardComments = (cardId: number) => useQuery(commentsQuery(cardId));
/** The feedback on several cards (a battlecard's, at most 8 per layout), one request per card. */
export const useCardsComments = (cardIds: readonly number[]) => useQueries({ queries: cardIds.map(commentsQuery) });

export function useRivalsMinimal(enabled: boolean) {
  return useQuery({
    queryKey: cardKeys.rivals,
    queryFn: ({ signal }) => api<RivalItem[]>('/api/rivals.json', { query: { order: 'alpha' }, signal }),
    enabled,
    staleTime: 60_000,
  });
}
export function useRivalBoards(rivalId: number | null) {
  return useQuery({
    queryKey: cardKeys.rivalBoards(rivalId ?? 0),
    queryFn: ({ signal }) => api<BoardItem[]>(`/api/rivals/${rivalId}/boards.json`, { signal }),
    enabled: rivalId !== null,
  });
}
export function useVisibilityGroups(enabled = true) {
  return useQuery({
    queryKey: cardKeys.visibilityGroups,
    queryFn: ({ signal }) => api<{ id: number; name: string }[]>('/api/visibility_groups.json', { signal }),
    enabled,
    staleTime: 300_000,
  });
}
