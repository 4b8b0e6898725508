// Move a card (part 2 §2, §5): pick a competitor, then one of its boards; the board must differ from
// the card's current one.
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useBulkUpdateCards, useCardView, useRivalBoards, useRivalsMinimal } from './api.ts';
import { canMove } from './model.ts';
import '../i18n/areas/cardsAuthoring.ts';

export function MoveCardDialog({ cardId, onClose }: { cardId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const view = useCardView(cardId);
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const [laneId, setLaneId] = useState<number | null>(null);
  // The card's own competitor until another is picked.
  const rivalId = picked === undefined ? (view.data?.rival.id ?? null) : picked;
  const card = { id: cardId, boardId: view.data?.board.id ?? 0 };
  const rivals = useRivalsMinimal(true);
  const boards = useRivalBoards(rivalId);
  const move = useBulkUpdateCards();
  const lanes = boards.data ?? [];

  const submit = () => {
    if (!canMove(card.boardId, laneId)) return;
    const lane = lanes.find((b) => b.id === laneId);
    move.mutate(
      { cardIds: [card.id], boardId: laneId },
      {
        onSuccess: () => {
          toastSuccess(t('cardsAuthoring.toast.moved', { lane: lane?.name ?? '' }));
          onClose();
        },
        onError: (err) => toastError(t('cardsAuthoring.errors.move'), err),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('cardsAuthoring.move.title')}>
      <Stack gap="sm" data-testid="move-card-dialog">
        <Select
          label={t('cardsAuthoring.move.board')}
          placeholder={t('cardsAuthoring.move.boardPlaceholder')}
          data={(rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={rivalId === null ? null : String(rivalId)}
          onChange={(v) => {
            setPicked(v ? Number(v) : null);
            setLaneId(null);
          }}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="move-card-rival"
        />
        <Select
          label={t('cardsAuthoring.move.lane')}
          placeholder={t('cardsAuthoring.move.lanePlaceholder')}
          data={lanes.map((b) => ({
            value: String(b.id),
            label: b.id === card.boardId ? `${b.name} ${t('cardsAuthoring.move.current')}` : b.name,
            disabled: b.id === card.boardId,
          }))}
          value={laneId === null ? null : String(laneId)}
          onChange={(v) => setLaneId(v ? Number(v) : null)}
          disabled={rivalId === null || boards.isPending}
          comboboxProps={{ withinPortal: true }}
          data-testid="move-card-lane"
        />
        {laneId === card.boardId && (
          <Text size="xs" c="red">
            {t('cardsAuthoring.move.sameLane')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cardsAuthoring.delete.cancel')}
          </Button>
          <Button onClick={submit} disabled={!canMove(card.boardId, laneId)} loading={move.isPending} data-testid="move-card-submit">
            {t('cardsAuthoring.move.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
