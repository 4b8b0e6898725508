// A person's page (/users/{id}): who they are (name, role, visibility groups, since when) and what they
// made: the cards they authored that the reader may see and, for curators, the intel they submitted.
// Each list is paged on the server; a card opens in the single card viewer over its profile.
import { Anchor, Avatar, Badge, Group, Paper, Skeleton, Stack, Table, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { Paging } from '../shared/Paging.tsx';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import type { User } from '../../../contracts/account.ts';
import type { AuthoredCard, AuthoredPage, SubmittedIntel } from '../../../contracts/people.ts';
import { ApiError, api } from '../api/client.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useVisibilityGroups } from '../cards/api.ts';
import { initials } from '../dashboard/model.ts';
import { relativeTime, shortDate } from '../shared/dates.ts';
import { StatePanel } from '../shared/StatePanel.tsx';
import { isAdmin, isCurator } from './permissions.ts';
import { StatusScreen } from '../pages/StatusScreen.tsx';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/personPage.ts';

const userKeys = {
  user: (id: number) => ['users', id] as const,
  made: (id: number, kind: 'cards' | 'intel', page: number) => ['users', id, kind, page] as const,
};

function useMade<T>(userId: number, kind: 'cards' | 'intel', page: number, enabled = true) {
  return useQuery({
    queryKey: userKeys.made(userId, kind, page),
    queryFn: ({ signal }) => api<AuthoredPage<T>>(`/api/users/${userId}/${kind}.json?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The person's role as the product names it. */
const roleOf = (u: Pick<User, 'roles'>) => (isAdmin(u) ? 'admin' : isCurator(u) ? 'curator' : 'seller');

function Paged<T>({ result, page, setPage, empty, testId, children }: {
  result: ReturnType<typeof useMade<T>>;
  page: number;
  setPage: (p: number) => void;
  empty: string;
  testId: string;
  children: (items: T[]) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  if (result.isPending) return <Skeleton h={240} radius="md" />;
  if (result.isError) return <StatePanel kind="error" title={t('personPage.failed')} text={errorText(result.error)} data-testid={`${testId}-error`} />;
  const { items, total, limit } = result.data;
  if (!total) return <Text c="dimmed" py="lg" data-testid={`${testId}-empty`}>{empty}</Text>;
  return (
    <Stack gap="sm" data-testid={testId} data-total={total}>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        {children(items)}
      </Paper>
      {total > limit && <Paging total={Math.ceil(total / limit)} value={page} onChange={setPage} size="sm" data-testid={`${testId}-pages`} />}
    </Stack>
  );
}

function CardRows({ items }: { items: AuthoredCard[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('personPage.card')}</Table.Th>
          <Table.Th>{t('personPage.rival')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('personPage.lane')}</Table.Th>
          <Table.Th ta="right">{t('personPage.updated')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((c) => (
          <Table.Tr key={c.id} data-testid="user-card">
            <Table.Td>
              <Anchor component={Link} to={`/profile/${c.rival.profileId}?viewCard=${c.id}`} fw={600}>
                {c.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Avatar src={c.rival.iconUrl} size={20} radius="sm" alt="">
                  {initials(c.rival.name)}
                </Avatar>
                <Text size="sm">{c.rival.name}</Text>
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Anchor component={Link} to={`/profile/${c.rival.profileId}?lanes=${c.board.id}`} size="sm" c="dimmed">
                {c.board.name}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right">
              <Tooltip label={shortDate(c.updatedAt, i18n.language)}>
                <Text size="sm" c="dimmed" span>
                  {relativeTime(c.updatedAt, i18n.language)}
                </Text>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function IntelRows({ items }: { items: SubmittedIntel[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('personPage.intel')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('personPage.rivals')}</Table.Th>
          <Table.Th>{t('personPage.state')}</Table.Th>
          <Table.Th ta="right">{t('personPage.submitted')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((i) => (
          <Table.Tr key={i.id} data-testid="user-intel">
            <Table.Td>
              <Anchor component={Link} to={`/alerts?intelIds=${i.id}`} fw={600}>
                {i.title}
              </Anchor>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm">{i.rivals.join(', ') || '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color="gray" tt="none">
                {t(`personPage.states.${i.state}`, { defaultValue: i.state })}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" c="dimmed">
                {relativeTime(i.createdAt, i18n.language)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function UserPage({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const { user: me } = useSession();
  const curator = isCurator(me);
  const person = useQuery({ queryKey: userKeys.user(userId), queryFn: ({ signal }) => api<User>(`/api/users/${userId}.json`, { signal }), retry: false });
  const groups = useVisibilityGroups();
  const [cardPage, setCardPage] = useState(1);
  const [intelPage, setIntelPage] = useState(1);
  const cards = useMade<AuthoredCard>(userId, 'cards', cardPage);
  const intel = useMade<SubmittedIntel>(userId, 'intel', intelPage, curator);
  useDocumentTitle(`${person.data?.name ?? t('personPage.title')} · ${t('app.titleSuffix')}`);

  if (person.error instanceof ApiError && person.error.isNotFound) return <StatusScreen routeKey="notFound" />;
  if (person.isError) return <StatePanel kind="error" title={t('personPage.failed')} text={errorText(person.error)} data-testid="user-page-error" />;
  if (person.isPending) return <Skeleton h={160} mt="md" radius="lg" maw={1080} mx="auto" />;
  const u = person.data;
  const groupNames = (groups.data ?? []).filter((g) => u.visibilityGroupIds?.includes(g.id)).map((g) => g.name);
  const role = roleOf(u);

  return (
    <Stack gap="lg" pt="md" maw={1080} w="100%" mx="auto" data-testid="page-user" data-user-id={u.id}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Group gap="lg" align="center" wrap="nowrap">
          <Avatar src={u.image} size={72} radius="xl" color="indigo" alt="">
            {initials(u.name)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="user-name">
              {u.name}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color={role === 'seller' ? 'gray' : 'indigo'} tt="none" data-testid="user-role">
                {t(`personPage.roles.${role}`)}
              </Badge>
              {groupNames.map((g) => (
                <Badge key={g} variant="outline" color="gray" tt="none" data-testid="user-group">
                  {g}
                </Badge>
              ))}
            </Group>
            <Text size="sm" c="dimmed">
              {u.deactivatedAt
                ? t('personPage.deactivated', { date: shortDate(u.deactivatedAt, i18n.language) })
                : t('personPage.since', { date: shortDate(u.createdAt, i18n.language) })}
            </Text>
          </Stack>
          <Group gap="xs" ml="auto" visibleFrom="sm">
            {u.id === me.id && (
              <Anchor component={Link} to="/settings/profile" size="sm">
                {t('personPage.editProfile')}
              </Anchor>
            )}
            {isAdmin(me) && u.id !== me.id && (
              <Anchor component={Link} to="/settings/users" size="sm">
                {t('personPage.manage')}
              </Anchor>
            )}
          </Group>
        </Group>
      </Paper>

      <Tabs defaultValue="cards" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="cards" data-testid="user-tab-cards">
            {t('personPage.cardsTab', { count: cards.data?.total ?? 0 })}
          </Tabs.Tab>
          {curator && (
            <Tabs.Tab value="intel" data-testid="user-tab-intel">
              {t('personPage.intelTab', { count: intel.data?.total ?? 0 })}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="cards" pt="md">
          <Paged result={cards} page={cardPage} setPage={setCardPage} empty={t('personPage.noCards', { name: u.firstName ?? u.name })} testId="user-cards">
            {(items) => <CardRows items={items} />}
          </Paged>
        </Tabs.Panel>
        {curator && (
          <Tabs.Panel value="intel" pt="md">
            <Paged result={intel} page={intelPage} setPage={setIntelPage} empty={t('personPage.noIntel', { name: u.firstName ?? u.name })} testId="user-intel-list">
              {(items) => <IntelRows items={items} />}
            </Paged>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
