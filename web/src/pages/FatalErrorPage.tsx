// The fallback for an unexpected UI error (part 1 §8): title and description; outside production also
// the error's name and message.
import { Button, Code, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { AlertIcon } from '../brand/icons.tsx';
import { CenteredMessage } from './CenteredMessage.tsx';

export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (error && typeof error === 'object' && 'statusText' in error) {
    const e = error as { status?: number; statusText?: string };
    return { name: `HTTP ${e.status ?? ''}`.trim(), message: e.statusText ?? '' };
  }
  return { name: 'Error', message: String(error) };
}

export function FatalErrorPage({ error, showDetails = !import.meta.env.PROD }: { error: unknown; showDetails?: boolean }) {
  const { t } = useTranslation();
  const { name, message } = describeError(error);
  return (
    <CenteredMessage
      testId="page-fatal-error"
      fullScreen
      icon={<AlertIcon size={28} />}
      title={t('fatal.title')}
      description={t('fatal.description')}
    >
      {showDetails && (
        <Stack gap={4} w="100%" ta="left">
          <Text size="xs" c="dimmed">
            {t('fatal.details')}
          </Text>
          <Code block data-testid="fatal-error-details">
            {name}: {message}
          </Code>
        </Stack>
      )}
      <Button mt="sm" onClick={() => window.location.reload()}>
        {t('fatal.reload')}
      </Button>
    </CenteredMessage>
  );
}
