// A list of API tokens: name, scopes, state (in words, not colour alone), when made, last used and from where,
// when it expires, and Revoke behind a confirmation. With `showOwner` (the company list) whose each one is.
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { tokenState, type ApiToken } from '../../../contracts/apiTokens.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ConfirmModal } from '../settings/users/ConfirmModal.tsx';
import { relativeTime, shortDate } from '../shared/dates.ts';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { scopeKey, useRevokeToken } from './api.ts';
import '../i18n/areas/apiTokens.ts';

const STATE_COLOURS = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

export function TokenTable({ tokens, showOwner = false }: { tokens: ApiToken[]; showOwner?: boolean }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeToken();
  const [confirming, setConfirming] = useState<ApiToken | null>(null);

  const confirm = () => {
    if (!confirming) return;
    revoke.mutate(confirming.id, {
      onSuccess: () => {
        toastSuccess(t('apiTokens.revoked', { name: confirming.name }));
        setConfirming(null);
      },
      onError: (err) => toastError(t('apiTokens.revokeFailed'), err),
    });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={showOwner ? 860 : 720}>
        <Table verticalSpacing="sm" data-testid="api-token-table">
          <Table.Caption>{t('apiTokens.tableCaption', { count: tokens.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('apiTokens.columns.name')}</Table.Th>
              {showOwner && <Table.Th scope="col">{t('apiTokens.columns.owner')}</Table.Th>}
              <Table.Th scope="col">{t('apiTokens.columns.scopes')}</Table.Th>
              <Table.Th scope="col">{t('apiTokens.columns.lastUsed')}</Table.Th>
              <Table.Th scope="col">{t('apiTokens.columns.expires')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('apiTokens.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => {
              const state = tokenState(token);
              return (
                <Table.Tr key={token.id} data-testid="api-token-row" data-state={state}>
                  <Table.Td>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {token.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {t('apiTokens.prefix', { prefix: token.prefix })}
                    </Text>
                  </Table.Td>
                  {showOwner && (
                    <Table.Td>
                      <Text size="sm">{token.owner?.name}</Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {token.owner?.email}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Group gap={4}>
                      {token.scopes.map((s) => (
                        <Badge key={s} variant="light" tt="none" fw={500}>
                          {t(`apiTokens.scopes.${scopeKey(s)}.name`)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {token.lastUsedAt ? (
                      <>
                        <Text size="sm">{relativeTime(token.lastUsedAt, i18n.language)}</Text>
                        {token.lastUsedIp && (
                          <Text size="xs" c="dimmed">
                            {t('apiTokens.from', { ip: token.lastUsedIp })}
                          </Text>
                        )}
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('apiTokens.neverUsed')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOURS[state]} variant={state === 'active' ? 'light' : 'outline'} tt="none">
                      {t(`apiTokens.state.${state}`)}
                    </Badge>
                    <Text size="xs" c="dimmed" mt={2}>
                      {state === 'revoked'
                        ? shortDate(token.revokedAt!, i18n.language)
                        : t(state === 'active' ? 'apiTokens.expiresOn' : 'apiTokens.expiredOn', { date: shortDate(token.expiresAt, i18n.language) })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {state === 'active' && (
                      <Button variant="subtle" color="red" size="xs" onClick={() => setConfirming(token)} aria-label={t('apiTokens.revokeNamed', { name: token.name })} data-testid="api-token-revoke">
                        {t('apiTokens.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={confirming !== null}
        title={t('apiTokens.confirmTitle', { name: confirming?.name ?? '' })}
        body={t('apiTokens.confirmBody')}
        action={t('apiTokens.revoke')}
        busy={revoke.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
        testId="api-token-revoke-confirm"
      />
    </>
  );
}
