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
import { bucketLabel, OTHER_SERIES, seriesFilter, SLICE_PARAM, timelineChart, topN } from './analystModel.ts';
import { ANALYST_SERIES, ANALYST_TOP_N } from './constants.ts';
import { useValueName } from './names.ts';
import { formatNumber, numberFormat } from '../shared/numbers.ts';
import '../i18n/areas/alerts.ts';

const PALETTE = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'lime.7', 'pink.6', 'yellow.7', 'blue.4', 'red.5'];

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
    color: s.key === OTHER_SERIES ? 'gray.4' : PALETTE[i % PALETTE.length],
  }));
  const param = SLICE_PARAM[props.sliceBy];

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
          <>
            <BarChart
              h={300}
              data={rows}
              dataKey="label"
              type="stacked"
              series={series}
              withLegend
              legendProps={{ verticalAlign: 'bottom', height: 50 }}
              tickLine="y"
              valueFormatter={(v) => formatNumber(v, language)}
              barProps={(s) => ({
                cursor: s.name === OTHER_SERIES ? undefined : 'pointer',
                onClick: () => {
                  const hit = seriesFilter(data, s.name);
                  if (hit) props.onFilter(param, hit.value);
                },
              })}
              className={classes.chart}
              data-testid="analyst-chart"
            />
            {/* The chart's bars as buttons too, so keyboards and screen readers can slice as well. */}
            <Group gap={6} mt="xs" aria-label={t('alerts.analyst.seriesLabel')} role="group">
              {data.series
                .filter((s) => s.key !== OTHER_SERIES)
                .map((s) => (
                  <UnstyledButton key={s.key} fz="xs" c="dimmed" px={6} py={2} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} onClick={() => props.onFilter(param, s.value)} data-testid="analyst-series" data-value={String(s.value)}>
                    + {nameOf(s.value, s.name)}
                  </UnstyledButton>
                ))}
            </Group>
          </>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TopTable title={t('alerts.analyst.topTopics')} id="topics" buckets={props.aggregations?.topics} total={props.total} param="topics" onFilter={props.onFilter} />
        <TopTable title={t('alerts.analyst.topSources')} id="sources" buckets={props.aggregations?.sources} total={props.total} param="sources" onFilter={props.onFilter} />
      </SimpleGrid>
    </Stack>
  );
}
