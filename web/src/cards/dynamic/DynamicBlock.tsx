// One dynamic data block on a card (part 2 §3, §4, §8): the formula's provider data for each of its
// companies as a table of facts, a monthly chart (titled, with axis units and a key naming each company beside
// its line's dash; in the shared frame of shared/charts/ChartFigure.tsx, with its summary and its table) or a list
// of articles; the empty-data notice (with
// Salesforce wording for CRM formulas) when the provider has nothing yet, the load-error text when the
// call fails, and a warning style for a block that is not configured correctly.
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Anchor, Box, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/react.tsx';
import type { FormulaBlock, ProviderAnswer } from '../../../../contracts/cards.ts';
import { api } from '../../api/client.ts';
import { AlertIcon } from '../../brand/icons.tsx';
import { numberFormat } from '../../shared/numbers.ts';
import classes from '../CardViewer.module.css';
import { ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import { CHART_COLORS } from '../../shared/charts/colors.ts';
import { monthLabel } from '../../shared/charts/chartText.ts';
import { seriesMark } from '../../shared/charts/marks.ts';
import { amountText, compactNumber, crmCondition, formatValue, formulaData, formulaView, isBlockValid, isEmptyData, monthTick, resolveCompanies, type CompanyRef, type FormulaView } from './formulas.ts';
import '../../i18n/areas/cardsAuthoring.ts';

/** Provider data changes daily at most. */
const PROVIDER_STALE_MS = 5 * 60_000;

function useProviderData(view: FormulaView | null, companies: CompanyRef[], condition: string | undefined) {
  return useQueries({
    queries: companies.map((c) => ({
      queryKey: ['providers', view?.provider, c, condition] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<ProviderAnswer>(`/api/providers/${view!.provider}.json`, { query: condition ? { ...c, condition } : c, signal }),
      enabled: !!view,
      staleTime: PROVIDER_STALE_MS,
      retry: 1,
    })),
  });
}

function Invalid({ formula }: { formula: FormulaBlock }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<AlertIcon />} my="xs" data-testid="dynamic-block-invalid" data-formula={formula.formulaKey}>
      {t('cardsAuthoring.dynamic.invalid', { formula: formula.originalFormula })}
    </Alert>
  );
}

