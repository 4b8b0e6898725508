// One lane of the board view: the board's name and count, then its cards in compact form, each with a
// header (title, draft badge, action menu), the sanitized card HTML (cardHtml.ts), tags and a hover
// toolbar per role. The card title opens the single card viewer (?viewCard=id); curators add cards here.
// When the board is editable (curators, not previewing) lanes and cards are sortable (dnd-kit) by a
// visible handle, which also takes the keyboard; the lane has a menu to rename or delete it. A lane is
// as tall as its cards: the page scrolls the whole board, no lane scrolls on its own.
import { ActionIcon, Alert, Anchor, Badge, Button, Checkbox, Group, Menu, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useSortable, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useHover, useMergedRef } from '@mantine/hooks';
import { forwardRef, useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useLocation } from 'react-router';
import { useSession } from '../core/SessionContext.tsx';
import { AlertIcon, EditIcon, GripIcon, PlusIcon, TrashIcon } from '../brand/icons.tsx';
import { FeedbackModal, SentimentButtons } from '../cards/CardFeedback.tsx';
import { CardMenu } from '../cards/CardMenu.tsx';
import { editCardHref, withViewCard } from '../cards/cardUrl.ts';
import { DotsIcon, MessageIcon } from '../cards/icons.tsx';
import { consumerFeedback, previewGroupOf } from '../cards/model.ts';
import { CardText } from '../cards/dynamic/CardText.tsx';
import { useProfile, type LaneCard as LaneCardData } from './api.ts';
import classes from './Board.module.css';
import { dndId } from './dnd.ts';
import { openCardState } from '../usage/cardSource.ts';
import '../i18n/areas/profileEditing.ts';
import '../i18n/areas/cardsAuthoring.ts';

/** A lane's width on a wide screen (Board.module.css takes it as --lane-width; phones use the screen's). */
export const LANE_WIDTH = 320;
const CARD_BODY_MAX_HEIGHT = 200;

/** Selection of cards for the bulk edit panel; null outside bulk edit. */
export type LaneSelection = { selected: ReadonlySet<number>; toggle: (cardId: number) => void } | null;
/** What is being dragged on the board, if anything: cards stay put while a lane moves. */
export type Dragging = 'card' | 'lane' | null;
/** `sortable`: the card has a drag handle; `frozen`: it does not move for now (a lane is being dragged). */
type CardContext = { profileId: number; rivalId: number | null; curator: boolean; selection: LaneSelection; sortable: boolean; frozen: boolean };

