// Watches the idle and absolute session timeouts (part 1 §4 Session, §8). The counts are polled every
// 5 minutes and once at load; when less than the threshold is left, a toast warns with the remaining
// time; "Stay signed in" (idle) touches the session, "Sign in again" (absolute) goes to sign-in; closing
// the toast does the same. On expiry the browser goes to sign-in with the current URL as redirectTo.
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { isAbortError, redirectToSignIn } from '../api/client.ts';
import { fetchMe, queryKeys, useNotificationCounts } from '../api/session.ts';
import { ClockIcon } from '../brand/icons.tsx';
import { NOTIFICATION_POLL_MS, SESSION_COUNTDOWN_TICK_MS, SESSION_WARNING_ID } from './constants.ts';
import { evaluateSession, formatRemaining, type TimeoutKind } from './expiry.ts';

function SessionWarningMessage(props: { kind: TimeoutKind; expiresAt: number; onAction: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), SESSION_COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, []);
  const time = formatRemaining(props.expiresAt - now);
  return (
    <Stack gap="xs" data-testid="session-warning" data-kind={props.kind}>
      <Text size="sm">{t(`session.warning.${props.kind}`, { time })}</Text>
      <Group>
        <Button size="xs" onClick={props.onAction} data-testid="session-warning-action">
          {props.kind === 'idle' ? t('session.warning.staySignedIn') : t('session.warning.signInAgain')}
        </Button>
      </Group>
    </Stack>
  );
}

export function SessionWatcher() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const counts = useNotificationCounts();
  const shown = useRef(false);
  const hidingOurselves = useRef(false);
  const acting = useRef(false);

  const hideWarning = useCallback(() => {
    if (!shown.current) return;
    shown.current = false;
    hidingOurselves.current = true;
    notifications.hide(SESSION_WARNING_ID);
    hidingOurselves.current = false;
  }, []);

  const { refetch } = counts;

  /** Stay signed in (idle): any API call but the poll extends the idle time; then look again. */
  const act = useCallback(
    async (kind: TimeoutKind) => {
      if (kind === 'absolute') {
        redirectToSignIn();
        return;
      }
      if (acting.current) return;
      acting.current = true;
      try {
        const me = await fetchMe();
        client.setQueryData(queryKeys.me, me);
      } catch (err) {
        if (!isAbortError(err)) console.error('Could not extend the session', err);
      } finally {
        acting.current = false;
      }
      hideWarning();
      await refetch();
    },
    [client, hideWarning, refetch],
  );

  const showWarning = useCallback(
    (kind: TimeoutKind, remainingMs: number) => {
      const expiresAt = Date.now() + remainingMs;
      const data = {
        id: SESSION_WARNING_ID,
        title: t('session.warning.title'),
        message: <SessionWarningMessage kind={kind} expiresAt={expiresAt} onAction={() => void act(kind)} />,
        color: 'orange',
        icon: <ClockIcon size={18} />,
        autoClose: false as const,
        withCloseButton: true,
        onClose: () => {
          if (hidingOurselves.current) return;
          shown.current = false;
          void act(kind);
        },
      };
      if (shown.current) notifications.update(data);
      else notifications.show(data);
      shown.current = true;
    },
    [act, t],
  );

  useEffect(() => {
    if (counts.error && !isAbortError(counts.error)) console.error('Notification counts failed', counts.error);
  }, [counts.error]);

  useEffect(() => {
    const data = counts.data;
    if (!data) return;
    const verdict = evaluateSession(data, Date.now() + data.clockOffsetMs);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (verdict.state === 'expired') {
      hideWarning();
      redirectToSignIn();
    } else if (verdict.state === 'warning') {
      showWarning(verdict.kind, verdict.remainingMs);
      // At the expiry moment look again: a 401 sends the browser to sign-in; a session extended
      // meanwhile (activity in another tab) clears the warning.
      timer = setTimeout(() => void refetch(), verdict.remainingMs + 250);
    } else {
      hideWarning();
      if (verdict.recheckInMs < NOTIFICATION_POLL_MS) timer = setTimeout(() => void refetch(), verdict.recheckInMs);
    }
    return () => clearTimeout(timer);
  }, [counts.data, counts.dataUpdatedAt, hideWarning, showWarning, refetch]);

  useEffect(() => () => hideWarning(), [hideWarning]);

  return null;
}
