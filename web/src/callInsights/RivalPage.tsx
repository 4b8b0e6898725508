// A rival in the calls (/call-insights/rivals/{id}): its mentions and the objections among them per month (a line
// chart in the shared frame, the two series told apart by dash and key as well as colour), its latest objections, the
// reps who met it in most calls, and the passages that name it, latest first, 20 a page, objections only at a switch.
// A passage opens its call at that passage.
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MENTIONS_PAGE_SIZE, type MentionPassage, type RivalMentions } from '../../../contracts/calls.ts';
import { ArrowLeftIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { ChartFigure } from '../shared/charts/ChartFigure.tsx';
import { monthLabel } from '../shared/charts/chartText.ts';
import { CHART_COLORS, NEGATIVE_COLOR } from '../shared/charts/colors.ts';
import { seriesMark } from '../shared/charts/marks.ts';
import { shortDate } from '../shared/dates.ts';
import { formatNumber } from '../shared/numbers.ts';
import { Paging } from '../shared/Paging.tsx';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { useMentions } from './api.ts';
import { LoadError, MarkedText, ObjectionBadge, SideBadge, useRepName } from './CallBits.tsx';
import classes from './CallInsights.module.css';
import type { OpenCall } from './CallInsightsPage.tsx';
import { CALL_INSIGHTS_PATH, callsPath } from './model.ts';
import '../i18n/areas/callInsights.ts';

const CHART_HEIGHT = 240;
/** Objections listed beside the reps; the passages below list them all. */
const OBJECTIONS_SHOWN = 5;

export function RivalPage({ rivalId, onOpenCall }: { rivalId: number; onOpenCall: OpenCall }) {
  const { t } = useTranslation();
  const [objectionsOnly, setObjectionsOnly] = useState(false);
  const [page, setPage] = useState(1);
  // The figures and the chart come with any page; the first page of objections feeds the list beside the reps.
  const mentions = useMentions(rivalId, objectionsOnly, page);
  const objections = useMentions(rivalId, true, 1);
  const name = mentions.data?.rival.name ?? objections.data?.rival.name ?? '';
  useDocumentTitle(`${name ? `${name} · ` : ''}${t('callInsights.title')} · ${t('app.titleSuffix')}`);

  const back = (
    <Anchor component={Link} to={CALL_INSIGHTS_PATH} size="sm" className={classes.back} data-testid="rival-back">
      <ArrowLeftIcon size={14} aria-hidden />
      {t('callInsights.rival.back')}
    </Anchor>
  );
  if (mentions.isPending) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton h={400} radius="md" />
      </Stack>
    );
  }
  if (mentions.isError) {
    return (
      <Stack gap="md">
        {back}
        <LoadError error={mentions.error} onRetry={() => void mentions.refetch()} testId="rival-error" />
      </Stack>
    );
  }
  const data = mentions.data;
  const pages = Math.max(1, Math.ceil((objectionsOnly ? data.objections : data.total) / MENTIONS_PAGE_SIZE));
  return (
    <Stack gap="lg" data-testid="call-rival" data-rival-id={rivalId}>
      <Stack gap={4}>
        {back}
        <Title order={1} fz={{ base: 'h2', xs: 'h1' }} data-testid="rival-title">
          {t('callInsights.rival.title', { name: data.rival.name })}
        </Title>
        <Text c="dimmed" size="sm" data-testid="rival-figures">
          {t('callInsights.rival.figures', { mentions: data.total, objections: data.objections })}
        </Text>
      </Stack>
      <MonthsChart data={data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md" data-testid="rival-objections">
          <Title order={2} fz="md" mb="sm">
            {t('callInsights.rival.objections')}
          </Title>
          {objections.isError ? (
            <LoadError error={objections.error} onRetry={() => void objections.refetch()} testId="rival-objections-error" />
          ) : !objections.data ? (
            <Skeleton h={120} />
          ) : objections.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('callInsights.rival.noObjections')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" className={classes.plainList}>
              {objections.data.items.slice(0, OBJECTIONS_SHOWN).map((p) => (
                <li key={`${p.callId}-${p.seq}`} data-testid="rival-objection">
                  <Passage p={p} rival={data.rival} onOpenCall={onOpenCall} compact />
                </li>
              ))}
            </Stack>
          )}
        </Paper>
        <Reps data={data} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" data-testid="rival-passages">
        <Group justify="space-between" align="center" mb="sm" gap="sm">
          <Title order={2} fz="md">
            {t('callInsights.rival.passages')}
          </Title>
          <Switch
            label={t('callInsights.rival.objectionsOnly')}
            checked={objectionsOnly}
            onChange={(e) => {
              setObjectionsOnly(e.currentTarget.checked);
              setPage(1);
            }}
            data-testid="rival-objections-only"
          />
        </Group>
        {data.items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="rival-no-passages">
            {t(objectionsOnly ? 'callInsights.rival.noObjections' : 'callInsights.rival.noPassages')}
          </Text>
        ) : (
          <Stack gap="md" component="ol" className={classes.plainList} aria-busy={mentions.isPlaceholderData || undefined}>
            {data.items.map((p) => (
              <li key={`${p.callId}-${p.seq}`} data-testid="rival-passage">
                <Passage p={p} rival={data.rival} onOpenCall={onOpenCall} />
              </li>
            ))}
          </Stack>
        )}
        {pages > 1 && <Paging mt="md" total={pages} value={page} onChange={setPage} size="sm" data-testid="rival-paging" />}
      </Paper>
    </Stack>
  );
}

