import { describe, expect, it } from 'vitest';
import { cardMove, dndId, dropCard, laneOf, moveItem, parseDndId, placeCard, positionOf } from './dnd.ts';

const order = { 1: [10, 11, 12], 2: [20, 21], 3: [] };

describe('board drag and drop', () => {
  it('names cards and lanes apart and reads them back', () => {
    expect(dndId({ type: 'card', id: 10 })).toBe('card-10');
    expect(parseDndId('lane-3')).toEqual({ type: 'lane', id: 3 });
    expect(parseDndId('card-x')).toBeNull();
    expect(parseDndId(null)).toBeNull();
  });

  it('finds a card’s lane and position', () => {
    expect(laneOf(order, 21)).toBe(2);
    expect(laneOf(order, 99)).toBeNull();
    expect(positionOf(order, 12)).toEqual({ lane: 1, position: 3, count: 3 });
  });

  it('places a card in another lane at a clamped index', () => {
    expect(placeCard(order, 11, 2, 1)).toEqual({ 1: [10, 12], 2: [20, 11, 21], 3: [] });
    expect(placeCard(order, 11, 3, 9)).toEqual({ 1: [10, 12], 2: [20, 21], 3: [11] });
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
  });

  it('drops over a card of its lane, another lane’s card (before or after) or a lane', () => {
    expect(dropCard(order, 10, { type: 'card', id: 12 })).toEqual({ ...order, 1: [11, 12, 10] });
    expect(dropCard(order, 10, { type: 'card', id: 21 })).toEqual({ 1: [11, 12], 2: [20, 10, 21], 3: [] });
    expect(dropCard(order, 10, { type: 'card', id: 21 }, true)).toEqual({ 1: [11, 12], 2: [20, 21, 10], 3: [] });
    expect(dropCard(order, 10, { type: 'lane', id: 3 })).toEqual({ 1: [11, 12], 2: [20, 21], 3: [10] });
    expect(dropCard(order, 10, { type: 'lane', id: 1 })).toBe(order);
    // A lane whose cards are not loaded takes none.
    expect(dropCard(order, 10, { type: 'lane', id: 4 })).toBeNull();
  });

  it('asks for the new lane’s whole order, or nothing when nothing moved', () => {
    expect(cardMove(order, order, 10)).toBeNull();
    expect(cardMove(order, { ...order, 1: [11, 10, 12] }, 10)).toEqual({ boardId: 1, cardIds: [11, 10, 12], fromBoardId: 1 });
    expect(cardMove(order, placeCard(order, 12, 3, 0), 12)).toEqual({ boardId: 3, cardIds: [12], fromBoardId: 1 });
  });
});
