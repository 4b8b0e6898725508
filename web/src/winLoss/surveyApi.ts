// Server state of the surveys tab (contracts/winLoss.ts): the program's health, the surveys, one survey, saving a
// draft (new or changed) or a sent survey's new contacts, sending it, deleting it, and the closed deals a curator picks
// contacts from. A change reads the list and the health again.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealPage } from '../../../contracts/deals.ts';
import type { SurveyBody, SurveyDetail, SurveyHealth, SurveySummary } from '../../../contracts/winLoss.ts';
import { api } from '../api/client.ts';

export const surveyKeys = {
  all: ['winLoss', 'surveys'] as const,
  list: ['winLoss', 'surveys', 'list'] as const,
  health: ['winLoss', 'surveys', 'health'] as const,
  one: (id: number) => ['winLoss', 'surveys', 'one', id] as const,
  deals: (q: string) => ['winLoss', 'surveys', 'deals', q] as const,
};

export function useSurveyHealth() {
  return useQuery({ queryKey: surveyKeys.health, queryFn: ({ signal }) => api<SurveyHealth>('/api/win-loss/surveys/health.json', { signal }) });
}

export function useSurveys() {
  return useQuery({ queryKey: surveyKeys.list, queryFn: ({ signal }) => api<SurveySummary[]>('/api/win-loss/surveys', { signal }) });
}

export function useSurvey(id: number | null) {
  return useQuery({ queryKey: surveyKeys.one(id ?? 0), queryFn: ({ signal }) => api<SurveyDetail>(`/api/win-loss/surveys/${id}`, { signal }), enabled: id !== null });
}

/**
 * Saves a draft: a new one (POST), or the one of that id (PUT). A sent survey's PUT repeats it whole with contacts
 * added, and the server mails those itself (no second send).
 */
export function useSaveSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SurveyBody }) =>
      api<SurveyDetail>(id === null ? '/api/win-loss/surveys' : `/api/win-loss/surveys/${id}`, { method: id === null ? 'POST' : 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(surveyKeys.one(saved.id), saved);
      void client.invalidateQueries({ queryKey: surveyKeys.list });
      if (saved.state !== 'draft') void client.invalidateQueries({ queryKey: surveyKeys.health });
    },
  });
}

/** Deletes a survey, draft or sent (a sent one's answers take their reasons off their deals). */
export function useDeleteSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`/api/win-loss/surveys/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: surveyKeys.one(id) });
      void client.invalidateQueries({ queryKey: surveyKeys.list });
      void client.invalidateQueries({ queryKey: surveyKeys.health });
    },
  });
}

export function useSendSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<SurveyDetail>(`/api/win-loss/surveys/${id}/send`, { method: 'POST' }),
    onSuccess: (sent) => {
      client.setQueryData(surveyKeys.one(sent.id), sent);
      void client.invalidateQueries({ queryKey: surveyKeys.list });
      void client.invalidateQueries({ queryKey: surveyKeys.health });
    },
  });
}

/** Deals matching words, for picking contacts; the builder keeps the closed ones (a survey goes to those only). */
export function useDealSearch(q: string) {
  return useQuery({
    queryKey: surveyKeys.deals(q),
    queryFn: ({ signal }) => api<DealPage>('/api/deals', { query: { q, page: 1 }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
