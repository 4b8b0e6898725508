// The bell's latest notifications while they, or their module, load.
import { Group, Loader } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';

export function LatestLoading() {
  const { t } = useTranslation();
  return (
    <Group justify="center" p="lg">
      <Loader size="sm" aria-label={t('notifications.bell.title')} />
    </Group>
  );
}
