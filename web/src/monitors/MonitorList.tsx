// The list of the company's monitors (/monitors; part 2 §9): 20 a page, the latest change first, only monitors
// that changed by default. The filters live in the URL's query string, so a reload or a shared link keeps them. A
// table on a desktop, stacked cards on a phone; each monitor's name leads to its page, its actions sit in a menu.
import { Alert, Anchor, Box, Button, Code, CopyButton, Group, Paper, Select, SegmentedControl, Skeleton, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MONITOR_SPARK_DAYS, type Monitor } from '../../../contracts/monitors.ts';
import { useRivalOptions } from '../alerts/api.ts';
import { useErrorText } from '../api/errorText.ts';
import { InfoIcon, PlusIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { Paging } from '../shared/Paging.tsx';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { StatePanel } from '../shared/StatePanel.tsx';
import { AddMonitorDialog } from './AddMonitorDialog.tsx';
import { useMonitorInbox, useMonitors } from './api.ts';
import { ImportOpmlDialog } from './ImportOpmlDialog.tsx';
import { ExternalLinkIcon, UploadIcon } from '../insights/icons.tsx';
import { KindBadge, MonitorErrorText, MonitorMenu, Sparkline, StatusBadge, When } from './MonitorBits.tsx';
import { filtersFromSearch, hostOf, isFiltered, isWebLink, KIND_FILTERS, pageCount, searchFromFilters, SORTS, withFilter, type KindFilter, type MonitorFilters } from './model.ts';
import classes from './Monitors.module.css';
import '../i18n/areas/monitors.ts';

/** The width from which the list is a table (its eight columns fit without sideways scrolling); below, cards. */
const TABLE_MIN_WIDTH = 1024;

/** A monitor's name (to its page) and its address: the host shown, the full URL a link in a new tab. */
function NameCell({ m }: { m: Monitor }) {
  return (
    <Stack gap={2} className={classes.nameCell}>
      <Anchor component={Link} to={`/monitors/${m.id}`} fw={600} className={classes.breakAnywhere} data-testid="monitor-name">
        {m.name}
      </Anchor>
      {isWebLink(m.url) ? (
        <Anchor href={m.url} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed" title={m.url} className={classes.url} data-testid="monitor-url">
          <span className={classes.urlText}>{hostOf(m.url)}</span>
          <ExternalLinkIcon size={11} />
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed" title={m.url} className={classes.urlText}>
          {m.url}
        </Text>
      )}
    </Stack>
  );
}

function RivalName({ m }: { m: Monitor }) {
  const { t } = useTranslation();
  return m.rival ? (
    <Text size="sm" className={classes.breakAnywhere}>
      {m.rival.name}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t('monitors.noRival')}
    </Text>
  );
}

function TableRow({ m }: { m: Monitor }) {
  return (
    <Table.Tr data-testid="monitor-row" data-id={m.id} data-status={m.status}>
      <Table.Td>
        <NameCell m={m} />
        {m.error && (
          <Box mt={4}>
            <MonitorErrorText error={m.error} compact />
          </Box>
        )}
      </Table.Td>
      <Table.Td>
        <KindBadge kind={m.kind} />
      </Table.Td>
      <Table.Td>
        <RivalName m={m} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={m.status} />
      </Table.Td>
      <Table.Td fz="sm">
        <When at={m.lastCheckAt} />
      </Table.Td>
      <Table.Td fz="sm">
        <When at={m.lastChangeAt} />
      </Table.Td>
      <Table.Td>
        <Sparkline counts={m.changesByDay} />
      </Table.Td>
      <Table.Td>
        <MonitorMenu monitor={m} />
      </Table.Td>
    </Table.Tr>
  );
}

function MonitorCard({ m }: { m: Monitor }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.card} data-testid="monitor-row" data-id={m.id} data-status={m.status}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <NameCell m={m} />
          <MonitorMenu monitor={m} />
        </Group>
        <Group gap={6} wrap="wrap">
          <KindBadge kind={m.kind} />
          <StatusBadge status={m.status} />
        </Group>
        {m.error && <MonitorErrorText error={m.error} compact />}
        <dl className={classes.facts}>
          <dt>{t('monitors.columns.rival')}</dt>
          <dd>
            <RivalName m={m} />
          </dd>
          <dt>{t('monitors.columns.lastCheck')}</dt>
          <dd>
            <When at={m.lastCheckAt} />
          </dd>
          <dt>{t('monitors.columns.lastChange')}</dt>
          <dd>
            <When at={m.lastChangeAt} />
          </dd>
          <dt>{t('monitors.columns.changes', { days: MONITOR_SPARK_DAYS })}</dt>
          <dd>
            <Sparkline counts={m.changesByDay} />
          </dd>
        </dl>
      </Stack>
    </Paper>
  );
}

