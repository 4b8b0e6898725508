// The list of email digests: drafts and sent ones, newest first, 20 a page (part 1 §9), with a state filter
// and the "New digest" dialog.
import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { Paging } from '../shared/Paging.tsx';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { DIGEST_LIST_LIMIT, type DigestState, type DigestSummary } from '../../../contracts/digests.ts';
import { AlertIcon, PlusIcon } from '../brand/icons.tsx';
import { shortDate } from '../shared/dates.ts';
import { useDigests } from './api.ts';
import { CreateDigestModal } from './CreateDigestModal.tsx';
import '../i18n/areas/digest.ts';

type Filter = 'all' | DigestState;

export function StateBadge({ state }: { state: DigestState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={state === 'sent' ? 'teal' : 'gray'} data-testid="digest-state">
      {t(`digest.state.${state}`)}
    </Badge>
  );
}

function Row({ d }: { d: DigestSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.Tr data-testid="digest-row" data-digest-id={d.id}>
      <Table.Td>
        <Anchor component={Link} to={`/digest/${d.id}`} fw={600} data-testid="digest-link">
          {d.title}
        </Anchor>
        {d.intro && (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {d.intro}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <StateBadge state={d.state} />
      </Table.Td>
      <Table.Td ta="right">{d.favoritesLiveCount}</Table.Td>
      <Table.Td>
        <Text size="sm">{d.sentAt ? t('digest.list.sentOn', { date: shortDate(d.sentAt, i18n.language) }) : t('digest.list.editedOn', { date: shortDate(d.updatedAt, i18n.language) })}</Text>
        {d.sentAt && (
          <Text size="xs" c="dimmed">
            {t('digest.list.recipients', { count: d.recipientsCount })}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function DigestList() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [creating, create] = useDisclosure(false);
  const list = useDigests(page, filter === 'all' ? null : filter);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.pagination.total / DIGEST_LIST_LIMIT)) : 1;

  return (
    <Stack gap="lg" pt="md" maw={1100} w="100%" mx="auto" data-testid="page-digest-list">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} maw={640}>
          <Text c="indigo.7" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            {t('digest.list.eyebrow')}
          </Text>
          <Title order={1}>{t('digest.list.title')}</Title>
          <Text c="dimmed">{t('digest.list.subtitle')}</Text>
        </Stack>
        <Button leftSection={<PlusIcon />} onClick={create.open} data-testid="digest-new">
          {t('digest.list.create')}
        </Button>
      </Group>

      <SegmentedControl
        aria-label={t('digest.list.filterLabel')}
        value={filter}
        onChange={(v) => {
          setFilter(v as Filter);
          setPage(1);
        }}
        data={(['all', 'draft', 'sent'] as const).map((f) => ({ value: f, label: t(`digest.list.filters.${f}`) }))}
        style={{ alignSelf: 'flex-start' }}
        data-testid="digest-filter"
      />

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {list.isPending ? (
          <Stack p="md" gap="sm" data-testid="digest-list-loading">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} h={44} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Alert m="md" color="red" variant="light" icon={<AlertIcon />} title={t('digest.list.failed')}>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              {t('digest.list.retry')}
            </Button>
          </Alert>
        ) : list.data.digests.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center" data-testid="digest-list-empty">
            {t(filter === 'all' ? 'digest.list.empty' : 'digest.list.emptyFiltered')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640} attributes={SCROLLS_BY_KEYBOARD}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="digest-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('digest.list.columns.title')}</Table.Th>
                  <Table.Th w={110}>{t('digest.list.columns.state')}</Table.Th>
                  <Table.Th w={80} ta="right">
                    {t('digest.list.columns.items')}
                  </Table.Th>
                  <Table.Th w={190}>{t('digest.list.columns.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.digests.map((d) => (
                  <Row key={d.id} d={d} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {pages > 1 && <Paging total={pages} value={page} onChange={setPage} style={{ alignSelf: 'center' }} data-testid="digest-pagination" />}
      <CreateDigestModal opened={creating} onClose={create.close} />
    </Stack>
  );
}