function MonthsChart({ data }: { data: RivalMentions }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const series = [
    { name: 'mentions', label: t('callInsights.columns.mentions'), color: CHART_COLORS[0], mark: seriesMark(0) },
    { name: 'objections', label: t('callInsights.columns.objections'), color: NEGATIVE_COLOR, mark: seriesMark(1) },
  ];
  const rows = useMemo(() => data.months.map((m) => ({ month: monthLabel(m.month, language), mentions: m.mentions, objections: m.objections })), [data.months, language]);
  const format = (v: number) => formatNumber(v, language);
  const text = {
    xLabel: t('callInsights.rival.month'),
    axis: 'time' as const,
    additive: false,
    series: series.map((s) => ({ key: s.name, label: s.label })),
    rows: rows.map((r) => ({ x: r.month, values: { mentions: r.mentions, objections: r.objections } })),
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="rival-chart">
      <ChartFigure
        title={t('callInsights.rival.chartTitle')}
        heading={2}
        titleSize="md"
        data={text}
        format={format}
        keyItems={rows.length ? series.map((s) => ({ label: s.label, color: s.color, mark: s.mark, testId: 'rival-chart-series' })) : undefined}
        keyKind="line"
      >
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('callInsights.rival.noPassages')}
          </Text>
        ) : (
          <LineChart
            h={CHART_HEIGHT}
            data={rows}
            dataKey="month"
            series={series.map((s) => ({ name: s.name, label: s.label, color: s.color, strokeDasharray: s.mark.dash }))}
            xAxisLabel={t('callInsights.rival.month')}
            valueFormatter={format}
            withDots={rows.length <= 24}
            curveType="linear"
            tickLine="none"
            gridAxis="y"
          />
        )}
      </ChartFigure>
    </Paper>
  );
}

function Reps({ data }: { data: RivalMentions }) {
  const { t, i18n } = useTranslation();
  const repName = useRepName();
  return (
    <Paper withBorder radius="md" p="md" data-testid="rival-reps">
      <Title order={2} fz="md" mb="sm" id="rival-reps-title">
        {t('callInsights.rival.reps')}
      </Title>
      {data.reps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('callInsights.rival.noReps')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={280} type="native" attributes={SCROLLS_BY_KEYBOARD}>
          <Table verticalSpacing={4} aria-labelledby="rival-reps-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('callInsights.columns.rep')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('callInsights.columns.calls')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('callInsights.columns.mentions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.reps.map((r, i) => (
                <Table.Tr key={r.userId ?? `name-${i}`} data-testid="rival-rep">
                  <Table.Th scope="row" fw={500}>
                    {r.userId !== null ? (
                      <Anchor component={Link} to={callsPath({ rivalId: data.rival.id, repId: r.userId })} size="sm" aria-label={t('callInsights.rival.repCalls', { name: repName(r) })}>
                        {repName(r)}
                      </Anchor>
                    ) : (
                      repName(r)
                    )}
                  </Table.Th>
                  <Table.Td ta="right" className={classes.figure}>
                    {formatNumber(r.calls, i18n.language)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.figure}>
                    {formatNumber(r.mentions, i18n.language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** A passage that names the rival: who said it, in which call and when; the whole passage opens the call there. */
function Passage({ p, rival, onOpenCall, compact }: { p: MentionPassage; rival: { id: number; name: string }; onOpenCall: OpenCall; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const repName = useRepName();
  const rivals = useMemo(() => [rival], [rival]);
  return (
    <UnstyledButton className={classes.passage} onClick={() => onOpenCall(p.callId, p.seq)} data-testid="passage-open" data-call-id={p.callId} data-seq={p.seq}>
      {/* Inside a button only phrasing content: spans laid out as blocks. */}
      <Group component="span" gap={6} mb={4} wrap="wrap">
        <SideBadge isRep={p.isRep} />
        {p.speaker && (
          <Text component="span" size="xs" fw={600}>
            {p.speaker}
          </Text>
        )}
        {p.objection && !compact && <ObjectionBadge />}
      </Group>
      <Text component="span" size="sm" className={classes.quote} lineClamp={compact ? 3 : undefined} data-testid="passage-text">
        <MarkedText text={p.text} rivals={rivals} />
      </Text>
      <Text component="span" size="xs" c="dimmed" mt={4} className={classes.block}>
        {t('callInsights.rival.passageOf', { title: p.title, date: shortDate(p.occurredAt, i18n.language), rep: repName(p.rep) })}
        <VisuallyHidden> {t('callInsights.rival.openPassage')}</VisuallyHidden>
      </Text>
    </UnstyledButton>
  );
}
