// The win/loss reports: the deals grouped by a dimension (in the URL as ?dimension=), a row per group with its deals,
// wins, losses, win rate and 95 % interval (in words and as a small bar), sortable by any column; a row opens its deals.
import { Alert, Button, NativeSelect, Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_DIMENSIONS, type RateRow, type ReportDimension } from '../../../contracts/deals.ts';
import { useTranslation } from '../i18n/react.tsx';
import { formatNumber } from '../shared/numbers.ts';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { useReport } from './api.ts';
import { dimensionOf, drillFilters, formatShare, quarterLabel, sortRows, type Filters, type ReportSort } from './model.ts';
import classes from './WinLoss.module.css';
import type { Drill } from './WinLossPage.tsx';
import '../i18n/areas/winLoss.ts';

type Props = { filters: Filters; onDrill: (drill: Drill) => void };
const NUMBER_COLUMNS = ['deals', 'wins', 'losses', 'winRate'] as const;

export function ReportsTab({ filters, onDrill }: Props) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const dimension = dimensionOf(params);
  const report = useReport(dimension, filters);
  const choose = (d: ReportDimension) => {
    const next = new URLSearchParams(params);
    if (d === 'rival') next.delete('dimension');
    else next.set('dimension', d);
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="md" data-testid="win-loss-reports">
      <NativeSelect
        label={t('winLoss.reports.dimension')}
        data={REPORT_DIMENSIONS.map((d) => ({ value: d, label: t(`winLoss.dimensions.${d}`) }))}
        value={dimension}
        onChange={(e) => choose(e.currentTarget.value as ReportDimension)}
        w={{ base: '100%', xs: 260 }}
        data-testid="report-dimension"
      />
      {report.isPending ? (
        <Skeleton h={300} radius="md" />
      ) : report.isError ? (
        <Alert color="red" variant="light" title={t('winLoss.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void report.refetch()}>
            {t('winLoss.retry')}
          </Button>
        </Alert>
      ) : report.data.rows.length === 0 ? (
        <Text c="dimmed" data-testid="report-empty">
          {t('winLoss.reports.empty')}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <RateTable rows={report.data.rows} dimension={dimension} filters={filters} onDrill={onDrill} caption={t('winLoss.reports.caption', { dimension: t(`winLoss.dimensions.${dimension}`) })} />
        </Paper>
      )}
    </Stack>
  );
}

type TableProps = { rows: RateRow[]; dimension: ReportDimension; filters: Filters; onDrill: (drill: Drill) => void; caption: string };

/** Groups with their deals, wins, losses, win rate and interval, sortable by any column; a group's name opens its deals. */
export function RateTable({ rows, dimension, filters, onDrill, caption }: TableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [sort, setSort] = useState<{ by: ReportSort; direction: 'asc' | 'desc' }>({ by: 'deals', direction: 'desc' });
  const sortBy = (by: ReportSort) => setSort((s) => ({ by, direction: s.by === by && s.direction === 'desc' ? 'asc' : by === 'label' ? 'asc' : 'desc' }));
  const labelOf = (key: string, label: string) => (dimension === 'quarter' ? quarterLabel(key, (q) => t('winLoss.quarter', q)) : label);
  const header = (by: ReportSort, text: string, align?: 'right') => (
    <Table.Th key={by} scope="col" ta={align} aria-sort={sort.by === by ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton className={classes.sortButton} onClick={() => sortBy(by)} aria-label={t('winLoss.reports.sortBy', { column: text })} data-testid={`report-sort-${by}`}>
        {text}
        {sort.by === by ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={640} type="native" attributes={SCROLLS_BY_KEYBOARD}>
      <Table striped highlightOnHover verticalSpacing={6} data-testid="report-table">
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {header('label', t(`winLoss.dimensions.${dimension}`))}
            {NUMBER_COLUMNS.map((c) => header(c, t(`winLoss.columns.${c}`), 'right'))}
            <Table.Th scope="col">{t('winLoss.columns.interval')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortRows(rows, sort.by, sort.direction).map((r) => {
            const label = labelOf(r.key, r.label);
            const drill = drillFilters(filters, dimension, r.key);
            return (
              <Table.Tr key={r.key} data-testid="report-row" data-key={r.key}>
                <Table.Th scope="row" fw={500}>
                  {drill ? (
                    <UnstyledButton className={classes.link} onClick={() => onDrill({ filters: drill, label })} aria-label={t('winLoss.reports.open', { label })} data-testid="report-open">
                      {label}
                    </UnstyledButton>
                  ) : (
                    label
                  )}
                </Table.Th>
                <Table.Td ta="right" className={classes.figure}>
                  {formatNumber(r.deals, lang)}
                </Table.Td>
                <Table.Td ta="right" className={classes.figure}>
                  {formatNumber(r.wins, lang)}
                </Table.Td>
                <Table.Td ta="right" className={classes.figure}>
                  {formatNumber(r.losses, lang)}
                </Table.Td>
                <Table.Td ta="right" className={classes.figure} data-testid="report-rate">
                  {formatShare(r.winRate, lang) ?? t('winLoss.noValue')}
                </Table.Td>
                <Table.Td>
                  <div className={classes.intervalCell}>
                    <Text size="xs" className={classes.figure}>
                      {r.low === null ? t('winLoss.noValue') : t('winLoss.reports.intervalBar', { low: formatShare(r.low, lang), high: formatShare(r.high, lang) })}
                    </Text>
                    <IntervalBar row={r} compact />
                  </div>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A win rate as a bar with its interval as a whisker, on a track from 0 to 100 %. */
export function IntervalBar({ row, compact }: { row: Pick<RateRow, 'winRate' | 'low' | 'high'>; compact?: boolean }) {
  if (row.winRate === null) return <div className={classes.track} data-compact={compact || undefined} aria-hidden />;
  const pct = (v: number | null) => `${Math.round((v ?? 0) * 1000) / 10}%`;
  return (
    <div className={classes.track} data-compact={compact || undefined} aria-hidden data-testid="interval-bar">
      <div className={classes.bar} style={{ width: pct(row.winRate) }} />
      <div className={classes.whisker} style={{ left: pct(row.low), width: `calc(${pct(row.high)} - ${pct(row.low)})` }} />
    </div>
  );
}
