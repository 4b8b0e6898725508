// The win/loss area (/win-loss, /win-loss/reports, /win-loss/interviews, /win-loss/surveys; issues #56 and #57, part 1
// §2): the overview and the reports of the company's deals against rivals, both under one filters bar kept in the URL
// (a shared link shows the same view), the buyers' interviews with their quote library, and the surveys (a survey
// below the tab). Any number opens the deals behind it in a drawer; curators import deals from a CSV file. Interviews
// and surveys load with chunks of their own and have no deal filters.
import { Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { DealFilters } from '../../../contracts/deals.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { StatusScreen } from '../pages/StatusScreen.tsx';
import { isCurator } from '../user/permissions.ts';
import { DealsDrawer } from './DealsDrawer.tsx';
import { FiltersBar } from './FiltersBar.tsx';
import { filtersFromSearch, interviewIdOf, searchFromFilters, surveyView, tabOf, tabPath, type Filters, type Tab } from './model.ts';
import { OverviewTab } from './OverviewTab.tsx';
import { ReportsTab } from './ReportsTab.tsx';
import '../i18n/areas/winLoss.ts';

const ImportDialog = lazyComponent(() => import('./ImportDialog.tsx'), 'ImportDialog');
const InterviewsTab = lazyComponent(() => import('./InterviewsTab.tsx'), 'InterviewsTab');
const SurveysTab = lazyComponent(() => import('./SurveysTab.tsx'), 'SurveysTab');

/** What the drawer lists: the deals of these filters, under this title. */
export type Drill = { filters: DealFilters; label: string };

export function WinLossPage({ rest }: { rest: string }) {
  const tab = tabOf(rest);
  if (!tab) return <StatusScreen routeKey="notFound" />;
  return <WinLoss tab={tab} rest={rest} />;
}

function WinLoss({ tab, rest }: { tab: Tab; rest: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(`${t('winLoss.title')} · ${t('app.titleSuffix')}`);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const setFilters = (f: Filters) => setParams(searchFromFilters(f, params), { replace: true });
  const [drill, setDrill] = useState<Drill | null>(null);
  const [importing, setImporting] = useState(false);

  return (
    <Stack gap="lg" pt="md" data-testid="page-win-loss">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 'h2', xs: 'h1' }}>
            {t('winLoss.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('winLoss.intro')}
          </Text>
        </Stack>
        {isCurator(user) && (
          <Button variant="light" onClick={() => setImporting(true)} data-testid="win-loss-import">
            {t('winLoss.import.open')}
          </Button>
        )}
      </Group>
      <Tabs value={tab} onChange={(v) => v && navigate({ pathname: tabPath(v as Tab), search: params.toString() })} keepMounted={false}>
        <Tabs.List aria-label={t('winLoss.tabs.label')}>
          <Tabs.Tab value="overview" data-testid="win-loss-tab-overview">
            {t('winLoss.tabs.overview')}
          </Tabs.Tab>
          <Tabs.Tab value="reports" data-testid="win-loss-tab-reports">
            {t('winLoss.tabs.reports')}
          </Tabs.Tab>
          <Tabs.Tab value="interviews" data-testid="win-loss-tab-interviews">
            {t('winLoss.tabs.interviews')}
          </Tabs.Tab>
          <Tabs.Tab value="surveys" data-testid="win-loss-tab-surveys">
            {t('winLoss.tabs.surveys')}
          </Tabs.Tab>
        </Tabs.List>
        <Stack gap="lg" pt="md">
          {/* The deals' filters; interviews and surveys have their own. */}
          {(tab === 'overview' || tab === 'reports') && <FiltersBar filters={filters} onChange={setFilters} />}
          <Tabs.Panel value="overview">
            <OverviewTab filters={filters} onDrill={setDrill} />
          </Tabs.Panel>
          <Tabs.Panel value="reports">
            <ReportsTab filters={filters} onDrill={setDrill} />
          </Tabs.Panel>
          <Tabs.Panel value="interviews">
            <Suspense fallback={<Skeleton h={300} radius="md" />}>
              <InterviewsTab interviewId={interviewIdOf(rest)} />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="surveys">
            <Suspense fallback={<Skeleton h={400} radius="md" />}>
              <SurveysTab view={surveyView(rest) ?? { kind: 'list' }} />
            </Suspense>
          </Tabs.Panel>
        </Stack>
      </Tabs>
      <DealsDrawer drill={drill} onClose={() => setDrill(null)} />
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
