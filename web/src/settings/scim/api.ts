// Server state of the company's SCIM token (contracts/scim.ts): its state, and making (or replacing) and revoking
// it. Each change is an audit entry, so the audit log is refreshed too.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScimTokenCreated, ScimTokenState } from '../../../../contracts/scim.ts';
import { api } from '../../api/client.ts';
import { auditKeys } from '../audit/api.ts';

const PATH = '/api/company/scim_token';
const scimKey = ['company', 'scimToken'] as const;

export const useScimToken = () => useQuery({ queryKey: scimKey, queryFn: ({ signal }) => api<ScimTokenState>(PATH, { signal }) });

function useScimChange<T>(request: () => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: scimKey });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}

/** Makes a token, replacing the one there was; the answer holds the secret, the only time it is shown. */
export const useCreateScimToken = () => useScimChange(() => api<ScimTokenCreated>(PATH, { method: 'POST' }));
export const useRevokeScimToken = () => useScimChange(() => api<null>(PATH, { method: 'DELETE' }));
