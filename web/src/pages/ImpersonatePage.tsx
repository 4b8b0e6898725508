// /impersonate: staff who can impersonate pick a user to see Rivalscope as they do ("Switch instance").
import { Alert, Avatar, Badge, Button, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useImpersonate, useImpersonationCandidates } from '../api/users.ts';
import { useSession } from '../core/SessionContext.tsx';
import { AlertIcon, SearchIcon } from '../brand/icons.tsx';
import { initials } from '../user/permissions.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/impersonate.ts';

export const USER_SEARCH_DEBOUNCE_MS = 250;

export function ImpersonatePage() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  useDocumentTitle(`${t('titles.impersonate')} · ${t('app.titleSuffix')}`);
  const { user: me } = useSession();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), USER_SEARCH_DEBOUNCE_MS);
  const list = useImpersonationCandidates(debounced);
  const impersonate = useImpersonate();
  const users = (list.data ?? []).filter((u) => u.id !== me.id);

  return (
    <Stack gap="lg" pt="md" data-testid="page-impersonate">
      <Stack gap={4}>
        <Title order={1}>{t('impersonate.title')}</Title>
        <Text c="dimmed">{t('impersonate.description')}</Text>
      </Stack>
      <TextInput
        label={t('impersonate.search')}
        placeholder={t('impersonate.searchPlaceholder')}
        leftSection={<SearchIcon size={16} />}
        rightSection={list.isFetching ? <Loader size="xs" /> : null}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={420}
        data-testid="impersonate-search"
      />
      {impersonate.error && (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={t('impersonate.failed')}>
          {errorText(impersonate.error)}
        </Alert>
      )}
      {list.error && (
        <Alert color="red" variant="light" icon={<AlertIcon />}>
          {errorText(list.error)}
        </Alert>
      )}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={560} attributes={SCROLLS_BY_KEYBOARD}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('impersonate.columns.name')}</Table.Th>
                <Table.Th>{t('impersonate.columns.email')}</Table.Th>
                <Table.Th>{t('impersonate.columns.company')}</Table.Th>
                <Table.Th>{t('impersonate.columns.roles')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((u) => (
                <Table.Tr key={u.id} data-testid="impersonate-row">
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar size="sm" radius="xl" color="indigo">
                        {initials(u.name)}
                      </Avatar>
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {u.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          @{u.username}
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{u.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{u.companyName}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {u.roles.length === 0 && (
                        <Badge variant="light" color="gray">
                          {t('impersonate.consumer')}
                        </Badge>
                      )}
                      {u.roles.map((r) => (
                        <Badge key={r} variant="light">
                          {t(`roles.${r}`)}
                        </Badge>
                      ))}
                      {u.isStaff && (
                        <Badge variant="light" color="orange">
                          {t('impersonate.staff')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="light"
                      color="orange"
                      loading={impersonate.isPending && impersonate.variables === u.id}
                      disabled={impersonate.isPending}
                      onClick={() => impersonate.mutate(u.id)}
                      aria-label={`${t('impersonate.impersonate')} ${u.name}`}
                    >
                      {t('impersonate.impersonate')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!list.isPending && users.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('impersonate.noUsers')} {t('impersonate.ownCompanyOnly')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
