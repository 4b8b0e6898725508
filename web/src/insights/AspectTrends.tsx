// The aspect chart of the insights tab, in a chunk of its own (the chart library loads with it): chips of the
// rival's most discussed aspects, the top one picked first, and for the picked aspect a stacked bar chart of
// its reviews per month by how they judge it, with its written summary and a link to its reviews.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Chip, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { useAspects, useAspectSummary } from './api.ts';
import { CitedText } from './CitedText.tsx';
import { aspectLean, DEFAULT_REVIEW_FILTERS, mergeAspectPages, monthLabel } from './model.ts';
import { formatNumber } from '../shared/numbers.ts';
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
  const series = [
    { name: 'positive', label: t('insights.sentiment.positive'), color: 'teal.6' },
    { name: 'neutral', label: t('insights.sentiment.neutral'), color: 'gray.4' },
    { name: 'negative', label: t('insights.sentiment.negative'), color: 'red.6' },
  ];

  if (aspects.isPending) return <Skeleton h={CHART_HEIGHT + 60} radius="md" />;
  if (top.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="aspect-chart-empty">
        {t('insights.chart.noAspects')}
      </Text>
    );
  }
  const aspect = summary.data?.aspect;
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
        <Group justify="space-between" align="flex-end" gap="xs">
          <Stack gap={0}>
            <Title order={3} fz="md" data-testid="aspect-chart-title">
              {t('insights.chart.title', { aspect: aspect?.title ?? top.find((a) => a.id === aspectId)?.title ?? '' })}
            </Title>
            {/* Without a model's summary the counts are said here, in the reader's language: the answer is cached for all readers. */}
            {summary.data && (
              <Text size="sm" c="dimmed" lineClamp={3} data-testid="aspect-chart-summary">
                {summary.data.summary ? (
                  <CitedText text={summary.data.summary} quotes={summary.data.quotes} />
                ) : summary.data.aspect.reviewCount ? (
                  t('insights.chart.summary', { count: summary.data.aspect.reviewCount, aspect: summary.data.aspect.title, ...aspectLean(summary.data.aspect) })
                ) : (
                  t('insights.chart.unjudged', { aspect: summary.data.aspect.title })
                )}
              </Text>
            )}
          </Stack>
          {aspectId !== null && (
            <Anchor component={Link} to={aspectHref(aspectId)} size="sm" data-testid="aspect-chart-reviews">
              {t('insights.chart.seeReviews')}
            </Anchor>
          )}
        </Group>
        {summary.isPending ? (
          <Skeleton h={CHART_HEIGHT} radius="md" />
        ) : summary.isError ? (
          <Text size="sm" c="dimmed">
            {t('insights.chart.failed')}
          </Text>
        ) : (
          <BarChart
            h={CHART_HEIGHT}
            data={rows}
            dataKey="month"
            type="stacked"
            series={series}
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 36 }}
            xAxisLabel={t('insights.chart.month')}
            yAxisLabel={t('insights.chart.reviews')}
            tickLine="y"
            gridAxis="y"
            valueFormatter={(v) => formatNumber(v, language)}
            barProps={{ radius: 2 }}
            aria-label={t('insights.chart.label', { aspect: aspect?.title ?? '' })}
          />
        )}
      </Stack>
    </Paper>
  );
}
