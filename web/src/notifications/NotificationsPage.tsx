// /notifications (part 1 §2): every signed-in user's notifications, newest first and grouped by day, all or only
// unread ones, 30 at a time; opening one marks it read; "Mark all read" clears the unread count.
import { Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { shortDate } from '../shared/dates.ts';
import { StatePanel } from '../shared/StatePanel.tsx';
import { useNotifications, type NotificationFilter } from './api.ts';
import { groupByDay } from './model.ts';
import { MarkAllReadButton } from './NotificationBell.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import { useErrorText } from '../api/errorText.ts';

function Loading() {
  return (
    <Stack gap="sm" data-testid="notifications-loading">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} h={64} radius="md" />
      ))}
    </Stack>
  );
}

export function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const list = useNotifications(filter);
  useDocumentTitle(`${t('notifications.page.title')} · ${t('app.titleSuffix')}`);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.notifications) ?? [], [list.data]);
  const groups = useMemo(() => groupByDay(items), [items]);
  const unread = list.data?.pages[0]?.unread ?? 0;

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError)
    body = (
      <StatePanel kind="error" title={t('notifications.failed')} text={errorText(list.error)} data-testid="notifications-error">
        <Button variant="light" onClick={() => void list.refetch()}>
          {t('notifications.retry')}
        </Button>
      </StatePanel>
    );
  else if (!items.length)
    body = (
      <StatePanel kind="empty" title={t(`notifications.page.empty.${filter}.title`)} text={t(`notifications.page.empty.${filter}.text`)} data-testid="notifications-empty" />
    );
  else
    body = (
      <Stack gap="lg">
        {groups.map((g) => (
          <Stack key={g.key} gap={6} component="section" aria-label={g.label === 'date' ? shortDate(g.date, i18n.language) : t(`notifications.page.${g.label}`)}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }} px={4}>
              {g.label === 'date' ? shortDate(g.date, i18n.language) : t(`notifications.page.${g.label}`)}
            </Text>
            <Paper withBorder radius="lg" p={4}>
              <Stack gap={2}>
                {g.items.map((n) => (
                  <NotificationItem key={n.id} n={n} />
                ))}
              </Stack>
            </Paper>
          </Stack>
        ))}
        <Group justify="center">
          {list.hasNextPage ? (
            <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="notifications-more">
              {t('notifications.page.loadMore')}
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              {t('notifications.page.end')}
            </Text>
          )}
        </Group>
      </Stack>
    );

  return (
    <Stack gap="lg" pt="md" maw={760} w="100%" mx="auto" data-testid="page-notifications">
      <Stack gap={4}>
        <Text c="indigo.7" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {t('notifications.page.eyebrow')}
        </Text>
        <Title order={1}>{t('notifications.page.title')}</Title>
        <Text c="dimmed">{t('notifications.page.subtitle')}</Text>
      </Stack>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <SegmentedControl
            aria-label={t('notifications.page.filterLabel')}
            value={filter}
            onChange={(v) => setFilter(v as NotificationFilter)}
            data={(['all', 'unread'] as const).map((f) => ({ value: f, label: t(`notifications.page.filters.${f}`) }))}
            data-testid="notifications-filter"
          />
          {list.data && (
            <Text size="sm" c="dimmed" data-testid="notifications-unread" data-count={unread}>
              {unread ? t('notifications.page.unreadCount', { count: unread }) : t('notifications.nothingUnread')}
            </Text>
          )}
        </Group>
        <MarkAllReadButton unread={unread} size="sm" />
      </Group>
      {body}
    </Stack>
  );
}
