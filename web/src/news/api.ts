// News calls for sellers (contracts/news.ts) and their React Query hooks: the feed with infinite scroll, its
// topics, an item's detail, one rival's news, recording a visit of that news (userData.boardNewsVisits), and the
// dashboard's Boards | News toggle (userData.dashboardNewsToggle).
// The unread counts live in unread.ts, which the dashboard's first screen loads without the rest.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../contracts/account.ts';
import { FEED_MAX_WINDOW, FEED_PAGE_SIZE, type FeedItemDetail, type FeedPage, type FeedTopics, type ProfileNewsPage } from '../../../contracts/news.ts';
import { api } from '../api/client.ts';
import { putUserData, queryKeys, type CountsSnapshot } from '../api/session.ts';
import { emptyFeedState, toFeedRequest, type FeedState } from './feedUrlState.ts';
import { BOARD_NEWS_VISITS, DASHBOARD_NEWS_TOGGLE, visitStamp } from './model.ts';
import { unreadKey } from './unread.ts';

export const newsKeys = {
  feed: (state: FeedState) => ['news', 'feed', state] as const,
  latest: (size: number) => ['news', 'latest', size] as const,
  topics: ['news', 'topics'] as const,
  item: (id: number) => ['news', 'item', id] as const,
  profile: (profileId: number) => ['news', 'profile', profileId] as const,
};

const fetchFeed = (state: FeedState, offset: number, size: number, signal?: AbortSignal) =>
  api<FeedPage>('/api/feed.json', { query: toFeedRequest(state, offset, size), signal });

/** The offset of the next feed page, or undefined once every item (or the API's 10 000 window) is loaded. */
export function nextFeedOffset(last: Pick<FeedPage, 'offset' | 'items' | 'total'>): number | undefined {
  const next = last.offset + last.items.length;
  if (last.items.length === 0 || next >= last.total || next + FEED_PAGE_SIZE > FEED_MAX_WINDOW) return undefined;
  return next;
}

/** The feed for a state, 20 at a time; the previous results stay on screen while a new search loads. */
export function useFeed(state: FeedState) {
  return useInfiniteQuery({
    queryKey: newsKeys.feed(state),
    queryFn: ({ pageParam, signal }) => fetchFeed(state, pageParam, FEED_PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: nextFeedOffset,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The newest published items (the dashboard's news). */
export function useLatestNews(size: number) {
  return useQuery({
    queryKey: newsKeys.latest(size),
    queryFn: ({ signal }) => fetchFeed(emptyFeedState(), 0, size, signal),
    staleTime: 60_000,
  });
}

export function useFeedTopics() {
  return useQuery({
    queryKey: newsKeys.topics,
    queryFn: ({ signal }) => api<FeedTopics>('/api/feed/topics.json', { signal }),
    select: (r) => r.topics,
    staleTime: 300_000,
  });
}

export function useFeedItem(id: number | null) {
  return useQuery({
    queryKey: newsKeys.item(id ?? 0),
    queryFn: ({ signal }) => api<FeedItemDetail>(`/api/feed/${id}.json`, { signal }),
    enabled: id !== null,
    staleTime: 60_000,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

/** The offset of the next page of a rival's news, or undefined when the server says there is no more. */
export const nextNewsOffset = (last: Pick<ProfileNewsPage, 'offset' | 'items' | 'hasMore'>): number | undefined =>
  last.hasMore && last.items.length > 0 ? last.offset + last.items.length : undefined;

export function useProfileNews(profileId: number) {
  return useInfiniteQuery({
    queryKey: newsKeys.profile(profileId),
    queryFn: ({ pageParam, signal }) =>
      api<ProfileNewsPage>(`/api/profiles/${profileId}/news.json`, { query: { offset: pageParam, size: FEED_PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: nextNewsOffset,
    staleTime: 30_000,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

/** Records that the user opened a profile's news now (by the server's clock); its unread count is then read again. */
export function useRecordNewsVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profileId: number) => {
      const offset = client.getQueryData<CountsSnapshot>(queryKeys.counts)?.clockOffsetMs ?? 0;
      return putUserData([BOARD_NEWS_VISITS, String(profileId)], visitStamp(Date.now(), offset));
    },
    onSuccess: (me) => {
      client.setQueryData(queryKeys.me, me);
      return client.invalidateQueries({ queryKey: unreadKey });
    },
  });
}

/** Saves the dashboard's Boards | News toggle; the dashboard follows it at once and goes back if the server refuses. */
export function useSetNewsToggle() {
  const client = useQueryClient();
  return useMutation({
    // One after another, so the last choice is the one saved and shown.
    scope: { id: DASHBOARD_NEWS_TOGGLE },
    mutationFn: (on: boolean) => putUserData(DASHBOARD_NEWS_TOGGLE, on),
    onMutate: (on) => {
      const before = client.getQueryData<User>(queryKeys.me);
      if (before) client.setQueryData<User>(queryKeys.me, { ...before, userData: { ...before.userData, [DASHBOARD_NEWS_TOGGLE]: on } });
      return before;
    },
    onError: (_err, _on, before) => client.setQueryData(queryKeys.me, before),
    onSuccess: (me) => client.setQueryData(queryKeys.me, me),
  });
}