function Filters({ filters, onChange }: { filters: MonitorFilters; onChange: (next: MonitorFilters) => void }) {
  const { t } = useTranslation();
  const rivals = useRivalOptions();
  const set = <K extends keyof MonitorFilters>(key: K, value: MonitorFilters[K]) => onChange(withFilter(filters, key, value));
  const rivalData = (rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  // A rival of a shared link that is not among the options yet still shows as chosen.
  if (filters.rivalId !== undefined && !rivalData.some((r) => r.value === String(filters.rivalId))) rivalData.push({ value: String(filters.rivalId), label: t('monitors.filters.rivalNumber', { id: filters.rivalId }) });
  return (
    <Group gap="md" align="flex-end" wrap="wrap" role="group" aria-label={t('monitors.filters.label')} data-testid="monitor-filters">
      <Select
        label={t('monitors.filters.rival')}
        placeholder={t('monitors.filters.anyRival')}
        data={rivalData}
        value={filters.rivalId === undefined ? null : String(filters.rivalId)}
        onChange={(v) => set('rivalId', v ? Number(v) : undefined)}
        searchable
        clearable
        w={{ base: '100%', xs: 200 }}
        comboboxProps={{ withinPortal: true }}
        data-testid="monitor-filter-rival"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="monitor-kind-label">
          {t('monitors.filters.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby="monitor-kind-label"
          value={filters.kind ?? 'all'}
          onChange={(v) => set('kind', v === 'all' ? undefined : (v as Exclude<KindFilter, 'all'>))}
          data={KIND_FILTERS.map((k) => ({ value: k, label: t(`monitors.filters.kinds.${k}`) }))}
          data-testid="monitor-filter-kind"
        />
      </Stack>
      <Select
        label={t('monitors.filters.sort')}
        data={SORTS.map((s) => ({ value: s, label: t(`monitors.filters.sorts.${s}`) }))}
        value={filters.sort}
        onChange={(v) => v && set('sort', v as MonitorFilters['sort'])}
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
        comboboxProps={{ withinPortal: true }}
        data-testid="monitor-filter-sort"
      />
      <Stack gap={8} pb={4}>
        <Switch label={t('monitors.filters.changed')} checked={filters.hasChanged} onChange={(e) => set('hasChanged', e.currentTarget.checked)} data-testid="monitor-filter-changed" />
        <Switch label={t('monitors.filters.failing')} checked={filters.failing === true} onChange={(e) => set('failing', e.currentTarget.checked ? true : undefined)} data-testid="monitor-filter-failing" />
      </Stack>
    </Group>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" p="md" data-testid="monitor-list-loading" aria-busy="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} h={52} />
      ))}
    </Stack>
  );
}

/** Intel by email: where to forward a newsletter or a note, with a copy button. */
function InboxLine() {
  const { t } = useTranslation();
  const inbox = useMonitorInbox();
  if (!inbox.data) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="monitor-inbox" data-listening={inbox.data.listening}>
      <Text size="sm">{t('monitors.inbox.label')}</Text>
      <Code style={{ overflowWrap: 'anywhere' }}>{inbox.data.address}</Code>
      <CopyButton value={inbox.data.address}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy}>
            {copied ? t('monitors.inbox.copied') : t('monitors.inbox.copy')}
          </Button>
        )}
      </CopyButton>
      {!inbox.data.listening && (
        <Text size="xs" c="dimmed">
          {t('monitors.inbox.off')}
        </Text>
      )}
    </Group>
  );
}

