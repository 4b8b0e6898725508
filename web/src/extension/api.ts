// Server state of the extension guide (contracts/extension.ts): where badges appear (curators), a rival's domains and
// the CRM hosts. A save puts the server's answer into the sites list, so the row shows what was kept.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrmHosts, ExtensionSites, RivalDomains } from '../../../contracts/extension.ts';
import { api } from '../api/client.ts';

const keys = { sites: ['extension', 'sites'] as const };

export const useSites = (enabled: boolean) =>
  useQuery({ queryKey: keys.sites, queryFn: ({ signal }) => api<ExtensionSites>('/api/extension/sites.json', { signal }), enabled });

export function useSaveRivalDomains() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rivalId, domains }: { rivalId: number; domains: string[] }) =>
      api<RivalDomains>(`/api/rivals/${rivalId}/domains.json`, { method: 'PUT', body: { domains } }),
    onSuccess: (saved) =>
      client.setQueryData<ExtensionSites>(keys.sites, (sites) =>
        sites && { ...sites, rivals: sites.rivals.map((r) => (r.id === saved.rivalId ? { ...r, domains: saved.domains } : r)) },
      ),
  });
}

export function useSaveCrmHosts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hosts: string[]) => api<CrmHosts>('/api/extension/crm_hosts.json', { method: 'PUT', body: { hosts } }),
    onSuccess: (saved) => client.setQueryData<ExtensionSites>(keys.sites, (sites) => sites && { ...sites, crmHosts: saved.hosts }),
  });
}
