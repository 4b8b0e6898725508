// One lane of the board view: the board's name and count, then its cards in compact form, each with
// the sanitized card HTML (cardHtml.ts). The card title opens the single card viewer (?viewCard=id).
import { Alert, Anchor, Badge, Box, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { forwardRef, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AlertIcon } from '../brand/icons.tsx';
import { sanitizeCardHtml } from '../cards/cardHtml.ts';
import { withViewCard } from '../search/useSearchState.ts';
import type { LaneCard as LaneCardData } from './api.ts';

export const LANE_WIDTH = 320;
const CARD_BODY_MAX_HEIGHT = 200;

function LaneCard({ card, curator }: { card: LaneCardData; curator: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const html = useMemo(() => sanitizeCardHtml(card.textHtml), [card.textHtml]);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="lane-card" data-id={card.id} shadow="xs">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Anchor
            component={Link}
            to={withViewCard(pathname, search, card.id)}
            state={{ cardViewer: true }}
            fw={600}
            fz="sm"
            c="dark"
            aria-label={t('competitors.profile.openCard', { name: card.data.name })}
            data-testid="lane-card-title"
            style={{ overflowWrap: 'anywhere', flex: 1 }}
          >
            {card.data.name}
          </Anchor>
          {curator && card.isDraft && (
            <Badge size="xs" variant="outline" color="gray">
              {t('competitors.profile.draft')}
            </Badge>
          )}
        </Group>
        <Box
          fz="xs"
          c="gray.8"
          data-testid="lane-card-body"
          style={{
            maxHeight: CARD_BODY_MAX_HEIGHT,
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            maskImage: 'linear-gradient(to bottom, black 80%, transparent)',
          }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {card.tags.length > 0 && (
          <Group gap={4}>
            {card.tags.slice(0, 4).map((tag) => (
              <Badge key={tag.id} size="xs" variant="light" color="gray" tt="none" fw={500}>
                {tag.name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

type LaneProps = {
  board: { id: number; name: string; cardsCount: number };
  cards: LaneCardData[] | undefined;
  pending: boolean;
  failed: boolean;
  focused: boolean;
  curator: boolean;
};

export const Lane = forwardRef<HTMLDivElement, LaneProps>(function Lane({ board, cards, pending, failed, focused, curator }, ref) {
  const { t } = useTranslation();
  return (
    <Paper
      ref={ref}
      component="section"
      radius="md"
      p="sm"
      bg={focused ? 'indigo.0' : 'gray.0'}
      withBorder
      data-testid="lane"
      data-id={board.id}
      data-focused={focused ? 'true' : undefined}
      aria-label={board.name}
      style={{
        flex: `0 0 ${LANE_WIDTH}px`,
        width: LANE_WIDTH,
        borderColor: focused ? 'var(--mantine-color-indigo-5)' : undefined,
        boxShadow: focused ? '0 0 0 2px var(--mantine-color-indigo-3)' : undefined,
        transition: 'background-color 300ms, box-shadow 300ms',
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="md" lineClamp={1} data-testid="lane-title">
            {board.name}
          </Title>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            {t('competitors.profile.cardCount', { count: cards?.length ?? board.cardsCount })}
          </Text>
        </Group>
        <ScrollArea.Autosize mah="70vh" type="auto" offsetScrollbars>
          <Stack gap="sm">
            {pending ? (
              <>
                <Skeleton h={90} radius="md" />
                <Skeleton h={90} radius="md" />
              </>
            ) : failed ? (
              <Alert color="red" variant="light" icon={<AlertIcon />} p="xs">
                {t('competitors.profile.laneFailed')}
              </Alert>
            ) : !cards || cards.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('competitors.profile.noCards')}
              </Text>
            ) : (
              cards.map((c) => <LaneCard key={c.id} card={c} curator={curator} />)
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
});
