// Numbers of the intel API.
export const INTEL = {
  /** A bulk update of at most this many items is done inside the request (completedNow). */
  inlineLimit: 200,
  /** Sentences in an extractive summary. */
  summarySentences: 3,
  /** A submitted item's title, when none is given, is the start of its text. */
  submittedTitleChars: 80,
} as const;
