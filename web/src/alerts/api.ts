// Intel feed calls (part 1 §7 Intel) and their React Query hooks. Shapes are those of contracts/intel.ts.
// The list retries only a 500 (part 1 §9); every other failure shows at once.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DigestList } from '../../../contracts/digests.ts';
import type {
  AlertsUrlState,
  IntelBulkUpdateResponse,
  IntelDetail,
  IntelEditBody,
  IntelHit,
  IntelJob,
  IntelListResponse,
  IntelSummaryResponse,
  IntelViewsResponse,
} from '../../../contracts/intel.ts';
import { VIEW_COUNTS_DELAY_MS, VIEW_COUNTS_REFRESH_MS } from '../../../contracts/intel.ts';
import { api, ApiError } from '../api/client.ts';
import { listQuery, pageAggregations } from './alertsState.ts';
import { JOB_POLL_MS } from './constants.ts';
import { browserTimeZone, intelKeys } from './queryKeys.ts';
import type { PendingUpdate } from './retryQueue.ts';
import { countedViews, viewCountsFrom, viewCountsRequest } from './viewCounts.ts';

const retryOn500 = (failures: number, err: unknown) => err instanceof ApiError && err.status === 500 && failures < 2;

/** The offset of the next page, or undefined once every hit is loaded. */
export function nextIntelOffset(last: Pick<IntelListResponse, 'pagination' | 'hits'>): number | undefined {
  const next = last.pagination.offset + last.hits.length;
  return last.hits.length === 0 || next >= last.pagination.total ? undefined : next;
}

/** The feed for a page state, 50 at a time; aggregations come with the first page only. */
export function useIntelList(state: AlertsUrlState) {
  const tz = browserTimeZone();
  const first = listQuery(state, { tz, aggregate: pageAggregations(state) });
  const start = state.offset ?? 0;
  return useInfiniteQuery({
    queryKey: intelKeys.list(first),
    queryFn: ({ pageParam, signal }) =>
      api<IntelListResponse>(`/api/intel/v1?${pageParam === start ? first : listQuery(state, { tz, offset: pageParam })}`, { signal }),
    initialPageParam: start,
    getNextPageParam: nextIntelOffset,
    placeholderData: keepPreviousData,
    retry: retryOn500,
    staleTime: 15_000,
  });
}

export function useIntelViews() {
  return useQuery({
    queryKey: intelKeys.views,
    queryFn: ({ signal }) => api<IntelViewsResponse>('/api/intel/v1/views', { signal }),
    select: (r) => r.views,
    staleTime: 60_000,
  });
}

/** Live counts of the views: first fetch 3 s after the page opens, then every 600 s. */
export function useViewCounts(customIds: number[] | undefined) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), VIEW_COUNTS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const views = countedViews((customIds ?? []).map((id) => ({ id })));
  return useQuery({
    queryKey: intelKeys.counts(views),
    queryFn: async ({ signal }) =>
      viewCountsFrom(views, await api('/api/intel/v1/batch', { method: 'POST', body: viewCountsRequest(views, browserTimeZone()), signal })),
    enabled: ready && customIds !== undefined,
    refetchInterval: VIEW_COUNTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** A bulk job, polled until it is done. */
export function useIntelJob(jobId: number | null) {
  return useQuery({
    queryKey: intelKeys.job(jobId ?? 0),
    queryFn: ({ signal }) => api<IntelJob>(`/api/intel/v1/jobs/${jobId}`, { signal }),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && ['completed', 'cancelled', 'failed'].includes(q.state.data.state) ? false : JOB_POLL_MS),
  });
}

export function useDraftDigests(enabled: boolean) {
  return useQuery({
    queryKey: intelKeys.drafts,
    queryFn: ({ signal }) => api<DigestList>('/api/email_digests.json', { query: { filter: 'draft' }, signal }),
    select: (r) => r.digests,
    enabled,
    staleTime: 30_000,
  });
}

/** Sends one update: a single item, an id list or every item a query matches. */
export function sendUpdate(u: PendingUpdate): Promise<IntelBulkUpdateResponse | unknown> {
  if (u.kind === 'one') return api(`/api/intel/v1/${u.intelId}`, { method: 'PATCH', body: u.update });
  const body = u.kind === 'ids' ? { intelIds: u.intelIds, update: u.update } : { updateAll: true, query: u.query, update: u.update };
  return api<IntelBulkUpdateResponse>('/api/intel/v1/', { method: 'PATCH', body });
}

/** One item with its body and related alerts, read from PostgreSQL (current right after a change). */
export function useIntelDetail(id: number) {
  return useQuery({ queryKey: intelKeys.detail(id), queryFn: ({ signal }) => api<IntelDetail>(`/api/intel/v1/${id}`, { signal }) });
}

export const intelApi = {
  edit: (id: number, body: IntelEditBody) => api<IntelHit>(`/api/intel/${id}`, { method: 'PUT', body }),
  addRival: (id: number, rivalId: number) => api<IntelHit>(`/api/intel/v1/${id}`, { method: 'PATCH', body: { addRivalIds: [rivalId] } }),
  removeRival: (id: number, rivalId: number) => api<IntelHit>(`/api/intel/v1/${id}/rival/${rivalId}`, { method: 'DELETE' }),
  setState: (id: number, state: IntelHit['state']) => api<IntelHit>(`/api/intel/v1/${id}`, { method: 'PATCH', body: { state } }),
  unpublish: (id: number) => api(`/api/intel/v1/${id}/unpublish`, { method: 'POST' }),
  summarize: (id: number) => api<IntelSummaryResponse>(`/api/intel/v1/${id}/summarize`, { method: 'POST' }),
  cancelJob: (id: number) => api<IntelJob>(`/api/intel/v1/jobs/${id}/cancel`, { method: 'POST' }),
  addToDigest: (digestId: number, intelId: number) => api(`/api/email_digests/${digestId}/items.json`, { method: 'POST', body: { intelId } }),
  saveView: (body: { name: string; filters: string; shared: boolean }, id?: number) =>
    api(id ? `/api/intel/v1/views/${id}` : '/api/intel/v1/views', { method: id ? 'PUT' : 'POST', body }),
  deleteView: (id: number) => api(`/api/intel/v1/views/${id}`, { method: 'DELETE' }),
};

export type RivalOption = { id: number; name: string };

/** Every rival, by name: the submit-intel list and the names of rival filters. */
export function useRivalOptions(enabled = true) {
  return useQuery({
    queryKey: ['rivals', 'minimal'] as const,
    queryFn: ({ signal }) => api<RivalOption[]>('/api/rivals.json', { query: { minimal: true }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
