// The feed's empty and error states (part 1 §8): a 500 offers reload, any other failure offers reset to
// the view's defaults; and the retry queue of failed updates with its retry action.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { ApiError } from '../api/client.ts';
import { AlertIcon, RefreshIcon } from '../brand/icons.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { itemsIn } from './retryQueue.ts';
import { useIntelUpdatesContext } from './useIntelUpdates.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/alerts.ts';

export function FeedError({ error, onReload, onReset, reloading }: { error: unknown; onReload: () => void; onReset: () => void; reloading: boolean }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const server = error instanceof ApiError && error.status === 500;
  return (
    <StatePanel
      kind="error"
      title={server ? t('alerts.error.serverTitle') : t('alerts.error.title')}
      text={server ? t('alerts.error.serverText') : t('alerts.error.text', { message: errorText(error) })}
      data-testid="intel-error"
      data-kind={server ? 'reload' : 'reset'}
    >
      {server ? (
        <Button leftSection={<RefreshIcon size={15} />} onClick={onReload} loading={reloading} data-testid="intel-reload">
          {t('alerts.error.reload')}
        </Button>
      ) : (
        <Button variant="light" onClick={onReset} data-testid="intel-reset">
          {t('alerts.error.reset')}
        </Button>
      )}
    </StatePanel>
  );
}

export function FeedEmpty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <StatePanel kind="empty" title={t('alerts.empty.title')} text={filtered ? t('alerts.empty.filtered') : t('alerts.empty.text')} data-testid="intel-empty">
      {filtered && (
        <Button variant="light" onClick={onReset}>
          {t('alerts.error.reset')}
        </Button>
      )}
    </StatePanel>
  );
}

export function RetryBanner() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const { queue, retrying, retryAll, discard } = useIntelUpdatesContext();
  if (!queue.length) return null;
  return (
    <Alert color="red" variant="light" icon={<AlertIcon size={18} />} title={t('alerts.retry.title', { count: itemsIn(queue) })} data-testid="retry-queue" data-count={queue.length}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('alerts.retry.text', { message: errorText(queue.at(-1)?.error) })}</Text>
        <Group gap="xs">
          <Button size="xs" variant="subtle" color="gray" onClick={() => queue.forEach((e) => discard(e.key))}>
            {t('alerts.retry.discard')}
          </Button>
          <Button size="xs" color="red" leftSection={<RefreshIcon size={14} />} loading={retrying} onClick={() => void retryAll()} data-testid="retry-all">
            {t('alerts.retry.action')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
