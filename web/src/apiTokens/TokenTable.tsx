// A list of API tokens: name, scopes, state (in words, not colour alone), last used and from where, when it
// expires, and Revoke behind a confirmation; with `showOwner` (the company list), whose each one is. A table on
// wide screens, a card per token on a phone.
import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { tokenState, type ApiToken } from '../../../contracts/apiTokens.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ConfirmModal } from '../settings/users/ConfirmModal.tsx';
import { relativeTime, shortDate } from '../shared/dates.ts';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { usePhone } from '../shared/usePhone.ts';
import { scopeKey, useRevokeToken } from './api.ts';
import '../i18n/areas/apiTokens.ts';

const STATE_COLOURS = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

export function TokenTable({ tokens, showOwner = false }: { tokens: ApiToken[]; showOwner?: boolean }) {
  const { t } = useTranslation();
  const phone = usePhone();
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
      {phone ? (
        <Stack gap="sm" data-testid="api-token-table">
          {tokens.map((token) => (
            <Paper key={token.id} withBorder radius="md" p="sm" data-testid="api-token-row" data-state={tokenState(token)}>
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <TokenName token={token} />
                  <TokenState token={token} />
                </Group>
                {showOwner && <TokenOwner token={token} />}
                <TokenScopes token={token} />
                <Group justify="space-between" align="flex-end">
                  <TokenLastUse token={token} />
                  <RevokeButton token={token} onRevoke={setConfirming} />
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
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
            {tokens.map((token) => (
              <Table.Tr key={token.id} data-testid="api-token-row" data-state={tokenState(token)}>
                <Table.Td>
                  <TokenName token={token} />
                </Table.Td>
                {showOwner && (
                  <Table.Td>
                    <TokenOwner token={token} />
                  </Table.Td>
                )}
                <Table.Td>
                  <TokenScopes token={token} />
                </Table.Td>
                <Table.Td>
                  <TokenLastUse token={token} />
                </Table.Td>
                <Table.Td>
                  <TokenState token={token} />
                </Table.Td>
                <Table.Td ta="right">
                  <RevokeButton token={token} onRevoke={setConfirming} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
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

function TokenName({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 0 }}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {token.name}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {t('apiTokens.prefix', { prefix: token.prefix })}
      </Text>
    </div>
  );
}

function TokenOwner({ token }: { token: ApiToken }) {
  return (
    <div>
      <Text size="sm">{token.owner?.name}</Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {token.owner?.email}
      </Text>
    </div>
  );
}

function TokenScopes({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {token.scopes.map((s) => (
        <Badge key={s} variant="light" tt="none" fw={500}>
          {t(`apiTokens.scopes.${scopeKey(s)}.name`)}
        </Badge>
      ))}
    </Group>
  );
}

function TokenLastUse({ token }: { token: ApiToken }) {
  const { t, i18n } = useTranslation();
  if (!token.lastUsedAt)
    return (
      <Text size="sm" c="dimmed">
        {t('apiTokens.neverUsed')}
      </Text>
    );
  return (
    <div>
      <Text size="sm">{t('apiTokens.used', { when: relativeTime(token.lastUsedAt, i18n.language) })}</Text>
      {token.lastUsedIp && (
        <Text size="xs" c="dimmed">
          {t('apiTokens.from', { ip: token.lastUsedIp })}
        </Text>
      )}
    </div>
  );
}

/** The state in words as well as colour, and the date that goes with it. */
function TokenState({ token }: { token: ApiToken }) {
  const { t, i18n } = useTranslation();
  const state = tokenState(token);
  return (
    <div>
      <Badge color={STATE_COLOURS[state]} variant={state === 'active' ? 'light' : 'outline'} tt="none">
        {t(`apiTokens.state.${state}`)}
      </Badge>
      <Text size="xs" c="dimmed" mt={2}>
        {state === 'revoked'
          ? shortDate(token.revokedAt!, i18n.language)
          : t(state === 'active' ? 'apiTokens.expiresOn' : 'apiTokens.expiredOn', { date: shortDate(token.expiresAt, i18n.language) })}
      </Text>
    </div>
  );
}

function RevokeButton({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  const { t } = useTranslation();
  if (tokenState(token) !== 'active') return null;
  return (
    <Button variant="subtle" color="red" size="xs" onClick={() => onRevoke(token)} aria-label={t('apiTokens.revokeNamed', { name: token.name })} data-testid="api-token-revoke">
      {t('apiTokens.revoke')}
    </Button>
  );
}
