// What Ask's answer without a model writes itself, in English (German in ../de/ask.ts). The answer is stored for its
// asker alone, so it is written in the asker's language.
export const ask = {
  nothingFound: 'I could not find anything about this in the content you can see. Try other words, or ask about a specific competitor.',
  /** Headings of an answer grouped by rival, for sentences of no rival and of a rival without a name. */
  otherSources: 'Other sources',
  anotherCompetitor: 'Another competitor',
};
