// The numbers of search and navigation search (part 1 §9, part 2 §5), named as the spec names them.
// Page size, sorts, presets and counters come from the HTTP contract.
import { COUNTER_FIELDS, SEARCH_MAX_WINDOW, SEARCH_PAGE_SIZE } from '../../../contracts/search.ts';

export { SEARCH_PAGE_SIZE, SEARCH_MAX_WINDOW };

/** Global search suggestions are fetched after this pause in typing. */
export const SUGGESTIONS_DEBOUNCE_MS = 250;
/** The tag filter's own search box. */
export const TAG_FILTER_DEBOUNCE_MS = 500;

/** Completions are limited to 3 when tag or battlecard suggestions exist; at most 5 of a kind. */
export { COMPLETIONS_WITH_OTHERS, SUGGESTIONS_PER_KIND } from '../../../contracts/search.ts';

/** Unified search width on desktop. */
export const UNIFIED_SEARCH_WIDTH = 650;

/** Search results sidebar: SIDEBAR_WIDTH (shared/ResultsFrame.tsx), 190 px on smaller screens. */
export const SIDEBAR_WIDTH_SMALL = 190;
/** Below this width the sidebar is "smaller" (Mantine's lg breakpoint, 1200 px). */
export const SIDEBAR_WIDE_FROM_PX = 1200;

/** Counters asked for with every first page of results. */
export const SEARCH_COUNTERS = COUNTER_FIELDS;

/** How many tags the sidebar shows before "Show more" (with the rivals, it keeps the dates on a 900 px screen). */
export const TAG_FILTER_VISIBLE = 8;
/** How many rivals the sidebar shows before "Show more"; selected ones always show. */
export const BOARD_FILTER_VISIBLE_RIVALS = 6;
/** How many boards an opened rival shows before "Show all"; selected ones always show. */
export const BOARD_FILTER_VISIBLE_BOARDS = 4;
