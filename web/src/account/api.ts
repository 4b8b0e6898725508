// Server state of one's own account (contracts/account.ts): saving the profile, changing the password,
// the public invitation: reading it and accepting it, the public password reset: asking for a link and using it, and
// two-step verification: one's status, setting it up, turning it off, new recovery codes, and the sign-in code.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SIGNIN_TWO_FACTOR_PATH, type InvitationPreview, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus, type User } from '../../../contracts/account.ts';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/session.ts';

export type ProfileChange = Pick<User, 'name' | 'image' | 'language' | 'emailDigest'>;

export function useSaveProfile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileChange) => api<User>(`/api/users/${id}.json`, { method: 'PUT', body }),
    // The answer has no CSRF token (only /users/me.json carries it): keep the one the session has.
    onSuccess: (user) => client.setQueryData<User | null>(queryKeys.me, (before) => (before ? { ...user, csrfToken: before.csrfToken, isImpersonating: before.isImpersonating } : before)),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api<{ ok: true; endedSessions: number }>('/api/users/me/password.json', { method: 'PUT', body }),
  });

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => api<InvitationPreview>(`/api/account/invitation/${encodeURIComponent(token)}.json`, { signal }),
    retry: false,
  });
}

/** Accepting is a sign-in-like post outside /api (the person usually has no session, so no CSRF token yet). */
export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: { name: string; password: string }) =>
      api<{ ok: true; redirectTo: string }>(`/account/invitation/${encodeURIComponent(token)}`, { method: 'POST', body }),
  });

/** Public, like the invitation: the answer is the same whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => api<{ ok: true }>('/api/account/password_resets', { method: 'POST', body: { email } }) });

export const useResetPassword = (token: string) =>
  useMutation({
    mutationFn: (password: string) => api<null>(`/api/account/password_resets/${encodeURIComponent(token)}`, { method: 'PUT', body: { password } }),
  });

const twoFactorKey = ['account', 'twoFactor'] as const;

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: twoFactorKey, queryFn: ({ signal }) => api<TwoFactorStatus>('/api/account/two_factor', { signal }) });

/** A change of one's two-step verification: the status is read again after it. */
function useTwoFactorChange<B, T>(request: (body: B) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKey }) });
}

export type TwoFactorProof = { code: string } | { currentPassword: string };

export const useStartTwoFactorSetup = () => useMutation({ mutationFn: () => api<TwoFactorSetup>('/api/account/two_factor/setup', { method: 'POST' }) });
export const useConfirmTwoFactor = () =>
  useTwoFactorChange((code: string) => api<RecoveryCodes>('/api/account/two_factor/confirm', { method: 'POST', body: { code } }));
export const useDisableTwoFactor = () => useTwoFactorChange((proof: TwoFactorProof) => api<null>('/api/account/two_factor', { method: 'DELETE', body: proof }));
export const useNewRecoveryCodes = () =>
  useTwoFactorChange((proof: TwoFactorProof) => api<RecoveryCodes>('/api/account/two_factor/recovery_codes', { method: 'POST', body: proof }));

/** The second step of a password sign-in, a sign-in post outside /api like the first. */
export const useSignInCode = () =>
  useMutation({
    mutationFn: (body: { code: string; redirectTo?: string }) => api<{ ok: true; redirectTo: string }>(SIGNIN_TWO_FACTOR_PATH, { method: 'POST', body }),
  });
