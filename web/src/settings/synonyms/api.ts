// Server state of the company's search synonyms (contracts/synonyms.ts): the list, saving the whole list,
// restoring the default vocabulary, and the words suggested for a search that found nothing. Saving and
// restoring put the answer in the cache and drop cached search results, whose matching they affect at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SynonymEntry, SynonymSuggestionsResponse, SynonymsResponse } from '../../../../contracts/synonyms.ts';
import { api } from '../../api/client.ts';

export const SYNONYMS_PATH = '/api/company/synonyms.json';

export const synonymsKeys = { all: ['company', 'synonyms'] as const };

export function useSynonyms() {
  return useQuery({
    queryKey: synonymsKeys.all,
    queryFn: ({ signal }) => api<SynonymsResponse>(SYNONYMS_PATH, { signal }),
  });
}

/** What the people whose search for `query` found nothing searched next; not asked without a query. */
export function useSynonymSuggestions(query: string | undefined) {
  return useQuery({
    queryKey: [...synonymsKeys.all, 'suggestions', query],
    queryFn: ({ signal }) => api<SynonymSuggestionsResponse>(`/api/company/synonyms/suggestions.json?query=${encodeURIComponent(query!)}`, { signal }),
    enabled: !!query,
  });
}

function useStore() {
  const client = useQueryClient();
  return (data: SynonymsResponse) => {
    client.setQueryData(synonymsKeys.all, data);
    void client.invalidateQueries({ queryKey: ['search'] });
  };
}

export function useSaveSynonyms() {
  const store = useStore();
  return useMutation({
    mutationFn: (synonyms: SynonymEntry[]) => api<SynonymsResponse>(SYNONYMS_PATH, { method: 'PUT', body: { synonyms } }),
    onSuccess: store,
  });
}

export function useRestoreSynonyms() {
  const store = useStore();
  return useMutation({
    mutationFn: () => api<SynonymsResponse>(SYNONYMS_PATH, { method: 'DELETE' }),
    onSuccess: store,
  });
}
