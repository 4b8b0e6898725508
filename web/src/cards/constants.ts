// Numbers of card authoring and reading, named as part 2 §9 names them.

/** The share-feedback box on a card shows "sent" this long, then resets. */
export const FEEDBACK_SUCCESS_RESET_MS = 3000;
/** The share-feedback modal closes this long after sending. */
export const FEEDBACK_MODAL_CLOSE_MS = 5000;
/** Tag search in the tags dialog waits this long after typing. */
export const TAG_SEARCH_DEBOUNCE_MS = 500;
/** Source titles are cut to this many characters. */
export const SOURCE_TITLE_MAX = 60;
