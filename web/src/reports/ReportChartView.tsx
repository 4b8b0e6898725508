// One chart of a report (contracts/reports.ts ReportChart), drawn with @mantine/charts by its kind: areas, bars,
// lines (stacked when the chart says so; days on the x axis read "Nov 2") or a donut with its legend beside it.
// Bars over names (rivals, people) lie down so that the names stay readable.
import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { ReportChart } from '../../../contracts/reports.ts';
import { useTranslation } from '../i18n/react.tsx';
import { formatNumber, formatPercent } from './format.ts';
import { chartRows, donutCells, isDayAxis, seriesColors } from './chartModel.ts';
import classes from './Reports.module.css';
import '../i18n/areas/reports.ts';

const CHART_HEIGHT = 260;
/** Height of one lying bar, so a chart of twenty names is as legible as one of five. */
const BAR_ROW_PX = 30;

export function ReportChartView({ chart }: { chart: ReportChart }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const days = isDayAxis(chart);
  const data = useMemo(() => chartRows(chart, language), [chart, language]);
  const colors = seriesColors(chart.series);
  const series = chart.series.map((s, i) => ({ name: s.key, label: s.label, color: colors[i] }));
  const empty = chart.data.length === 0;
  const common = {
    data,
    dataKey: chart.xKey,
    series,
    withLegend: series.length > 1,
    legendProps: { verticalAlign: 'bottom' as const, wrapperStyle: { paddingTop: 8 } },
    valueFormatter: (v: number) => formatNumber(v, language),
    tickLine: 'none' as const,
    gridAxis: 'x' as const,
    // The chart as one image with a name; the report's table beside it holds its figures as text.
    role: 'img',
    'aria-label': t('reports.charts.label', { title: chart.title }),
  };

  let body;
  if (empty) {
    body = (
      <Box className={classes.chartEmpty} h={CHART_HEIGHT}>
        <Text size="sm" c="dimmed">
          {t('reports.charts.empty')}
        </Text>
      </Box>
    );
  } else if (chart.kind === 'donut') {
    body = <Donut chart={chart} />;
  } else if (chart.kind === 'area') {
    body = <AreaChart h={CHART_HEIGHT} {...common} type={chart.stacked ? 'stacked' : 'default'} curveType="monotone" withDots={data.length <= 2} fillOpacity={0.25} />;
  } else if (chart.kind === 'line') {
    body = <LineChart h={CHART_HEIGHT} {...common} curveType="monotone" withDots={data.length <= 31} />;
  } else if (days) {
    body = <BarChart h={CHART_HEIGHT} {...common} type={chart.stacked ? 'stacked' : 'default'} barProps={{ radius: 3 }} maxBarWidth={28} />;
  } else {
    body = (
      <BarChart
        h={Math.max(CHART_HEIGHT - 60, data.length * BAR_ROW_PX + (series.length > 1 ? 80 : 40))}
        {...common}
        gridAxis="y"
        orientation="vertical"
        type={chart.stacked ? 'stacked' : 'default'}
        barProps={{ radius: 3 }}
        maxBarWidth={20}
        yAxisProps={{ width: 132, interval: 0 }}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p="md" className={classes.panel} data-testid="report-chart" data-key={chart.key} data-kind={chart.kind}>
      <Stack gap="sm">
        <Title order={3} fz="sm" fw={650}>
          {chart.title}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

function Donut({ chart }: { chart: ReportChart }) {
  const { i18n } = useTranslation();
  const cells = useMemo(() => donutCells(chart), [chart]);
  const total = cells.reduce((n, c) => n + c.value, 0);
  return (
    <Group gap="lg" wrap="wrap" justify="center" align="center" mih={CHART_HEIGHT - 40}>
      <DonutChart
        data={cells}
        size={180}
        thickness={26}
        paddingAngle={cells.length > 1 ? 1 : 0}
        withTooltip
        tooltipDataSource="segment"
        valueFormatter={(v) => formatNumber(v, i18n.language)}
        chartLabel={formatNumber(total, i18n.language)}
      />
      <Stack gap={6} className={classes.legend} component="ul" aria-label={chart.title}>
        {cells.map((c) => (
          <Group key={c.name} component="li" gap={8} wrap="nowrap" justify="space-between">
            <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
              <span className={classes.swatch} style={{ background: `var(--mantine-color-${c.color.replace('.', '-')})` }} />
              <Text size="sm" truncate>
                {c.name}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" className={classes.figure}>
              {formatNumber(c.value, i18n.language)} · {formatPercent(total ? c.value / total : 0, i18n.language)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
