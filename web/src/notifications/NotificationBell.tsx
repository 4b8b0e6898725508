// The bell of the top navigation: the unread count (from the counts poll, every 5 minutes and on window focus;
// shown up to 99+) and a popover with the latest notifications, "Mark all read" and "See all".
import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Loader, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryKeys } from '../api/session.ts';
import { BellIcon } from '../brand/icons.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { badgeLabel } from '../user/permissions.ts';
import { useLatestNotifications, useMarkAllRead } from './api.ts';
import { NotificationItem } from './NotificationItem.tsx';

/** "Mark all read", with its toast; shared by the bell and the page. */
export function MarkAllReadButton({ unread, size = 'xs' }: { unread: number; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const markAll = useMarkAllRead();
  return (
    <Button
      size={size}
      variant="subtle"
      disabled={unread === 0}
      loading={markAll.isPending}
      onClick={() =>
        markAll.mutate(undefined, {
          onSuccess: (r) => toastSuccess(t('notifications.markedAll', { count: r.updated })),
          onError: (err) => toastError(t('notifications.actionFailed'), err),
        })
      }
      data-testid="notifications-mark-all"
    >
      {t('notifications.markAll')}
    </Button>
  );
}

function Latest({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const latest = useLatestNotifications(true);
  if (latest.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={t('notifications.bell.title')} />
      </Group>
    );
  }
  if (latest.isError) {
    return (
      <Stack gap="xs" p="md" align="flex-start" role="alert">
        <Text size="sm">{t('notifications.failed')}</Text>
        <Button size="xs" variant="light" onClick={() => void latest.refetch()}>
          {t('notifications.retry')}
        </Button>
      </Stack>
    );
  }
  if (!latest.data.notifications.length) {
    return (
      <Stack gap={4} p="md" data-testid="bell-empty">
        <Text size="sm" fw={600}>
          {t('notifications.bell.empty')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('notifications.bell.emptyHint')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={2} p={4} mah="min(60vh, 480px)" style={{ overflowY: 'auto' }}>
      {latest.data.notifications.map((n) => (
        <NotificationItem key={n.id} n={n} onOpen={onOpen} compact />
      ))}
    </Stack>
  );
}

export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // Opening the bell also brings the count up to date (it is otherwise polled every 5 minutes).
  const [opened, { close, toggle }] = useDisclosure(false, { onOpen: () => void client.invalidateQueries({ queryKey: queryKeys.counts }) });
  const badge = badgeLabel(unread);
  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-end" width="min(380px, calc(100vw - 16px))" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Indicator label={badge} disabled={!badge} size={18} color="red" offset={6} inline withBorder data-testid="bell-badge" data-count={unread}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={toggle}
            aria-label={unread > 0 ? t('nav.notificationsCount', { count: unread }) : t('notifications.bell.label')}
            aria-expanded={opened}
            styles={{ root: { color: 'inherit' } }}
            data-testid="notification-bell"
          >
            <BellIcon size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="bell-popover">
        <Group justify="space-between" px="md" py="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            {t('notifications.bell.title')}
          </Text>
          <MarkAllReadButton unread={unread} />
        </Group>
        <Divider />
        {opened && <Latest onOpen={close} />}
        <Divider />
        <Group justify="center" py="xs">
          <Anchor component={Link} to="/notifications" size="sm" fw={600} onClick={close} data-testid="bell-see-all">
            {t('notifications.bell.seeAll')}
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
