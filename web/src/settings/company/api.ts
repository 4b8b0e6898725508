// Server state of the company's own settings (contracts/settings.ts): its profile, one feature flag, the
// groups Ask answers for, the digest defaults and the two-step verification requirement (contracts/account.ts). Each
// change answers the whole company, which replaces the session's copy so every screen reads the new value at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '../../../../contracts/account.ts';
import type { AuditPage, CompanyProfileBody, DigestDefaults, FeatureFlagName } from '../../../../contracts/settings.ts';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/session.ts';
import { auditKeys } from '../audit/api.ts';

function useCompanyChange<T>(request: (body: T) => Promise<Company>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (company) => {
      client.setQueryData(queryKeys.company, company);
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}

const put = <T,>(path: string) => (body: T) => api<Company>(path, { method: 'PUT', body });

export const useSaveCompanyProfile = () => useCompanyChange(put<CompanyProfileBody>('/api/company/profile.json'));
export const useSaveAskGroups = () => useCompanyChange(put<{ visibilityGroupIds: number[] }>('/api/company/ask_groups.json'));
export const useSaveDigestDefaults = () => useCompanyChange(put<DigestDefaults>('/api/company/digest_defaults.json'));
export const useSetFlag = () =>
  useCompanyChange(({ name, value }: { name: FeatureFlagName; value: boolean }) =>
    api<Company>('/api/company.json', { method: 'PUT', body: { featureFlag: `flags.${name}`, value } }),
  );

/** The latest flag changes, to say who last changed each switch. */
export function useFlagHistory() {
  return useQuery({
    queryKey: auditKeys.flags,
    queryFn: ({ signal }) => api<AuditPage>('/api/audit.json?targetType=flag&limit=100', { signal }),
  });
}

export const useSetTwoFactorRequirement = () => useCompanyChange(put<{ required: boolean }>('/api/company/two_factor.json'));
