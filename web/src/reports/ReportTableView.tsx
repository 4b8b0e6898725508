// One table of a report (contracts/reports.ts ReportTable): its columns formatted as they say, cells linking where
// the server says (a user's or a rival's drill-down, "write a card for this"), "Export CSV" of the whole table, the
// table's own empty text, and "Showing N of total" when only the top rows are on screen. Wide tables scroll sideways.
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { Link } from 'react-router';
import type { ReportColumn, ReportRow, ReportTable } from '../../../contracts/reports.ts';
import { useTranslation } from '../i18n/react.tsx';
import { changeTone, formatNumber, formatValue, isNumericFormat } from './format.ts';
import { DownloadIcon } from './icons.tsx';
import classes from './Reports.module.css';
import { withReportState, type ReportUrlState } from './urlState.ts';
import '../i18n/areas/reports.ts';

type Props = { table: ReportTable; csvHref: string; state: ReportUrlState; /** Where the whole table is listed, if anywhere. */ allHref?: string | null };

/** A table wider than this scrolls sideways rather than squeezing its columns. */
const minWidthOf = (columns: ReportColumn[]) => Math.max(480, columns.length * 105);

export function ReportTableView({ table, csvHref, state, allHref }: Props) {
  const { t, i18n } = useTranslation();
  const shown = table.rows.length;
  return (
    <Paper withBorder radius="md" className={classes.panel} data-testid="report-table" data-key={table.key}>
      <Group justify="space-between" align="flex-start" gap="sm" p="md" pb="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} fz="sm" fw={650}>
            {table.title}
          </Title>
          {table.description && (
            <Text size="xs" c="dimmed">
              {table.description}
            </Text>
          )}
        </Stack>
        <Button
          component="a"
          href={csvHref}
          download
          variant="default"
          size="xs"
          leftSection={<DownloadIcon size={14} />}
          aria-label={t('reports.tables.exportLabel', { title: table.title })}
          className={classes.export}
          data-testid="report-table-export"
        >
          {t('reports.tables.export')}
        </Button>
      </Group>
      {shown === 0 ? (
        <Text size="sm" c="dimmed" ta="center" px="md" py="xl" className={classes.tableEmpty} data-testid="report-table-empty">
          {table.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidthOf(table.columns)} attributes={SCROLLS_BY_KEYBOARD} type="native">
          <Table striped highlightOnHover verticalSpacing={8} horizontalSpacing="md" className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((c) => (
                  <Table.Th key={c.key} ta={isNumericFormat(c.format) ? 'right' : undefined} scope="col">
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, i) => (
                <Table.Tr key={i} data-testid="report-table-row">
                  {table.columns.map((c) => (
                    <Table.Td key={c.key} ta={isNumericFormat(c.format) ? 'right' : undefined} className={cellClass(c)}>
                      <Cell row={row} column={c} state={state} language={i18n.language} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {shown > 0 && (
        <Group justify="space-between" gap="xs" px="md" py={8} className={classes.tableFoot}>
          <Text size="xs" c="dimmed" data-testid="report-table-count">
            {shown < table.total
              ? t('reports.tables.showing', { shown: formatNumber(shown, i18n.language), total: formatNumber(table.total, i18n.language) })
              : t('reports.tables.showingAll', { count: table.total })}
          </Text>
          {allHref && shown < table.total && (
            <Anchor component={Link} to={allHref} size="xs" fw={600} data-testid="report-table-all">
              {t('reports.tables.all', { count: table.total })}
            </Anchor>
          )}
        </Group>
      )}
    </Paper>
  );
}

/** Figures and days stay on one line, as does an action column (no label); names and queries wrap within bounds. */
const cellClass = (c: ReportColumn) => (isNumericFormat(c.format) ? classes.figure : c.format === 'date' || !c.label ? classes.nowrap : classes.textCell);

function Cell({ row, column, state, language }: { row: ReportRow; column: ReportColumn; state: ReportUrlState; language: string }) {
  const value = row.cells[column.key];
  // An action column (no label) shows nothing where a row has no action.
  const text = !column.label && (value === null || value === undefined) ? '' : formatValue(value, column.format, language);
  const link = row.links?.[column.key];
  const tone = column.format === 'change' ? changeTone(value) : null;
  const content = tone ? (
    <Text span size="sm" fw={500} c={tone === 'up' ? 'teal.9' : tone === 'down' ? 'red.9' : 'dimmed'}>
      {text}
    </Text>
  ) : (
    text
  );
  if (!link) return content;
  // Links of the app open in place; the server never sends another site's, but one would open in a new tab.
  return link.startsWith('/') && !link.startsWith('//') ? (
    <Anchor component={Link} to={withReportState(link, state)} size="sm" fw={500} data-testid="report-table-link">
      {content}
    </Anchor>
  ) : (
    <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" fw={500}>
      {content}
    </Anchor>
  );
}
