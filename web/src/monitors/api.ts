// Server state of monitors (contracts/monitors.ts): the list page by page with its filters, one monitor and its
// change history, and the curators' writes. A write reads the lists and the monitor again once the server has it.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Monitor,
  MonitorBody,
  MonitorChangePage,
  MonitorImportResult,
  MonitorPage,
  MonitorPatch,
  MonitorPreview,
  MonitorPreviewBody,
} from '../../../contracts/monitors.ts';
import { api } from '../api/client.ts';
import { apiQuery, type MonitorFilters } from './model.ts';

const BASE = '/api/monitors';

export const monitorKeys = {
  all: ['monitors'] as const,
  lists: ['monitors', 'list'] as const,
  list: (filters: MonitorFilters) => ['monitors', 'list', apiQuery(filters)] as const,
  detail: (id: number) => ['monitors', 'detail', id] as const,
  changes: (id: number, page: number) => ['monitors', 'detail', id, 'changes', page] as const,
};

/** A page of the company's monitors, 20 a page; the page shown stays while the next one loads. */
export function useMonitors(filters: MonitorFilters, enabled = true) {
  return useQuery({
    queryKey: monitorKeys.list(filters),
    queryFn: ({ signal }) => api<MonitorPage>(BASE, { query: apiQuery(filters), signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useMonitor(id: number) {
  return useQuery({
    queryKey: monitorKeys.detail(id),
    queryFn: ({ signal }) => api<Monitor>(`${BASE}/${id}`, { signal }),
    staleTime: 30_000,
  });
}

/** A monitor's changes, newest first, 20 a page. */
export function useMonitorChanges(id: number, page: number) {
  return useQuery({
    queryKey: monitorKeys.changes(id, page),
    queryFn: ({ signal }) => api<MonitorChangePage>(`${BASE}/${id}/changes`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Fetches a URL once and says what a monitor of it would watch; saves nothing. */
export function usePreviewMonitor() {
  return useMutation({ mutationFn: (body: MonitorPreviewBody) => api<MonitorPreview>(`${BASE}/preview`, { method: 'POST', body }) });
}

export function useCreateMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<MonitorBody> & Pick<MonitorBody, 'kind' | 'url'>) => api<Monitor>(BASE, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: monitorKeys.lists }),
  });
}

export function useImportOpml() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { opml: string; rivalId: number | null }) => api<MonitorImportResult>(`${BASE}/import`, { method: 'POST', body }),
    onSuccess: (result) => (result.created > 0 ? client.invalidateQueries({ queryKey: monitorKeys.lists }) : undefined),
  });
}

export function useUpdateMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: MonitorPatch }) => api<Monitor>(`${BASE}/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: (monitor) => {
      client.setQueryData(monitorKeys.detail(monitor.id), monitor);
      return client.invalidateQueries({ queryKey: monitorKeys.lists });
    },
  });
}

export function useDeleteMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      // The monitor's own page, which navigates away, is left alone; nothing else keeps it.
      client.removeQueries({ queryKey: monitorKeys.detail(id), type: 'inactive' });
      return client.invalidateQueries({ queryKey: monitorKeys.lists });
    },
  });
}

/** Checks a monitor now (202): its status and changes are read again a little later, once the check has had time. */
export function useCheckMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ queued: true }>(`${BASE}/${id}/check`, { method: 'POST' }),
    onSuccess: (_answer, id) => {
      setTimeout(() => {
        void client.invalidateQueries({ queryKey: monitorKeys.detail(id) });
        void client.invalidateQueries({ queryKey: monitorKeys.lists });
      }, 5_000);
    },
  });
}
