// Personal API tokens, on one's own profile page: what they are for, the API reference, the list and New token.
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../core/SessionContext.tsx';
import { PlusIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { isAdmin } from '../user/permissions.ts';
import { useOwnTokens } from './api.ts';
import { NewTokenModal } from './NewTokenModal.tsx';
import { TokenTable } from './TokenTable.tsx';
import '../i18n/areas/apiTokens.ts';

export function ApiTokensSection() {
  const { t } = useTranslation();
  const { user } = useSession();
  const tokens = useOwnTokens();
  const [creating, setCreating] = useState(false);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="api-tokens">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="h3">
            {t('apiTokens.title')}
          </Title>
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)} data-testid="api-token-new">
            {t('apiTokens.new')}
          </Button>
        </Group>
        <Text>
          {t('apiTokens.intro')}{' '}
          <Anchor href="/api/docs" target="_blank" rel="noopener" underline="always">
            {t('apiTokens.reference')}
          </Anchor>
        </Text>
        {tokens.isPending ? (
          <Loader size="sm" aria-label={t('apiTokens.loading')} />
        ) : tokens.isError ? (
          <StatePanel kind="error" title={t('apiTokens.loadFailed')} text={t('apiTokens.loadFailedText')} data-testid="api-tokens-error">
            <Button variant="default" size="xs" onClick={() => void tokens.refetch()}>
              {t('apiTokens.retry')}
            </Button>
          </StatePanel>
        ) : tokens.data.tokens.length ? (
          <TokenTable tokens={tokens.data.tokens} />
        ) : (
          <Text c="dimmed" data-testid="api-tokens-empty">
            {t('apiTokens.empty')}
          </Text>
        )}
      </Stack>
      <NewTokenModal opened={creating} admin={isAdmin(user)} onClose={() => setCreating(false)} />
    </Paper>
  );
}
