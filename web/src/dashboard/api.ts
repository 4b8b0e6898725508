// Server state of the competitor dashboard: rivals (with visible counts) and rival groups, both as seen
// by the viewer or by the group a curator views as; the user's favorite rivals; the curators' saved
// defaults; the user's own view; company suggestions for the board wizard; and the curators' tile
// actions (publish, unpublish, remove from group).
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProfileAnswer } from '../../../contracts/cards.ts';
import type { RivalGroupItem } from '../../../contracts/competitors.ts';
import type { DashboardDefaults, DashboardView, DiscoverCompanies, FavoritedCompany } from '../../../contracts/dashboard.ts';
import { DASHBOARD_VIEW_KEY, DISCOVER_NAME_MIN } from '../../../contracts/dashboard.ts';
import { api } from '../api/client.ts';
import { putUserData, queryKeys, type CountsSnapshot } from '../api/session.ts';
import type { DashboardSort, RivalGroupData, RivalTileData } from './model.ts';

export const competitorKeys = {
  rivals: (order: DashboardSort, previewing: number | null = null) => ['competitors', 'rivals', order, previewing] as const,
  groups: (previewing: number | null = null) => ['competitors', 'rivalGroups', previewing] as const,
  profile: (id: number) => ['competitors', 'profile', id] as const,
  boardCards: (id: number) => ['competitors', 'boardCards', id] as const,
  favorites: ['competitors', 'favorites'] as const,
  discover: (name: string) => ['discover', 'companies', name] as const,
};

/** `previewing`: a curator's "view as" group (0 for everyone); the server enforces who may. */
export function useRivals(order: DashboardSort, previewing: number | null = null) {
  return useQuery({
    queryKey: competitorKeys.rivals(order, previewing),
    queryFn: ({ signal }) =>
      api<RivalTileData[]>('/api/rivals.json', { query: { order, cardsCount: true, previewing: previewing ?? undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useRivalGroups(previewing: number | null = null) {
  return useQuery({
    queryKey: competitorKeys.groups(previewing),
    queryFn: ({ signal }) => api<RivalGroupData[]>('/api/rival_groups.json', { query: { previewing: previewing ?? undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useFavorites(enabled: boolean) {
  return useQuery({
    queryKey: competitorKeys.favorites,
    queryFn: ({ signal }) => api<FavoritedCompany[]>('/api/favorited_companies.json', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Stars or unstars a rival; the answer is the new list of favorites. */
export const postFavorite = ({ rivalId, on }: { rivalId: number; on: boolean }) =>
  api<FavoritedCompany[]>(`/api/rivals/${rivalId}/${on ? 'favorite' : 'unfavorite'}.json`, { method: 'POST' });

export function useSetFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postFavorite,
    onSuccess: (list) => client.setQueryData(competitorKeys.favorites, list),
  });
}

/** Saves the company's dashboard defaults; the company (which carries them) is read again. */
export function useSaveDefaults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<DashboardDefaults, 'sortBy' | 'activeGroupId'>) =>
      api<DashboardDefaults>('/api/dashboard/defaults.json', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.company }),
  });
}

/**
 * Saves the user's own group filter and sort in userData.dashboard; the session's user becomes the
 * answer. The view is dated by the server's clock as the notification poll measured it, since it is
 * compared with defaults the server dated.
 */
export function useSaveOwnView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (view: Omit<DashboardView, 'updatedAt'>) => {
      const offset = client.getQueryData<CountsSnapshot>(queryKeys.counts)?.clockOffsetMs ?? 0;
      const value: DashboardView = { ...view, updatedAt: new Date(Date.now() + offset).toISOString() };
      return putUserData(DASHBOARD_VIEW_KEY, value);
    },
    onSuccess: (me) => client.setQueryData(queryKeys.me, me),
  });
}

export function useDiscoverCompanies(name: string) {
  const text = name.trim();
  return useQuery({
    queryKey: competitorKeys.discover(text),
    queryFn: ({ signal }) => api<DiscoverCompanies>('/api/discover/companies.json', { query: { name: text }, signal }),
    enabled: text.length >= DISCOVER_NAME_MIN,
    placeholderData: keepPreviousData,
    staleTime: 300_000,
  });
}

/** The rivals and rival groups as anyone views them (every sort and "view as"), read again after a tile action. */
const refreshDashboard = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['competitors', 'rivals'] }),
    client.invalidateQueries({ queryKey: ['competitors', 'rivalGroups'] }),
  ]);

/** Publishes (isDraft false) or unpublishes a rival through its profile; settles once the dashboard is read again. */
export function useSetRivalDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, isDraft }: { profileId: number; isDraft: boolean }) =>
      api<ProfileAnswer>(`/api/profiles/${profileId}.json`, { method: 'PUT', body: { isDraft } }),
    onSuccess: (_answer, { profileId }) =>
      Promise.all([refreshDashboard(client), client.invalidateQueries({ queryKey: competitorKeys.profile(profileId) })]),
  });
}

/** Takes a rival out of a rival group; settles once the dashboard is read again. */
export function useRemoveFromGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, rivalId }: { groupId: number; rivalId: number }) =>
      api<RivalGroupItem>(`/api/rival_groups/${groupId}.json`, { method: 'PUT', body: { removeRivals: [rivalId] } }),
    onSuccess: () => refreshDashboard(client),
  });
}
