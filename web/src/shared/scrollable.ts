/**
 * Attributes of a table's scroll container (Table.ScrollContainer's `attributes`): focusable, so a keyboard can
 * scroll a table wider than the screen.
 */
export const SCROLLS_BY_KEYBOARD = { scrollContainer: { tabIndex: 0 } };
