// Server state of Settings › Users (contracts/account.ts): the users list, pending invitations, and the
// admin actions. Every change refreshes the lists, the signed-in user (an admin may change their own role)
// and the audit log, which records each one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InvitationLink, RoleChoice, User, UserPage } from '../../../../contracts/account.ts';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/session.ts';
import { auditKeys } from '../audit/api.ts';
import { usersQuery, type UsersFilters } from './model.ts';

export const peopleKeys = {
  all: ['people'] as const,
  users: (f: UsersFilters) => ['people', 'users', f] as const,
  invitations: ['people', 'invitations'] as const,
};

export function useUsers(filters: UsersFilters) {
  return useQuery({
    queryKey: peopleKeys.users(filters),
    queryFn: ({ signal }) => api<UserPage>('/api/users.json', { query: usersQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvitations() {
  return useQuery({ queryKey: peopleKeys.invitations, queryFn: ({ signal }) => api<Invitation[]>('/api/invitations.json', { signal }) });
}

function usePeopleChange<A, R>(request: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: peopleKeys.all });
      void client.invalidateQueries({ queryKey: queryKeys.me });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}

export type InviteInput = { email: string; role: RoleChoice; visibilityGroupId: number | null };

export const useInvite = () => usePeopleChange((body: InviteInput) => api<InvitationLink>('/api/invitations.json', { method: 'POST', body }));
export const useRenewInvitation = () => usePeopleChange((id: number) => api<InvitationLink>(`/api/invitations/${id}/link.json`, { method: 'POST' }));
export const useRevokeInvitation = () => usePeopleChange((id: number) => api<null>(`/api/invitations/${id}.json`, { method: 'DELETE' }));

export type AccessChange = { id: number; roles: User['roles']; visibilityGroupIds: number[] };
export const useChangeAccess = () =>
  usePeopleChange(({ id, ...body }: AccessChange) => api<User>(`/api/users/${id}.json`, { method: 'PUT', body }));
export const useSetActive = () =>
  usePeopleChange(({ id, active }: { id: number; active: boolean }) =>
    api<User>(`/api/users/${id}/${active ? 'reactivate' : 'deactivate'}.json`, { method: 'POST' }),
  );
