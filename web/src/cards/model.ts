// Pure rules of card actions (part 2 §4, §5): visibility modes, sentiment toggling, source URLs and moves.
import { isSourceUrl, SENTIMENT, SOURCE_ERRORS, VISIBILITY_MODES, type Sentiment } from '../../../contracts/cards.ts';

export type VisibilityMode = (typeof VISIBILITY_MODES)[keyof typeof VISIBILITY_MODES];

/** Draft wins (curators only), then all access (everyone), else curators plus chosen groups. */
export function visibilityModeOf(card: { isDraft: boolean; allAccess: boolean }): VisibilityMode {
  if (card.isDraft) return VISIBILITY_MODES.curatorsOnly;
  return card.allAccess ? VISIBILITY_MODES.everyone : VISIBILITY_MODES.groups;
}

/** The permission fields of a card update for a mode; groups only count in the groups mode. */
export function permissionsBody(mode: VisibilityMode, groupIds: number[]) {
  return {
    isDraft: mode === VISIBILITY_MODES.curatorsOnly,
    allAccess: mode === VISIBILITY_MODES.everyone,
    visibilityGroups: mode === VISIBILITY_MODES.groups ? [...new Set(groupIds)] : [],
  };
}

/** Clicking the active sentiment removes it; clicking the other one switches. */
export const nextSentiment = (current: Sentiment | null, clicked: Sentiment): Sentiment | null => (current === clicked ? null : clicked);

/** The user's sentiment on a card, from userData.cardSentiment. */
export function sentimentOf(userData: Record<string, unknown> | null | undefined, cardId: number): Sentiment | null {
  const map = userData?.cardSentiment;
  const value = map && typeof map === 'object' ? (map as Record<string, unknown>)[String(cardId)] : undefined;
  return value === SENTIMENT.positive || value === SENTIMENT.negative ? value : null;
}

/** A new source URL must be valid and not already listed; otherwise "invalid URL". */
export function sourceUrlError(url: string, existing: readonly string[]): string | null {
  const u = url.trim();
  if (!isSourceUrl(u) || existing.some((e) => e.trim() === u)) return SOURCE_ERRORS.invalidUrl;
  return null;
}

/** A move needs a chosen board and lane, and the lane must differ from the card's current one. */
export const canMove = (currentLaneId: number, laneId: number | null): laneId is number => laneId !== null && laneId !== currentLaneId;

type Flags = Record<string, unknown> | undefined;

/**
 * Sentiment and share-feedback are for consumers only (part 2 §6), as the server allows them: sentiment
 * with the cardSentiment flag, feedback unless cardFeedbackDisabled; on cards in lanes (hover) neither
 * shows with sentimentAndFeedbackOnHoverDisabled.
 */
export function consumerFeedback(curator: boolean, flags: Flags, where: 'viewer' | 'hover') {
  const off = curator || (where === 'hover' && flags?.sentimentAndFeedbackOnHoverDisabled === true);
  return { sentiment: !off && flags?.cardSentiment === true, feedback: !off && flags?.cardFeedbackDisabled !== true };
}

/** ?previewing={visibility group id}: a positive id previews as that group; 0 or anything else means none. */
export function previewGroupOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('previewing');
  return raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}
