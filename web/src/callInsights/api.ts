// Server state of call insights (contracts/calls.ts): the overview, a rival's mentions page by page, the calls list,
// the reps it filters by, and one call, a recorder's export imported (the file's bytes as the body), and a passage turned into intel or a
// card's source. An import reads every number again.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallDetail, CallImport, CallOverview, CallPage, CallRepOption, PassageIntelBody, PassageSourceBody, RivalMentions } from '../../../contracts/calls.ts';
import type { CardResult, SearchResponse } from '../../../contracts/search.ts';
import { api, csrfHeaders, errorFromResponse, withQuery } from '../api/client.ts';
import { callsQuery, type CallFilters } from './model.ts';

const BASE = '/api/call-insights';
const STALE = 60_000;

export const callKeys = {
  all: ['callInsights'] as const,
  overview: ['callInsights', 'overview'] as const,
  mentions: (rivalId: number, objections: boolean, page: number) => ['callInsights', 'mentions', rivalId, objections, page] as const,
  calls: (f: CallFilters) => ['callInsights', 'calls', callsQuery(f)] as const,
  reps: ['callInsights', 'reps'] as const,
  call: (id: number) => ['callInsights', 'call', id] as const,
};

export function useCallOverview() {
  return useQuery({ queryKey: callKeys.overview, queryFn: ({ signal }) => api<CallOverview>(`${BASE}/overview.json`, { signal }), staleTime: STALE });
}

export function useMentions(rivalId: number, objections: boolean, page: number) {
  return useQuery({
    queryKey: callKeys.mentions(rivalId, objections, page),
    queryFn: ({ signal }) => api<RivalMentions>(`${BASE}/mentions`, { query: { rivalId, objections: objections ? 'true' : undefined, page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

export function useCalls(filters: CallFilters) {
  return useQuery({
    queryKey: callKeys.calls(filters),
    queryFn: ({ signal }) => api<CallPage>(`${BASE}/calls`, { query: callsQuery(filters), signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

export function useCallReps() {
  return useQuery({ queryKey: callKeys.reps, queryFn: ({ signal }) => api<CallRepOption[]>(`${BASE}/reps`, { signal }), staleTime: STALE });
}

export function useCall(id: number | null) {
  return useQuery({
    queryKey: callKeys.call(id ?? 0),
    queryFn: ({ signal }) => api<CallDetail>(`${BASE}/calls/${id}`, { signal }),
    enabled: id !== null,
    staleTime: STALE,
  });
}

/**
 * Sends a file as the body, telling how much of it is sent (`fetch` cannot tell an upload's progress; XMLHttpRequest
 * can), and answers the JSON reply; a refusal is the ApiError the rest of the app reads.
 */
function upload<T>(url: string, file: File, onProgress: (sent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    for (const [k, v] of Object.entries(csrfHeaders())) xhr.setRequestHeader(k, v);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const res = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' } });
      if (res.ok) res.json().then((data) => resolve(data as T), reject);
      else errorFromResponse(res).then(reject, reject);
    };
    // As fetch words a request that never reached the server (errorText.ts says so in the reader's words).
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.send(file);
  });
}

/** A recorder's export sent as it is (the API reads the body as the file), described by the query; `onProgress` hears the share sent. */
export function useImportCalls(onProgress: (sent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, query }: { file: File; query: Record<string, string | undefined> }) => upload<CallImport>(withQuery(`${BASE}/imports`, query), file, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: callKeys.all }),
  });
}

const passagePath = (callId: number, seq: number, what: 'intel' | 'source') => `${BASE}/calls/${callId}/passages/${seq}/${what}`;

export function usePassageIntel() {
  return useMutation({
    mutationFn: ({ callId, seq, body }: { callId: number; seq: number; body: PassageIntelBody }) =>
      api<{ alertId: number }>(passagePath(callId, seq, 'intel'), { method: 'POST', body }),
  });
}

export function usePassageSource() {
  return useMutation({
    mutationFn: ({ callId, seq, body }: { callId: number; seq: number; body: PassageSourceBody }) =>
      api<{ cardId: number }>(passagePath(callId, seq, 'source'), { method: 'POST', body }),
  });
}

/** Cards the words find (the cards search, GET /api/search.json), the passage's rivals first when asked. */
export function useCardSearch(terms: string, rivalIds: number[], enabled: boolean) {
  const rivals = rivalIds.length ? rivalIds.join(',') : undefined;
  return useQuery({
    queryKey: ['callInsights', 'cardSearch', terms, rivals ?? ''] as const,
    queryFn: ({ signal }) => api<SearchResponse<CardResult>>('/api/search.json', { query: { index: 'cards', query: terms, size: 10, sort: 'relevance', rivals }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
