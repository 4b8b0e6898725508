// Server state of the audit log (contracts/settings.ts AuditPage): one page of entries for a search and a
// kind. Every settings change adds an entry, so the screens that make one invalidate auditKeys.all.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AUDIT_TARGETS, AuditPage } from '../../../../contracts/settings.ts';
import { api } from '../../api/client.ts';

export type AuditTarget = (typeof AUDIT_TARGETS)[number];
export type AuditFilter = { query: string; targetType: AuditTarget | null; page: number };

/** Every audit query (the pages here, the flag history of Features) is under `all`: one invalidation refreshes them. */
export const auditKeys = {
  all: ['company', 'audit'] as const,
  page: (f: AuditFilter) => ['company', 'audit', 'page', f.query, f.targetType, f.page] as const,
  flags: ['company', 'audit', 'flags'] as const,
};

export function useAuditPage(filter: AuditFilter) {
  return useQuery({
    queryKey: auditKeys.page(filter),
    queryFn: ({ signal }) =>
      api<AuditPage>('/api/audit.json', { query: { query: filter.query || undefined, targetType: filter.targetType ?? undefined, page: filter.page }, signal }),
    placeholderData: keepPreviousData,
  });
}
