// One notification, in the bell's popover and on the /notifications page: what it is about (kind icon), its title
// and line of detail, when, and whether it is unread. Opening it marks it read and goes to its page.
import { Box, Group, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useNavigate } from 'react-router';
import type { Notification, NotificationKind } from '../../../contracts/notifications.ts';
import { AlertIcon, CardIcon, ClockIcon, SparkIcon, UsersIcon } from '../brand/icons.tsx';
import { relativeTime, shortDate } from '../shared/dates.ts';
import { toastError } from '../shared/toast.ts';
import { useMarkRead } from './api.ts';
import { appPath, notificationText } from './model.ts';
import classes from './Notifications.module.css';

const KIND: Record<NotificationKind, { icon: ReactNode; color: string }> = {
  intel: { icon: <SparkIcon size={16} />, color: 'indigo' },
  job: { icon: <ClockIcon size={16} />, color: 'gray' },
  invitation: { icon: <UsersIcon size={16} />, color: 'teal' },
  card: { icon: <CardIcon size={16} />, color: 'grape' },
  integration: { icon: <AlertIcon size={16} />, color: 'red' },
};

export function NotificationItem({ n, onOpen, compact = false }: { n: Notification; onOpen?: () => void; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const unread = n.readAt === null;
  const { title, body } = notificationText(n, t, i18n.language);
  const open = () => {
    if (unread) markRead.mutate(n.id, { onError: (err) => toastError(t('notifications.actionFailed'), err) });
    const to = appPath(n.url);
    if (to) navigate(to);
    onOpen?.();
  };
  return (
    <UnstyledButton
      onClick={open}
      className={classes.item}
      data-unread={unread || undefined}
      px={compact ? 'sm' : 'md'}
      py={compact ? 8 : 'sm'}
      data-testid="notification"
      data-kind={n.kind}
      data-id={n.id}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={compact ? 28 : 32} radius="xl" variant="light" color={KIND[n.kind].color} aria-label={t(`notifications.kinds.${n.kind}`)} role="img">
          {KIND[n.kind].icon}
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={unread ? 700 : 500} lineClamp={2} data-testid="notification-title">
            {title}
          </Text>
          {body && (
            <Text size="xs" c="dimmed" lineClamp={compact ? 1 : 2}>
              {body}
            </Text>
          )}
          <Tooltip label={shortDate(n.createdAt, i18n.language)} openDelay={400}>
            <Text size="xs" c="dimmed" w="fit-content">
              {relativeTime(n.createdAt, i18n.language)}
            </Text>
          </Tooltip>
        </Stack>
        {unread && <Box className={classes.dot} mt={6} aria-label={t('notifications.unread')} role="img" />}
      </Group>
    </UnstyledButton>
  );
}
