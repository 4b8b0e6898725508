// Where a card was opened from, for its cardView event (contracts/usage.ts CARD_VIEW_SOURCES). The place that opens
// the card viewer says so in the location state of its link (openCardState); the viewer reads it back (cardSourceOf).
// An opening that says nothing came from a URL: a shared or bookmarked link, or a digest mail's when it is marked
// ?source=digest (digest mails link to intel and the feed today, not to cards, so nothing sends it yet).
import { CARD_VIEW_SOURCES, type CardViewSource } from '../../../contracts/usage.ts';

/** The location state a link that opens the card viewer carries. */
export type CardOpenState = {
  /** Opened from inside the app: closing the viewer goes back in history. */
  cardViewer?: boolean;
  cardSource?: CardViewSource;
};

/** The state of a link that opens the viewer over the current page, from `source`. */
export const openCardState = (source: CardViewSource): CardOpenState => ({ cardViewer: true, cardSource: source });

export const DIGEST_SOURCE_PARAM = 'source';

const isSource = (v: unknown): v is CardViewSource => typeof v === 'string' && (CARD_VIEW_SOURCES as readonly string[]).includes(v);

/** The source of an opening: the one its link said, else 'digest' for a marked digest link, else 'link'. */
export function cardSourceOf(state: unknown, search: string): CardViewSource {
  const said = state && typeof state === 'object' ? (state as CardOpenState).cardSource : undefined;
  if (isSource(said)) return said;
  return new URLSearchParams(search).get(DIGEST_SOURCE_PARAM) === 'digest' ? 'digest' : 'link';
}
