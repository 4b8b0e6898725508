// Search calls and their React Query hooks: results with infinite scroll (GET /api/search.json) and
// global suggestions (GET /api/suggest.json). Shapes are those of contracts/search.ts.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardResult, DealResult, SearchResponse, SuggestResponse, Suggestion } from '../../../contracts/search.ts';
import { api } from '../api/client.ts';
import { putUserData, queryKeys } from '../api/session.ts';
import { SEARCH_MAX_WINDOW, SEARCH_PAGE_SIZE } from './constants.ts';
import { toSearchRequest, type SearchState } from './searchUrlState.ts';
import { SEARCH_MODE_KEY, type UnifiedSearchMode } from './unifiedSearchModel.ts';
import { dealsSearchQuery, sectionSearchQuery } from './dealResults.ts';
import type { FileSearchHit } from '../../../contracts/knowledgeHub.ts';

export const searchKeys = {
  results: (state: SearchState) => ['search', 'results', state] as const,
  suggestions: (query: string, group: number | null) => ['search', 'suggest', query, group] as const,
  deals: (terms: string) => ['search', 'deals', terms] as const,
  files: (terms: string) => ['search', 'files', terms] as const,
};

export function fetchSearchPage(state: SearchState, offset: number, signal?: AbortSignal) {
  return api<SearchResponse<CardResult>>('/api/search.json', { query: toSearchRequest(state, offset), signal });
}

/** The offset of the next page, or undefined when every result (or the 10 000 window) is loaded. */
export function nextOffset(last: Pick<SearchResponse, 'offset' | 'size' | 'nr_results' | 'results'>, pageSize = SEARCH_PAGE_SIZE): number | undefined {
  const next = last.offset + last.results.length;
  if (last.results.length === 0 || next >= last.nr_results || next + pageSize > SEARCH_MAX_WINDOW) return undefined;
  return next;
}

/** Results of a search state, 10 at a time; later pages append (part 2 §4 Search). */
export function useSearchResults(state: SearchState) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(state),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(state, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The deals the terms find (the deals section); only asked for readers of win/loss (`enabled`). */
export function useDealResults(terms: string, enabled: boolean) {
  const query = dealsSearchQuery(terms);
  return useQuery({
    queryKey: searchKeys.deals(terms.trim()),
    queryFn: ({ signal }) => api<SearchResponse<DealResult>>('/api/search.json', { query: query!, signal }),
    enabled: enabled && query !== null,
    staleTime: 30_000,
  });
}

/** Passages shown beside the cards: the best few; a curator opens the file in the hub for the rest. */
export const FILES_IN_SEARCH = 5;

/** The knowledge hub's passages the terms find (the files section); only asked when the company has the hub. */
export function useFileResults(terms: string) {
  const query = sectionSearchQuery('files', terms, FILES_IN_SEARCH);
  return useQuery({
    queryKey: searchKeys.files(terms.trim()),
    queryFn: ({ signal }) => api<SearchResponse<FileSearchHit>>('/api/search.json', { query: query!, signal }),
    enabled: query !== null,
    staleTime: 30_000,
  });
}

/** Global suggestions; a failed call yields no suggestions (part 2 §8: partial results tolerated). */
export function useSuggestions(query: string | null, visibilityGroupId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.suggestions(query ?? '', visibilityGroupId),
    queryFn: async ({ signal }): Promise<Suggestion[]> => {
      try {
        const res = await api<SuggestResponse>('/api/suggest.json', {
          query: { query: query ?? '', mode: 'completions', visibilityGroupId: visibilityGroupId ?? undefined },
          signal,
        });
        return Array.isArray(res?.suggestions) ? res.suggestions : [];
      } catch (err) {
        if (signal.aborted) throw err;
        return [];
      }
    },
    enabled: enabled && !!query,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Saves the mode a user switched the unified search box to as theirs (their user data). */
export function useSaveSearchMode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mode: UnifiedSearchMode) => putUserData(SEARCH_MODE_KEY, mode),
    onSuccess: (me) => client.setQueryData(queryKeys.me, me),
  });
}