/** The drag handle of a card or lane: a real button, so the keyboard sensor can take it. */
function DragHandle({ label, handle }: { label: string; handle: ReturnType<typeof useSortable> }) {
  return (
    <ActionIcon
      ref={handle.setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={label}
      {...handle.attributes}
      {...handle.listeners}
      style={{ cursor: handle.isDragging ? 'grabbing' : 'grab', touchAction: 'none', flex: 'none' }}
      data-testid="drag-handle"
    >
      <GripIcon size={14} />
    </ActionIcon>
  );
}

/** Where a sortable item is drawn while others move; the item being dragged stays as a faint placeholder. */
const sortableStyle = (handle: ReturnType<typeof useSortable>): CSSProperties => ({
  transform: CSS.Translate.toString(handle.transform),
  ...(handle.transition ? { transition: handle.transition } : {}),
  ...(handle.isDragging ? { opacity: 0.35 } : {}),
});

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
  const { hovered, ref: hoverRef } = useHover();
  const sortable = useSortable({ id: dndId({ type: 'card', id: card.id }), disabled: !ctx.sortable || ctx.frozen });
  const ref = useMergedRef(hoverRef, sortable.setNodeRef);
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
      style={{ ...sortableStyle(sortable), ...(selected ? { borderColor: 'var(--mantine-color-indigo-5)' } : {}) }}
    >
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-start" data-testid="lane-card-header">
          {ctx.sortable && <DragHandle label={t('profileEditing.dnd.dragCard', { name: card.data.name })} handle={sortable} />}
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
            state={openCardState('board')}
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
          <CardMenu card={{ id: card.id, name: card.data.name, profileId: ctx.profileId }} openFrom="board" />
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

/** The lane's menu for curators: rename, delete. */
function LaneMenu({ name, onRename, onDelete }: { name: string; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('profileEditing.lanes.menu', { name })} data-testid="lane-menu">
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<EditIcon size={14} />} onClick={onRename} data-testid="lane-menu-rename">
          {t('profileEditing.lanes.rename')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<TrashIcon size={14} />} onClick={onDelete} data-testid="lane-menu-delete">
          {t('profileEditing.lanes.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A lane's frame: the board view's lane and the picture of a lane being dragged. */
type LaneFrameProps = { children: ReactNode; ref?: Ref<HTMLDivElement>; focused?: boolean; style?: CSSProperties; 'aria-label'?: string } & {
  [data: `data-${string}`]: string | number | undefined;
};

function LaneFrame({ children, ref, focused = false, style, ...rest }: LaneFrameProps) {
  return (
    <Paper
      ref={ref}
      component="section"
      radius="md"
      p="sm"
      bg={focused ? 'indigo.0' : 'gray.0'}
      withBorder
      className={classes.lane}
      {...rest}
      style={{
        borderColor: focused ? 'var(--mantine-color-indigo-5)' : undefined,
        boxShadow: focused ? '0 0 0 2px var(--mantine-color-indigo-3)' : undefined,
        transition: 'background-color 300ms, box-shadow 300ms',
        ...style,
      }}
    >
      {children}
    </Paper>
  );
}

function LaneCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" style={{ flex: 'none' }} data-testid="lane-count">
      {t('competitors.profile.cardCount', { count })}
    </Text>
  );
}

/** What follows the pointer while a card is dragged. */
export function CardDragPreview({ name }: { name: string }) {
  return (
    <Paper withBorder radius="md" p="sm" shadow="lg" w={LANE_WIDTH - 26} style={{ cursor: 'grabbing' }}>
      <Group gap={6} wrap="nowrap">
        <GripIcon size={14} />
        <Text fw={600} fz="sm" lineClamp={2}>
          {name}
        </Text>
      </Group>
    </Paper>
  );
}

/** What follows the pointer while a lane is dragged. */
export function LaneDragPreview({ name, count }: { name: string; count: number }) {
  return (
    <LaneFrame style={{ boxShadow: 'var(--mantine-shadow-lg)', cursor: 'grabbing' }}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <GripIcon size={14} />
          <Title order={3} fz="md" lineClamp={1}>
            {name}
          </Title>
        </Group>
        <LaneCount count={count} />
      </Group>
    </LaneFrame>
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
  /** Curators editing (not previewing): lanes and cards sort, and the lane menu shows. */
  editable: boolean;
  dragging: Dragging;
  onRename: () => void;
  onDelete: () => void;
};

export const Lane = forwardRef<HTMLDivElement, LaneProps>(function Lane(props, ref) {
  const { board, profileId, selection, onNewCard, cards, pending, failed, focused, curator, editable, dragging } = props;
  const { t } = useTranslation();
  // The profile page holds this query already; dynamic blocks need the profile's rival.
  const rivalId = useProfile(profileId, previewGroupOf(useLocation().search)).data?.rivalId ?? null;
  const sortable = useSortable({ id: dndId({ type: 'lane', id: board.id }), disabled: !editable });
  const laneRef = useMergedRef(ref, sortable.setNodeRef);
  const ctx: CardContext = { profileId, rivalId, curator, selection, sortable: editable, frozen: dragging === 'lane' };
  return (
    <LaneFrame
      ref={laneRef}
      focused={focused}
      data-testid="lane"
      data-id={board.id}
      data-focused={focused ? 'true' : undefined}
      aria-label={board.name}
      style={sortableStyle(sortable)}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            {editable && <DragHandle label={t('profileEditing.dnd.dragLane', { name: board.name })} handle={sortable} />}
            <Title order={3} fz="md" lineClamp={1} data-testid="lane-title">
              {board.name}
            </Title>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            <LaneCount count={cards?.length ?? board.cardsCount} />
            {editable && <LaneMenu name={board.name} onRename={props.onRename} onDelete={props.onDelete} />}
          </Group>
        </Group>
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
          ) : (
            <SortableContext items={(cards ?? []).map((c) => dndId({ type: 'card', id: c.id }))} strategy={verticalListSortingStrategy}>
              {!cards || cards.length === 0 ? (
                <Text size="sm" c="dimmed" py={editable ? 'md' : undefined} ta={editable ? 'center' : undefined} data-testid="lane-empty">
                  {t('competitors.profile.noCards')}
                </Text>
              ) : (
                cards.map((c) => <LaneCard key={c.id} card={c} ctx={ctx} />)
              )}
            </SortableContext>
          )}
        </Stack>
        {curator && (
          <Button variant="subtle" size="xs" leftSection={<PlusIcon size={14} />} onClick={() => onNewCard(board.id)} data-testid="lane-new-card">
            {t('cardsAuthoring.editor.newCard')}
          </Button>
        )}
      </Stack>
    </LaneFrame>
  );
});
