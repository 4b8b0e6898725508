// Server state of Settings › Single sign-on (contracts/sso.ts): the company's SSO settings, saved whole or turned
// off; each change refreshes the audit log, which records it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoSettings, SsoSettingsBody } from '../../../../contracts/sso.ts';
import { api } from '../../api/client.ts';
import { auditKeys } from '../audit/api.ts';

const PATH = '/api/company/sso';
export const ssoKeys = { settings: ['sso', 'settings'] as const };

export function useSsoSettings() {
  return useQuery({ queryKey: ssoKeys.settings, queryFn: ({ signal }) => api<SsoSettings>(PATH, { signal }) });
}

function useSsoChange<A>(request: (args: A) => Promise<SsoSettings | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ssoKeys.settings }), client.invalidateQueries({ queryKey: auditKeys.all })]),
  });
}

export const useSaveSso = () => useSsoChange((body: SsoSettingsBody) => api<SsoSettings>(PATH, { method: 'PUT', body }));
export const useTurnOffSso = () => useSsoChange(() => api<null>(PATH, { method: 'DELETE' }));
