// One chart of a report (contracts/reports.ts ReportChart), drawn with @mantine/charts by its kind: areas, bars,
// lines (stacked when the chart says so; days on the x axis read "Nov 2") or a donut with its legend beside it.
// Bars over names (rivals, people) lie down so that the names stay readable. The chart sits in the shared frame
// (shared/charts/ChartFigure.tsx: its summary, and its table a button away); series differ by pattern (bars, slices)
// or dash (lines, areas) as well as colour, and the key below the chart shows each name with its mark.
import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ReportChart } from '../../../contracts/reports.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ChartFigure } from '../shared/charts/ChartFigure.tsx';
import { seriesMark } from '../shared/charts/marks.ts';
import { PatternDefs, patternFill, SeriesSwatch, useSvgId } from '../shared/charts/SeriesMarks.tsx';
import { formatNumber, formatPercent } from './format.ts';
import { chartAxis, chartData, chartRows, donutCells, isDayAxis, seriesColors } from './chartModel.ts';
import classes from './Reports.module.css';
import '../i18n/areas/reports.ts';

const CHART_HEIGHT = 260;
/** Height of one lying bar, so a chart of twenty names is as legible as one of five. */
const BAR_ROW_PX = 30;

export function ReportChartView({ chart }: { chart: ReportChart }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const patterns = useSvgId();
  const days = isDayAxis(chart);
  const data = useMemo(() => chartRows(chart, language), [chart, language]);
  const axis = chartAxis(chart);
  const xLabel = t(`reports.charts.axis.${axis}`, { defaultValue: t('reports.charts.axis.other') });
  const text = useMemo(() => chartData(chart, language, xLabel), [chart, language, xLabel]);
  const colors = seriesColors(chart.series);
  const series = chart.series.map((s, i) => ({ name: s.key, label: s.label, color: colors[i], mark: seriesMark(i) }));
  const lines = chart.kind === 'area' || chart.kind === 'line';
  const empty = chart.data.length === 0;
  const format = (v: number) => formatNumber(v, language);
  const common = {
    data,
    dataKey: chart.xKey,
    series: series.map((s) => ({ name: s.name, label: s.label, color: s.color, strokeDasharray: s.mark.dash })),
    valueFormatter: format,
    tickLine: 'none' as const,
    gridAxis: 'x' as const,
  };
  const bars = {
    type: chart.stacked ? ('stacked' as const) : ('default' as const),
    barProps: (s: { name: string }) => ({ radius: 3, fill: patternFill(patterns, series.findIndex((x) => x.name === s.name)) }),
    children: <PatternDefs id={patterns} series={series} />,
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
    body = <BarChart h={CHART_HEIGHT} {...common} {...bars} maxBarWidth={28} />;
  } else {
    body = (
      <BarChart
        h={Math.max(CHART_HEIGHT - 60, data.length * BAR_ROW_PX + 40)}
        {...common}
        {...bars}
        gridAxis="y"
        orientation="vertical"
        maxBarWidth={20}
        yAxisProps={{ width: 132, interval: 0 }}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p="md" className={classes.panel} data-testid="report-chart" data-key={chart.key} data-kind={chart.kind}>
      <ChartFigure
        title={chart.title}
        heading={3}
        data={text}
        format={format}
        keyItems={!empty && chart.kind !== 'donut' && series.length > 1 ? series.map((s) => ({ label: s.label, color: s.color, mark: s.mark })) : undefined}
        keyKind={lines ? 'line' : 'fill'}
      >
        {body}
      </ChartFigure>
    </Paper>
  );
}

function Donut({ chart }: { chart: ReportChart }) {
  const { i18n } = useTranslation();
  const patterns = useSvgId();
  const cells = useMemo(() => donutCells(chart).map((c, i) => ({ ...c, mark: seriesMark(i), index: i })), [chart]);
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
        cellProps={(c) => ({ fill: patternFill(patterns, (c as (typeof cells)[number]).index) })}
      >
        <PatternDefs id={patterns} series={cells} />
      </DonutChart>
      <Stack gap={6} className={classes.legend} component="ul" aria-label={chart.title}>
        {cells.map((c) => (
          <Group key={c.name} component="li" gap={8} wrap="nowrap" justify="space-between">
            <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
              <SeriesSwatch color={c.color} mark={c.mark} kind="fill" />
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
