// Every chart of the app in one frame (issue #51): a <figure> named by the chart's title and described by a summary
// of its figures (chartText.ts), said under the chart for everyone; the chart itself as one image with that name,
// with its key (SeriesMarks.tsx) below; and a "Show as table" / "Show as chart" button that puts the same figures in
// a table with column and row headers, formatted as the chart formats them. The chart modules load lazily with their
// screens, and this frame with them.
import { Box, Button, Group, Stack, Table, Text, Title, VisuallyHidden, type BoxProps } from '@mantine/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { formatNumber } from '../numbers.ts';
import { SCROLLS_BY_KEYBOARD } from '../scrollable.ts';
import { chartSummary, chartTable, type ChartData } from './chartText.ts';
import classes from './Charts.module.css';
import { SeriesKey, type KeyItem } from './SeriesMarks.tsx';
import '../../i18n/areas/charts.ts';

/** The table scrolls within this height rather than stretching the page. */
const TABLE_MAX_HEIGHT = 360;

type Props = BoxProps & {
  /** The chart's name: its heading, the figure's accessible name. */
  title: string;
  /** A heading of this level, or (by default) a line of bold text; `hidden` names the chart to assistive technology only. */
  heading?: 2 | 3 | 4;
  /** The title's font size: a theme size, or 'inherit' inside a card's text. */
  titleSize?: 'sm' | 'md' | 'inherit';
  hideTitle?: boolean;
  titleTestId?: string;
  /** Said under the title (a written summary of the chart's subject), and beside the switch (a link). */
  intro?: ReactNode;
  aside?: ReactNode;
  data: ChartData;
  /** How the chart writes its values; counts in the reader's language by default. */
  format?: (value: number) => string;
  /** The chart's key, drawn below it; none for a chart that names its series otherwise (a donut's legend). */
  keyItems?: KeyItem[];
  keyKind?: 'fill' | 'line';
  /** The chart, drawn while the figure shows the chart. */
  children: ReactNode;
  'data-testid'?: string;
};

export function ChartFigure({ title, heading, titleSize = 'sm', hideTitle, titleTestId, intro, aside, data, format, keyItems, keyKind = 'fill', children, ...box }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const id = useId();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const bodyId = `${id}-body`;
  const write = useMemo(() => format ?? ((v: number) => formatNumber(v, language)), [format, language]);
  const summary = useMemo(() => chartSummary(data, t, write), [data, t, write]);

  const titleText = heading ? (
    <Title order={heading} fz={titleSize} fw={650} id={titleId} data-testid={titleTestId}>
      {title}
    </Title>
  ) : (
    <Text fz={titleSize} fw={600} id={titleId} data-testid={titleTestId}>
      {title}
    </Text>
  );
  const table = view === 'table' && data.rows.length > 0;
  return (
    <Box component="figure" m={0} aria-labelledby={titleId} data-view={view} {...box}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" mb="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {hideTitle ? <VisuallyHidden>{titleText}</VisuallyHidden> : titleText}
          {intro}
        </Stack>
        <Group gap="xs" wrap="nowrap" className={classes.actions}>
          {aside}
          {/* A chart with no rows has no table to show: its summary says there is nothing. */}
          {data.rows.length > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setView(table ? 'chart' : 'table')}
              aria-controls={bodyId}
              aria-label={t(table ? 'charts.showChartOf' : 'charts.showTableOf', { title })}
              data-testid="chart-view-toggle"
            >
              {t(table ? 'charts.showChart' : 'charts.showTable')}
            </Button>
          )}
        </Group>
      </Group>
      <div id={bodyId}>
        {table ? (
          <FigureTable data={data} write={write} titleId={titleId} />
        ) : (
          <>
            <div role="img" aria-label={t('charts.image', { title })} aria-describedby={summaryId} data-testid="chart-image">
              {children}
            </div>
            {keyItems && keyItems.length > 0 && <SeriesKey items={keyItems} kind={keyKind} label={t('charts.key', { title })} />}
          </>
        )}
      </div>
      <Text component="figcaption" id={summaryId} size="xs" c="dimmed" mt={6} data-testid="chart-summary">
        {summary}
      </Text>
    </Box>
  );
}

function FigureTable({ data, write, titleId }: { data: ChartData; write: (v: number) => string; titleId: string }) {
  const { t } = useTranslation();
  const table = useMemo(() => chartTable(data, write, t('charts.total')), [data, write, t]);
  return (
    <Table.ScrollContainer minWidth={Math.min(560, 120 + table.head.length * 90)} maxHeight={TABLE_MAX_HEIGHT} attributes={SCROLLS_BY_KEYBOARD} type="native">
      <Table striped stickyHeader verticalSpacing={4} fz="sm" aria-labelledby={titleId} className={classes.table} data-testid="chart-table">
        <Table.Thead>
          <Table.Tr>
            {table.head.map((h, i) => (
              <Table.Th key={i} scope="col" ta={i === 0 ? undefined : 'right'}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, i) => (
            <Table.Tr key={i}>
              <Table.Th scope="row" fw={500}>
                {row.x}
              </Table.Th>
              {row.cells.map((cell, j) => (
                <Table.Td key={j} ta="right" className={classes.figure}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
