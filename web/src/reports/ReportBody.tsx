// What a report shows (contracts/reports.ts Report): its key figures as tiles that wrap, its charts two abreast on a
// wide screen (ReportChartView.tsx), and its tables; or, for a report that needs data the company has not connected (rep performance and
// impact stand on deals), a panel saying so. Skeletons of the same shape while it loads.
import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { lazyComponent } from '../core/chunkReload.ts';
import type { Report, ReportKpi } from '../../../contracts/reports.ts';
import { opensScreen } from '../core/routes.ts';
import { useSession } from '../core/SessionContext.tsx';
import { InfoIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { changeTone, formatValue, kpiTrend } from './format.ts';
import { TrendDownIcon, TrendUpIcon } from '../insights/icons.tsx';
import { DatabaseIcon, TrendFlatIcon } from './icons.tsx';
import classes from './Reports.module.css';
import { ReportTableView } from './ReportTableView.tsx';
import { NARROW_TABLE_COLUMNS, pairNarrowTables } from './layout.ts';
import { reportCsvHref, reportHref, tableDrillDown, type ReportAt, type ReportUrlState } from './urlState.ts';
import '../i18n/areas/reports.ts';

// The chart library (recharts) is a chunk of its own: the page asks for it while the report's data loads
// (preloadCharts), and the figures and tables never wait for it.
const loadCharts = () => import('./ReportChartView.tsx');
const ReportChartView = lazyComponent(loadCharts, 'ReportChartView');
/** Starts loading the charts; a failure is left to the chart's own load, which shows it. */
export const preloadCharts = () => void loadCharts().catch(() => undefined);

type Props = { report: Report; at: Omit<ReportAt, 'kind'>; state: ReportUrlState };

export function ReportBody({ report, at, state }: Props) {
  const { t } = useTranslation();
  if (report.needs) return <NeedsPanel needs={report.needs} />;
  const charts = report.charts;
  const halves = pairNarrowTables(report.tables.map((table) => table.columns.length <= NARROW_TABLE_COLUMNS));
  const allHref = (key: string) => {
    const all = tableDrillDown(at, key);
    return all ? reportHref(all, state) : null;
  };
  return (
    <Stack gap="lg">
      {report.kpis.length > 0 && (
        <Box component="section" aria-label={t('reports.kpis.label')} className={classes.kpis} data-testid="report-kpis">
          {report.kpis.map((k) => (
            <KpiTile key={k.key} kpi={k} days={report.period.days} />
          ))}
        </Box>
      )}
      {charts.length > 0 && (
        <Box className={classes.charts} data-count={charts.length}>
          {charts.map((c) => (
            <Suspense key={c.key} fallback={<Skeleton h={310} radius="md" />}>
              <ReportChartView chart={c} />
            </Suspense>
          ))}
        </Box>
      )}
      {report.tables.length > 0 && (
        <Box className={classes.tables}>
          {report.tables.map((table, i) => (
            <Box key={table.key} className={halves[i] ? undefined : classes.wide}>
              <ReportTableView table={table} state={state} csvHref={reportCsvHref(at, state, table.key)} allHref={allHref(table.key)} />
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function KpiTile({ kpi, days }: { kpi: ReportKpi; days: number }) {
  const { t, i18n } = useTranslation();
  const trend = kpiTrend(kpi, i18n.language, (points) => t('reports.kpis.points', { points }));
  const tone = kpi.format === 'change' ? changeTone(kpi.value) : null;
  const figure = formatValue(kpi.value, kpi.format, i18n.language);
  const TrendIcon = trend?.direction === 'up' ? TrendUpIcon : trend?.direction === 'down' ? TrendDownIcon : TrendFlatIcon;
  return (
    <Paper withBorder radius="md" p="md" className={classes.kpi} data-testid="report-kpi" data-key={kpi.key}>
      <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="xs" fw={600} c="dimmed" className={classes.kpiLabel}>
          {kpi.label}
        </Text>
        {kpi.hint && (
          <Tooltip label={kpi.hint} multiline w={240} withArrow openDelay={200} events={{ hover: true, focus: true, touch: true }}>
            <span className={classes.hint} tabIndex={0} aria-label={kpi.hint} role="img">
              <InfoIcon size={14} />
            </span>
          </Tooltip>
        )}
      </Group>
      {kpi.subject ? (
        // A figure that belongs to someone (the most-mentioned rival, the top reader) leads with the name; the
        // number follows with what it counts.
        <>
          <Text className={`${classes.kpiValue} ${classes.kpiName}`} data-testid="report-kpi-subject">
            {kpi.subject}
          </Text>
          <Text size="sm" className={classes.trend} data-testid="report-kpi-value">
            <Text span size="sm" fw={700} c="var(--mantine-color-text)">
              {figure}
            </Text>
            {kpi.unit && ` ${kpi.unit}`}
          </Text>
        </>
      ) : (
        <>
          <Text className={classes.kpiValue} c={tone === 'up' ? 'teal.9' : tone === 'down' ? 'red.9' : undefined} data-testid="report-kpi-value">
            {figure}
            {kpi.unit && ` ${kpi.unit}`}
          </Text>
          {trend ? (
            <Group gap={4} wrap="nowrap" align="flex-start" className={classes.trend} data-direction={trend.direction} title={t('reports.kpis.comparedWith', { days: t('reports.days', { count: days }) })}>
              <TrendIcon size={14} style={{ flex: 'none', marginTop: 2 }} />
              <Text size="xs" span>
                <Text span size="xs" fw={600} className={classes.nowrap}>
                  {trend.text}
                </Text>{' '}
                {t('reports.kpis.vsPrevious')}
              </Text>
            </Group>
          ) : (
            <Text size="xs" c="dimmed" className={classes.trend}>
              {'\u00a0'}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}

function NeedsPanel({ needs }: { needs: NonNullable<Report['needs']> }) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const internal = needs.link && needs.link.to.startsWith('/') && !needs.link.to.startsWith('//');
  // A link into an area this reader cannot open (or that is not built) is left out rather than leading to a refusal.
  const link = needs.link && (!internal || opensScreen(needs.link.to, user, company)) ? needs.link : undefined;
  return (
    <Paper withBorder radius="lg" className={classes.needs} data-testid="report-needs">
      <Stack gap="md" align="center" ta="center" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="indigo">
          <DatabaseIcon size={26} />
        </ThemeIcon>
        <Stack gap={6} align="center">
          <Text size="xs" fw={700} c="indigo.7" tt="uppercase" className={classes.eyebrow}>
            {t('reports.needs.eyebrow')}
          </Text>
          <Title order={2} fz="h3">
            {needs.title}
          </Title>
          <Text c="dimmed" size="sm">
            {needs.body}
          </Text>
        </Stack>
        {link &&
          (internal ? (
            <Button component={Link} to={link.to} data-testid="report-needs-link">
              {link.label}
            </Button>
          ) : (
            <Anchor href={link.to} target="_blank" rel="noopener noreferrer" data-testid="report-needs-link">
              {link.label}
            </Anchor>
          ))}
      </Stack>
    </Paper>
  );
}

/** The shape of a report while it loads: tiles, two charts and a table. */
export function ReportSkeleton() {
  return (
    <Stack gap="lg" data-testid="report-loading" aria-busy="true">
      <Box className={classes.kpis}>
        {[0, 1, 2, 3].map((i) => (
          <Paper key={i} withBorder radius="md" p="md" className={classes.kpi}>
            <Skeleton h={10} w="60%" mb={12} />
            <Skeleton h={26} w="45%" mb={10} />
            <Skeleton h={8} w="70%" />
          </Paper>
        ))}
      </Box>
      <Box className={classes.charts} data-count={2}>
        <Skeleton h={310} radius="md" />
        <Skeleton h={310} radius="md" />
      </Box>
      <Skeleton h={260} radius="md" />
    </Stack>
  );
}
