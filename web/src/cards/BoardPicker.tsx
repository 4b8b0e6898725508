// Where a new card goes: a rival of the company, then one of its boards (the rival's first board until the curator
// picks another). Shared by the dialogs that create a card away from a board (an insight's card, "write a card for
// this" from a search nobody found anything for); each brings its own labels and test ids.
import { Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useRivalBoards, useRivalsMinimal } from './api.ts';

/** The rival and board chosen so far; boardId is null until the rival has a board. */
export function useBoardChoice(initialRivalId: number | null) {
  const [rivalId, setRivalId] = useState<number | null>(initialRivalId);
  const [picked, setPicked] = useState<number | null>(null);
  const boards = useRivalBoards(rivalId);
  const lanes = boards.data ?? [];
  const boardId = picked !== null && lanes.some((b) => b.id === picked) ? picked : (lanes[0]?.id ?? null);
  return {
    rivalId,
    boardId,
    boards,
    setRival: (id: number | null) => {
      setRivalId(id);
      setPicked(null);
    },
    setBoard: setPicked,
  };
}
export type BoardChoice = ReturnType<typeof useBoardChoice>;

type Labels = { rival: string; rivalPlaceholder?: string; board: string; boardPlaceholder: string; noBoards: string };

export function BoardPicker({ choice, labels, testIdPrefix }: { choice: BoardChoice; labels: Labels; testIdPrefix: string }) {
  const rivals = useRivalsMinimal(true);
  const lanes = choice.boards.data ?? [];
  return (
    <Group grow align="flex-start">
      <Select
        label={labels.rival}
        placeholder={labels.rivalPlaceholder}
        data={(rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        value={choice.rivalId === null ? null : String(choice.rivalId)}
        onChange={(v) => choice.setRival(v ? Number(v) : null)}
        searchable
        comboboxProps={{ withinPortal: true }}
        data-testid={`${testIdPrefix}-rival`}
      />
      <Select
        label={labels.board}
        placeholder={labels.boardPlaceholder}
        data={lanes.map((b) => ({ value: String(b.id), label: b.name }))}
        value={choice.boardId === null ? null : String(choice.boardId)}
        onChange={(v) => choice.setBoard(v ? Number(v) : null)}
        disabled={choice.rivalId === null || choice.boards.isPending}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        error={choice.rivalId !== null && choice.boards.isSuccess && lanes.length === 0 ? labels.noBoards : undefined}
        data-testid={`${testIdPrefix}-board`}
      />
    </Group>
  );
}
