// The competitor dashboard (part 3 §2.4 Dashboard, §6, §9 Display): rival tiles grouped by rival group,
// a group filter (-1 all groups, 0 all companies, -2 company default, or one group) and a sort select,
// both kept as the user's own view, the favorites grid, the collections (dynamic boards) grid when the
// company turned them on, and for curators the toolbar (edit groups, save defaults, view as, new board) with
// the preview banner while viewing as a group, and each tile's action menu (not while viewing as a group).
// With the news dashboard flag, a Boards | News toggle (userData.dashboardNewsToggle) swaps the tiles for the
// latest news; with unread badges, each tile shows its board's unread news.
import { Alert, Box, Button, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation } from 'react-router';
import { useSession } from '../core/SessionContext.tsx';
import { AlertIcon } from '../brand/icons.tsx';
import { newsToggleOn, showsNewsDashboard, showsUnreadBadges } from '../news/model.ts';
import { useUnreadCounts } from '../news/unread.ts';
import { usePhone } from '../shared/usePhone.ts';
import { canUseKnowledgeHub, flag, isCurator, showsCompetitiveDeals } from '../user/permissions.ts';
import type { DashboardDefaults, DashboardView } from '../../../contracts/dashboard.ts';
import { useRivalGroups, useRivals, useSaveOwnView } from './api.ts';
import { useFavoriteStars, type FavoriteToggle } from './Favorites.tsx';
import { LazyTile } from './LazyTile.tsx';
import {
  ALL_COMPANIES,
  ALL_GROUPS,
  COMPANY_DEFAULT,
  DASHBOARD_MAX_WIDTH,
  dashboardSections,
  effectiveGroup,
  effectiveSort,
  EVERYONE,
  FAVORITES_MIN_COLUMN,
  favoriteTiles,
  hasFavorites,
  landingView,
  NOTICE_MS,
  SAVE_VIEW_DEBOUNCE_MS,
  shownGroup,
  sortOptions,
  TILE_COLUMN_WIDTH,
  TILE_HEIGHT,
  viewAsOf,
  type DashboardSort,
  type RivalTileData,
  type SavedView,
  type Section,
} from './model.ts';
import { RivalTile } from './RivalTile.tsx';
import type { TileMenuContext } from './TileMenu.tsx';
import { lazyComponent } from '../core/chunkReload.ts';

/** The curators' board wizard, downloaded when first opened rather than with every reader's dashboard. */
const BoardWizard = lazyComponent(() => import('./BoardWizard.tsx'), 'BoardWizard');
// Curators' tools load after the page, for curators only.
const CuratorToolbar = lazyComponent(() => import('./CuratorToolbar.tsx'), 'CuratorToolbar');
// Only a curator previewing as a group sees the banner.
const PreviewBanner = lazyComponent(() => import('../cards/PreviewBanner.tsx'), 'PreviewBanner');
// The ask bar is a company option (askDashboard): it loads after the first screen, as the grids below do.
const AskBar = lazyComponent(() => import('../ask/AskBar.tsx'), 'AskBar');
// Dynamic boards are a company option: their grid loads after the first screen.
const CollectionsGrid = lazyComponent(() => import('../dynamicBoards/CollectionsGrid.tsx'), 'CollectionsGrid');
// The news variant and its toggle load after the first screen, for companies with the news dashboard.
const NewsToggle = lazyComponent(() => import('../news/DashboardNews.tsx'), 'NewsToggle');
const DashboardNews = lazyComponent(() => import('../news/DashboardNews.tsx'), 'DashboardNews');
/** The competitive deal widget, loaded only for the readers it is for. */
const CompetitiveDeals = lazyComponent(() => import('./CompetitiveDeals.tsx'), 'CompetitiveDeals');
// The knowledge hub's setup widget, for curators with the hub, after the first screen.
const HubWidget = lazyComponent(() => import('../knowledgeHub/HubWidget.tsx'), 'HubWidget');

const groupsGrid = `repeat(auto-fill, ${TILE_COLUMN_WIDTH}px)`;
const favoritesGrid = `repeat(auto-fill, minmax(${FAVORITES_MIN_COLUMN}px, 1fr))`;

type GridProps = {
  rivals: RivalTileData[];
  curator: boolean;
  star: FavoriteToggle | undefined;
  /** The tiles' curator menus, absent when they have none. */
  menu: TileMenuContext | undefined;
  columns: string;
  testId: string;
  /** Unread news per profile id, when the reader has unread badges. */
  unread: Record<string, number> | undefined;
};

