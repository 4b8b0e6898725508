// The mail exactly as the server renders it, in a sandboxed frame: no scripts, no same-origin access;
// links open in a new tab.
import { Alert, Box, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { AlertIcon } from '../brand/icons.tsx';
import { useDigestPreview } from './api.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/digest.ts';

const FRAME_HEIGHT = 760;

export function DigestPreview({ id }: { id: number }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const preview = useDigestPreview(id);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t('digest.preview.title')}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            {t('digest.preview.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('digest.preview.hint')}
          </Text>
        </div>
        {preview.isPending ? (
          <Skeleton h={FRAME_HEIGHT} radius="md" />
        ) : preview.isError ? (
          <Alert color="red" variant="light" icon={<AlertIcon />} title={t('digest.preview.failed')}>
            {errorText(preview.error)}
          </Alert>
        ) : (
          <Box
            component="iframe"
            title={t('digest.preview.frameTitle')}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={preview.data.replace('<head>', '<head><base target="_blank">')}
            w="100%"
            h={FRAME_HEIGHT}
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', background: '#f1f5f9' }}
            data-testid="digest-preview"
          />
        )}
      </Stack>
    </Paper>
  );
}