export function MonitorList() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const list = useMonitors(filters);
  const wide = useMediaQuery(`(min-width: ${TABLE_MIN_WIDTH}px)`, true, { getInitialValueInEffect: false });
  const [adding, add] = useDisclosure(false);
  const [importing, importer] = useDisclosure(false);
  const setFilters = (next: MonitorFilters, replace = false) => setParams(searchFromFilters(next, params), { replace });
  useDocumentTitle(`${t('monitors.title')} · ${t('app.titleSuffix')}`);

  const data = list.data;
  const items = data?.items ?? [];
  const pages = data ? pageCount(data.total, data.limit) : 1;
  // A page past the end (a stale link, the last monitor of a page deleted) shows the last page instead.
  const last = data && data.items.length === 0 && data.total > 0 ? pageCount(data.total, data.limit) : null;
  const lastPage = last !== null && last < filters.page ? last : null;
  useEffect(() => {
    if (lastPage !== null && !list.isPlaceholderData) setFilters(withFilter(filters, 'page', lastPage), true);
  });
  const anyPaused = items.some((m) => m.paused);
  // An empty list under the default "changed only": whether the company has any monitor at all decides which
  // empty state shows (the one that explains monitors, or the one that offers to show them all).
  const onlyChanged = !!data && items.length === 0 && filters.hasChanged && !isFiltered(filters);
  const all = useMonitors({ page: 1, sort: filters.sort, hasChanged: false }, onlyChanged);
  const filtered = isFiltered(filters) || (filters.hasChanged && (all.data?.total ?? 0) > 0);

  let body;
  if (list.isPending || lastPage !== null) body = <ListSkeleton />;
  else if (list.isError && !data)
    body = (
      <StatePanel kind="error" title={t('monitors.loadFailed')} text={errorText(list.error)} data-testid="monitor-list-error">
        <Button variant="light" color="red" onClick={() => void list.refetch()} loading={list.isFetching} data-testid="monitor-list-retry">
          {t('monitors.retry')}
        </Button>
      </StatePanel>
    );
  else if (items.length === 0 && onlyChanged && all.isPending) body = <ListSkeleton />;
  else if (items.length === 0)
    body = filtered ? (
      <StatePanel kind="empty" title={t('monitors.empty.filteredTitle')} text={t(isFiltered(filters) ? 'monitors.empty.filteredText' : 'monitors.empty.filteredChanged')} data-testid="monitor-list-empty" data-kind="filtered">
        <Button variant="light" onClick={() => setFilters({ page: 1, sort: filters.sort, hasChanged: false })} data-testid="monitor-show-all">
          {t('monitors.empty.showAll')}
        </Button>
      </StatePanel>
    ) : (
      <StatePanel kind="empty" title={t('monitors.empty.title')} text={t('monitors.empty.text')} data-testid="monitor-list-empty" data-kind="none">
        <Button leftSection={<PlusIcon size={16} />} onClick={add.open} data-testid="monitor-empty-add">
          {t('monitors.actions.add')}
        </Button>
      </StatePanel>
    );
  else if (wide)
    body = (
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={820} attributes={SCROLLS_BY_KEYBOARD}>
          <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="monitor-list" aria-busy={list.isPlaceholderData}>
            <Table.Caption className={classes.caption}>{t('monitors.tableCaption', { count: data!.total })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('monitors.columns.name')}</Table.Th>
                <Table.Th w={100}>{t('monitors.columns.kind')}</Table.Th>
                <Table.Th w={130}>{t('monitors.columns.rival')}</Table.Th>
                <Table.Th w={140}>{t('monitors.columns.status')}</Table.Th>
                <Table.Th w={110}>{t('monitors.columns.lastCheck')}</Table.Th>
                <Table.Th w={110}>{t('monitors.columns.lastChange')}</Table.Th>
                <Table.Th w={100}>{t('monitors.columns.changes', { days: MONITOR_SPARK_DAYS })}</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>{t('monitors.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((m) => (
                <TableRow key={m.id} m={m} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  else
    body = (
      <Box component="ul" className={classes.cards} aria-label={t('monitors.tableCaption', { count: data!.total })} data-testid="monitor-list" aria-busy={list.isPlaceholderData}>
        {items.map((m) => (
          <MonitorCard key={m.id} m={m} />
        ))}
      </Box>
    );

  return (
    <Stack gap="lg" pt="md" maw={1200} w="100%" mx="auto" data-testid="page-monitors">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} maw={640}>
          <Title order={1}>{t('monitors.title')}</Title>
          <Text c="dimmed">{t('monitors.intro')}</Text>
          <InboxLine />
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Button variant="default" leftSection={<UploadIcon size={16} />} onClick={importer.open} data-testid="monitor-import">
            {t('monitors.actions.import')}
          </Button>
          <Button leftSection={<PlusIcon size={16} />} onClick={add.open} data-testid="monitor-add">
            {t('monitors.actions.add')}
          </Button>
        </Group>
      </Group>

      <Filters filters={filters} onChange={setFilters} />

      {anyPaused && (
        <Alert color="gray" variant="light" icon={<InfoIcon />} data-testid="monitor-paused-note">
          {t('monitors.pausedNote')}
        </Alert>
      )}
      {list.isError && data && (
        <Alert color="red" variant="light" data-testid="monitor-list-stale">
          <Group gap="sm" justify="space-between">
            <Text size="sm">{errorText(list.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              {t('monitors.retry')}
            </Button>
          </Group>
        </Alert>
      )}

      {data && items.length > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="monitor-count" data-count={list.isPlaceholderData ? undefined : data.total}>
          {t('monitors.count', { count: data.total })}
        </Text>
      )}
      {body}

      {data && pages > 1 && (
        <Paging total={pages} value={Math.min(filters.page, pages)} onChange={(page) => setFilters(withFilter(filters, 'page', page))} style={{ alignSelf: 'center' }} data-testid="monitor-pagination" />
      )}
      <AddMonitorDialog opened={adding} onClose={add.close} />
      <ImportOpmlDialog opened={importing} onClose={importer.close} />
    </Stack>
  );
}