export function DynamicBlock({ formula, rivalId }: { formula: FormulaBlock; rivalId: number | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const view = formulaView(formula.formulaKey);
  const companies = resolveCompanies(formula, rivalId);
  const answers = useProviderData(view, companies, crmCondition(formula));
  if (!view || !isBlockValid(formula) || companies.length === 0) return <Invalid formula={formula} />;

  const box = { my: 'xs', 'data-testid': 'dynamic-block', 'data-formula': formula.formulaKey } as const;
  if (answers.some((a) => a.isPending)) return <Skeleton {...box} h={48} aria-busy="true" />;
  if (answers.some((a) => a.isError))
    return (
      <Text {...box} size="sm" c="red.7" data-state="error">
        {t('cardsAuthoring.dynamic.loadError')}
      </Text>
    );

  const rows = answers.map((a) => ({ name: a.data!.rival.name, data: formulaData(view, a.data!.data) }));
  if (rows.every((r) => isEmptyData(r.data)))
    return (
      <Text {...box} size="sm" c="dimmed" fs="italic" data-state="empty">
        {t(view.salesforce ? 'cardsAuthoring.dynamic.emptySalesforce' : 'cardsAuthoring.dynamic.empty')}
      </Text>
    );

  const factKeys = (view.facts ?? []).filter((k) => rows.some((r) => r.data.facts.some(([f]) => f === k)));
  const value = (i: number, k: string) => {
    const hit = rows[i].data.facts.find(([f]) => f === k);
    return hit ? formatValue(k, hit[1], language) : '—';
  };
  const months = [...new Set(rows.flatMap((r) => r.data.series.map((p) => p.month)))].sort();
  const chart = months.map((month) => Object.fromEntries([['month', month], ...rows.map((r) => [r.name, r.data.series.find((p) => p.month === month)?.value ?? null])]));
  // Each company's line has its own dash as well as its colour; the key below the chart shows both beside its name.
  const series = rows.map((r, i) => ({ name: r.name, color: CHART_COLORS[i % CHART_COLORS.length], mark: seriesMark(i) }));

  return (
    <Stack {...box} gap="xs" data-state="data">
      {factKeys.length > 0 && (
        <Box className={classes.tableWrap}>
          <Table withTableBorder fz="inherit" data-testid="dynamic-block-facts">
            {rows.length > 1 && (
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {rows.map((r) => (
                    <Table.Th key={r.name}>{r.name}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
            )}
            <Table.Tbody>
              {factKeys.map((k) => (
                <Table.Tr key={k}>
                  <Table.Th fw={500}>{t(`cardsAuthoring.dynamic.fields.${k}`, { defaultValue: k })}</Table.Th>
                  {rows.map((r, i) => (
                    <Table.Td key={r.name}>{value(i, k)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {chart.length > 1 && view.series && (
        <ChartFigure
          title={t(`cardsAuthoring.dynamic.charts.${view.series.value}.title`)}
          titleSize="inherit"
          titleTestId="dynamic-block-chart-title"
          data={{
            xLabel: t('cardsAuthoring.dynamic.charts.month'),
            axis: 'time',
            // Visits and open postings are levels month by month, not counts that add up.
            additive: false,
            series: rows.map((r) => ({ key: r.name, label: r.name })),
            rows: chart.map((row) => ({ x: monthLabel(String(row.month), language), values: row as Record<string, number | null> })),
          }}
          format={(v) => numberFormat(language).format(v)}
          keyItems={series.map((s) => ({ label: s.name, color: s.color, mark: s.mark }))}
          keyKind="line"
          data-testid="dynamic-block-chart"
        >
          <LineChart
            h={200}
            data={chart}
            dataKey="month"
            series={series.map((s) => ({ name: s.name, color: s.color, strokeDasharray: s.mark.dash }))}
            xAxisLabel={t('cardsAuthoring.dynamic.charts.month')}
            yAxisLabel={t(`cardsAuthoring.dynamic.charts.${view.series.value}.unit`)}
            xAxisProps={{ tickFormatter: (m: string) => monthTick(m, language) }}
            yAxisProps={{ tickFormatter: (v: number) => compactNumber(v, language), width: 56 }}
            valueFormatter={(v) => numberFormat(language).format(v)}
            tooltipProps={{ labelFormatter: (m) => monthTick(String(m), language) }}
            curveType="monotone"
            withDots={false}
          />
        </ChartFigure>
      )}
      {rows.map(
        (r) =>
          r.data.opportunities.length > 0 && (
            <Box key={`${r.name}-opportunities`} className={classes.tableWrap}>
              <Table withTableBorder fz="inherit" data-testid="dynamic-block-opportunities">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('cardsAuthoring.dynamic.opportunities.name')}</Table.Th>
                    <Table.Th>{t('cardsAuthoring.dynamic.opportunities.account')}</Table.Th>
                    <Table.Th>{t('cardsAuthoring.dynamic.opportunities.stage')}</Table.Th>
                    <Table.Th>{t('cardsAuthoring.dynamic.opportunities.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.data.opportunities.map((o, i) => (
                    <Table.Tr key={`${o.name}${i}`}>
                      <Table.Td>{o.name}</Table.Td>
                      <Table.Td>{o.accountName ?? '—'}</Table.Td>
                      <Table.Td>{o.stage}</Table.Td>
                      <Table.Td>{o.amount === null ? '—' : amountText(o.amount, o.currency, language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          ),
      )}
      {rows.map((r) =>
        r.data.articles.map((a) => (
          <Text key={`${r.name}${a.url}`} size="sm" data-testid="dynamic-block-article">
            <Anchor href={a.url} target="_blank" rel="noopener noreferrer">
              {a.title}
            </Anchor>
            {a.source && (
              <Text span c="dimmed" size="xs">
                {' '}
                · {a.source}
              </Text>
            )}
          </Text>
        )),
      )}
    </Stack>
  );
}
