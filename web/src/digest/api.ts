// Server state of email digests (contracts/digests.ts): the paged list, one digest with its posts, the mail
// preview, and the changes. Every change refreshes the digest queries; reordering and removing are optimistic.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorFromResponse } from '../api/client.ts';
import {
  DIGEST_LIST_LIMIT,
  type DigestDetail,
  type DigestList,
  type DigestRead,
  type DigestState,
  type DigestSummary,
  type SendResult,
} from '../../../contracts/digests.ts';

export const digestKeys = {
  all: ['digests'] as const,
  list: (page: number, filter: DigestState | null) => ['digests', 'list', page, filter] as const,
  detail: (id: number) => ['digests', 'detail', id] as const,
  preview: (id: number) => ['digests', 'detail', id, 'preview'] as const,
};

export function useDigests(page: number, filter: DigestState | null) {
  return useQuery({
    queryKey: digestKeys.list(page, filter),
    queryFn: ({ signal }) =>
      api<DigestList>('/api/email_digests.json', { query: { page, limit: DIGEST_LIST_LIMIT, filter: filter ?? undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDigest(id: number) {
  return useQuery({
    queryKey: digestKeys.detail(id),
    queryFn: ({ signal }) => api<DigestRead>(`/api/email_digests/${id}.json`, { signal }),
  });
}

/** The mail's HTML as the server renders it, shown in a sandboxed frame. */
export function useDigestPreview(id: number) {
  return useQuery({
    queryKey: digestKeys.preview(id),
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/email_digests/${id}/preview.html`, { credentials: 'same-origin', signal });
      if (!res.ok) throw await errorFromResponse(res);
      return res.text();
    },
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: digestKeys.all });
}

export function useCreateDigest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { title: string; intro: string }) => api<DigestSummary>('/api/email_digests.json', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useUpdateDigest(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { title: string; intro: string }) => api<DigestSummary>(`/api/email_digests/${id}.json`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export function useDeleteDigest(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>(`/api/email_digests/${id}.json`, { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: digestKeys.detail(id) });
      return client.invalidateQueries({ queryKey: digestKeys.all });
    },
  });
}

/** Changes the posts of a digest optimistically: the list shows the change at once and rolls back on failure. */
function usePostsChange<V>(id: number, apply: (posts: DigestDetail['posts'], v: V) => DigestDetail['posts'], call: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  const key = digestKeys.detail(id);
  return useMutation({
    mutationFn: call,
    onMutate: async (v: V) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const before = client.getQueryData<DigestDetail>(key);
      if (before) client.setQueryData<DigestDetail>(key, { ...before, posts: apply(before.posts, v) });
      return { before };
    },
    onError: (_err, _v, ctx) => {
      if (ctx?.before) client.setQueryData(key, ctx.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: digestKeys.all }),
  });
}

export function useReorderDigest(id: number) {
  return usePostsChange<number[]>(
    id,
    (posts, order) => order.map((postId, i) => ({ ...posts.find((p) => p.postId === postId)!, viewOrder: i })),
    (postIds) => api<DigestDetail>(`/api/email_digests/${id}/order.json`, { method: 'PUT', body: { postIds } }),
  );
}

export function useRemovePost(id: number) {
  return usePostsChange<number>(
    id,
    (posts, postId) => posts.filter((p) => p.postId !== postId),
    (postId) => api<{ removed: boolean }>(`/api/posts/${postId}/unfavorite.json`, { method: 'POST', body: { emailDigestId: id } }),
  );
}

export function useSendDigest(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (to?: string[]) => api<SendResult>(`/api/email_digests/${id}/send.json`, { method: 'POST', body: to ? { to } : {} }),
    onSuccess: refresh,
  });
}

/** The post ids in a new order after moving one up (-1) or down (+1). */
export function moved(postIds: number[], index: number, by: -1 | 1): number[] {
  const to = index + by;
  if (to < 0 || to >= postIds.length) return postIds;
  const next = [...postIds];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
