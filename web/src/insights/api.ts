// Server state of review insights (part 3 §7.1, contracts/insights.ts): supported rivals, insights and their
// sources, reviews and aspects with the filters of the URL, pins (optimistic, §4.6), aspect edits, cards drafted
// from insights, regeneration and imports.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Card, CardCreate } from '../../../contracts/cards.ts';
import {
  INSIGHTS,
  type AspectDetail,
  type AspectListResponse,
  type AspectState,
  type AspectSummaryResponse,
  type InsightCardDraft,
  type InsightKind,
  type InsightListResponse,
  type InsightSourcesResponse,
  type ReviewImportErrorResponse,
  type ReviewImportView,
  type ReviewListResponse,
  type ReviewView,
  type SourceType,
  type SupportedRivalsResponse,
} from '../../../contracts/insights.ts';
import { api, ApiError, errorFromResponse, getCsrfToken, redirectToSignIn, shouldRedirectOn401, withQuery } from '../api/client.ts';
import { invalidateCards } from '../cards/api.ts';
import { aspectListQuery, importContentType, reviewListQuery, withBookmark, type ImportRejection, type ReviewFilters } from './model.ts';

const BASE = '/api/insights/v2';
/** Part 3 §9: jobs (a regeneration under way) are polled every 10 s; an import's analysis every second. */
const JOB_POLL_MS = 10_000;
const IMPORT_POLL_MS = 1_000;

export const insightsKeys = {
  all: ['insights'] as const,
  rivals: ['insights', 'rivals'] as const,
  list: (rivalId: number, kinds: readonly InsightKind[], sourceType: SourceType) => ['insights', 'list', rivalId, kinds, sourceType] as const,
  sources: ['insights', 'sources'] as const,
  reviews: ['insights', 'reviews'] as const,
  aspects: ['insights', 'aspects'] as const,
  summary: (aspectId: number) => ['insights', 'summary', aspectId] as const,
  import: (id: number) => ['insights', 'import', id] as const,
};

export function useSupportedRivals() {
  return useQuery({
    queryKey: insightsKeys.rivals,
    queryFn: ({ signal }) => api<SupportedRivalsResponse>(`${BASE}/insights/supported-rivals`, { signal }),
    staleTime: 60_000,
    // While a rival's insights are being generated, its counts follow the job.
    refetchInterval: (query) => (query.state.data?.supportedRivals.some((r) => r.generating || r.children.some((c) => c.generating)) ? JOB_POLL_MS : false),
  });
}

export function useInsights(rivalId: number, kinds: readonly InsightKind[], sourceType: SourceType) {
  return useQuery({
    queryKey: insightsKeys.list(rivalId, kinds, sourceType),
    queryFn: ({ signal }) =>
      api<InsightListResponse>(`${BASE}/insights/supported-rivals/${rivalId}`, { query: { type: kinds.join(','), sourceType }, signal }),
    staleTime: 60_000,
  });
}

export function useInsightSources(insightId: number | null, rivalId: number, sourceType: SourceType, page: number) {
  return useQuery({
    queryKey: [...insightsKeys.sources, insightId, rivalId, sourceType, page],
    queryFn: ({ signal }) =>
      api<InsightSourcesResponse>(`${BASE}/insights/${insightId}/supported-rivals/${rivalId}/sources`, {
        query: { sourceType, page, size: INSIGHTS.sourcesPageSize },
        signal,
      }),
    enabled: insightId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReviews(rivalId: number, filters: ReviewFilters, now: Date) {
  const query = reviewListQuery(filters, now);
  return useQuery({
    queryKey: [...insightsKeys.reviews, rivalId, query],
    queryFn: ({ signal }) => api<ReviewListResponse>(`${BASE}/reviews/supported-rivals/${rivalId}`, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The aspects of a rival with counts for the filters, a page of 100 (50 hidden) at a time. */
export function useAspects(rivalId: number, filters: ReviewFilters, now: Date, state: AspectState, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...insightsKeys.aspects, rivalId, state, aspectListQuery(filters, now, state, 0)],
    queryFn: ({ pageParam, signal }) =>
      api<AspectListResponse>(`${BASE}/aspects/supported-rivals/${rivalId}`, { query: aspectListQuery(filters, now, state, pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.pagination.nextOffset ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

export function useAspectSummary(aspectId: number | null) {
  return useQuery({
    queryKey: insightsKeys.summary(aspectId ?? 0),
    queryFn: ({ signal }) => api<AspectSummaryResponse>(`${BASE}/aspects/${aspectId}/summary`, { signal }),
    enabled: aspectId !== null,
    staleTime: INSIGHTS.summaryCacheSeconds * 1000,
  });
}

type Snapshot = [QueryKey, unknown][];

/**
 * Pins and unpins a review at once wherever it shows (a reviews page, an insight's sources); a failure puts
 * every list back as it was and lets the caller say so (part 3 §4.6, §8).
 */
export function useBookmarkReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, bookmark }: { reviewId: number; bookmark: boolean }) =>
      api<ReviewView>(`${BASE}/reviews/${reviewId}`, { method: 'PATCH', body: { bookmark } }),
    onMutate: async ({ reviewId, bookmark }): Promise<Snapshot> => {
      await Promise.all([client.cancelQueries({ queryKey: insightsKeys.reviews }), client.cancelQueries({ queryKey: insightsKeys.sources })]);
      const snapshot: Snapshot = [...client.getQueriesData({ queryKey: insightsKeys.reviews }), ...client.getQueriesData({ queryKey: insightsKeys.sources })];
      client.setQueriesData<ReviewListResponse>({ queryKey: insightsKeys.reviews }, (d) => d && { ...d, reviews: withBookmark(d.reviews, reviewId, bookmark) });
      client.setQueriesData<InsightSourcesResponse>({ queryKey: insightsKeys.sources }, (d) => d && { ...d, sources: withBookmark(d.sources, reviewId, bookmark) });
      return snapshot;
    },
    onError: (_err, _vars, snapshot) => {
      for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
    },
    // "Pinned only" lists gain or lose the review.
    onSettled: () => client.invalidateQueries({ queryKey: insightsKeys.reviews }),
  });
}

export function usePatchAspect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ aspectId, body }: { aspectId: number; body: { state?: AspectState; title?: string | null; mergeInto?: number } }) =>
      api<AspectDetail>(`${BASE}/aspects/${aspectId}`, { method: 'PATCH', body }),
    // Names and counts show in reviews, insights and the chart too.
    onSettled: () => client.invalidateQueries({ queryKey: insightsKeys.all }),
  });
}

