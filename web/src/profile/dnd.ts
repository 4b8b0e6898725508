// The board view's drag and drop as data (no React): which lane holds which cards while a card is
// dragged, where a dropped card lands, and what one request must say to make it so. The lanes' order
// is a list of board ids; the cards' order is a map from board id to card ids (a lane whose cards are
// not loaded has no entry and takes no card).

export type LaneOrder = Readonly<Record<number, readonly number[]>>;
export type DndItem = { type: 'card' | 'lane'; id: number };

/** The ids dnd-kit knows the draggables by: cards and lanes share one context. */
export const dndId = (item: DndItem) => `${item.type}-${item.id}`;

export function parseDndId(raw: string | number | null | undefined): DndItem | null {
  const m = /^(card|lane)-(\d+)$/.exec(String(raw ?? ''));
  return m ? { type: m[1] as DndItem['type'], id: Number(m[2]) } : null;
}

/** The lane a card is in, or null. */
export function laneOf(order: LaneOrder, cardId: number): number | null {
  for (const [lane, cards] of Object.entries(order)) if (cards.includes(cardId)) return Number(lane);
  return null;
}

/** The order with the card taken out of its lane and put into `toLane` at `index` (clamped). */
export function placeCard(order: LaneOrder, cardId: number, toLane: number, index: number): LaneOrder {
  const next: Record<number, number[]> = {};
  for (const [lane, cards] of Object.entries(order)) next[Number(lane)] = cards.filter((id) => id !== cardId);
  const target = next[toLane] ?? [];
  const at = Math.max(0, Math.min(index, target.length));
  next[toLane] = [...target.slice(0, at), cardId, ...target.slice(at)];
  return next;
}

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * Where a card lands when dropped over `over` (a card or a lane) in the order as it stands: over a card of
 * its own lane it takes that card's place; over another lane's card it goes before it (after it when
 * `below`); over a lane it goes last. Null when it cannot land there.
 */
export function dropCard(order: LaneOrder, cardId: number, over: DndItem, below = false): LaneOrder | null {
  const from = laneOf(order, cardId);
  const to = over.type === 'lane' ? over.id : laneOf(order, over.id);
  if (from === null || to === null || order[to] === undefined) return null;
  const target = order[to];
  if (over.type === 'lane') return from === to ? order : placeCard(order, cardId, to, target.length);
  if (from === to) {
    const i = target.indexOf(cardId);
    const j = target.indexOf(over.id);
    return i === j ? order : { ...order, [to]: moveItem(target, i, j) };
  }
  return placeCard(order, cardId, to, target.indexOf(over.id) + (below ? 1 : 0));
}

export type CardMove = { boardId: number; cardIds: number[]; fromBoardId: number };

/** The one request a drop needs (the new lane's whole order, which may take the card in), or null when nothing moved. */
export function cardMove(before: LaneOrder, after: LaneOrder, cardId: number): CardMove | null {
  const from = laneOf(before, cardId);
  const to = laneOf(after, cardId);
  if (from === null || to === null) return null;
  const cardIds = [...after[to]];
  if (from === to && cardIds.every((id, i) => before[to][i] === id)) return null;
  return { boardId: to, cardIds, fromBoardId: from };
}

/** A card's place for screen readers: 1-based position and the lane's size. */
export function positionOf(order: LaneOrder, cardId: number): { lane: number; position: number; count: number } | null {
  const lane = laneOf(order, cardId);
  if (lane === null) return null;
  return { lane, position: order[lane].indexOf(cardId) + 1, count: order[lane].length };
}
