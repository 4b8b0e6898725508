// The latest notifications in the bell's popover: loading, failed with a retry, empty, or the list.
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { useLatestNotifications } from './api.ts';
import { LatestLoading } from './LatestLoading.tsx';
import { NotificationItem } from './NotificationItem.tsx';

export function LatestNotifications({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const latest = useLatestNotifications(true);
  if (latest.isPending) return <LatestLoading />;
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
