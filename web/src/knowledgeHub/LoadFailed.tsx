// What a hub screen shows when its data did not load: the failure in words and a button that asks again.
import { Alert, Button } from '@mantine/core';
import { AlertIcon } from '../brand/icons.tsx';
import '../i18n/areas/knowledgeHub.ts';
import { useTranslation } from '../i18n/react.tsx';

export function LoadFailed({ retry }: { retry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} title={t('knowledgeHub.loadFailed')}>
      <Button size="xs" variant="light" color="red" onClick={() => void retry()}>
        {t('knowledgeHub.retry')}
      </Button>
    </Alert>
  );
}
