// The aspect chart of the insights tab, in a chunk of its own (the chart library loads with it): chips of the
// rival's most discussed aspects, the top one picked first, and for the picked aspect a stacked bar chart of
// its reviews per month by how they judge it, with its written summary and a link to its reviews. The chart sits in
// the shared frame (shared/charts/ChartFigure.tsx: its figures' summary, and a table a button away); positive,
// neutral and negative bars differ by pattern as well as colour.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Chip, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { useAspects, useAspectSummary } from './api.ts';
import { CitedText } from './CitedText.tsx';
import { aspectLean, DEFAULT_REVIEW_FILTERS, mergeAspectPages } from './model.ts';
import { formatNumber } from '../shared/numbers.ts';
import { ChartFigure } from '../shared/charts/ChartFigure.tsx';
import { SENTIMENT_COLORS } from '../shared/charts/colors.ts';
import { monthLabel } from '../shared/charts/chartText.ts';
import { seriesMark } from '../shared/charts/marks.ts';
import { PatternDefs, patternFill, useSvgId } from '../shared/charts/SeriesMarks.tsx';
import '../i18n/areas/insights.ts';

/** Aspects offered above the chart: the most discussed. */
const CHART_ASPECTS = 8;
const CHART_HEIGHT = 260;

type Props = { rivalId: number; aspectHref: (aspectId: number) => string };

export function AspectTrends({ rivalId, aspectHref }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [now] = useState(() => new Date());
  const aspects = useAspects(rivalId, DEFAULT_REVIEW_FILTERS, now, 'none');
  const top = useMemo(() => mergeAspectPages(aspects.data?.pages ?? []).slice(0, CHART_ASPECTS), [aspects.data]);
  const [picked, setPicked] = useState<number | null>(null);
  const aspectId = picked !== null && top.some((a) => a.id === picked) ? picked : (top[0]?.id ?? null);
  const summary = useAspectSummary(aspectId);

  const rows = useMemo(
    () => (summary.data?.timeline ?? []).map((m) => ({ month: monthLabel(m.month, language), positive: m.positive, neutral: m.neutral, negative: m.negative })),
    [summary.data, language],
  );
  const series = (['positive', 'neutral', 'negative'] as const).map((name, i) => ({ name, label: t(`insights.sentiment.${name}`), color: SENTIMENT_COLORS[name], mark: seriesMark(i) }));
  const patterns = useSvgId();
  const format = (v: number) => formatNumber(v, language);

  if (aspects.isPending) return <Skeleton h={CHART_HEIGHT + 60} radius="md" />;
  if (top.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="aspect-chart-empty">
        {t('insights.chart.noAspects')}
      </Text>
    );
  }
  const aspect = summary.data?.aspect;
  const title = t('insights.chart.title', { aspect: aspect?.title ?? top.find((a) => a.id === aspectId)?.title ?? '' });
  const reviewsLink = aspectId !== null && (
    <Anchor component={Link} to={aspectHref(aspectId)} size="sm" data-testid="aspect-chart-reviews">
      {t('insights.chart.seeReviews')}
    </Anchor>
  );
  const text = {
    xLabel: t('insights.chart.month'),
    axis: 'time' as const,
    additive: true,
    series: series.map((s) => ({ key: s.name, label: s.label })),
    rows: rows.map((r) => ({ x: r.month, values: { positive: r.positive, neutral: r.neutral, negative: r.negative } })),
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="aspect-chart">
      <Stack gap="md">
        <Chip.Group multiple={false} value={aspectId === null ? null : String(aspectId)} onChange={(v) => setPicked(Number(v))}>
          <Group gap={6} aria-label={t('insights.chart.pick')}>
            {top.map((a) => (
              <Chip key={a.id} value={String(a.id)} size="xs" radius="sm" data-testid="aspect-chart-chip" data-aspect-id={a.id}>
                {a.title} · {formatNumber(a.reviewCount, language)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {summary.isPending || summary.isError ? (
          <>
            <Group justify="space-between" align="flex-end" gap="xs">
              <Title order={3} fz="md" data-testid="aspect-chart-title">
                {title}
              </Title>
              {reviewsLink}
            </Group>
            {summary.isPending ? (
              <Skeleton h={CHART_HEIGHT} radius="md" />
            ) : (
              <Text size="sm" c="dimmed">
                {t('insights.chart.failed')}
              </Text>
            )}
          </>
        ) : (
          <ChartFigure
            title={title}
            heading={3}
            titleSize="md"
            titleTestId="aspect-chart-title"
            intro={
              // Without a model's summary the counts are said here, in the reader's language: the answer is cached for all readers.
              <Text size="sm" c="dimmed" lineClamp={3} data-testid="aspect-chart-summary">
                {summary.data.summary ? (
                  <CitedText text={summary.data.summary} quotes={summary.data.quotes} />
                ) : summary.data.aspect.reviewCount ? (
                  t('insights.chart.summary', { count: summary.data.aspect.reviewCount, aspect: summary.data.aspect.title, ...aspectLean(summary.data.aspect) })
                ) : (
                  t('insights.chart.unjudged', { aspect: summary.data.aspect.title })
                )}
              </Text>
            }
            aside={reviewsLink}
            data={text}
            format={format}
            keyItems={series.map((s) => ({ label: s.label, color: s.color, mark: s.mark }))}
            keyKind="fill"
          >
            <BarChart
              h={CHART_HEIGHT}
              data={rows}
              dataKey="month"
              type="stacked"
              series={series}
              xAxisLabel={t('insights.chart.month')}
              yAxisLabel={t('insights.chart.reviews')}
              tickLine="y"
              gridAxis="y"
              valueFormatter={format}
              barProps={(s) => ({ radius: 2, fill: patternFill(patterns, series.findIndex((x) => x.name === s.name)) })}
            >
              <PatternDefs id={patterns} series={series} />
            </BarChart>
          </ChartFigure>
        )}
      </Stack>
    </Paper>
  );
}
