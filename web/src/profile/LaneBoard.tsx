// The lanes of a profile's board view in one drag-and-drop context (dnd-kit). Curators (not previewing)
// drag a card within its lane or into another at a position, and drag lanes sideways; by mouse or touch
// after a few pixels (so a click on a card title still opens it) or by keyboard on a handle (space,
// arrows, space; escape cancels), with screen-reader announcements. While a card is dragged the board
// shows the order as it would be (dnd.ts); on drop one request saves it, shown at once and put back
// with a toast if the server refuses (api.ts). Lanes are renamed and deleted from their menus here.
// The lanes scroll sideways as one board (the page scrolls them up and down together), with fade edges
// and the lane navigator (LaneNav.tsx) saying that more lanes wait off screen; phones swipe lane by lane.
import { Box, Paper, Text, UnstyledButton } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  getFirstCollision,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { PlusIcon } from '../brand/icons.tsx';
import { toastError } from '../shared/toast.ts';
import { useMoveCard, useRearrangeLanes, type LaneCard, type ProfileData } from './api.ts';
import classes from './Board.module.css';
import { cardMove, dndId, dropCard, moveItem, parseDndId, positionOf, type DndItem, type LaneOrder } from './dnd.ts';
import { CardDragPreview, Lane, LANE_WIDTH, LaneDragPreview, type Dragging, type LaneSelection } from './Lane.tsx';
import { DeleteLaneDialog, LaneNameDialog } from './LaneDialogs.tsx';
import { LaneNav, useLaneView } from './LaneNav.tsx';
import '../i18n/areas/profileEditing.ts';

type Board = ProfileData['boards'][number];
type LaneQuery = { data?: LaneCard[]; isPending: boolean; isError: boolean };
type Drag = { item: DndItem; start: LaneOrder; order: LaneOrder; lanes: number[] };

/** Pixels a pointer moves before a drag starts: less is a click. */
const ACTIVATION_DISTANCE = 6;

type Props = {
  profileId: number;
  boards: Board[];
  /** Each board's cards, in the order of `boards`. */
  lanes: LaneQuery[];
  curator: boolean;
  editable: boolean;
  selection: LaneSelection;
  focus: number | null;
  laneRefs: RefObject<Map<number, HTMLDivElement>>;
  onNewCard: (boardId: number) => void;
  onAddLane: () => void;
};

