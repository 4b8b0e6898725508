// Settings › Audit log (admins): every change to the company's settings, people and groups, newest
// first: when (relative, exact on hover), who, what, and on demand the detail (values before and after,
// groups named where they still exist). Searchable as typed (after a pause), filtered by kind, paged.
import { Avatar, Badge, Box, Button, CloseButton, Collapse, Group, Loader, Paper, Select, Skeleton, Stack, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import { Paging } from '../../shared/Paging.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { AUDIT_TARGETS, type AuditItem } from '../../../../contracts/settings.ts';
import { ArrowRightIcon, ChevronDownIcon, HistoryIcon, SearchIcon } from '../../brand/icons.tsx';
import { useRivalGroups } from '../../dashboard/api.ts';
import { relativeTime } from '../../shared/dates.ts';
import { formatNumber } from '../../shared/numbers.ts';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { initials } from '../../user/permissions.ts';
import { SectionHeader } from '../SectionHeader.tsx';
import { useGroupUsage, usePeopleSearch } from '../visibilityGroups/api.ts';
import { useAuditPage, type AuditTarget } from './api.ts';
import { detailRows, humanizeKey, pageRange, type DetailRow, type Resolve, type Shown } from './model.ts';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/settingsGroups.ts';
import '../../i18n/areas/companySettings.ts';

/** The people the screen reads to name those of a detail: as many as the users list answers at once. */
const NAMED_PEOPLE = { limit: 200, activeOnly: false };

/**
 * Names the groups and people a detail refers to, from lists the screen reads once a detail is opened:
 * the groups as they are now, and the company's first 200 people by name. Anything else keeps
 * its number.
 */
function useResolve(enabled: boolean): Resolve {
  const visibility = useGroupUsage(enabled);
  const rival = useRivalGroups();
  const people = usePeopleSearch('', enabled, NAMED_PEOPLE);
  return (kind, id) => {
    const list = kind === 'visibilityGroup' ? visibility.data : kind === 'rivalGroup' ? rival.data : people.data?.items;
    return list?.find((g) => g.id === id)?.name ?? null;
  };
}

function ShownValue({ shown, flag }: { shown: Shown | null; flag: boolean }) {
  const { t } = useTranslation();
  if (!shown || shown.kind === 'empty') {
    return (
      <Text span size="sm" c="dimmed" fs="italic">
        {t('settingsGroups.audit.none')}
      </Text>
    );
  }
  const text =
    shown.kind === 'bool'
      ? t(flag ? (shown.value ? 'settingsGroups.audit.on' : 'settingsGroups.audit.off') : shown.value ? 'settingsGroups.audit.yes' : 'settingsGroups.audit.no')
      : shown.kind === 'refs'
        ? shown.refs.map((r) => r.name ?? t(`settingsGroups.audit.unknownRef.${r.kind}`, { id: r.id })).join(', ')
        : shown.text;
  return (
    <Text span size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

function Detail({ entry, rows }: { entry: AuditItem; rows: DetailRow[] }) {
  const { t } = useTranslation();
  const flag = entry.targetType === 'flag';
  const labelOf = (key: string) =>
    flag ? t(`companySettings.features.flags.${key}.name`, { defaultValue: humanizeKey(key) }) : t(`settingsGroups.audit.fields.${key}`, { defaultValue: humanizeKey(key) });
  return (
    <Paper radius="md" p="sm" bg="gray.0" mt={4} data-testid="audit-detail">
      <Stack gap={6}>
        {rows.map((row, i) => (
          <Group key={i} gap={8} wrap="wrap" align="baseline" data-testid="audit-detail-row">
            <Text span size="sm" c="dimmed" miw={120}>
              {labelOf(row.label)}
            </Text>
            {row.change ? (
              <Group gap={6} wrap="wrap" align="center">
                {row.before !== null && (
                  <>
                    <Box component="del" c="red.8" style={{ textDecorationColor: 'var(--mantine-color-red-3)' }} data-testid="audit-before">
                      <ShownValue shown={row.before} flag={flag} />
                    </Box>
                    <ArrowRightIcon size={14} aria-label={t('settingsGroups.audit.becomes')} role="img" />
                  </>
                )}
                <Box component="ins" c="teal.9" fw={600} style={{ textDecorationColor: 'var(--mantine-color-teal-3)' }} data-testid="audit-after">
                  <ShownValue shown={row.after} flag={flag} />
                </Box>
              </Group>
            ) : (
              <ShownValue shown={row.value} flag={flag} />
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function Entry({ entry, resolve, onExpand }: { entry: AuditItem; resolve: Resolve; onExpand: () => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const rows = detailRows(entry, resolve);
  const actor = entry.actor?.name ?? t('settingsGroups.audit.system');
  const exact = new Date(entry.createdAt).toLocaleString(i18n.language, { dateStyle: 'full', timeStyle: 'medium' });
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      px={{ base: 'sm', xs: 'md' }}
      py="sm"
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="audit-entry"
      data-action={entry.action}
      data-target={entry.targetType}
    >
      {entry.actor ? (
        <Avatar size={32} radius="xl" color="indigo" alt="" aria-hidden>
          {initials(entry.actor.name)}
        </Avatar>
      ) : (
        <ThemeIcon size={32} radius="xl" variant="light" color="gray">
          <HistoryIcon size={16} />
        </ThemeIcon>
      )}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="audit-summary">
          {entry.summary}
        </Text>
        <Group gap={6} style={{ rowGap: 2 }} wrap="wrap">
          <Text size="xs" c="dimmed" fw={500} data-testid="audit-actor">
            {actor}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            ·
          </Text>
          <Tooltip label={exact} openDelay={200} withArrow>
            <Text component="time" dateTime={entry.createdAt} size="xs" c="dimmed" data-testid="audit-when">
              {relativeTime(entry.createdAt, i18n.language)}
            </Text>
          </Tooltip>
          <Badge size="xs" variant="light" color="gray" tt="none" ml={4} data-testid="audit-kind">
            {t(`settingsGroups.audit.kinds.${entry.targetType}`)}
          </Badge>
        </Group>
        {rows.length > 0 && (
          <>
            <Button
              variant="subtle"
              size="compact-xs"
              px={4}
              w="fit-content"
              rightSection={<ChevronDownIcon size={14} style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />}
              aria-expanded={open}
              aria-controls={detailId}
              onClick={() => {
                if (!open) onExpand();
                setOpen(!open);
              }}
              data-testid="audit-toggle"
            >
              {open ? t('settingsGroups.audit.hideDetail') : t('settingsGroups.audit.showDetail')}
            </Button>
            <Collapse in={open} id={detailId}>
              {open && <Detail entry={entry} rows={rows} />}
            </Collapse>
          </>
        )}
      </Stack>
    </Group>
  );
}

export function AuditSection() {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [targetType, setTargetType] = useState<AuditTarget | null>(null);
  // The page belongs to one search and kind: another search starts again at page 1.
  const [paging, setPaging] = useState({ of: '', page: 1 });
  const filterKey = `${query}\u0000${targetType ?? ''}`;
  const page = paging.of === filterKey ? paging.page : 1;
  const audit = useAuditPage({ query, targetType, page });
  const [resolving, setResolving] = useState(false);
  const resolve = useResolve(resolving);
  const filtered = query !== '' || targetType !== null;
  const range = audit.data ? pageRange(audit.data.page, audit.data.limit, audit.data.total) : null;
  const typing = search.trim() !== query || audit.isPlaceholderData;

  const clear = () => {
    setSearch('');
    setTargetType(null);
  };

  return (
    <Stack gap="lg" data-testid="audit-section">
      <SectionHeader title={t('companySettings.sections.audit.name')} intro={t('settingsGroups.audit.intro')} />
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Group p={{ base: 'sm', xs: 'md' }} gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            aria-label={t('settingsGroups.audit.searchLabel')}
            placeholder={t('settingsGroups.audit.searchPlaceholder')}
            leftSection={<SearchIcon size={16} />}
            rightSection={
              typing && search ? (
                <Loader size={14} />
              ) : search ? (
                <CloseButton size="sm" aria-label={t('settingsGroups.audit.clearSearch')} onClick={() => setSearch('')} />
              ) : null
            }
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setSearch('');
            }}
            maxLength={200}
            style={{ flex: '3 1 240px' }}
            data-testid="audit-search"
          />
          <Select
            aria-label={t('settingsGroups.audit.kindLabel')}
            placeholder={t('settingsGroups.audit.allKinds')}
            data={AUDIT_TARGETS.map((k) => ({ value: k, label: t(`settingsGroups.audit.kinds.${k}`) }))}
            value={targetType}
            onChange={(v) => setTargetType(v as AuditTarget | null)}
            clearable
            style={{ flex: '1 1 180px' }}
            data-testid="audit-kind-filter"
          />
        </Group>
        {range && audit.data && audit.data.total > 0 && (
          <Text px={{ base: 'sm', xs: 'md' }} pb="xs" size="sm" c="dimmed" aria-live="polite" data-testid="audit-count">
            {t('settingsGroups.audit.range', { from: formatNumber(range.from, i18n.language), to: formatNumber(range.to, i18n.language), count: audit.data.total })}
          </Text>
        )}

        {audit.isPending ? (
          <Stack gap={0} aria-busy aria-label={t('settingsGroups.loading')} data-testid="audit-loading">
            {[0, 1, 2, 3, 4].map((i) => (
              <Group key={i} px="md" py="sm" gap="sm" wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                <Skeleton circle h={32} w={32} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton h={12} w="70%" />
                  <Skeleton h={10} w="35%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        ) : audit.isError ? (
          <Box p="md" pt={0}>
            <StatePanel kind="error" title={t('settingsGroups.audit.loadFailed')} text={errorText(audit.error)} data-testid="audit-error">
              <Button variant="light" color="red" onClick={() => void audit.refetch()} loading={audit.isFetching}>
                {t('settingsGroups.retry')}
              </Button>
            </StatePanel>
          </Box>
        ) : audit.data.items.length === 0 ? (
          <Box p="md" pt={0}>
            {filtered ? (
              <StatePanel kind="empty" title={t('settingsGroups.audit.noMatch.title')} text={t('settingsGroups.audit.noMatch.text')} data-testid="audit-no-match">
                <Button variant="light" onClick={clear}>
                  {t('settingsGroups.audit.noMatch.clear')}
                </Button>
              </StatePanel>
            ) : (
              <StatePanel kind="empty" title={t('settingsGroups.audit.empty.title')} text={t('settingsGroups.audit.empty.text')} data-testid="audit-empty" />
            )}
          </Box>
        ) : (
          <Box
            component="ol"
            m={0}
            p={0}
            aria-label={t('settingsGroups.audit.listLabel')}
            aria-busy={audit.isPlaceholderData || undefined}
            style={{ opacity: audit.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            data-testid="audit-list"
          >
            {audit.data.items.map((entry) => (
              <Entry key={entry.id} entry={entry} resolve={resolve} onExpand={() => setResolving(true)} />
            ))}
          </Box>
        )}

        {range && range.pages > 1 && (
          <Group justify="center" p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Paging
              total={range.pages}
              value={page}
              onChange={(p) => setPaging({ of: filterKey, page: p })}
              size="sm"
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': t(`settingsGroups.audit.pages.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('settingsGroups.audit.pages.page', { page: p }) })}
              data-testid="audit-pagination"
            />
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
