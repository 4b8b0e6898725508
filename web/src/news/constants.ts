// The numbers of the news screens (part 1 §9, part 2 §9), named as the spec names them; the page size and the
// unread limits come from contracts/news.ts.

/** The feed's search box applies its terms after this pause in typing (search results debounce, part 2 §9). */
export const FEED_SEARCH_DEBOUNCE_MS = 500;
/** A feed row's height before it is measured, and the space between rows. */
export const FEED_ROW_ESTIMATE_PX = 150;
export const FEED_ROW_GAP_PX = 10;
/** How many of the newest items the dashboard's news shows before "See all news" (ours: the spec names none). */
export const DASHBOARD_NEWS_SIZE = 8;
