// The full-screen logo overlay shown until user and company have loaded (part 1 §4).
import { Box, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { LogoMark } from '../brand/Logo.tsx';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="app-loading"
      role="status"
      aria-live="polite"
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 1000, display: 'grid', placeItems: 'center' }}
    >
      <Stack align="center" gap="md">
        <LogoMark size={56} />
        <Loader size="sm" type="dots" />
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      </Stack>
    </Box>
  );
}
