import { describe, expect, it } from 'vitest';
import type { BattlecardItem } from '../../../contracts/cards.ts';
import type { BattlecardCards, BoardCard } from '../../../contracts/competitors.ts';
import { applyPicks, cardsOn, moveCard, patchBattlecard, patchBattlecardCards, removeCard } from './editing.ts';

const same = (ids: number[]) => ({ desktop: ids, tablet: ids, mobile: ids });

describe('battlecard editing', () => {
  it('lists the cards held on any layout, desktop order first', () => {
    expect(cardsOn({ desktop: [3, 1], tablet: [1, 7], mobile: [] })).toEqual([3, 1, 7]);
  });

  it('applies picks: kept cards keep each layout order, new ones join every layout, unpicked ones leave', () => {
    const cards = { desktop: [1, 2, 3], tablet: [3, 2, 1], mobile: [2] };
    expect(applyPicks(cards, [3, 1, 9])).toEqual({ desktop: [1, 3, 9], tablet: [3, 1, 9], mobile: [9] });
    expect(removeCard(cards, 2)).toEqual({ desktop: [1, 3], tablet: [3, 1], mobile: [] });
  });

  it('moves a card within one layout only, and ignores moves past either end', () => {
    const cards = same([1, 2, 3]);
    expect(moveCard(cards, 'desktop', 2, 1)).toEqual({ desktop: [1, 3, 2], tablet: [1, 2, 3], mobile: [1, 2, 3] });
    expect(moveCard(cards, 'tablet', 0, 2).tablet).toEqual([2, 3, 1]);
    expect(moveCard(cards, 'desktop', 0, -1)).toBe(cards);
    expect(moveCard(cards, 'desktop', 2, 3)).toBe(cards);
  });

  it('shows a change before the server answers, naming newly added cards', () => {
    const item: BattlecardItem = {
      id: 5,
      title: 'Old',
      profile: { id: 1, name: 'Acme' },
      cards: same([1, 2]),
      cardTitles: { '1': 'One', '2': 'Two' },
      isDraft: true,
      layout: 'stacker',
      commentsCount: 0,
      viewOrder: 1,
      review: { reviewedAt: null, byUserId: null },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(patchBattlecard(item, { title: 'New', isDraft: false })).toMatchObject({ title: 'New', isDraft: false, layout: 'stacker', cards: same([1, 2]) });
    const added = patchBattlecard(item, { cardData: same([2, 9]) }, { '9': 'Nine' });
    expect(added.cards).toEqual(same([2, 9]));
    expect(added.cardTitles).toEqual({ '2': 'Two', '9': 'Nine' });
  });

  it('reorders the loaded cards of a device layout and drops removed ones', () => {
    const card = (id: number) => ({ id, data: { name: `#${id}` } }) as BoardCard;
    const view: BattlecardCards = { id: 5, title: 'T', layout: 'stacker', isDraft: false, profile: { id: 1, name: 'Acme' }, cards: [card(1), card(2), card(3)] };
    const next = patchBattlecardCards(view, 'mobile', { cardData: { desktop: [1, 2, 3], tablet: [1, 2, 3], mobile: [3, 1, 8] }, layout: 'grid' });
    expect(next.cards.map((c) => c.id)).toEqual([3, 1]);
    expect(next.layout).toBe('grid');
  });
});
