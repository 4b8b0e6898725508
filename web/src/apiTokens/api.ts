// Server state of personal API tokens (contracts/apiTokens.ts): one's own, and every token of the company (admins).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenBody, ApiTokenCreated, ApiTokenList, TokenScope } from '../../../contracts/apiTokens.ts';
import { api } from '../api/client.ts';

/** A scope's key among the strings (`cards:read` → `cardsRead`: a colon would name a namespace to i18next). */
export const scopeKey = (s: TokenScope) => s.replace(/:(\w)/, (_m, c: string) => c.toUpperCase());

const keys = { own: ['apiTokens', 'own'] as const, company: ['apiTokens', 'company'] as const };

export const useOwnTokens = () => useQuery({ queryKey: keys.own, queryFn: ({ signal }) => api<ApiTokenList>('/api/account/tokens', { signal }) });

export const useCompanyTokens = () => useQuery({ queryKey: keys.company, queryFn: ({ signal }) => api<ApiTokenList>('/api/company/tokens', { signal }) });

export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenBody) => api<ApiTokenCreated>('/api/account/tokens', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['apiTokens'] }),
  });
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/account/tokens/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['apiTokens'] }),
  });
}
