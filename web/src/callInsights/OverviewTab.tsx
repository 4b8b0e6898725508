// The call insights overview: per rival, its mentions in calls, the objections raised around it, the calls it came up
// in and when it was last named, as a bar chart (in the shared chart frame: its summary, its table a button away;
// mentions and objections differ by pattern as well as colour) and as a table sortable by any column, both of the
// rivals named in the calls only. A rival's name opens its page. Without any call, it says how to import one; with
// calls naming no rival, it says so.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Button, List, Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useErrorText } from '../api/errorText.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ChartFigure } from '../shared/charts/ChartFigure.tsx';
import { CHART_COLORS, NEGATIVE_COLOR } from '../shared/charts/colors.ts';
import { seriesMark } from '../shared/charts/marks.ts';
import { PatternDefs, patternFill, useSvgId } from '../shared/charts/SeriesMarks.tsx';
import { shortDate } from '../shared/dates.ts';
import { formatNumber } from '../shared/numbers.ts';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { StatePanel } from '../shared/StatePanel.tsx';
import { useCallOverview } from './api.ts';
import classes from './CallInsights.module.css';
import { namedRivals, nextSort, rivalPath, sortOverview, type Direction, type OverviewRow, type OverviewSort } from './model.ts';
import '../i18n/areas/callInsights.ts';

/** Height of one lying bar pair, so a chart of twenty rivals is as legible as one of five. */
const BAR_ROW_PX = 34;
/** Rivals the chart shows (the most mentioned); the table lists them all. */
const CHART_RIVALS = 15;
const COLUMNS: OverviewSort[] = ['mentions', 'objections', 'calls', 'lastAt'];

export function OverviewTab({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const overview = useCallOverview();
  if (overview.isPending) return <Skeleton h={360} radius="md" />;
  if (overview.isError) {
    return (
      <StatePanel kind="error" title={t('callInsights.loadFailed')} text={errorText(overview.error)} data-testid="call-overview-error">
        <Button size="xs" variant="light" onClick={() => void overview.refetch()}>
          {t('callInsights.retry')}
        </Button>
      </StatePanel>
    );
  }
  if (overview.data.calls === 0) return <EmptyOverview onImport={onImport} />;
  const named = namedRivals(overview.data.rivals);
  return (
    <Stack gap="lg" data-testid="call-overview">
      <Text size="sm" data-testid="call-overview-total">
        {t('callInsights.overview.total', { count: overview.data.calls })}
      </Text>
      {named.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="call-overview-no-rivals">
          {t('callInsights.overview.noRivals')}
        </Text>
      ) : (
        <>
          <OverviewChart rows={named} />
          <OverviewTable rows={named} />
        </>
      )}
    </Stack>
  );
}

function EmptyOverview({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation();
  return (
    <StatePanel kind="empty" title={t('callInsights.empty.title')} text={t('callInsights.empty.text')} data-testid="call-overview-empty">
      <List size="sm" spacing={4} type="ordered">
        <List.Item>{t('callInsights.empty.export')}</List.Item>
        <List.Item>{t('callInsights.empty.vtt')}</List.Item>
        <List.Item>{t('callInsights.empty.json')}</List.Item>
      </List>
      <Button onClick={onImport} data-testid="call-overview-import">
        {t('callInsights.import.open')}
      </Button>
    </StatePanel>
  );
}

function OverviewChart({ rows }: { rows: OverviewRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const patterns = useSvgId();
  const top = useMemo(() => sortOverview(rows, 'mentions', 'desc').slice(0, CHART_RIVALS), [rows]);
  const series = [
    { name: 'mentions', label: t('callInsights.columns.mentions'), color: CHART_COLORS[0], mark: seriesMark(0) },
    { name: 'objections', label: t('callInsights.columns.objections'), color: NEGATIVE_COLOR, mark: seriesMark(1) },
  ];
  const format = (v: number) => formatNumber(v, language);
  const data = {
    xLabel: t('callInsights.columns.rival'),
    axis: 'category' as const,
    // Objections are mentions too: the two do not add up.
    additive: false,
    series: series.map((s) => ({ key: s.name, label: s.label })),
    rows: top.map((r) => ({ x: r.name, values: { mentions: r.mentions, objections: r.objections } })),
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="call-overview-chart">
      <ChartFigure
        title={t('callInsights.overview.chartTitle')}
        heading={2}
        titleSize="md"
        intro={
          <Text size="xs" c="dimmed">
            {rows.length > CHART_RIVALS ? t('callInsights.overview.chartTop', { count: CHART_RIVALS }) : t('callInsights.overview.chartIntro')}
          </Text>
        }
        data={data}
        format={format}
        keyItems={series.map((s) => ({ label: s.label, color: s.color, mark: s.mark }))}
      >
        <BarChart
          h={Math.max(160, top.length * BAR_ROW_PX + 40)}
          data={top.map((r) => ({ name: r.name, mentions: r.mentions, objections: r.objections }))}
          dataKey="name"
          orientation="vertical"
          series={series}
          valueFormatter={format}
          tickLine="none"
          gridAxis="x"
          maxBarWidth={14}
          yAxisProps={{ width: 110, interval: 0 }}
          barProps={(s) => ({ radius: 2, fill: patternFill(patterns, series.findIndex((x) => x.name === s.name)) })}
        >
          <PatternDefs id={patterns} series={series} />
        </BarChart>
      </ChartFigure>
    </Paper>
  );
}

function OverviewTable({ rows }: { rows: OverviewRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [sort, setSort] = useState<{ by: OverviewSort; direction: Direction }>({ by: 'mentions', direction: 'desc' });
  const header = (by: OverviewSort, align?: 'right') => {
    const text = t(`callInsights.columns.${by === 'name' ? 'rival' : by}`);
    return (
      <Table.Th key={by} scope="col" ta={align} aria-sort={sort.by === by ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
        <UnstyledButton className={classes.sortButton} onClick={() => setSort(nextSort(sort, by))} aria-label={t('callInsights.sortBy', { column: text })} data-testid={`overview-sort-${by}`}>
          {text}
          <span aria-hidden>{sort.by === by ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Table.ScrollContainer minWidth={520} type="native" attributes={SCROLLS_BY_KEYBOARD}>
        <Table striped highlightOnHover verticalSpacing={6} data-testid="call-overview-table">
          <caption className={classes.caption}>{t('callInsights.overview.tableCaption')}</caption>
          <Table.Thead>
            <Table.Tr>
              {header('name')}
              {COLUMNS.map((c) => header(c, 'right'))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sortOverview(rows, sort.by, sort.direction).map((r) => (
              <Table.Tr key={r.id} data-testid="overview-row" data-rival-id={r.id}>
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={rivalPath(r.id)} size="sm" data-testid="overview-rival">
                    {r.name}
                  </Anchor>
                </Table.Th>
                <Table.Td ta="right" className={classes.figure}>
                  {formatNumber(r.mentions, language)}
                </Table.Td>
                <Table.Td ta="right" className={classes.figure}>
                  {formatNumber(r.objections, language)}
                </Table.Td>
                <Table.Td ta="right" className={classes.figure}>
                  {formatNumber(r.calls, language)}
                </Table.Td>
                <Table.Td ta="right" className={classes.figure}>
                  {r.lastAt ? shortDate(r.lastAt, language) : t('callInsights.noValue')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
