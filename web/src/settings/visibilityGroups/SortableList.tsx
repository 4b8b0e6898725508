// A list whose items are reordered by dragging their handle (@dnd-kit): with a pointer, or from the
// keyboard (focus the handle, Space to pick up, arrow keys to move, Space to drop, Escape to cancel),
// with what happens read out to screen readers. Used by the visibility and the rival groups.
import { ActionIcon, Box } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { GripIcon } from '../../brand/icons.tsx';
import { movedIds } from './model.ts';
import '../../i18n/areas/settingsGroups.ts';

type Props<T extends { id: number }> = {
  items: readonly T[];
  nameOf: (item: T) => string;
  /** The ids in their new order, once an item is dropped somewhere else. */
  onMove: (ids: number[]) => void;
  /** The list's accessible name. */
  label: string;
  renderItem: (item: T, handle: ReactNode) => ReactNode;
  'data-testid': string;
};

function SortableItem({ id, name, children }: { id: number; name: string; children: (handle: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('settingsGroups.order.handle', { name })}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', flex: 'none' }}
      data-testid="drag-handle"
    >
      <GripIcon size={18} />
    </ActionIcon>
  );
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-dragging={isDragging || undefined}
      style={{
        listStyle: 'none',
        position: 'relative',
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 3 : undefined,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-gray-2)',
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      {children(handle)}
    </Box>
  );
}

export function SortableList<T extends { id: number }>({ items, nameOf, onMove, label, renderItem, ...data }: Props<T>) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.id);
  const name = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === Number(id));
    return item ? nameOf(item) : '';
  };
  const at = (id: UniqueIdentifier | undefined) => ({ position: ids.indexOf(Number(id)) + 1, total: ids.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('settingsGroups.order.pickedUp', { name: name(active.id), ...at(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('settingsGroups.order.movedTo', { name: name(active.id), ...at(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('settingsGroups.order.dropped', { name: name(active.id), ...at(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('settingsGroups.order.cancelled', { name: name(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('settingsGroups.order.instructions') } }}
      onDragEnd={({ active, over }) => {
        const next = over ? movedIds(ids, Number(active.id), Number(over.id)) : null;
        if (next) onMove(next);
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Box component="ol" m={0} p={0} aria-label={label} {...data}>
          {items.map((item) => (
            <SortableItem key={item.id} id={item.id} name={nameOf(item)}>
              {(handle) => renderItem(item, handle)}
            </SortableItem>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
