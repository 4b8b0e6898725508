// English strings of dynamic boards (the board's page, the dashboard's collections grid, "save this search"),
// registered under the key dynamicBoards by the files that show them.
import { registerStrings } from '../register.ts';

export const dynamicBoards = {
  title: 'Dynamic board',
  untitled: 'Untitled dynamic board',
  draft: 'Draft',
  published: 'Published',
  count_one: '{{count}} card',
  count_other: '{{count}} cards',
  kicker: 'Dynamic board · live search results',
  anyCards: 'Every card',
  loadFailed: 'Could not open this dynamic board',
  notFound: 'This dynamic board does not exist, or it is not published yet.',
  backToDashboard: 'Back to the dashboard',
  retry: 'Try again',
  empty: {
    title: 'No cards match this board yet',
    text: 'It shows the cards its search finds as soon as they are written or updated.',
    curatorText: 'Widen it: remove a criterion, change the search terms or the period.',
  },
  fields: {
    name: 'Name',
    query: 'Search terms',
    queryPlaceholder: 'Any words',
    updated: 'Updated',
    sort: 'Sort',
    publish: 'Published',
    publishHint: 'Sellers see published boards on their dashboard',
  },
  actions: {
    delete: 'Delete',
    filters: 'Criteria',
    saveFailed: 'Your change was not saved',
    deleteTitle: 'Delete “{{name}}”?',
    deleteBody: 'The board goes away for everyone. Its cards stay where they are.',
    deleteConfirm: 'Delete board',
    cancel: 'Cancel',
    deleted: '“{{name}}” deleted',
    deleteFailed: 'Could not delete “{{name}}”',
  },
  save: {
    button: 'Save as dynamic board',
    title: 'Save this search as a dynamic board',
    intro: 'Its cards stay current: whoever opens it sees what this search finds for them today.',
    name: 'Board name',
    submit: 'Save board',
    failed: 'Could not save the dynamic board',
  },
  grid: {
    heading: 'Dynamic boards',
    label: 'Dynamic boards, saved searches that stay current',
    empty: 'Save a search as a dynamic board, or start one from New › Dynamic board.',
    more: 'Show more',
    criteria_one: '{{count}} criterion',
    criteria_other: '{{count}} criteria',
    failed: 'Could not load the dynamic boards',
  },
};

registerStrings('dynamicBoards', dynamicBoards);
