// Review insights, /insights[/:supportedRivalId[/reviews]] (part 3 §2.3, §2.4, §4.6): the supported-rival
// picker, the Insights and Reviews tabs, and for curators "Import reviews" and "Regenerate". /insights (or an id
// that is not an integer) opens the first supported rival; with none, an empty state offers the import.
import { Avatar, Badge, Button, Group, Select, Skeleton, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Suspense, useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { SupportedRival } from '../../../contracts/insights.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { useSession } from '../core/SessionContext.tsx';
import { RefreshIcon } from '../brand/icons.tsx';
import { initials } from '../dashboard/model.ts';
import { useTranslation } from '../i18n/react.tsx';
import { relativeTime } from '../shared/dates.ts';
import { StatePanel } from '../shared/StatePanel.tsx';
import { useLazyDisclosure } from '../shared/useLazyDisclosure.ts';
import { isCurator } from '../user/permissions.ts';
import { useRegenerateInsights, useSupportedRivals } from './api.ts';
import classes from './Insights.module.css';
import { InsightsTab } from './InsightsTab.tsx';
import { insightsPath, parseInsightsPath, type InsightsTab as Tab } from './model.ts';
import { ReviewsTab } from './ReviewsTab.tsx';
import { UploadIcon } from './icons.tsx';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/insights.ts';

// Curators only, and only once they open it.
const ImportDialog = lazyComponent(() => import('./ImportDialog.tsx'), 'ImportDialog');

/** Supported rivals with their children (a rival's products) after them, in the picker's order. */
const flatten = (rivals: readonly SupportedRival[]): SupportedRival[] => rivals.flatMap((r) => [r, ...flatten(r.children)]);

function RivalPicker({ rivals, value, onPick }: { rivals: SupportedRival[]; value: SupportedRival | undefined; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const byId = useMemo(() => new Map(rivals.map((r) => [String(r.id), r])), [rivals]);
  const icon = (r: SupportedRival, size: number) => (
    <Avatar src={r.iconUrl} size={size} radius="sm" color="indigo" alt="">
      {initials(r.name)}
    </Avatar>
  );
  return (
    <Select
      w={{ base: '100%', xs: 300 }}
      data={rivals.map((r) => ({ value: String(r.id), label: r.name }))}
      value={value ? String(value.id) : null}
      onChange={(v) => v && onPick(Number(v))}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('insights.picker.nothingFound')}
      leftSection={value ? icon(value, 22) : null}
      leftSectionWidth={value ? 38 : undefined}
      placeholder={t('insights.picker.placeholder')}
      aria-label={t('insights.picker.label')}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const r = byId.get(option.value);
        return r ? (
          <Group gap="sm" wrap="nowrap" w="100%" data-testid="rival-option">
            {icon(r, 24)}
            <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
              {r.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {t('insights.reviews.count', { count: r.reviewCount })}
            </Text>
          </Group>
        ) : null;
      }}
      data-testid="rival-picker"
    />
  );
}

