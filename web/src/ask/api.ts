// Server state of Ask: the prompt library, chat sessions, feedback, usage events and the boards toggle.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AskVisibilityGroups, PromptLibrary, SessionDetail, SessionList, UsageEventBody } from '../../../contracts/ask.ts';
import { api } from '../api/client.ts';
import { putUserData, queryKeys } from '../api/session.ts';
import { useSession } from '../core/SessionContext.tsx';

export const askKeys = {
  prompts: ['ask', 'prompts'] as const,
  sessions: (q: string) => ['ask', 'sessions', q] as const,
  allSessions: ['ask', 'sessions'] as const,
  session: (id: number) => ['ask', 'session', id] as const,
  groups: ['ask', 'visibilityGroups'] as const,
};

export function usePromptLibrary() {
  return useQuery({
    queryKey: askKeys.prompts,
    queryFn: ({ signal }) => api<PromptLibrary>('/api/ask/prompts', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSessions(q: string, enabled = true) {
  return useQuery({
    queryKey: askKeys.sessions(q),
    queryFn: ({ signal }) => api<SessionList>('/api/ask/sessions', { query: { q: q || undefined }, signal }),
    enabled,
  });
}

export const fetchSession = (id: number) => api<SessionDetail>(`/api/ask/sessions/${id}`);

export function useAskVisibilityGroups(enabled: boolean) {
  return useQuery({
    queryKey: askKeys.groups,
    queryFn: ({ signal }) => api<AskVisibilityGroups>('/api/ask/visibility-groups', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export const sendFeedback = (answerId: number, sentiment: 'positive' | 'negative') =>
  api<{ changed: boolean }>(`/api/ask/answers/${answerId}/feedback`, { method: 'POST', body: { sentiment } });

/** Usage events are best effort: a failure is not the user's problem. */
export function trackAsk(event: UsageEventBody) {
  void api('/api/ask/events', { method: 'POST', body: event }).catch(() => undefined);
}

/** The user data key of the Ask page's boards toggle (ask{product}DashboardVisibleToggle). */
export const BOARDS_TOGGLE_KEY = 'askRivalscopeDashboardVisibleToggle';

/**
 * The boards toggle, saved in the user's data so it survives a reload. While the save is under way
 * the new value shows; a failed save falls back to the stored one.
 */
export function useBoardsToggle() {
  const { user } = useSession();
  const client = useQueryClient();
  // The switch shows the new value from the click on (the mutation's own pending state arrives a tick later),
  // and falls back to the stored value when the save settles, so a failure puts it back.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (on: boolean) => putUserData(BOARDS_TOGGLE_KEY, on),
    onSuccess: (me) => client.setQueryData(queryKeys.me, me),
    onSettled: () => setOptimistic(null),
  });
  const on = optimistic ?? user.userData?.[BOARDS_TOGGLE_KEY] === true;
  return {
    on,
    set: (next: boolean) => {
      setOptimistic(next);
      save.mutate(next);
    },
  };
}
