// Server state of monitors (contracts/monitors.ts): the list page by page with its filters, one monitor and its
// change history, and the curators' writes. A write reads the lists and the monitor again once the server has it.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Monitor,
  MonitorBody,
  MonitorChangePage,
  MonitorImportResult,
  MonitorInbox,
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
  const client = useQueryClient();
  return useQuery({
    queryKey: monitorKeys.detail(id),
    queryFn: async ({ signal }) => {
      const m = await api<Monitor>(`${BASE}/${id}`, { signal });
      const before = client.getQueryData<Monitor>(monitorKeys.detail(id));
      // A check that ran brings changes and moves the list's times: read them again.
      if (before && before.lastCheckAt !== m.lastCheckAt) {
        void client.invalidateQueries({ queryKey: ['monitors', 'detail', id, 'changes'] });
        void client.invalidateQueries({ queryKey: monitorKeys.lists });
      }
      return m;
    },
    refetchInterval: (q) => (q.state.data && isChecking(q.state.data) ? CHECK_POLL_MS : false),
    staleTime: 30_000,
  });
}

/** The company's intel address: forwarded email to it becomes intel. */
export function useMonitorInbox() {
  return useQuery({ queryKey: ['monitors', 'inbox'], queryFn: ({ signal }) => api<MonitorInbox>(`${BASE}/inbox`, { signal }), staleTime: Infinity });
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

/**
 * Monitors whose "Check now" has not reported yet: the last check time they had when it was asked for, and when.
 * While one is pending its page reads it again every CHECK_POLL_MS, until the check time moves or CHECK_WAIT_MS pass.
 */
const pendingChecks = new Map<number, { lastCheckAt: string | null; since: number }>();
const CHECK_POLL_MS = 1_000;
const CHECK_WAIT_MS = 60_000;

export function isChecking(m: Pick<Monitor, 'id' | 'lastCheckAt'>): boolean {
  const pending = pendingChecks.get(m.id);
  if (!pending) return false;
  if (pending.lastCheckAt === m.lastCheckAt && Date.now() - pending.since < CHECK_WAIT_MS) return true;
  pendingChecks.delete(m.id);
  return false;
}

/** Checks a monitor now (202): its page follows the check until it has run, then reads its changes again. */
export function useCheckMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ queued: true }>(`${BASE}/${id}/check`, { method: 'POST' }),
    onMutate: (id) => {
      const known = client.getQueryData<Monitor>(monitorKeys.detail(id)) ?? client.getQueriesData<MonitorPage>({ queryKey: monitorKeys.lists }).flatMap(([, p]) => p?.items ?? []).find((m) => m.id === id);
      pendingChecks.set(id, { lastCheckAt: known?.lastCheckAt ?? null, since: Date.now() });
    },
    onSuccess: (_answer, id) => void client.invalidateQueries({ queryKey: monitorKeys.detail(id) }),
    onError: (_err, id) => pendingChecks.delete(id),
  });
}
