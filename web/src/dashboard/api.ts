// Server state of the competitor dashboard: rivals (with visible counts) and rival groups.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { DashboardSort, RivalGroupData, RivalTileData } from './model.ts';

export const competitorKeys = {
  rivals: (order: DashboardSort) => ['competitors', 'rivals', order] as const,
  groups: ['competitors', 'rivalGroups'] as const,
  profile: (id: number) => ['competitors', 'profile', id] as const,
  boardCards: (id: number) => ['competitors', 'boardCards', id] as const,
};

export function useRivals(order: DashboardSort) {
  return useQuery({
    queryKey: competitorKeys.rivals(order),
    queryFn: ({ signal }) => api<RivalTileData[]>('/api/rivals.json', { query: { order, cardsCount: true }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useRivalGroups() {
  return useQuery({
    queryKey: competitorKeys.groups,
    queryFn: ({ signal }) => api<RivalGroupData[]>('/api/rival_groups.json', { signal }),
    staleTime: 60_000,
  });
}
