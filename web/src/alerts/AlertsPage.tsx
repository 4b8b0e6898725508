// The intel feed, /alerts (part 1 §2 Alerts, §4, §8): the URL is the state. Left, the views with live
// counts and the filter sidebar; above the feed, the search box, sort, density and the layout (list,
// triage, or the analyst panel); the applied filters; then the list (with bulk edit), triage or analyst.
import { Badge, Box, Button, CloseButton, Group, Progress, SegmentedControl, Select, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { TabPanel } from '../shared/TabPanel.tsx';
import { useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { INTEL_SORTS, parseAlertsUrl, type AlertsUrlState, type FilterValue, type IntelHit, type IntelListParam, type IntelSort } from '../../../contracts/intel.ts';
import { useSession } from '../core/SessionContext.tsx';
import { BREAKPOINTS } from '../core/theme.ts';
import { FilterIcon, SortIcon } from '../brand/icons.tsx';
import { criterionDisplay } from '../shared/criterionMode.ts';
import resultClasses from '../shared/Results.module.css';
import { FiltersDrawer, SIDEBAR_WIDTH, StaleResults } from '../shared/ResultsFrame.tsx';
import { SearchBox } from '../shared/SearchBox.tsx';
import {
  alertsHref,
  appliedFilters,
  cycleIn,
  effectiveState,
  hasOverrides,
  layoutOf,
  listQuery,
  patchState,
  removeIn,
  resetToView,
  viewOf,
  withLayout,
  withoutOtherView,
  type Layout,
} from './alertsState.ts';
import { useIntelList, useIntelViews, useViewCounts } from './api.ts';
import { browserTimeZone } from './queryKeys.ts';
import { BulkEditBar } from './BulkEditBar.tsx';
import { INTEL_SEARCH_DEBOUNCE_MS } from './constants.ts';
import { FeedEmpty, FeedError, RetryBanner } from './FeedStates.tsx';
import { FilterSidebar } from './FilterSidebar.tsx';
import { IntelList } from './IntelList.tsx';
import { FACET_OF_PARAM, useValueName } from './names.ts';
import { TriagePanel } from './TriagePanel.tsx';
import { IntelUpdatesContext, useIntelUpdates } from './useIntelUpdates.ts';
import { ViewsPanel } from './ViewsPanel.tsx';
import '../i18n/areas/alerts.ts';
import { trackSearchOpen } from '../usage/record.ts';
import { lazyComponent } from '../core/chunkReload.ts';

// The chart library loads only when the analyst panel opens.
const AnalystPanel = lazyComponent(() => import('./AnalystPanel.tsx'), 'AnalystPanel');

function useAlertsState(): [AlertsUrlState, (next: AlertsUrlState) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseAlertsUrl(new URLSearchParams(search)), [search]);
  const setState = useCallback((next: AlertsUrlState) => navigate(alertsHref(next)), [navigate]);
  return [state, setState];
}

function FilterChip({ param, filter, onCycle, onRemove }: { param: IntelListParam; filter: FilterValue; onCycle: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const facet = FACET_OF_PARAM[param];
  const nameOf = useValueName(facet ?? 'topics');
  const display = criterionDisplay(filter.type);
  const name = facet ? nameOf(filter.value) : String(filter.value);
  return (
    <Badge
      variant={display.variant}
      color={display.color}
      radius="sm"
      tt="none"
      size="lg"
      fw={500}
      data-testid="applied-filter"
      data-param={param}
      data-value={filter.value === null ? 'null' : String(filter.value)}
      data-mode={filter.type}
      rightSection={<CloseButton size="xs" onClick={onRemove} aria-label={t('alerts.filters.remove', { name })} variant="transparent" c="inherit" />}
      // The label clips what overflows it; the chip's button shows its focus ring around it.
      styles={{ label: { overflow: 'visible' } }}
    >
      <UnstyledButton onClick={onCycle} title={t(display.nextKey)} fz="inherit" fw="inherit" c="inherit" lh="inherit" td={display.strike ? 'line-through' : undefined}>
        {t(display.labelKey)}: {name}
      </UnstyledButton>
    </Badge>
  );
}

const LAYOUTS: Layout[] = ['list', 'triage', 'analyst'];
/** The layout tabs' id, which their panel names (shared/TabPanel.tsx). */
const LAYOUT_TABS_ID = 'alerts-layout';

export function AlertsPage() {
  const { search } = useLocation();
  const fallback = withoutOtherView(parseAlertsUrl(new URLSearchParams(search)));
  if (fallback) return <Navigate to={alertsHref(fallback)} replace />;
  return <AlertsFeed />;
}

function AlertsFeed() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [state, setState] = useAlertsState();
  const updates = useIntelUpdates();
  const views = useIntelViews();
  const counts = useViewCounts(views.data?.map((v) => v.id) ?? (views.isError ? [] : undefined));
  const effective = useMemo(() => effectiveState(state, { curatingRivalIds: user.curatingRivals }, views.data), [state, user.curatingRivals, views.data]);
  const list = useIntelList(state);
  const layout = layoutOf(state);
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`, true, { getInitialValueInEffect: false });
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);

  const view = viewOf(state);
  const customView = views.data?.find((v) => `custom-${v.id}` === view);
  const title = customView?.name ?? t(`alerts.views.presets.${view}`, { defaultValue: view });
  useDocumentTitle(`${title} · ${t('alerts.title')} · ${t('app.titleSuffix')}`);

  const pages = list.data?.pages;
  const hits = useMemo(() => {
    const seen = new Set<number>();
    const out: IntelHit[] = [];
    for (const p of pages ?? [])
      for (const h of p.hits) {
        if (seen.has(h.id)) continue;
        seen.add(h.id);
        out.push(h);
      }
    return out;
  }, [pages]);
  const first = pages?.[0];
  const total = first?.pagination.total ?? 0;
  const stale = list.isPlaceholderData;
  // Usage: the first alert opened from a search (its source or its editor), with its rank (contracts/usage.ts searchOpen).
  const searchId = first?.searchId;
  const onOpen = (hit: IntelHit) => {
    const rank = hits.indexOf(hit) + 1;
    if (searchId && rank > 0 && state.q?.trim() && !stale) trackSearchOpen({ searchId, query: state.q, context: 'intel', rank });
  };

  // A selection belongs to one set of filters.
  const queryKey = listQuery(state, { tz: browserTimeZone() });
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [queryKey]);

  const onCycle = (param: IntelListParam, value: FilterValue['value']) => setState(cycleIn(state, effective, param, value));
  const onRemove = (param: IntelListParam, value: FilterValue['value']) => setState(removeIn(state, effective, param, value));
  const onReset = () => setState(resetToView(state, views.data));
  const onMore = useCallback(() => void list.fetchNextPage({ cancelRefetch: false }), [list]);
  const onSearch = useCallback((q: string) => setState(patchState(state, { q: q || undefined })), [state, setState]);
  const onSelect = useCallback((id: number, on: boolean) => {
    setAllMatching(false);
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  }, []);

  const sidebar = (
    <Stack gap="xl">
      <ViewsPanel state={state} effective={effective} views={views.data} counts={counts.data} onNavigate={filtersDrawer.close} />
      <FilterSidebar
        effective={effective}
        aggregations={first?.aggregations}
        loading={list.isPending}
        onCycle={onCycle}
        onDates={(patch) => setState(patchState(state, patch))}
      />
    </Stack>
  );

  let body;
  if (list.isError && !list.data) {
    body = <FeedError error={list.error} onReload={() => void list.refetch()} onReset={onReset} reloading={list.isFetching} />;
  } else if (layout === 'analyst') {
    body = (
      <Suspense fallback={<Progress value={100} animated size="sm" aria-label={t('alerts.loading')} />}>
        <AnalystPanel
        aggregations={first?.aggregations}
        total={total}
        loading={list.isPending}
        interval={state.interval ?? 'day'}
        sliceBy={state.sliceBy ?? 'topics'}
        onInterval={(interval) => setState({ ...state, interval })}
        onSliceBy={(sliceBy) => setState({ ...state, sliceBy })}
        onFilter={(param, value) => {
          const current = effective[param]?.find((f) => String(f.value) === String(value));
          if (!current) setState(cycleIn(state, effective, param, value));
        }}
        />
      </Suspense>
    );
  } else if (layout === 'triage') {
    body = <TriagePanel hits={hits} hasMore={!!list.hasNextPage} loading={list.isPending || list.isFetchingNextPage} onMore={onMore} />;
  } else if (list.isPending) {
    body = <Progress value={100} animated size="sm" aria-label={t('alerts.loading')} />;
  } else if (total === 0 && !stale) {
    body = <FeedEmpty filtered={hasOverrides(state)} onReset={onReset} />;
  } else {
    body = (
      <Stack gap="sm" className={stale ? resultClasses.stale : undefined}>
        {state.action === 'bulkEdit' && (
          <BulkEditBar
            selected={[...selected]}
            allMatching={allMatching}
            total={total}
            pageIds={hits.map((h) => h.id)}
            query={queryKey}
            onSelectPage={(on) => {
              setAllMatching(false);
              setSelected(on ? new Set(hits.map((h) => h.id)) : new Set());
            }}
            onAllMatching={setAllMatching}
            onDone={() => {
              setSelected(new Set());
              setAllMatching(false);
            }}
          />
        )}
        <IntelList
          hits={hits}
          total={total}
          compact={state.listDensity === 'compact'}
          selectable={state.action === 'bulkEdit'}
          selected={allMatching ? new Set(hits.map((h) => h.id)) : selected}
          onSelect={onSelect}
          onOpen={onOpen}
          hasMore={!!list.hasNextPage && !stale}
          loadingMore={list.isFetchingNextPage}
          onMore={onMore}
        />
      </Stack>
    );
  }

  const applied = appliedFilters(effective);
  return (
    <IntelUpdatesContext.Provider value={updates}>
      <Group align="flex-start" gap="xl" wrap="nowrap" pt="xs" data-testid="page-alerts" data-view={view} data-layout={layout}>
        {desktop && (
          <Box component="aside" w={SIDEBAR_WIDTH} className={resultClasses.sidebar} aria-label={t('alerts.sidebar.label')}>
            {sidebar}
          </Box>
        )}
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="alerts-title">
                {title}
              </Title>
              <Text size="sm" c="dimmed" data-testid="intel-count" data-count={list.data && !stale ? total : undefined} aria-live="polite">
                {list.isPending ? t('alerts.loading') : list.data ? t('alerts.count', { count: total }) : '\u00a0'}
              </Text>
            </Stack>
            <Tabs id={LAYOUT_TABS_ID} value={layout} onChange={(v) => v && setState(withLayout(state, v as Layout))} variant="pills" radius="md" keepMounted={false}>
              <Tabs.List>
                {LAYOUTS.map((l) => (
                  <Tabs.Tab key={l} value={l} data-testid={`layout-${l}`}>
                    {t(`alerts.layouts.${l}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          </Group>
          <Group gap="xs" wrap="wrap">
            {!desktop && (
              <Button variant="default" size="sm" leftSection={<FilterIcon size={14} />} onClick={filtersDrawer.open} data-testid="open-filters">
                {t('alerts.toolbar.filters')}
              </Button>
            )}
            <SearchBox
              value={state.q ?? ''}
              onSearch={onSearch}
              delayMs={INTEL_SEARCH_DEBOUNCE_MS}
              label={t('alerts.toolbar.search')}
              clearLabel={t('alerts.toolbar.clearSearch')}
              style={{ flex: '1 1 240px' }}
              data-testid="intel-search"
            />
            <Select
              size="sm"
              w={170}
              value={effective.sort ?? 'newest'}
              onChange={(v) => v && setState(patchState(state, { sort: v as IntelSort }))}
              allowDeselect={false}
              leftSection={<SortIcon size={14} />}
              data={INTEL_SORTS.map((s) => ({ value: s, label: t(`alerts.sort.${s}`) }))}
              aria-label={t('alerts.sort.label')}
              data-testid="intel-sort"
              comboboxProps={{ withinPortal: true }}
            />
            {layout === 'list' && (
              <>
                <SegmentedControl
                  size="sm"
                  value={state.listDensity ?? 'comfortable'}
                  onChange={(v) => setState({ ...state, listDensity: v === 'compact' ? 'compact' : undefined })}
                  data={[
                    { value: 'comfortable', label: t('alerts.density.comfortable') },
                    { value: 'compact', label: t('alerts.density.compact') },
                  ]}
                  aria-label={t('alerts.density.label')}
                  data-testid="intel-density"
                />
                <Button
                  size="sm"
                  variant={state.action === 'bulkEdit' ? 'filled' : 'default'}
                  onClick={() => setState({ ...state, action: state.action === 'bulkEdit' ? undefined : 'bulkEdit' })}
                  data-testid="bulk-toggle"
                  aria-pressed={state.action === 'bulkEdit'}
                >
                  {t('alerts.bulk.toggle')}
                </Button>
              </>
            )}
          </Group>
          {(applied.length > 0 || hasOverrides(state)) && (
            <Group gap={6} aria-label={t('alerts.filters.applied')} data-testid="applied-filters">
              {applied.map(({ param, filter }) => (
                <FilterChip key={`${param}:${String(filter.value)}`} param={param} filter={filter} onCycle={() => onCycle(param, filter.value)} onRemove={() => onRemove(param, filter.value)} />
              ))}
              {effective.dateRange && effective.dateRange !== 'allTime' && (
                <Badge variant="light" color="gray" radius="sm" tt="none" size="lg" fw={500}>
                  {t(`dateRanges.${effective.dateRange}`)}
                </Badge>
              )}
              {hasOverrides(state) && (
                <Button size="compact-sm" variant="subtle" onClick={onReset} data-testid="filters-reset">
                  {t('alerts.filters.reset')}
                </Button>
              )}
            </Group>
          )}
          <RetryBanner />
          {/* The layout tab's panel (the tabs sit apart from it, in the toolbar). */}
          <TabPanel tabsId={LAYOUT_TABS_ID} value={layout}>
            <StaleResults stale={stale}>{body}</StaleResults>
          </TabPanel>
        </Stack>
        {!desktop && (
          <FiltersDrawer opened={filtersOpened} onClose={filtersDrawer.close} title={t('alerts.toolbar.filters')}>
            {sidebar}
          </FiltersDrawer>
        )}
      </Group>
    </IntelUpdatesContext.Provider>
  );
}