export function useDraftInsightCard(rivalId: number) {
  return useMutation({
    mutationFn: (insightId: number) => api<InsightCardDraft>(`${BASE}/insights/supported-rivals/${rivalId}/card`, { method: 'POST', body: { insightId } }),
  });
}

/**
 * The card (POST /cards.json?v=3, template CardHTML), then its sources. A card that exists is not undone when
 * its sources fail (trying again would make a second card): the answer says so instead.
 */
export function useCreateInsightCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ boardId, data, sources }: { boardId: number; data: CardCreate['data']; sources: string[] }) => {
      const card = await api<Card>('/api/cards.json', { method: 'POST', query: { v: 3 }, body: { boardId, templateName: 'CardHTML', data } satisfies CardCreate });
      if (!sources.length) return { card, sourcesFailed: false };
      try {
        await api(`/api/cards/${card.id}/sources`, { method: 'POST', body: { urls: sources.slice(0, 50) } });
        return { card, sourcesFailed: false };
      } catch {
        return { card, sourcesFailed: true };
      }
    },
    onSettled: () => invalidateCards(client),
  });
}

export function useRegenerateInsights() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rivalId: number) => api<{ jobId: number | string }>(`${BASE}/insights/supported-rivals/${rivalId}/generate`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: insightsKeys.rivals }),
  });
}

/** A 400 of an import: the file's bad rows with their lines, and the answer's code and values (errorText words it). */
export class ImportRejected extends ApiError {
  constructor(
    readonly response: ImportRejection,
    answer: ApiError,
  ) {
    super(answer.status, answer.message, answer.details, answer.requestId, answer.code, answer.params);
  }
}

/** Sends the file as it is (CSV, JSON or JSON Lines), which is what the import takes, rather than JSON. */
async function uploadReviews(rivalId: number, file: File): Promise<ReviewImportView> {
  const type = importContentType(file.name) ?? 'text/csv';
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': type };
  const token = getCsrfToken();
  if (token) headers['X-CSRF-Token'] = token;
  const path = withQuery(`${BASE}/reviews/imports`, { supportedRivalId: rivalId, fileName: file.name });
  const res = await fetch(path, { method: 'POST', headers, body: file, credentials: 'same-origin' });
  if (res.ok) return (await res.json()) as ReviewImportView;
  if (res.status === 400) {
    const answer = await errorFromResponse(res.clone());
    const details = answer.details as ReviewImportErrorResponse['details'] | undefined;
    if (Array.isArray(details?.errors)) throw new ImportRejected({ error: answer.message, errors: details.errors, moreErrors: details.moreErrors ?? 0 }, answer);
  }
  if (res.status === 401 && shouldRedirectOn401(path, window.location.pathname)) redirectToSignIn();
  throw await errorFromResponse(res);
}

export function useImportReviews() {
  return useMutation({ mutationFn: ({ rivalId, file }: { rivalId: number; file: File }) => uploadReviews(rivalId, file) });
}

/** An import, polled every second while it is analysed; once it ends, everything insights show is refreshed. */
export function useReviewImport(importId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: insightsKeys.import(importId ?? 0),
    queryFn: async ({ signal }) => {
      const view = await api<ReviewImportView>(`${BASE}/reviews/imports/${importId}`, { signal });
      if (view.state !== 'analysing') void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'insights' && q.queryKey[1] !== 'import' });
      return view;
    },
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'succeeded' || query.state.data?.state === 'failed' ? false : IMPORT_POLL_MS),
  });
}
