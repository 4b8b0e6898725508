// Server state of win/loss and deals (contracts/deals.ts): the facets, overview and reports for the filters, the
// deals behind a number page by page, one deal, and the curators' import (preview, mappings, the import itself,
// polled until it ends). A finished import reads every win/loss answer again.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompetitiveDeals,
  Deal,
  DealFilters,
  DealImport,
  DealImportPreview,
  DealMapping,
  DealMappingBody,
  DealPage,
  ReportDimension,
  WinLossFacets,
  WinLossOverview,
  WinLossReport,
} from '../../../contracts/deals.ts';
import { api, csrfHeaders, errorFromResponse } from '../api/client.ts';
import { apiQuery } from './model.ts';

export const winLossKeys = {
  all: ['winLoss'] as const,
  facets: ['winLoss', 'facets'] as const,
  overview: (f: DealFilters) => ['winLoss', 'overview', apiQuery(f)] as const,
  report: (d: ReportDimension, f: DealFilters) => ['winLoss', 'report', d, apiQuery(f)] as const,
  deals: (f: DealFilters, page: number) => ['winLoss', 'deals', apiQuery(f), page] as const,
  deal: (id: number) => ['winLoss', 'deal', id] as const,
  mappings: ['winLoss', 'mappings'] as const,
  import: (id: number) => ['winLoss', 'import', id] as const,
};

const STALE = 60_000;
/** How often a running import is asked how far it got. */
export const IMPORT_POLL_MS = 1_000;

export function useFacets() {
  return useQuery({ queryKey: winLossKeys.facets, queryFn: ({ signal }) => api<WinLossFacets>('/api/win-loss/facets.json', { signal }), staleTime: STALE });
}

export function useOverview(filters: DealFilters) {
  return useQuery({
    queryKey: winLossKeys.overview(filters),
    queryFn: ({ signal }) => api<WinLossOverview>('/api/win-loss/overview.json', { query: apiQuery(filters), signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

export function useReport(dimension: ReportDimension, filters: DealFilters) {
  return useQuery({
    queryKey: winLossKeys.report(dimension, filters),
    queryFn: ({ signal }) => api<WinLossReport>('/api/win-loss/reports.json', { query: { dimension, ...apiQuery(filters) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

export function useDeals(filters: DealFilters, page: number) {
  return useQuery({
    queryKey: winLossKeys.deals(filters, page),
    queryFn: ({ signal }) => api<DealPage>('/api/deals', { query: { ...apiQuery(filters), page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

export function useDeal(id: number | null) {
  return useQuery({
    queryKey: winLossKeys.deal(id ?? 0),
    queryFn: ({ signal }) => api<Deal>(`/api/deals/${id}`, { signal }),
    enabled: id !== null,
    staleTime: STALE,
  });
}

/** The reader's open deals that name a rival (the dashboard's widget). */
export function useCompetitiveDeals(enabled: boolean) {
  return useQuery({
    queryKey: ['winLoss', 'competitive'],
    queryFn: ({ signal }) => api<CompetitiveDeals>('/api/deals/competitive.json', { signal }),
    enabled,
    staleTime: STALE,
    retry: false,
  });
}

/** A CSV file's text sent as it is (the API takes text/csv, not JSON). */
async function postCsv<T>(path: string, text: string, query: Record<string, string | number | undefined>): Promise<T> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
  const qs = q.toString();
  const res = await fetch(qs ? `${path}?${qs}` : path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'text/csv', ...csrfHeaders() },
    credentials: 'same-origin',
    body: text,
  });
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as T;
}

export function usePreviewImport() {
  return useMutation({ mutationFn: (text: string) => postCsv<DealImportPreview>('/api/deals/imports/preview', text, {}) });
}

export function useStartImport() {
  return useMutation({
    mutationFn: ({ text, mappingId, fileName }: { text: string; mappingId?: number; fileName?: string }) =>
      postCsv<DealImport>('/api/deals/imports', text, { mappingId, fileName }),
  });
}

/** An import, asked again while it is queued or running. */
export function useImport(id: number | null) {
  return useQuery({
    queryKey: winLossKeys.import(id ?? 0),
    queryFn: ({ signal }) => api<DealImport>(`/api/deals/imports/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && (q.state.data.state === 'done' || q.state.data.state === 'failed') ? false : IMPORT_POLL_MS),
  });
}

export function useMappings(enabled: boolean) {
  return useQuery({ queryKey: winLossKeys.mappings, queryFn: ({ signal }) => api<DealMapping[]>('/api/deals/mappings', { signal }), enabled });
}

/** Saves a mapping by name: a new one, or the one of that id. */
export function useSaveMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DealMappingBody }) =>
      api<DealMapping>(id === null ? '/api/deals/mappings' : `/api/deals/mappings/${id}`, { method: id === null ? 'POST' : 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: winLossKeys.mappings }),
  });
}

/** After an import: every number and list of win/loss is read again. */
export function useRefreshWinLoss() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: winLossKeys.all });
}
