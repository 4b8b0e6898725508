// Server state of the rival groups as curators arrange them (contracts/settings.ts). The list is the
// dashboard's own query (useRivalGroups, as the viewer sees it), so the answer of a change goes straight
// into it; every change then reads the groups again in every "view as" variant the dashboard cached,
// and the audit log.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RivalGroupItem } from '../../../../contracts/competitors.ts';
import { api } from '../../api/client.ts';
import { competitorKeys } from '../../dashboard/api.ts';
import { auditKeys } from '../audit/api.ts';
import { useOptimisticOrder } from '../visibilityGroups/api.ts';

const BASE = '/api/rival_groups';
const OWN_VIEW = competitorKeys.groups(null);

const refreshGroups = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: ['competitors', 'rivalGroups'] }), client.invalidateQueries({ queryKey: auditKeys.all })]);

export function useCreateRivalGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<RivalGroupItem>(`${BASE}.json`, { method: 'POST', body: { name } }),
    onSuccess: (group) => {
      client.setQueryData<RivalGroupItem[]>(OWN_VIEW, (list) => (list ? [...list, group] : list));
      return refreshGroups(client);
    },
  });
}

export type RivalGroupChange = { id: number; name?: string; addRivals?: number[]; removeRivals?: number[] };

/** Renames the group and adds or removes rivals (PUT answers the group as it is now). */
export function useChangeRivalGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RivalGroupChange) => api<RivalGroupItem>(`${BASE}/${id}.json`, { method: 'PUT', body }),
    onSuccess: (group) => {
      client.setQueryData<RivalGroupItem[]>(OWN_VIEW, (list) => list?.map((g) => (g.id === group.id ? group : g)));
      return refreshGroups(client);
    },
  });
}

export function useDeleteRivalGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`${BASE}/${id}.json`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      client.setQueryData<RivalGroupItem[]>(OWN_VIEW, (list) => list?.filter((g) => g.id !== id));
      return refreshGroups(client);
    },
  });
}

export const useReorderRivalGroups = () => useOptimisticOrder<RivalGroupItem>(OWN_VIEW, `${BASE}/order.json`, refreshGroups);
