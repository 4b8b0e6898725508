// Staff impersonation: users of every company to pick from, and the switch itself.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ImpersonationCandidate } from '../../../contracts/account.ts';
import { api, sessionSwitched } from './client.ts';
import { queryKeys } from './session.ts';

export function useImpersonationCandidates(query: string) {
  return useQuery({
    queryKey: queryKeys.users(query),
    queryFn: ({ signal }) =>
      api<ImpersonationCandidate[]>('/api/impersonate/users.json', { query: { query: query || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useImpersonate() {
  return useMutation({
    mutationFn: (userId: number) => api<{ ok: boolean; redirectTo?: string }>('/api/impersonate', { method: 'POST', body: { userId } }),
    onSuccess: (res) => {
      sessionSwitched();
      window.location.assign(res.redirectTo ?? '/');
    },
  });
}
