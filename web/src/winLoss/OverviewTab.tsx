// The win/loss overview: key figures (the win rate with its 95 % interval and how many decided deals it rests on,
// open and closed deals, the won amount), the win rate by rival with interval whiskers, the trend by quarter, and the
// top win and loss reasons with the rep/buyer split. Each rival, quarter and reason opens the deals behind it.
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { RateRow, ReasonShare, WinLossOverview } from '../../../contracts/deals.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ChartFigure } from '../shared/charts/ChartFigure.tsx';
import { formatNumber } from '../shared/numbers.ts';
import { useOverview } from './api.ts';
import { drillFilters, formatAmount, formatShare, quarterLabel, reasonFilters, type Filters } from './model.ts';
import classes from './WinLoss.module.css';
import { IntervalBar, RateTable } from './ReportsTab.tsx';
import type { Drill } from './WinLossPage.tsx';
import '../i18n/areas/charts.ts';
import '../i18n/areas/winLoss.ts';

type Props = { filters: Filters; onDrill: (drill: Drill) => void };
const CHART_HEIGHT = 240;
/** The currency won amounts are summed in (deals default to it; the company has no other reporting currency yet). */
const REPORTING_CURRENCY = 'USD';

export function OverviewTab({ filters, onDrill }: Props) {
  const { t } = useTranslation();
  const overview = useOverview(filters);
  if (overview.isPending) return <Skeleton h={400} radius="md" />;
  if (overview.isError) {
    return (
      <Alert color="red" variant="light" title={t('winLoss.loadFailed')} data-testid="win-loss-error">
        <Button size="xs" variant="light" color="red" onClick={() => void overview.refetch()}>
          {t('winLoss.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="lg" data-testid="win-loss-overview">
      <Kpis data={overview.data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ByRival rows={overview.data.byRival} filters={filters} onDrill={onDrill} />
        <Trend rows={overview.data.trend} filters={filters} onDrill={onDrill} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Reasons kind="win" reasons={overview.data.topWinReasons} filters={filters} onDrill={onDrill} />
        <Reasons kind="loss" reasons={overview.data.topLossReasons} filters={filters} onDrill={onDrill} />
      </SimpleGrid>
    </Stack>
  );
}

function Kpis({ data }: { data: WinLossOverview }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const total = data.totals;
  const decided = total.wins + total.losses;
  const tile = (testId: string, label: string, value: string, note?: string) => (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={{ base: 20, xs: 28 }} fw={700} className={classes.kpi} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-note`}>
          {note}
        </Text>
      )}
    </Paper>
  );
  return (
    <section aria-label={t('winLoss.kpi.label')}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {tile(
          'kpi-win-rate',
          t('winLoss.kpi.winRate'),
          formatShare(total.winRate, lang) ?? t('winLoss.noValue'),
          decided === 0
            ? t('winLoss.kpi.noDecided')
            : `${t('winLoss.kpi.decided', { count: decided })} · ${t('winLoss.kpi.interval', { low: formatShare(total.low, lang), high: formatShare(total.high, lang) })}`,
        )}
        {tile('kpi-open', t('winLoss.kpi.open'), formatNumber(total.open, lang))}
        {tile('kpi-closed', t('winLoss.kpi.closed'), formatNumber(total.closed, lang))}
        {tile('kpi-amount-won', t('winLoss.kpi.amountWon'), formatAmount(total.amountWon, REPORTING_CURRENCY, lang))}
      </SimpleGrid>
    </section>
  );
}

/** The win rate of each rival as a bar with its interval as a whisker, or (a button away) the same figures as a table. */
function ByRival({ rows, filters, onDrill }: { rows: RateRow[]; filters: Filters; onDrill: (d: Drill) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [table, setTable] = useState(false);
  const title = t('winLoss.byRival.title');
  const open = (r: RateRow) => onDrill({ filters: drillFilters(filters, 'rival', r.key)!, label: r.label });
  return (
    <Paper withBorder radius="md" p="md" data-testid="win-loss-by-rival">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="md">
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {t('winLoss.byRival.intro')}
          </Text>
        </Stack>
        {rows.length > 0 && (
          <Button size="compact-xs" variant="subtle" flex="none" onClick={() => setTable(!table)} aria-label={t(table ? 'charts.showChartOf' : 'charts.showTableOf', { title })} data-testid="by-rival-view">
            {t(table ? 'charts.showChart' : 'charts.showTable')}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('winLoss.byRival.empty')}
        </Text>
      ) : table ? (
        <RateTable rows={rows} dimension="rival" filters={filters} onDrill={onDrill} caption={title} />
      ) : (
        <Stack gap={6} component="ul" className={classes.plainList}>
          {rows.map((r) => (
            <li key={r.key}>
              <UnstyledButton className={classes.forestRow} onClick={() => open(r)} data-testid="rival-row" data-key={r.key}>
                <Text size="sm" fw={500} truncate title={r.label} className={classes.forestLabel}>
                  {r.label}
                </Text>
                <IntervalBar row={r} />
                <Text size="sm" className={classes.figure} data-testid="rival-rate">
                  {formatShare(r.winRate, lang) ?? t('winLoss.noValue')}
                </Text>
                <VisuallyHidden>
                  {r.winRate === null
                    ? t('winLoss.byRival.rowNoRate')
                    : t('winLoss.byRival.row', { low: formatShare(r.low, lang), high: formatShare(r.high, lang), count: r.wins + r.losses })}
                </VisuallyHidden>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function Trend({ rows, filters, onDrill }: { rows: RateRow[]; filters: Filters; onDrill: (d: Drill) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const quarter = (key: string) => quarterLabel(key, (q) => t('winLoss.quarter', q));
  const rate = t('winLoss.trend.rate');
  const points = rows.map((r) => ({ quarter: quarter(r.key), rate: r.winRate === null ? null : Math.round(r.winRate * 1000) / 10 }));
  const data = {
    xLabel: t('winLoss.trend.quarter'),
    axis: 'time' as const,
    additive: false,
    series: [
      { key: 'rate', label: rate },
      { key: 'deals', label: t('winLoss.columns.deals') },
    ],
    rows: rows.map((r, i) => ({ x: points[i].quarter, values: { rate: points[i].rate, deals: r.deals } })),
  };
  const percent = (v: number) => formatShare(v / 100, lang) ?? '';
  return (
    <Paper withBorder radius="md" p="md" data-testid="win-loss-trend">
      <ChartFigure title={t('winLoss.trend.title')} heading={2} titleSize="md" data={data} format={(v) => formatNumber(v, lang)}>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('winLoss.trend.empty')}
          </Text>
        ) : (
          <LineChart
            h={CHART_HEIGHT}
            data={points}
            dataKey="quarter"
            series={[{ name: 'rate', label: rate, color: 'indigo.6' }]}
            xAxisLabel={t('winLoss.trend.quarter')}
            yAxisLabel={rate}
            yAxisProps={{ domain: [0, 100] }}
            valueFormatter={percent}
            connectNulls
            curveType="linear"
          />
        )}
      </ChartFigure>
      {rows.length > 0 && (
        <Group gap={6} mt="sm" role="group" aria-label={t('winLoss.trend.table')}>
          {rows.map((r, i) => (
            <Button
              key={r.key}
              size="compact-xs"
              variant="default"
              onClick={() => onDrill({ filters: drillFilters(filters, 'quarter', r.key)!, label: points[i].quarter })}
              aria-label={t('winLoss.trend.open', { label: points[i].quarter })}
              data-testid="quarter-button"
            >
              {points[i].quarter} · {formatNumber(r.deals, lang)}
            </Button>
          ))}
        </Group>
      )}
    </Paper>
  );
}

function Reasons({ kind, reasons, filters, onDrill }: { kind: 'win' | 'loss'; reasons: ReasonShare[]; filters: Filters; onDrill: (d: Drill) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`win-loss-reasons-${kind}`}>
      <Title order={2} fz="md" mb="sm">
        {t(`winLoss.reasons.${kind}`)}
      </Title>
      {reasons.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('winLoss.reasons.empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.plainList}>
          {reasons.map((r) => (
            <li key={r.reasonId} data-testid="reason-row" data-reason-id={r.reasonId}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <UnstyledButton
                  className={classes.link}
                  onClick={() => onDrill({ filters: reasonFilters(filters, r.reasonId), label: r.name })}
                  aria-label={t('winLoss.reasons.open', { name: r.name })}
                  data-testid="reason-open"
                >
                  {r.name}
                </UnstyledButton>
                <Text size="sm" className={classes.figure}>
                  {t('winLoss.reasons.shareOf', { share: formatShare(r.share, lang), kind })}
                </Text>
              </Group>
              <Progress value={r.share * 100} color={kind === 'win' ? 'green' : 'red'} size="sm" mt={4} aria-hidden />
              <Group gap="xs" mt={2}>
                {(['rep', 'buyer'] as const).map((saidBy) => (
                  <UnstyledButton
                    key={saidBy}
                    className={classes.smallLink}
                    disabled={r[saidBy] === 0}
                    onClick={() => onDrill({ filters: reasonFilters(filters, r.reasonId, saidBy), label: `${r.name} · ${t(`winLoss.reasons.${saidBy}`)}` })}
                    aria-label={t('winLoss.reasons.openSaid', { name: r.name, saidBy })}
                    data-testid={`reason-${saidBy}`}
                  >
                    {t(`winLoss.reasons.${saidBy}`)}: {formatNumber(r[saidBy], lang)}
                  </UnstyledButton>
                ))}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
