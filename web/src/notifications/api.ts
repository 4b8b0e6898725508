// Notification calls (GET /api/notifications.json, POST …/{id}/read, POST …/read_all) and card follows
// (GET/PUT/DELETE /api/cards/{id}/follow.json), with their React Query hooks. Marking read refreshes the list and
// the counts poll, whose unread count drives the bell.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BELL_LATEST,
  NOTIFICATIONS_PAGE_SIZE,
  type CardFollow,
  type Notification,
  type NotificationsResponse,
  type ReadAllResponse,
} from '../../../contracts/notifications.ts';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/session.ts';

export type NotificationFilter = 'all' | 'unread';

export const notificationKeys = {
  all: ['notifications', 'list'] as const,
  list: (filter: NotificationFilter) => ['notifications', 'list', filter] as const,
  latest: ['notifications', 'list', 'latest'] as const,
  follow: (cardId: number) => ['cards', cardId, 'follow'] as const,
};

const fetchPage = (filter: NotificationFilter, page: number, limit: number, signal?: AbortSignal) =>
  api<NotificationsResponse>('/api/notifications.json', { query: { unread: filter === 'unread' ? true : undefined, page, limit }, signal });

/** The page's list, 30 at a time. */
export function useNotifications(filter: NotificationFilter) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchPage(filter, pageParam, NOTIFICATIONS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

/** The bell's latest few, fetched while its popover is open. */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => fetchPage('all', 1, BELL_LATEST, signal),
    enabled,
    staleTime: 0,
  });
}

/** After a change: the lists and the unread count of the counts poll. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: notificationKeys.all }), client.invalidateQueries({ queryKey: queryKeys.counts })]);
}

export function useMarkRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api<Notification>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api<ReadAllResponse>('/api/notifications/read_all', { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useCardFollow(cardId: number) {
  return useQuery({
    queryKey: notificationKeys.follow(cardId),
    queryFn: ({ signal }) => api<CardFollow>(`/api/cards/${cardId}/follow.json`, { signal }),
    staleTime: 60_000,
  });
}

export function useSetCardFollow(cardId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) => api<CardFollow>(`/api/cards/${cardId}/follow.json`, { method: following ? 'PUT' : 'DELETE' }),
    onSuccess: (state) => client.setQueryData(notificationKeys.follow(cardId), state),
  });
}
