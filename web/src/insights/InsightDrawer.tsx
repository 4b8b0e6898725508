// The insight detail drawer (part 3 §2.4): the insight's title and summary, then the reviews or, for a win/loss
// insight, the deals it was generated from, 25 a page. A failed sources call hides the list (§8).
import { Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Paging } from '../shared/Paging.tsx';
import { useState } from 'react';
import type { InsightView, SourceType } from '../../../contracts/insights.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useInsightSources } from './api.ts';
import { CitedText } from './CitedText.tsx';
import { DealSourceCard } from './DealSourceCard.tsx';
import { useHeldWhileClosing } from '../shared/useHeldWhileClosing.ts';
import { usePhone } from '../shared/usePhone.ts';
import { ReviewCard, usePinReview } from './ReviewCard.tsx';
import '../i18n/areas/insights.ts';

type Props = {
  insightId: number | null;
  /** The insight when the list shown has it (a link may name one of another source type). */
  insight: InsightView | undefined;
  rivalId: number;
  sourceType: SourceType;
  aspectHref: (aspectId: number) => string;
  onClose: () => void;
};

export function InsightDrawer({ insightId, insight: current, rivalId, sourceType, aspectHref, onClose }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  const shownId = useHeldWhileClosing(insightId);
  const held = useHeldWhileClosing(current ?? null);
  const insight = held?.id === shownId ? held : undefined;
  return (
    <Drawer
      opened={insightId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 640}
      title={
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {insight ? t(`insights.kinds.${insight.type}`) : t('insights.drawer.title')}
        </Text>
      }
      data-testid="insight-drawer"
    >
      {/* A new insight starts on its first page of sources. */}
      {shownId !== null && <DrawerBody key={shownId} insightId={shownId} insight={insight} rivalId={rivalId} sourceType={sourceType} aspectHref={aspectHref} />}
    </Drawer>
  );
}

function DrawerBody({ insightId, insight, rivalId, sourceType, aspectHref }: Omit<Props, 'onClose'> & { insightId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const sources = useInsightSources(insightId, rivalId, sourceType, page);
  const onPin = usePinReview();
  const data = sources.data;
  return (
    <Stack gap="md" data-testid="insight-drawer-body">
      {insight && (
        <Stack gap={6}>
          <Title order={2} fz="h3" data-testid="insight-drawer-title">
            {insight.title}
          </Title>
          <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-line' }}>
            <CitedText text={insight.summary} quotes={insight.quotes} />
          </Text>
        </Stack>
      )}
      {sources.isError ? null : sources.isPending ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={120} radius="md" />
          ))}
        </Stack>
      ) : (
        data && (
          <Stack gap="sm" data-testid="insight-sources-list" style={{ opacity: sources.isPlaceholderData ? 0.6 : 1 }}>
            <Group justify="space-between">
              <Title order={3} fz="sm">
                {t('insights.drawer.sources', { count: data.pagination.total })}
              </Title>
            </Group>
            {data.sources.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('insights.drawer.none')}
              </Text>
            ) : (
              data.sources.map((source) =>
                source.type === 'deal' ? (
                  <DealSourceCard key={`deal-${source.id}`} deal={source} />
                ) : (
                  <ReviewCard key={source.id} review={source} onPin={onPin} aspectHref={aspectHref} />
                ),
              )
            )}
            {data.pagination.total_pages > 1 && (
              <Paging
                total={data.pagination.total_pages}
                value={data.pagination.current_page}
                onChange={setPage}
                size="sm"
                withEdges
                getControlProps={(control) => ({ 'aria-label': t(`insights.pagination.${control}`) })}
                data-testid="insight-sources-pagination"
              />
            )}
          </Stack>
        )
      )}
    </Stack>
  );
}
