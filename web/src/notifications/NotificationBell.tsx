// The bell of the top navigation: the unread count (from the counts poll, every 5 minutes and on window focus;
// shown up to 99+) and a popover with the latest notifications, "Mark all read" and "See all".
import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Popover, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { queryKeys } from '../api/session.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { BellIcon } from '../brand/icons.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { badgeLabel } from '../user/permissions.ts';
import { useMarkAllRead } from './api.ts';
import { LatestLoading } from './LatestLoading.tsx';

// The latest notifications load with the first opening of the bell.
const LatestNotifications = lazyComponent(() => import('./LatestNotifications.tsx'), 'LatestNotifications');

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

export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // Opening the bell also brings the count up to date (it is otherwise polled every 5 minutes).
  const [opened, { close, toggle }] = useDisclosure(false, { onOpen: () => void client.invalidateQueries({ queryKey: queryKeys.counts }) });
  const badge = badgeLabel(unread);
  return (
    // The badge wraps the popover, so the popover's target (which takes aria-haspopup and aria-expanded) is the button.
    <Indicator label={badge} disabled={!badge} size={18} color="red" offset={6} inline withBorder data-testid="bell-badge" data-count={unread}>
      <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-end" width="min(380px, calc(100vw - 16px))" shadow="md" withinPortal trapFocus>
        <Popover.Target>
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
        </Popover.Target>
      <Popover.Dropdown p={0} data-testid="bell-popover">
        <Group justify="space-between" px="md" py="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            {t('notifications.bell.title')}
          </Text>
          <MarkAllReadButton unread={unread} />
        </Group>
        <Divider />
        {opened && (
          <Suspense fallback={<LatestLoading />}>
            <LatestNotifications onOpen={close} />
          </Suspense>
        )}
        <Divider />
        <Group justify="center" py="xs">
          <Anchor component={Link} to="/notifications" size="sm" fw={600} onClick={close} data-testid="bell-see-all">
            {t('notifications.bell.seeAll')}
          </Anchor>
        </Group>
      </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
