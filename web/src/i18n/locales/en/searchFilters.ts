// English strings of the search results page's filters in a rep's words (the sidebar sections, the competitor groups
// of boards, and the applied-filter chips).
export default {
  sections: {
    boards: 'Competitors and boards',
    collapse: 'Hide {section}',
    expand: 'Show {section}',
  },
  rival: {
    showBoards: 'Show the boards of {name}',
    hideBoards: 'Hide the boards of {name}',
    moreBoards: 'Show all {count} boards',
  },
  mode: {
    off: 'not filtered',
    should: 'any of',
    must: 'must have',
    must_not: 'excluded',
    next: {
      off: 'Click to show cards that have any of the items you pick',
      should: 'Click to require it',
      must: 'Click to exclude it',
      must_not: 'Click to include it again as one of several',
    },
  },
  group: {
    should: {
      board: '{count, plural, one {On board} other {On any of these boards}}',
      tag: '{count, plural, one {Tagged} other {Tagged with any of}}',
      rival: '{count, plural, one {About} other {About any of}}',
    },
    must: {
      board: '{count, plural, one {Must be on board} other {Must be on all of these boards}}',
      tag: '{count, plural, one {Must have tag} other {Must have all of these tags}}',
      rival: '{count, plural, one {Must be about} other {Must be about all of}}',
    },
    must_not: {
      board: '{count, plural, one {Exclude board} other {Exclude boards}}',
      tag: '{count, plural, one {Exclude tag} other {Exclude tags}}',
      rival: '{count, plural, one {Exclude competitor} other {Exclude competitors}}',
    },
  },
  hint: {
    should: {
      board: 'Shows cards on any of these boards.',
      tag: 'Shows cards that have at least one of these tags.',
      rival: 'Shows cards about any of these competitors.',
    },
    must: {
      board: 'Shows only cards on this board.',
      tag: 'Shows only cards that have every one of these tags.',
      rival: 'Shows only cards about this competitor.',
    },
    must_not: {
      board: 'Leaves out the cards on these boards.',
      tag: 'Leaves out cards that have any of these tags.',
      rival: 'Leaves out the cards about these competitors.',
    },
  },
  chip: {
    label: '{name} ({mode}). {next}',
    updated: 'Updated',
  },
};
