// English strings of the search results page's filters in a rep's words (the sidebar sections, the
// competitor groups of boards, and the applied-filter chips), registered under the key searchFilters by the files that show them.
import { registerStrings } from '../register.ts';

export const searchFilters = {
  sections: {
    boards: 'Competitors and boards',
    collapse: 'Hide {{section}}',
    expand: 'Show {{section}}',
  },
  rival: {
    showBoards: 'Show the boards of {{name}}',
    hideBoards: 'Hide the boards of {{name}}',
    moreBoards: 'Show all {{count}} boards',
  },
  // What a selected sidebar item or chip does to the results, and what the next click does.
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
  // The label before each group of chips, by mode and kind of filter.
  group: {
    should: {
      board_one: 'On board',
      board_other: 'On any of these boards',
      tag_one: 'Tagged',
      tag_other: 'Tagged with any of',
      rival_one: 'About',
      rival_other: 'About any of',
    },
    must: {
      board_one: 'Must be on board',
      board_other: 'Must be on all of these boards',
      tag_one: 'Must have tag',
      tag_other: 'Must have all of these tags',
      rival_one: 'Must be about',
      rival_other: 'Must be about all of',
    },
    must_not: {
      board_one: 'Exclude board',
      board_other: 'Exclude boards',
      tag_one: 'Exclude tag',
      tag_other: 'Exclude tags',
      rival_one: 'Exclude competitor',
      rival_other: 'Exclude competitors',
    },
  },
  // The tooltip of a chip group: what it does in a sentence.
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
    label: '{{name}} ({{mode}}). {{next}}',
    updated: 'Updated',
  },
};

registerStrings('searchFilters', searchFilters);
