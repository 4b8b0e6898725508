// The insights tab of a supported rival (part 3 §2.4, §4.6): the source type (the §4.6 default rule) and, when
// the rival has win/loss reasons, the insight type; strengths beside weaknesses (or win beside loss reasons, one
// column on phones) in a section that folds away; the aspect chart; the sources drawer named by ?insightId; and
// for curators, a card drafted from an insight.
import { Button, Group, SegmentedControl, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { InsightKind, InsightView, SourceType, SupportedRival } from '../../../contracts/insights.ts';
import { SOURCE_TYPES } from '../../../contracts/insights.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { RefreshIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { Section } from '../shared/Section.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { useInsights } from './api.ts';
import { InsightCard } from './InsightCard.tsx';
import { InsightDrawer } from './InsightDrawer.tsx';
import classes from './Insights.module.css';
import {
  aspectReviewsPath,
  effectiveSourceType,
  INSIGHT_COLUMNS,
  insightListType,
  parseInsightsView,
  reviewInsightCount,
  sourcesTypeOf,
  winLossInsightCount,
  withParam,
  type InsightListType,
} from './model.ts';
import { TrendDownIcon, TrendUpIcon } from './icons.tsx';
import '../i18n/areas/insights.ts';

// The chart library loads with the chart, after the insights; the card editor when a curator makes a card.
const AspectTrends = lazyComponent(() => import('./AspectTrends.tsx'), 'AspectTrends');
const CreateCardDialog = lazyComponent(() => import('./CreateCardDialog.tsx'), 'CreateCardDialog');

const FAVOURABLE: ReadonlySet<InsightKind> = new Set(['strengths', 'win_reasons']);
/** Insights a column shows before "show all": the strongest, so the chart below stays in reach. */
const COLUMN_SHOWN = 6;

type Props = { rival: SupportedRival; curator: boolean };

export function InsightsTab({ rival, curator }: Props) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = parseInsightsView(new URLSearchParams(search));
  const counts = rival.insights;
  const sourceType = effectiveSourceType(view.sourceType, counts);
  const listType = insightListType(view.insightType, sourceType);
  const defaultListType = insightListType(null, sourceType);
  const kinds = INSIGHT_COLUMNS[listType];
  const insights = useInsights(rival.id, kinds, sourceType);
  const [carding, setCarding] = useState<InsightView | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<InsightKind>>(new Set());
  const toggle = (kind: InsightKind) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(kind)) next.add(kind);
      return next;
    });
  const aspectHref = (aspectId: number) => aspectReviewsPath(rival.id, aspectId);
  const setParam = (name: string, value: string | number | null, defaultValue?: string) => navigate({ search: withParam(search, name, value, defaultValue) });

  const lists = insights.data?.insights;
  const all = kinds.flatMap((k) => lists?.[k] ?? []);
  const opened = view.insightId === null ? undefined : all.find((i) => i.id === view.insightId);
  const hasWinLoss = winLossInsightCount(counts) > 0;
  // Cards are drafted from review insights: their quotes and review links are what a card cites.
  const cardable = curator && listType === 'strengths_weaknesses';
  const hasReviews = reviewInsightCount(counts) > 0;

  const controls = (
    <Group gap="sm" wrap="wrap">
      {hasWinLoss && (
        <SegmentedControl
          size="xs"
          value={listType}
          onChange={(v) => setParam('insightType', v, defaultListType)}
          data={(['strengths_weaknesses', 'win_loss_reasons'] as InsightListType[]).map((v) => ({ value: v, label: t(`insights.types.${v}`) }))}
          aria-label={t('insights.types.label')}
          data-testid="insight-type"
        />
      )}
      {hasWinLoss && hasReviews && (
        // With insights of one kind of source only, the §4.6 rule leaves nothing to choose.
        <SegmentedControl
          size="xs"
          value={sourceType}
          onChange={(v) => setParam('sourceType', v, 'all')}
          data={SOURCE_TYPES.map((s: SourceType) => ({ value: s, label: t(`insights.sourceTypes.${s}`) }))}
          aria-label={t('insights.sourceTypes.label')}
          data-testid="source-type"
        />
      )}
    </Group>
  );

  let body;
  if (insights.isPending) {
    body = (
      <div className={classes.columns}>
        {[0, 1].map((c) => (
          <Stack key={c} gap="md">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={180} radius="md" />
            ))}
          </Stack>
        ))}
      </div>
    );
  } else if (insights.isError) {
    body = (
      <StatePanel kind="error" title={t('insights.errors.insightsTitle')} text={t('insights.errors.generic')} data-testid="insights-error">
        <Button leftSection={<RefreshIcon size={15} />} onClick={() => void insights.refetch()} loading={insights.isFetching}>
          {t('insights.retry')}
        </Button>
      </StatePanel>
    );
  } else if (all.length === 0) {
    body = <StatePanel kind="empty" title={t(`insights.empty.${listType}`)} text={t('insights.empty.insightsText')} data-testid="insights-empty" />;
  } else {
    body = (
      <div className={classes.columns}>
        {kinds.map((kind) => {
          const list = lists?.[kind] ?? [];
          const favourable = FAVOURABLE.has(kind);
          return (
            <Stack key={kind} gap="md" data-testid={`insights-${kind}`}>
              <Group gap="xs">
                <ThemeIcon size={26} radius="xl" variant="light" color={favourable ? 'teal' : 'red'}>
                  {favourable ? <TrendUpIcon size={15} /> : <TrendDownIcon size={15} />}
                </ThemeIcon>
                <Title order={3} fz="md">
                  {t(`insights.kinds.${kind}`)}
                </Title>
                <Text size="sm" c="dimmed">
                  {list.length}
                </Text>
              </Group>
              {list.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t(`insights.empty.${kind}`)}
                </Text>
              ) : (
                (expanded.has(kind) ? list : list.slice(0, COLUMN_SHOWN)).map((insight) => (
                  <InsightCard
                    key={insight.id}
                    insight={insight}
                    aspectHref={aspectHref}
                    onSources={() => setParam('insightId', insight.id)}
                    onCreateCard={cardable ? () => setCarding(insight) : undefined}
                  />
                ))
              )}
              {list.length > COLUMN_SHOWN && (
                <Button variant="subtle" size="sm" onClick={() => toggle(kind)} aria-expanded={expanded.has(kind)} data-testid="insights-show-all">
                  {expanded.has(kind) ? t('insights.showFewer') : t(`insights.showAll.${kind}`, { count: list.length })}
                </Button>
              )}
            </Stack>
          );
        })}
      </div>
    );
  }

  return (
    <Stack gap="xl" data-testid="insights-tab" data-source-type={sourceType}>
      <Section area="insights" id="strengths" title={t(`insights.sections.${listType}`)} aside={controls}>
        {body}
      </Section>
      <Section area="insights" id="aspects" title={t('insights.sections.aspects')}>
        <Suspense fallback={<Skeleton h={320} radius="md" />}>
          <AspectTrends rivalId={rival.id} aspectHref={aspectHref} />
        </Suspense>
      </Section>
      <InsightDrawer
        insightId={view.insightId}
        insight={opened}
        rivalId={rival.id}
        sourceType={sourcesTypeOf(listType, sourceType)}
        aspectHref={aspectHref}
        onClose={() => setParam('insightId', null)}
      />
      {carding && (
        <Suspense fallback={null}>
          <CreateCardDialog insight={carding} supportedRivalId={rival.id} onClose={() => setCarding(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