export function InsightsPage({ rest }: { rest: string }) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const { user } = useSession();
  const curator = isCurator(user);
  const { search } = useLocation();
  const navigate = useNavigate();
  const { supportedRivalId, tab } = parseInsightsPath(rest);
  const supported = useSupportedRivals();
  const rivals = useMemo(() => flatten(supported.data?.supportedRivals ?? []), [supported.data]);
  const rival = rivals.find((r) => r.id === supportedRivalId);
  const [importOpened, importMounted, importDialog] = useLazyDisclosure();
  const regenerate = useRegenerateInsights();
  useDocumentTitle(`${rival ? `${rival.name} · ` : ''}${t('insights.title')} · ${t('app.titleSuffix')}`);

  // Words searched from the unified search box without a rival read the first rival's reviews.
  if (supportedRivalId === null && rivals.length > 0) {
    return <Navigate replace to={insightsPath(rivals[0].id, new URLSearchParams(search).has('q') ? 'reviews' : 'insights', search)} />;
  }

  const importButton = curator && (
    <Button leftSection={<UploadIcon size={15} />} onClick={importDialog.open} data-testid="import-reviews">
      {t('insights.import.button')}
    </Button>
  );
  const onRegenerate = (r: SupportedRival) =>
    regenerate.mutate(r.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('insights.regenerate.started', { rival: r.name }), autoClose: 5000 }),
      onError: (err) => notifications.show({ color: 'red', title: t('insights.regenerate.failed'), message: errorText(err), autoClose: 6000 }),
    });

  let body;
  if (supported.isPending) {
    body = (
      <Stack gap="md">
        <Skeleton h={36} w={300} />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  } else if (supported.isError) {
    body = <StatePanel kind="error" title={t('insights.errors.rivalsTitle')} text={t('insights.errors.generic')} data-testid="insights-rivals-error" />;
  } else if (rivals.length === 0) {
    body = (
      <StatePanel kind="empty" title={t('insights.empty.rivals')} text={t(curator ? 'insights.empty.rivalsCurator' : 'insights.empty.rivalsText')} data-testid="insights-no-rivals">
        {importButton}
      </StatePanel>
    );
  } else if (!rival) {
    body = (
      <StatePanel kind="empty" title={t('insights.empty.rival')} text={t(curator ? 'insights.empty.rivalCurator' : 'insights.empty.rivalText')} data-testid="insights-unknown-rival" />
    );
  } else {
    body =
      tab === 'reviews' ? <ReviewsTab key={rival.id} rival={rival} curator={curator} /> : <InsightsTab key={rival.id} rival={rival} curator={curator} />;
  }

  const showHeader = rivals.length > 0;
  return (
    <Stack gap="lg" pt="xs" data-testid="page-insights" data-rival-id={rival?.id} data-tab={tab}>
      <Group justify="space-between" align="flex-end" gap="md" className={classes.header}>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {t('insights.title')}
          </Title>
          {showHeader && (
            <Group gap="sm" wrap="wrap">
              <RivalPicker rivals={rivals} value={rival} onPick={(id) => navigate(insightsPath(id, tab))} />
              {rival && (
                <Text size="sm" c="dimmed" data-testid="rival-summary">
                  {t('insights.reviews.count', { count: rival.reviewCount })}
                  {rival.lastGeneratedAt && ` · ${t('insights.updated', { when: relativeTime(rival.lastGeneratedAt, i18n.language) })}`}
                </Text>
              )}
              {rival?.generating && (
                <Badge variant="light" color="indigo" radius="sm" tt="none" data-testid="rival-generating">
                  {t('insights.generating')}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        {curator && showHeader && (
          <Group gap="sm">
            {rival && (
              <Tooltip label={t('insights.regenerate.hint')} openDelay={400} multiline w={260}>
                <Button
                  variant="default"
                  leftSection={<RefreshIcon size={15} />}
                  onClick={() => onRegenerate(rival)}
                  loading={regenerate.isPending}
                  disabled={rival.generating}
                  data-testid="insights-regenerate"
                >
                  {t('insights.regenerate.button')}
                </Button>
              </Tooltip>
            )}
            {importButton}
          </Group>
        )}
      </Group>
      {rival && (
        <Tabs value={tab} onChange={(v) => v && navigate(insightsPath(rival.id, v as Tab))} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="insights" data-testid="tab-insights">
              {t('insights.tabs.insights')}
            </Tabs.Tab>
            <Tabs.Tab value="reviews" data-testid="tab-reviews">
              {t('insights.tabs.reviews')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={tab} pt="lg">
            {body}
          </Tabs.Panel>
        </Tabs>
      )}
      {!rival && body}
      {importMounted && (
        <Suspense fallback={null}>
          <ImportDialog opened={importOpened} onClose={importDialog.close} defaultRivalId={rival?.id ?? supportedRivalId} />
        </Suspense>
      )}
    </Stack>
  );
}
