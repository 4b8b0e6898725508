// Server state of the visibility groups (contracts/settings.ts): the groups with their usage, their
// members, the people an admin can add, and every change. Changes refresh what reads groups (the card
// editor's group list lives under the same ['visibilityGroups'] root) and the audit log; a delete also
// refreshes cards (some become curators-only), users (their groups) and the company (Ask's groups).
// The optimistic reorder is shared with the rival groups.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { UserPage } from '../../../../contracts/account.ts';
import type { GroupMember, VisibilityGroupUsage } from '../../../../contracts/settings.ts';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/session.ts';
import { cardKeys, invalidateCards } from '../../cards/api.ts';
import { auditKeys } from '../audit/api.ts';
import { inOrder } from './model.ts';

const BASE = '/api/visibility_groups';
/** How many people the add-people picker offers for a search. */
export const PEOPLE_LIMIT = 20;

export const visibilityGroupKeys = {
  all: cardKeys.visibilityGroups,
  usage: [...cardKeys.visibilityGroups, 'usage'] as const,
  members: (id: number) => [...cardKeys.visibilityGroups, 'members', id] as const,
  people: (query: string, opts: PeopleOptions) => ['users', 'company', query, opts.limit, opts.activeOnly] as const,
};

const refreshGroups = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: visibilityGroupKeys.all }), client.invalidateQueries({ queryKey: auditKeys.all })]);

export function useGroupUsage(enabled = true) {
  return useQuery({
    queryKey: visibilityGroupKeys.usage,
    queryFn: ({ signal }) => api<VisibilityGroupUsage[]>(`${BASE}.json`, { query: { usage: true }, signal }),
    enabled,
  });
}

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<VisibilityGroupUsage>(`${BASE}.json`, { method: 'POST', body: { name } }),
    onSuccess: (group) => {
      client.setQueryData<VisibilityGroupUsage[]>(visibilityGroupKeys.usage, (list) => (list ? [...list, group] : list));
      return refreshGroups(client);
    },
  });
}

export function useRenameGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => api<VisibilityGroupUsage>(`${BASE}/${id}.json`, { method: 'PUT', body: { name } }),
    onSuccess: (group) => {
      client.setQueryData<VisibilityGroupUsage[]>(visibilityGroupKeys.usage, (list) => list?.map((g) => (g.id === group.id ? group : g)));
      // Cards and users show group names.
      invalidateCards(client);
      void client.invalidateQueries({ queryKey: ['users'] });
      return refreshGroups(client);
    },
  });
}

export function useDeleteGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`${BASE}/${id}.json`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      client.setQueryData<VisibilityGroupUsage[]>(visibilityGroupKeys.usage, (list) => list?.filter((g) => g.id !== id));
      invalidateCards(client);
      void client.invalidateQueries({ queryKey: ['users'] });
      void client.invalidateQueries({ queryKey: queryKeys.company, exact: true });
      return refreshGroups(client);
    },
  });
}

/**
 * PUT {path} {ids}: the list under `key` takes the new order at once; a failure puts the old order back
 * (the caller says so). `refresh` reads again what else shows the order.
 */
export function useOptimisticOrder<T extends { id: number; viewOrder: number }>(key: QueryKey, path: string, refresh: (client: QueryClient) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api<T[]>(path, { method: 'PUT', body: { ids } }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<T[]>(key);
      if (before) client.setQueryData<T[]>(key, inOrder(before, ids));
      return { before };
    },
    onError: (_err, _ids, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => refresh(client),
  });
}

export const useReorderGroups = () => useOptimisticOrder<VisibilityGroupUsage>(visibilityGroupKeys.usage, `${BASE}/order.json`, refreshGroups);

export function useMembers(id: number | null) {
  return useQuery({
    queryKey: visibilityGroupKeys.members(id ?? 0),
    queryFn: ({ signal }) => api<GroupMember[]>(`${BASE}/${id}/members.json`, { signal }),
    enabled: id !== null,
  });
}

export function useChangeMembers(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { addUserIds?: number[]; removeUserIds?: number[] }) =>
      api<GroupMember[]>(`${BASE}/${id}/members.json`, { method: 'PUT', body: change }),
    onSuccess: (members) => {
      client.setQueryData(visibilityGroupKeys.members(id), members);
      // The members count, users' groups (one's own included) and what they see.
      void client.invalidateQueries({ queryKey: ['users'] });
      invalidateCards(client);
      return refreshGroups(client);
    },
  });
}

type PeopleOptions = { limit: number; activeOnly: boolean };

/** People of the company (by default the first active ones) whose name, email or username holds `query`, by name. */
export function usePeopleSearch(query: string, enabled: boolean, opts: PeopleOptions = { limit: PEOPLE_LIMIT, activeOnly: true }) {
  return useQuery({
    queryKey: visibilityGroupKeys.people(query, opts),
    queryFn: ({ signal }) =>
      api<UserPage>('/api/users.json', { query: { query: query || undefined, status: opts.activeOnly ? 'active' : undefined, limit: opts.limit, order: 'alpha' }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