function TileGrid({ rivals, curator, star, menu, columns, testId, unread }: GridProps) {
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: columns, gap: 16 }} data-testid={testId}>
      {rivals.map((r) => (
        <LazyTile key={r.id}>
          <RivalTile rival={r} curator={curator} favorite={star?.(r)} menu={menu} unread={unread?.[r.profileId]} />
        </LazyTile>
      ))}
    </Box>
  );
}

/** `embedded`: shown below the Ask page, which has its own question box. */
export function DashboardPage({ embedded = false }: { embedded?: boolean } = {}) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const curator = isCurator(user);
  useDocumentTitle(`${t('titles.dashboard')} · ${t('app.titleSuffix')}`);
  const companyDefaults = company.companyData.defaults?.dashboard as Partial<DashboardDefaults> | undefined;
  const saved = landingView(user.userData?.dashboard as SavedView | undefined, companyDefaults);
  const [sort, setSort] = useState<DashboardSort>(() => effectiveSort(saved.sortBy, curator));
  const [group, setGroup] = useState<number | null>(null);
  const [wizard, setWizard] = useState(false);
  const closeWizard = useCallback(() => setWizard(false), []);
  const { search } = useLocation();
  const viewAs = curator ? viewAsOf(search) : null;
  // While viewing as a group the tiles follow the consumers' rules (counts of zero disabled).
  const asCurator = curator && viewAs === null;
  // Tile menus for the curator's own view; remove from group only in a rival group's section.
  const menuOf = (s: Section | null): TileMenuContext | undefined => {
    if (!asCurator) return undefined;
    return { group: s && s.groupId !== null ? { id: s.groupId, name: s.name ?? '' } : null };
  };
  const rivals = useRivals(sort, viewAs);
  const groups = useRivalGroups(viewAs);
  const favorites = useFavoriteStars(hasFavorites(curator, company.companyData.flags));
  const groupList = groups.data ?? [];
  // The filter keeps company default as chosen; the tiles show the group it stands for.
  const groupFilter = effectiveGroup(group ?? saved.activeGroupId, groupList);
  const groupId = shownGroup(groupFilter, companyDefaults, groupList);
  const sections = rivals.data ? dashboardSections(rivals.data, groupList, groupId) : [];
  const favoriteList = rivals.data ? favoriteTiles(rivals.data, favorites.ids) : [];
  const unread = useUnreadCounts(showsUnreadBadges(user, company)).data;
  const newsVariant = showsNewsDashboard(user, company);
  const showNews = newsVariant && newsToggleOn(user);
  const phone = usePhone();

  const saveView = useSaveOwnView();
  const remember = useDebouncedCallback(
    (view: Omit<DashboardView, 'updatedAt'>) =>
      saveView.mutate(view, {
        onError: () => notifications.show({ color: 'red', message: t('dashboardTools.ownView.saveError'), autoClose: NOTICE_MS }),
      }),
    { delay: SAVE_VIEW_DEBOUNCE_MS, flushOnUnmount: true },
  );
  const chooseGroup = (value: number) => {
    setGroup(value);
    remember({ activeGroupId: value, sortBy: sort });
  };
  const chooseSort = (value: DashboardSort) => {
    setSort(value);
    remember({ activeGroupId: groupFilter, sortBy: value });
  };

  const groupOptions = [
    { value: String(ALL_GROUPS), label: t('competitors.dashboard.allGroups') },
    { value: String(ALL_COMPANIES), label: t('competitors.dashboard.allCompanies') },
    { value: String(COMPANY_DEFAULT), label: t('dashboardTools.ownView.companyDefault') },
    ...groupList.map((g) => ({ value: String(g.id), label: g.name })),
  ];
  const sortData = sortOptions(curator).map((s) => ({ value: s, label: t(`competitors.dashboard.sorts.${s}`) }));
  // A phone shows the competitors first: the collections grid, a screen tall there, follows them.
  const collections = flag(company, 'dynamicBoards') && (
    <Suspense fallback={null}>
      <CollectionsGrid curator={asCurator} />
    </Suspense>
  );

  // The reader's open deals with a rival, after the competitors: above them, they filled the first screen and the
  // tiles below it (drawn once scrolled into view) waited.
  const deals = !embedded && showsCompetitiveDeals(user, company) && (
    <Suspense fallback={null}>
      <CompetitiveDeals />
    </Suspense>
  );

  return (
    <Stack gap="lg" pt="md" data-testid="page-dashboard" maw={DASHBOARD_MAX_WIDTH} w="100%" mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text c="indigo.7" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            {company.name}
          </Text>
          <Title order={1} fz={{ base: 'h2', xs: 'h1' }}>
            {t('dashboard.title')}
          </Title>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
          {newsVariant && (
            <Suspense fallback={null}>
              <NewsToggle on={showNews} />
            </Suspense>
          )}
          {/* Defaults name the group shown: company default resolved, never -2 itself. */}
          {curator && (
            <Suspense fallback={null}>
              <CuratorToolbar sortBy={sort} activeGroupId={groupId} viewAs={viewAs} onNewBoard={() => setWizard(true)} />
            </Suspense>
          )}
          {/* The group filter and sort order the tiles, not the news. On a phone they share a row. */}
          {!showNews && (
            <Group gap="sm" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
              <NativeSelect
                label={t('competitors.dashboard.groupFilter')}
                data={groupOptions}
                value={String(groupFilter)}
                onChange={(e) => chooseGroup(Number(e.currentTarget.value))}
                w={{ base: 0, xs: 200 }}
                flex={{ base: 1, xs: 'none' }}
                data-testid="dashboard-group-filter"
              />
              <NativeSelect
                label={t('competitors.dashboard.sort')}
                data={sortData}
                value={sort}
                onChange={(e) => chooseSort(effectiveSort(e.currentTarget.value, curator))}
                w={{ base: 0, xs: 190 }}
                flex={{ base: 1, xs: 'none' }}
                data-testid="dashboard-sort"
              />
            </Group>
          )}
        </Group>
      </Group>

      {/* Setting up the hub (uploading files, writing positioning) is desk work: a phone keeps its first screen for the
          rivals. */}
      {!embedded && canUseKnowledgeHub(user, company) && (
        <Box visibleFrom="sm">
          <Suspense fallback={null}>
            <HubWidget />
          </Suspense>
        </Box>
      )}
      {viewAs !== null && viewAs !== EVERYONE && (
        <Suspense fallback={null}>
          <PreviewBanner />
        </Suspense>
      )}
      {flag(company, 'askDashboard') && !embedded && (
        <Suspense fallback={null}>
          <AskBar />
        </Suspense>
      )}
      {curator && wizard && (
        <Suspense fallback={null}>
          <BoardWizard opened onClose={closeWizard} />
        </Suspense>
      )}

      {showNews ? (
        <Suspense fallback={null}>
          <DashboardNews />
        </Suspense>
      ) : rivals.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} data-testid="dashboard-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={TILE_HEIGHT} radius="md" />
          ))}
        </SimpleGrid>
      ) : rivals.isError ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={t('competitors.dashboard.failed')} data-testid="dashboard-error">
          <Button size="xs" variant="light" color="red" onClick={() => void rivals.refetch()}>
            {t('competitors.dashboard.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          {favoriteList.length > 0 && (
            <Stack gap="sm" component="section" aria-label={t('dashboardTools.favorites.heading')} data-testid="dashboard-favorites">
              <Title order={2} fz="h4">
                {t('dashboardTools.favorites.heading')}
              </Title>
              <TileGrid rivals={favoriteList} curator={asCurator} star={favorites.star} menu={menuOf(null)} columns={favoritesGrid} testId="favorites-grid" unread={unread} />
            </Stack>
          )}
          {!phone && collections}
          {sections.every((s) => s.rivals.length === 0) ? (
            <Text c="dimmed" data-testid="dashboard-empty">
              {t(groupId > 0 ? 'competitors.dashboard.emptyGroup' : 'competitors.dashboard.empty')}
            </Text>
          ) : (
            sections.map((s) => (
              <Stack key={s.key} gap="sm" component="section" data-testid="dashboard-section" aria-label={s.name || t('competitors.dashboard.heading')}>
                {s.name !== null && (
                  <Title order={2} fz="h4">
                    {s.name || t('competitors.dashboard.ungrouped')}
                  </Title>
                )}
                <TileGrid rivals={s.rivals} curator={asCurator} star={favorites.star} menu={menuOf(s)} columns={groupsGrid} testId="rival-grid" unread={unread} />
              </Stack>
            ))
          )}
          {phone && collections}
        </>
      )}
      {deals}
    </Stack>
  );
}