export function LaneBoard({ profileId, boards, lanes, curator, editable, selection, focus, laneRefs, onNewCard, onAddLane }: Props) {
  const { t } = useTranslation();
  const moveCard = useMoveCard();
  const rearrange = useRearrangeLanes(profileId);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'delete'; board: Board } | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: ACTIVATION_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const boardById = new Map(boards.map((b) => [b.id, b]));
  const queryOf = new Map(boards.map((b, i) => [b.id, lanes[i]]));
  const cardById = new Map(lanes.flatMap((l) => l?.data ?? []).map((c) => [c.id, c]));
  const loaded: LaneOrder = Object.fromEntries(boards.flatMap((b, i) => (lanes[i]?.data ? [[b.id, lanes[i].data!.map((c) => c.id)]] : [])));
  const order = drag?.order ?? loaded;
  const laneIds = drag?.lanes ?? boards.map((b) => b.id);
  const { view, showLane, page } = useLaneView(boardRef, laneRefs, laneIds);

  // Read by dnd-kit's callbacks, which outlive a render; onDragEnd sets the final order for its announcement.
  const live = useRef({ order, lanes: laneIds });
  live.current = { order, lanes: laneIds };
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const justMoved = useRef(false);
  /** Whether the dragged item has left its own place yet: until then "over itself" is not news. */
  const hasMoved = useRef(false);
  useEffect(() => {
    // A card that just changed lanes changes the layout under the pointer: hold the target for a frame.
    const frame = requestAnimationFrame(() => (justMoved.current = false));
    return () => cancelAnimationFrame(frame);
  }, [drag?.order]);

  const collisionDetection: CollisionDetection = (args) => {
    const active = parseDndId(args.active.id);
    const of = (keep: (item: DndItem) => boolean) => args.droppableContainers.filter((c) => {
      const item = parseDndId(c.id);
      return item !== null && keep(item);
    });
    if (active?.type === 'lane') return closestCenter({ ...args, droppableContainers: of((i) => i.type === 'lane') });
    const current = live.current.order;
    // Cards, and lanes whose cards are loaded (an empty lane takes a card through its own frame).
    const targets = of((i) => i.type === 'card' || current[i.id] !== undefined);
    const within = pointerWithin({ ...args, droppableContainers: targets });
    let overId = getFirstCollision(within.length ? within : rectIntersection({ ...args, droppableContainers: targets }), 'id');
    if (overId === null) {
      if (justMoved.current) lastOver.current = args.active.id;
      return lastOver.current === null ? [] : [{ id: lastOver.current }];
    }
    const over = parseDndId(overId);
    if (over?.type === 'lane' && current[over.id].length) {
      const inLane = of((i) => i.type === 'card' && current[over.id].includes(i.id));
      overId = closestCenter({ ...args, droppableContainers: inLane })[0]?.id ?? overId;
    }
    lastOver.current = overId;
    return [{ id: overId }];
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const item = parseDndId(active.id);
    if (item) setDrag({ item, start: loaded, order: loaded, lanes: boards.map((b) => b.id) });
  };

  // A card crossing into another lane joins it at once, so the lane opens a gap where it would land.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    const item = parseDndId(active.id);
    const target = parseDndId(over?.id);
    if (item?.type !== 'card' || !target || !over) return;
    const translated = active.rect.current.translated;
    const below = target.type === 'card' && translated !== null && translated.top > over.rect.top + over.rect.height / 2;
    setDrag((d) => {
      if (!d) return d;
      const next = dropCard(d.order, item.id, target, below);
      const crossed = next !== null && positionOf(next, item.id)?.lane !== positionOf(d.order, item.id)?.lane;
      if (!crossed) return d;
      justMoved.current = true;
      return { ...d, order: next };
    });
  };

  const onDragEnd = ({ over }: DragEndEvent) => {
    const d = drag;
    setDrag(null);
    const target = parseDndId(over?.id);
    if (!d || !target) return;
    if (d.item.type === 'lane') {
      const from = d.lanes.indexOf(d.item.id);
      const to = target.type === 'lane' ? d.lanes.indexOf(target.id) : -1;
      if (to < 0 || from === to) return;
      const next = moveItem(d.lanes, from, to);
      live.current = { order: d.order, lanes: next };
      rearrange.mutate(next, { onError: (err) => toastError(t('profileEditing.dnd.errors.lane'), err) });
      return;
    }
    const final = dropCard(d.order, d.item.id, target) ?? d.order;
    live.current = { order: final, lanes: d.lanes };
    const change = cardMove(d.start, final, d.item.id);
    if (change) moveCard.mutate(change, { onError: (err) => toastError(t('profileEditing.dnd.errors.card'), err) });
  };

  const cardName = (id: number) => cardById.get(id)?.data.name ?? '';
  const laneName = (id: number) => boardById.get(id)?.name ?? '';
  /** Where the dragged item is, or would be over `overId`, in words. */
  const place = (activeId: UniqueIdentifier, overId: UniqueIdentifier | null, key: 'picked' | 'over' | 'dropped') => {
    const item = parseDndId(activeId);
    const target = parseDndId(overId);
    if (!item) return undefined;
    const { order: now, lanes: laneList } = live.current;
    if (item.type === 'lane') {
      const at = target?.type === 'lane' && key === 'over' ? laneList.indexOf(target.id) : laneList.indexOf(item.id);
      return t(`profileEditing.dnd.${key}Lane`, { name: laneName(item.id), position: at + 1, count: laneList.length });
    }
    const spot = positionOf((key === 'over' && target && dropCard(now, item.id, target)) || now, item.id);
    if (!spot) return undefined;
    return t(`profileEditing.dnd.${key}Card`, { name: cardName(item.id), position: spot.position, count: spot.count, lane: laneName(spot.lane) });
  };
  const cancelled = (activeId: UniqueIdentifier) => {
    const item = parseDndId(activeId);
    if (!item) return undefined;
    return t(`profileEditing.dnd.cancelled${item.type === 'card' ? 'Card' : 'Lane'}`, { name: item.type === 'card' ? cardName(item.id) : laneName(item.id) });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      hasMoved.current = false;
      return place(active.id, null, 'picked');
    },
    onDragOver: ({ active, over }) => {
      if (!over || (over.id === active.id && !hasMoved.current)) return undefined;
      hasMoved.current = true;
      return place(active.id, over.id, 'over');
    },
    onDragEnd: ({ active, over }) => (over ? place(active.id, over.id, 'dropped') : cancelled(active.id)),
    onDragCancel: ({ active }) => cancelled(active.id),
  };

  const dragging: Dragging = drag?.item.type ?? null;
  const others = (id: number) => boards.filter((b) => b.id !== id);

  return (
    <Box style={{ '--lane-width': `${LANE_WIDTH}px` } as CSSProperties}>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDrag(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('profileEditing.dnd.instructions') } }}
      >
        {(view.canLeft || view.canRight) && <LaneNav lanes={laneIds.map((id) => ({ id, name: laneName(id) }))} view={view} onShow={showLane} onPage={page} />}
        <SortableContext items={laneIds.map((id) => dndId({ type: 'lane', id }))} strategy={horizontalListSortingStrategy}>
          <Box className={classes.frame} data-more-left={view.canLeft || undefined} data-more-right={view.canRight || undefined}>
            <Box
              ref={boardRef}
              role="region"
              aria-label={t('competitors.profile.lanes')}
              className={classes.board}
              data-dragging={drag ? '' : undefined}
              data-testid="lanes"
            >
              {laneIds.map((id) => {
                const board = boardById.get(id)!;
                const query = queryOf.get(id);
                const ids = order[id];
                return (
                  <Lane
                    key={id}
                    ref={(el) => {
                      if (el) laneRefs.current.set(id, el);
                      else laneRefs.current.delete(id);
                    }}
                    board={board}
                    profileId={profileId}
                    selection={selection}
                    onNewCard={onNewCard}
                    cards={ids?.flatMap((c) => (cardById.has(c) ? [cardById.get(c)!] : []))}
                    pending={query?.isPending ?? true}
                    failed={query?.isError ?? false}
                    focused={focus === id}
                    curator={curator}
                    editable={editable}
                    dragging={dragging}
                    onRename={() => setDialog({ kind: 'rename', board })}
                    onDelete={() => setDialog({ kind: 'delete', board })}
                  />
                );
              })}
              {editable && (
                <UnstyledButton onClick={onAddLane} data-testid="lane-add" className={classes.lane}>
                  <Paper radius="md" p="md" withBorder style={{ borderStyle: 'dashed', textAlign: 'center' }} c="dimmed">
                    <Text size="sm" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                      <PlusIcon size={14} />
                      {t('profileEditing.lanes.add')}
                    </Text>
                  </Paper>
                </UnstyledButton>
              )}
            </Box>
          </Box>
        </SortableContext>
        <DragOverlay>
          {drag?.item.type === 'card' && <CardDragPreview name={cardName(drag.item.id)} />}
          {drag?.item.type === 'lane' && <LaneDragPreview name={laneName(drag.item.id)} count={order[drag.item.id]?.length ?? boardById.get(drag.item.id)?.cardsCount ?? 0} />}
        </DragOverlay>
        {dialog?.kind === 'rename' && (
          <LaneNameDialog profileId={profileId} lane={dialog.board} others={others(dialog.board.id).map((b) => b.name)} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'delete' && (
          <DeleteLaneDialog
            lane={dialog.board}
            cardsCount={queryOf.get(dialog.board.id)?.data?.length ?? dialog.board.cardsCount}
            others={others(dialog.board.id)}
            onClose={() => setDialog(null)}
          />
        )}
      </DndContext>
    </Box>
  );
}
