// Server state of the signed-in session: whether there is one, the user (me), the company, and the notification counts poll.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Company, NotificationCounts, SessionState, User } from '../../../contracts/account.ts';
import { NOTIFICATION_POLL_MS } from '../session/constants.ts';
import { api, apiRequest, setCsrfToken } from './client.ts';

export const queryKeys = {
  session: ['session'] as const,
  me: ['users', 'me'] as const,
  company: ['company'] as const,
  counts: ['notifications', 'counts'] as const,
  users: (query: string) => ['users', 'list', query] as const,
};

/**
 * Whether a session is live, asked before the user and company so an anonymous visit goes to sign-in without a 401.
 * Started with the signed-in app's chunk (RootRoute), read by AuthGate.
 */
export const sessionStateQuery = {
  queryKey: queryKeys.session,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<SessionState>('/api/session.json', { signal }),
  staleTime: Infinity,
  retry: false,
} as const;

/** Saves one entry of the user's data (a dashboard view, a toggle, a picked mode) and answers the user as saved. */
export const putUserData = (key: string | string[], value: unknown) => api<User>('/api/users/me.json', { method: 'PUT', body: { featureFlag: key, value } });

export async function fetchMe(signal?: AbortSignal): Promise<User | null> {
  const me = await api<User | null>('/api/users/me.json', { signal });
  setCsrfToken(me?.csrfToken);
  return me;
}

/** `enabled`: asked only once a session is known to be live. */
export function useMe(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.me, queryFn: ({ signal }) => fetchMe(signal), staleTime: Infinity, retry: false, enabled });
}

export function useCompany(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.company,
    queryFn: ({ signal }) => api<Company | null>('/api/company.json', { signal }),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}

/** The counts with the server's clock offset (server time minus browser time), read from the Date header. */
export type CountsSnapshot = NotificationCounts & { clockOffsetMs: number; receivedAt: number };

export function clockOffset(dateHeader: string | null, receivedAt: number): number {
  const server = dateHeader ? Date.parse(dateHeader) : NaN;
  if (!Number.isFinite(server)) return 0;
  const offset = server - receivedAt;
  // The Date header has one-second resolution: ignore offsets that small.
  return Math.abs(offset) < 2_000 ? 0 : offset;
}

async function fetchCounts(signal?: AbortSignal): Promise<CountsSnapshot> {
  const { data, response } = await apiRequest<NotificationCounts>('/api/notifications/counts.json', {
    query: { ownProfiles: true },
    signal,
  });
  const receivedAt = Date.now();
  return { ...data, receivedAt, clockOffsetMs: clockOffset(response.headers.get('date'), receivedAt) };
}

/** Polled every 5 minutes and once at load; polling does not extend the idle timeout. */
export function useNotificationCounts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.counts,
    queryFn: ({ signal }) => fetchCounts(signal),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
    retry: false,
    enabled,
  });
}

/** Authentication failed: user and company are cleared. */
export function clearSession(client: QueryClient) {
  setCsrfToken(null);
  client.removeQueries({ queryKey: queryKeys.me });
  client.removeQueries({ queryKey: queryKeys.company });
  client.removeQueries({ queryKey: queryKeys.counts });
}
