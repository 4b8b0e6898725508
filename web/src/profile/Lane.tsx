// One lane of the board view: the board's name and count, then its cards in compact form, each with a
// header (title, draft badge, action menu), the sanitized card HTML (cardHtml.ts), tags and a hover
// toolbar per role. The card title opens the single card viewer (?viewCard=id); curators add cards here.
import { ActionIcon, Alert, Anchor, Badge, Button, Checkbox, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useHover } from '@mantine/hooks';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../app/SessionContext.tsx';
import { AlertIcon, EditIcon, PlusIcon } from '../brand/icons.tsx';
import { FeedbackModal, SentimentButtons } from '../cards/CardFeedback.tsx';
import { CardMenu } from '../cards/CardMenu.tsx';
import { editCardHref, withViewCard } from '../cards/cardUrl.ts';
import { MessageIcon } from '../cards/icons.tsx';
import { consumerFeedback, previewGroupOf } from '../cards/model.ts';
import { CardText } from '../cards/dynamic/CardText.tsx';
import { useProfile, type LaneCard as LaneCardData } from './api.ts';

export const LANE_WIDTH = 320;
const CARD_BODY_MAX_HEIGHT = 200;

/** Selection of cards for the bulk edit panel; null outside bulk edit. */
export type LaneSelection = { selected: ReadonlySet<number>; toggle: (cardId: number) => void } | null;
type CardContext = { profileId: number; rivalId: number | null; curator: boolean; selection: LaneSelection };

/** The hover toolbar: quick edit for curators; sentiment and share-feedback for consumers (as the flags allow). */
function HoverToolbar({ card, ctx }: { card: LaneCardData; ctx: CardContext }) {
  const { t } = useTranslation();
  const { company } = useSession();
  const [feedback, setFeedback] = useState(false);
  const show = consumerFeedback(ctx.curator, company.companyData.flags, 'hover');
  if (ctx.curator) {
    return (
      <Tooltip label={t('cardsAuthoring.menu.edit')}>
        <ActionIcon component={Link} to={editCardHref(ctx.profileId, card.id)} variant="subtle" color="gray" size="sm" aria-label={t('cardsAuthoring.menu.edit')}>
          <EditIcon size={14} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <>
      {show.sentiment && <SentimentButtons cardId={card.id} size="sm" />}
      {show.feedback && (
        <Tooltip label={t('cardsAuthoring.feedback.open')}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('cardsAuthoring.feedback.open')} onClick={() => setFeedback(true)} data-testid="lane-card-feedback">
            <MessageIcon size={14} />
          </ActionIcon>
        </Tooltip>
      )}
      {feedback && <FeedbackModal cardId={card.id} cardName={card.data.name} onClose={() => setFeedback(false)} />}
    </>
  );
}

function LaneCard({ card, ctx }: { card: LaneCardData; ctx: CardContext }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { hovered, ref } = useHover();
  const [focused, setFocused] = useState(false);
  const selected = ctx.selection?.selected.has(card.id) ?? false;
  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p="sm"
      data-testid="lane-card"
      data-id={card.id}
      shadow="xs"
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setFocused(false)}
      style={selected ? { borderColor: 'var(--mantine-color-indigo-5)' } : undefined}
    >
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-start" data-testid="lane-card-header">
          {ctx.selection && (
            <Checkbox
              size="xs"
              mt={3}
              checked={selected}
              onChange={() => ctx.selection!.toggle(card.id)}
              aria-label={t('cardsAuthoring.bulk.select', { name: card.data.name })}
              data-testid="lane-card-select"
            />
          )}
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
          {ctx.curator && card.isDraft && (
            <Badge size="xs" variant="outline" color="gray" data-testid="lane-card-draft">
              {t('competitors.profile.draft')}
            </Badge>
          )}
          <CardMenu card={{ id: card.id, name: card.data.name, profileId: ctx.profileId }} />
        </Group>
        <CardText
          html={card.textHtml}
          rivalId={ctx.rivalId}
          fz="xs"
          c="gray.8"
          data-testid="lane-card-body"
          style={{
            maxHeight: CARD_BODY_MAX_HEIGHT,
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            maskImage: 'linear-gradient(to bottom, black 80%, transparent)',
          }}
        />
        {card.tags.length > 0 && (
          <Group gap={4}>
            {card.tags.slice(0, 4).map((tag) => (
              <Badge key={tag.id} size="xs" variant="light" color="gray" tt="none" fw={500} data-testid="lane-card-tag">
                {tag.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap={4} justify="flex-end" mih={22} data-testid="lane-card-toolbar" style={{ visibility: hovered || focused ? 'visible' : 'hidden' }}>
          <HoverToolbar card={card} ctx={ctx} />
        </Group>
      </Stack>
    </Paper>
  );
}

type LaneProps = {
  board: { id: number; name: string; cardsCount: number };
  profileId: number;
  selection: LaneSelection;
  onNewCard: (boardId: number) => void;
  cards: LaneCardData[] | undefined;
  pending: boolean;
  failed: boolean;
  focused: boolean;
  curator: boolean;
};

export const Lane = forwardRef<HTMLDivElement, LaneProps>(function Lane({ board, profileId, selection, onNewCard, cards, pending, failed, focused, curator }, ref) {
  const { t } = useTranslation();
  // The profile page holds this query already; dynamic blocks need the profile's rival.
  const rivalId = useProfile(profileId, previewGroupOf(useLocation().search)).data?.rivalId ?? null;
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
              cards.map((c) => <LaneCard key={c.id} card={c} ctx={{ profileId, rivalId, curator, selection }} />)
            )}
          </Stack>
        </ScrollArea.Autosize>
        {curator && (
          <Button variant="subtle" size="xs" leftSection={<PlusIcon size={14} />} onClick={() => onNewCard(board.id)} data-testid="lane-new-card">
            {t('cardsAuthoring.editor.newCard')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
});
