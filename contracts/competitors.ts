// HTTP contracts of the competitor read API: rivals, rival groups, profiles, board cards, battlecard cards.

export const RIVAL_ORDERS = ['alpha', 'alpha-rev', 'created', 'created-rev', 'cards', 'battlecards'] as const;
export type RivalOrder = (typeof RIVAL_ORDERS)[number];

export type RivalItem = {
  id: number;
  name: string;
  iconUrl: string | null;
  profileId: number;
  isDraft: boolean;
  cardsCount?: number;
  battlecardsCount?: number;
  createdAt: string;
};
export type RivalGroupItem = { id: number; name: string; viewOrder: number; rivals: number[] };
export type BoardCard = {
  id: number;
  data: { name: string };
  textHtml: string;
  tags: { id: number; name: string }[];
  viewOrder: string;
  isDraft: boolean;
  allAccess: boolean;
  updatedAt: string;
  author: { id: number; name: string } | null;
};
export type ProfileView = {
  id: number;
  name: string;
  rivalId: number;
  rival: { id: number; name: string; iconUrl: string | null };
  boards: { id: number; name: string; viewOrder: number; cardsCount: number }[];
  battlecards: { id: number; title: string; isDraft: boolean }[];
};
export type BattlecardCards = {
  id: number;
  title: string;
  layout: string;
  isDraft: boolean;
  profile: { id: number; name: string };
  cards: BoardCard[];
};
