// The analyst panel, "slice by topic and source": for the filters in force, a stacked bar chart of the
// items over time (the timeline aggregation by day, week or month, split by topic, source, rival or
// content type; @mantine/charts over recharts) and the top topics and sources. Clicking a bar or a row
// adds that value as a filter (the URL changes, the list follows).
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { INTEL_INTERVALS, INTEL_SLICES, type FilterValue, type IntelAggregations, type IntelBucket, type IntelListParam, type IntelSlice } from '../../../contracts/intel.ts';
import classes from './Alerts.module.css';
import { bucketLabel, OTHER_SERIES, seriesFilter, SLICE_PARAM, timelineChart, timelineText, topN } from './analystModel.ts';
import { ANALYST_SERIES, ANALYST_TOP_N } from './constants.ts';
import { useValueName } from './names.ts';
import { formatNumber, numberFormat } from '../shared/numbers.ts';
import { ChartFigure } from '../shared/charts/ChartFigure.tsx';
import { CHART_COLORS, OTHER_COLOR } from '../shared/charts/colors.ts';
import { seriesMark } from '../shared/charts/marks.ts';
import { PatternDefs, patternFill, useSvgId } from '../shared/charts/SeriesMarks.tsx';
import '../i18n/areas/alerts.ts';

type Props = {
  aggregations: IntelAggregations | undefined;
  total: number;
  loading: boolean;
  interval: (typeof INTEL_INTERVALS)[number];
  sliceBy: IntelSlice;
  onInterval: (i: (typeof INTEL_INTERVALS)[number]) => void;
  onSliceBy: (s: IntelSlice) => void;
  onFilter: (param: IntelListParam, value: FilterValue['value']) => void;
};

function TopTable({ title, id, buckets, total, param, onFilter }: { title: string; id: 'topics' | 'sources'; buckets: IntelBucket[] | undefined; total: number; param: IntelListParam; onFilter: Props['onFilter'] }) {
  const { t, i18n } = useTranslation();
  const rows = topN(buckets, ANALYST_TOP_N, total);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="sm" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('alerts.analyst.noData')}
        </Text>
      ) : (
        <Table verticalSpacing={4} highlightOnHover data-testid={`analyst-top-${id}`}>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={String(r.key)}>
                <Table.Td>
                  <UnstyledButton onClick={() => onFilter(param, r.key)} fz="sm" data-testid={`analyst-row-${id}`} data-value={String(r.key)} aria-label={t('alerts.analyst.addFilter', { name: r.name })}>
                    {r.name}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td ta="right" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumber(r.count, i18n.language)}
                </Table.Td>
                <Table.Td w={70} fz="xs" c="dimmed" ta="right">
                  {numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(r.share)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

export function AnalystPanel(props: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const nameOf = useValueName(props.sliceBy);
  const data = useMemo(() => timelineChart(props.aggregations?.timeline, ANALYST_SERIES), [props.aggregations?.timeline]);
  const rows = useMemo(() => data.rows.map((r) => ({ ...r, label: bucketLabel(r.date, props.interval, language) })), [data.rows, props.interval, language]);
  const series = data.series.map((s, i) => ({
    name: s.key,
    label: s.key === OTHER_SERIES ? (props.aggregations?.timeline?.sliceBy ? t('alerts.analyst.other') : t('alerts.analyst.items')) : nameOf(s.value, s.name),
    color: s.key === OTHER_SERIES ? OTHER_COLOR : CHART_COLORS[i % CHART_COLORS.length],
    mark: seriesMark(i),
  }));
  const param = SLICE_PARAM[props.sliceBy];
  const patterns = useSvgId();
  const format = (v: number) => formatNumber(v, language);
  const chartTitle = t('alerts.analyst.chartTitle', { interval: props.interval, slice: props.sliceBy });
  const text = timelineText(data, rows.map((r) => r.label), series.map((s) => s.label), t(`alerts.analyst.intervals.${props.interval}`));
  // The key names each series with its pattern; a named slice is a button that filters by it, for keyboards and screen readers too.
  const keyItems = series.map((s, i) => {
    const value = data.series[i].value;
    return s.name === OTHER_SERIES
      ? { label: s.label, color: s.color, mark: s.mark }
      : { label: s.label, color: s.color, mark: s.mark, onClick: () => props.onFilter(param, value), action: t('alerts.analyst.addFilter', { name: s.label }), testId: 'analyst-series', value: String(value) };
  });

  return (
    <Stack gap="md" data-testid="analyst-panel">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="md" gap="sm">
          <Title order={2} fz="md">
            {t('alerts.analyst.title')}
          </Title>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={props.sliceBy}
              onChange={(v) => props.onSliceBy(v as IntelSlice)}
              data={INTEL_SLICES.map((s) => ({ value: s, label: t(`alerts.analyst.slices.${s}`) }))}
              aria-label={t('alerts.analyst.sliceBy')}
              data-testid="analyst-slice"
            />
            <SegmentedControl
              size="xs"
              value={props.interval}
              onChange={(v) => props.onInterval(v as (typeof INTEL_INTERVALS)[number])}
              data={INTEL_INTERVALS.map((i) => ({ value: i, label: t(`alerts.analyst.intervals.${i}`) }))}
              aria-label={t('alerts.analyst.interval')}
              data-testid="analyst-interval"
            />
          </Group>
        </Group>
        {props.loading && !props.aggregations ? (
          <Skeleton height={280} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('alerts.analyst.noData')}
          </Text>
        ) : (
          <ChartFigure title={chartTitle} data={text} format={format} keyItems={keyItems} keyKind="fill" data-testid="analyst-figure">
            <BarChart
              h={260}
              data={rows}
              dataKey="label"
              type="stacked"
              series={series}
              tickLine="y"
              valueFormatter={format}
              barProps={(s) => ({
                fill: patternFill(patterns, series.findIndex((x) => x.name === s.name)),
                cursor: s.name === OTHER_SERIES ? undefined : 'pointer',
                onClick: () => {
                  const hit = seriesFilter(data, s.name);
                  if (hit) props.onFilter(param, hit.value);
                },
              })}
              className={classes.chart}
              data-testid="analyst-chart"
            >
              <PatternDefs id={patterns} series={series} />
            </BarChart>
          </ChartFigure>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TopTable title={t('alerts.analyst.topTopics')} id="topics" buckets={props.aggregations?.topics} total={props.total} param="topics" onFilter={props.onFilter} />
        <TopTable title={t('alerts.analyst.topSources')} id="sources" buckets={props.aggregations?.sources} total={props.total} param="sources" onFilter={props.onFilter} />
      </SimpleGrid>
    </Stack>
  );
}
