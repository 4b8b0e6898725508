// Every intel update of the page goes through here (list actions, triage, bulk edit): on success the
// feed and the counts refetch; on failure the update joins the retry queue (part 1 §4, §8) and a toast
// says so. A bulk update that became a job is handed back so the bulk bar can follow its progress.
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { IntelBulkUpdateResponse } from '../../../contracts/intel.ts';
import { isAbortError } from '../api/client.ts';
import { sendUpdate } from './api.ts';
import { intelKeys } from './queryKeys.ts';
import { dequeue, enqueue, replay, type PendingUpdate, type RetryEntry } from './retryQueue.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/alerts.ts';

export type IntelUpdates = {
  /** Sends an update; answers the bulk result (null for a single item), or false when it failed and was queued. */
  send: (u: PendingUpdate) => Promise<IntelBulkUpdateResponse | null | false>;
  queue: RetryEntry[];
  retrying: boolean;
  retryAll: () => Promise<void>;
  discard: (key: string) => void;
  /** Refetches the feed, the counts and the badge after a change made elsewhere (publish, summarize...). */
  refresh: () => void;
};

export const IntelUpdatesContext = createContext<IntelUpdates | null>(null);

export function useIntelUpdatesContext(): IntelUpdates {
  const ctx = useContext(IntelUpdatesContext);
  if (!ctx) throw new Error('IntelUpdatesContext missing');
  return ctx;
}

export function useIntelUpdates(): IntelUpdates {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<RetryEntry[]>([]);
  const [retrying, setRetrying] = useState(false);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: intelKeys.all }), [queryClient]);

  const send = useCallback(
    async (u: PendingUpdate) => {
      try {
        const res = await sendUpdate(u);
        refresh();
        return u.kind === 'one' ? null : (res as IntelBulkUpdateResponse);
      } catch (err) {
        if (isAbortError(err)) return false;
        setQueue((q) => enqueue(q, u, err));
        notifications.show({ color: 'red', title: t('alerts.retry.failedTitle'), message: t('alerts.retry.failedToast', { message: errorText(err) }) });
        return false;
      }
    },
    [refresh, t, errorText],
  );

  const retryAll = useCallback(async () => {
    setRetrying(true);
    try {
      const failed = await replay(queue, sendUpdate);
      setQueue(failed);
      refresh();
      if (!failed.length) notifications.show({ color: 'teal', message: t('alerts.retry.done') });
    } finally {
      setRetrying(false);
    }
  }, [queue, refresh, t]);

  const discard = useCallback((key: string) => setQueue((q) => dequeue(q, key)), []);

  return useMemo(() => ({ send, queue, retrying, retryAll, discard, refresh }), [send, queue, retrying, retryAll, discard, refresh]);
}
