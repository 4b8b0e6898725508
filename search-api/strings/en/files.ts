// How search and Ask name a knowledge-hub passage (issue #58): the file's title and where in the file it is.
export const files = {
  citation: {
    page: '{title}, page {number}',
    slide: '{title}, slide {number}',
    notes: '{title}, speaker notes of slide {number}',
    row: '{title}, sheet "{label}" row {number}',
    /** A row of a sheet without a name (a CSV). */
    rowOnly: '{title}, row {number}',
    section: '{title}, section "{label}"',
  },
};
