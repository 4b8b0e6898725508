// Server state of win/loss interviews (contracts/winLoss.ts): the list (search, rival, page), one interview with its
// passages, a new interview, a transcript sent as the file itself, a passage's review shown at once and taken back if
// the server refuses it, the quote library, the reason taxonomy, and closed deals to interview by name.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealPage, WinLossReason } from '../../../contracts/deals.ts';
import type { InterviewBody, InterviewDetail, InterviewPage, InterviewPassage, InterviewSummary, PassageReviewBody, QuotePage, ReasonRef } from '../../../contracts/winLoss.ts';
import { api, csrfHeaders, errorFromResponse } from '../api/client.ts';
import { useFacets, winLossKeys } from './api.ts';
import { reviewed, withPassage, type InterviewsState } from './interviewsModel.ts';

export const interviewKeys = {
  all: [...winLossKeys.all, 'interviews'] as const,
  list: (q: string, rivalId: number | undefined, page: number) => [...winLossKeys.all, 'interviews', 'list', { q, rivalId, page }] as const,
  one: (id: number) => [...winLossKeys.all, 'interviews', 'one', id] as const,
  quotes: (s: Pick<InterviewsState, 'reasonId' | 'rivalId' | 'outcome' | 'page'>) => [...winLossKeys.all, 'interviews', 'quotes', s] as const,
  reasons: [...winLossKeys.all, 'reasons'] as const,
  deals: (q: string) => [...winLossKeys.all, 'interviews', 'deals', q] as const,
};

const STALE = 30_000;

export function useInterviews(q: string, rivalId: number | undefined, page: number) {
  return useQuery({
    queryKey: interviewKeys.list(q, rivalId, page),
    queryFn: ({ signal }) => api<InterviewPage>('/api/win-loss/interviews', { query: { q: q || undefined, rivalId, page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

export function useInterview(id: number) {
  return useQuery({ queryKey: interviewKeys.one(id), queryFn: ({ signal }) => api<InterviewDetail>(`/api/win-loss/interviews/${id}`, { signal }), staleTime: STALE });
}

export function useQuotes(s: Pick<InterviewsState, 'reasonId' | 'rivalId' | 'outcome' | 'page'>) {
  return useQuery({
    queryKey: interviewKeys.quotes(s),
    queryFn: ({ signal }) => api<QuotePage>('/api/win-loss/quotes', { query: { reasonId: s.reasonId, rivalId: s.rivalId, outcome: s.outcome, page: s.page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

/** The company's win and loss reasons (tags of passages, the quote library's filter). */
export function useReasons() {
  return useQuery({ queryKey: interviewKeys.reasons, queryFn: ({ signal }) => api<WinLossReason[]>('/api/win-loss/reasons', { signal }), staleTime: 5 * 60_000 });
}

/** The rivals of the company's deals, to filter by. */
export function useRivalOptions() {
  return (useFacets().data?.rivals ?? []).map((r) => ({ value: String(r.id), label: r.name }));
}

/** Deals whose name or account matches, for picking the one interviewed (the first page is plenty to choose from). */
export function useDealSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: interviewKeys.deals(q),
    queryFn: ({ signal }) => api<DealPage>('/api/deals', { query: { q: q || undefined, sort: 'closed', page: 1 }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: STALE,
  });
}

/** An interview, its transcript or a review changes the lists, the quotes and the deals' buyer-said reasons. */
const refreshAfterWrite = (client: ReturnType<typeof useQueryClient>) => client.invalidateQueries({ queryKey: winLossKeys.all });

export function useCreateInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InterviewBody) => api<InterviewSummary>('/api/win-loss/interviews', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: interviewKeys.all }),
  });
}

/** A transcript file sent as it is (Word is binary): the server reads its format from the name. */
export function useUploadTranscript() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File }) => {
      const res = await fetch(`/api/win-loss/interviews/${id}/transcript?fileName=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream', ...csrfHeaders() },
        credentials: 'same-origin',
        body: file,
      });
      if (!res.ok) throw await errorFromResponse(res);
      return (await res.json()) as InterviewDetail;
    },
    onSuccess: (detail) => {
      client.setQueryData(interviewKeys.one(detail.id), detail);
      void refreshAfterWrite(client);
    },
  });
}

/**
 * A passage's tags and quote, shown at once; on a refusal the interview is put back as it was. The server's answer
 * (the passage as stored) replaces the guess.
 */
export function useReviewPassage(interviewId: number, reasons: ReasonRef[]) {
  const client = useQueryClient();
  const key = interviewKeys.one(interviewId);
  return useMutation({
    mutationFn: ({ seq, body }: { seq: number; body: PassageReviewBody }) =>
      api<InterviewPassage>(`/api/win-loss/interviews/${interviewId}/passages/${seq}`, { method: 'PUT', body }),
    onMutate: async ({ seq, body }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<InterviewDetail>(key);
      const passage = before?.passages.find((p) => p.seq === seq);
      if (before && passage) client.setQueryData(key, withPassage(before, reviewed(passage, body, reasons)));
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (passage) => {
      const now = client.getQueryData<InterviewDetail>(key);
      if (now) client.setQueryData(key, withPassage(now, passage));
    },
    onSettled: () =>
      client.invalidateQueries({ predicate: (q) => q.queryKey[0] === winLossKeys.all[0] && JSON.stringify(q.queryKey) !== JSON.stringify(key) }),
  });
}
