// The reports screens, /reports/* (part 1 §2 Reports): one screen draws every report, since every report has one
// shape (contracts/reports.ts). /reports opens the first report the reader may open and /reports/{id} its first
// type; /reports/{id}/{type} is the report, with tabs between the types of that report the reader may open
// (GET /api/reports.json); a user's or a rival's drill-down has a back link to its report instead. Reports are named
// as the menu names them (names.ts); the server words what is in them. The period and filters live in the URL
// (urlState.ts). A refusal shows the not-authorized page, an unknown report not found.
import { Alert, Anchor, Badge, Box, Button, Group, Skeleton, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { TabPanel } from '../shared/TabPanel.tsx';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { REPORT_MAX_DAYS, REPORT_TYPES, type ReportId, type ReportMenuEntry, type ReportPeriod } from '../../../contracts/reports.ts';
import { ApiError } from '../api/client.ts';
import { StatusScreen } from '../pages/StatusScreen.tsx';
import { AlertIcon, ArrowLeftIcon, RefreshIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { StaleResults } from '../shared/ResultsFrame.tsx';
import { useReport, useReportMenu } from './api.ts';
import { formatDate } from './format.ts';
import { reportName, reportTitle, reportTypeName } from './names.ts';
import { preloadCharts, ReportBody, ReportSkeleton } from './ReportBody.tsx';
import { ReportControls } from './ReportControls.tsx';
import classes from './Reports.module.css';
import {
  DEFAULT_REPORT_STATE,
  effectiveState,
  parseReportPath,
  parseReportQuery,
  reportHref,
  REPORTS_BASE_PATH,
  type ReportAt,
  type ReportUrlState,
} from './urlState.ts';
import '../i18n/areas/reports.ts';

export function ReportsPage({ rest }: { rest: string }) {
  const route = useMemo(() => parseReportPath(rest), [rest]);
  switch (route.kind) {
    case 'notFound':
      return <NotFoundPage />;
    case 'index':
      return <FirstReport />;
    case 'firstType':
      return <FirstType id={route.id} />;
    case 'report':
      // Another report starts afresh; another drill-down of the same report too.
      return <ReportScreen key={rest} at={route} />;
  }
}

/** /reports: the first report this reader may open, or not-authorized when there is none. */
function FirstReport() {
  const { search } = useLocation();
  const menu = useReportMenu();
  if (menu.isPending) return <PageSkeleton />;
  if (menu.isError) return <MenuError retry={() => void menu.refetch()} retrying={menu.isFetching} />;
  const first = menu.data[0];
  if (!first) return <NotAuthorizedPage />;
  return <Navigate replace to={first.path.includes('?') ? first.path : `${first.path}${search}`} />;
}

/** /reports/{id}: its first type this reader may open (the first of REPORT_TYPES when the menu says nothing). */
function FirstType({ id }: { id: ReportId }) {
  const { search } = useLocation();
  const menu = useReportMenu();
  if (menu.isPending) return <PageSkeleton />;
  const type = menu.data?.find((e) => e.id === id)?.type ?? REPORT_TYPES[id][0];
  return <Navigate replace to={`${REPORTS_BASE_PATH}/${id}/${type}${search}`} />;
}

function periodText(period: ReportPeriod, t: ReturnType<typeof useTranslation>['t'], locale: string): string {
  const from = formatDate(period.from, locale);
  const to = formatDate(period.to, locale);
  const days = t('reports.days', { count: period.days });
  return `${from === to ? t('reports.periodOneDay', { day: from }) : t('reports.period', { from, to })} · ${days}`;
}

// The app's own pages, in their own chunks (a static import would pull them into the first screen's).
const NotFoundPage = () => <StatusScreen routeKey="notFound" />;
const NotAuthorizedPage = () => <StatusScreen routeKey="notAuthorized" />;

function ReportScreen({ at }: { at: ReportAt }) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => effectiveState(parseReportQuery(search), at), [search, at]);
  const menu = useReportMenu();
  const report = useReport(at, state);
  useEffect(preloadCharts, []);
  const data = report.data;
  const parentName = reportName(t, at);
  const title = reportTitle(t, at);
  // A report's later types name the report they belong to above their own title ("Reports · Consumer usage").
  const eyebrow = at.type === REPORT_TYPES[at.id][0] ? t('reports.title') : `${t('reports.title')} · ${t(`reports.ids.${at.id}`)}`;
  useDocumentTitle([...(data?.subtitle ? [data.subtitle] : []), parentName, t('reports.title'), t('app.titleSuffix')].join(' · '));

  const setState = (next: ReportUrlState) => navigate(reportHref(at, next));
  const error = report.error;
  if (error instanceof ApiError && error.status === 403) return <NotAuthorizedPage />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;

  let body;
  if (report.isError) {
    const bad = error instanceof ApiError && error.status === 400;
    body = (
      <Alert color="red" variant="light" icon={<AlertIcon />} title={t(bad ? 'reports.error.badRequest' : 'reports.error.title')} data-testid="report-error">
        <Stack gap="sm" align="flex-start">
          {/* The web app's words, not the server's message: a period the controls cannot pick comes from an edited link. */}
          <Text size="sm">{bad ? t('reports.error.badRequestText', { maxDays: REPORT_MAX_DAYS }) : t('reports.error.text')}</Text>
          {bad ? (
            <Button size="xs" variant="light" color="red" onClick={() => setState(DEFAULT_REPORT_STATE)} data-testid="report-reset">
              {t('reports.error.reset')}
            </Button>
          ) : (
            <Button size="xs" variant="light" color="red" leftSection={<RefreshIcon size={14} />} onClick={() => void report.refetch()} loading={report.isFetching} data-testid="report-retry">
              {t('reports.error.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  } else if (!data) {
    body = <ReportSkeleton />;
  } else {
    body = (
      <StaleResults stale={report.isPlaceholderData}>
        <Box className={report.isPlaceholderData ? classes.stale : undefined} aria-busy={report.isPlaceholderData || undefined}>
          <ReportBody report={data} at={at} state={state} />
        </Box>
      </StaleResults>
    );
  }

  const parentHref = reportHref({ ...at, drill: null }, state);
  return (
    <Stack gap="lg" pt="xs" className={classes.page} data-testid="page-report" data-report-id={at.id} data-report-type={at.type} data-drill={at.drill ? 'true' : undefined}>
      <Group justify="space-between" align="flex-end" gap="md" className={classes.header}>
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          {at.drill ? (
            <Anchor component={Link} to={parentHref} size="sm" fw={500} className={classes.back} data-testid="report-back">
              <ArrowLeftIcon size={15} />
              {t('reports.back', { title: parentName })}
            </Anchor>
          ) : (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" className={classes.eyebrow} data-testid="report-eyebrow">
              {eyebrow}
            </Text>
          )}
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }} data-testid="report-title">
            {title}
          </Title>
          {data?.subtitle && (
            <Text size="md" fw={500} c="gray.7" data-testid="report-subtitle">
              {data.subtitle}
            </Text>
          )}
          <Text size="sm" c="dimmed" data-testid="report-period" mih={20}>
            {data ? periodText(data.period, t, i18n.language) : '\u00a0'}
          </Text>
        </Stack>
        <ReportControls at={at} state={state} period={data?.period} onChange={setState} />
      </Group>
      {!at.drill && <ReportTabs at={at} state={state} entries={menu.data} />}
      {/* The tab's panel: each type is a page of its own, so the panel is the report shown. */}
      <TabPanel tabsId={REPORT_TABS_ID} value={at.type}>
        {body}
      </TabPanel>
    </Stack>
  );
}

/** The report tabs' id, which their panel names (shared/TabPanel.tsx). */
const REPORT_TABS_ID = 'report-types';

/** The types of this report the reader may open; none shown when there is only one. */
function ReportTabs({ at, state, entries }: { at: ReportAt; state: ReportUrlState; entries: ReportMenuEntry[] | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Without the menu (still loading, or failed) every type of the report is offered; the server refuses what it must.
  const types: { type: string; needsData: boolean }[] = entries
    ? entries.filter((e) => e.id === at.id).map((e) => ({ type: e.type, needsData: e.needsData === true }))
    : REPORT_TYPES[at.id].map((type) => ({ type, needsData: false }));
  if (!types.some((x) => x.type === at.type)) types.push({ type: at.type, needsData: false });
  const order = REPORT_TYPES[at.id] as readonly string[];
  types.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  if (types.length < 2) return null;
  return (
    <Tabs id={REPORT_TABS_ID} value={at.type} onChange={(v) => v && v !== at.type && navigate(reportHref({ id: at.id, type: v, drill: null }, state))} keepMounted={false}>
      <Tabs.List aria-label={t('reports.tabs.label')} className={classes.tabsList}>
        {types.map(({ type, needsData }) => (
          <Tabs.Tab key={type} value={type} className={classes.tab} data-testid="report-tab" data-type={type}>
            <Group gap={6} wrap="nowrap">
              {reportTypeName(t, type)}
              {needsData && (
                <Tooltip label={t('reports.tabs.needsDataHint')} withArrow openDelay={300}>
                  <Badge size="xs" variant="light" color="gray" radius="sm" tt="none" data-testid="report-tab-needs-data">
                    {t('reports.tabs.needsData')}
                  </Badge>
                </Tooltip>
              )}
            </Group>
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

function PageSkeleton() {
  return (
    <Stack gap="lg" pt="xs" className={classes.page}>
      <Skeleton h={14} w={80} />
      <Skeleton h={32} w={280} />
      <ReportSkeleton />
    </Stack>
  );
}

function MenuError({ retry, retrying }: { retry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" pt="xs" className={classes.page}>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {t('reports.title')}
      </Title>
      <Alert color="red" variant="light" icon={<AlertIcon />} title={t('reports.error.title')} data-testid="report-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('reports.error.text')}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<RefreshIcon size={14} />} onClick={retry} loading={retrying} data-testid="report-retry">
            {t('reports.error.retry')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
