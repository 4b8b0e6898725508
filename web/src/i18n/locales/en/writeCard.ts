// English strings of "Write a card for this" (the search page's new card dialog, opened from search analytics'
// queries with no results).
export default {
  title: 'Write a card for this',
  intro: 'Readers searched for “{query}” and found nothing. Write the card they were looking for.',
  name: 'Title',
  nameRequired: 'A card needs a title',
  body: 'Card text',
  rival: 'Competitor',
  rivalPlaceholder: 'Pick a competitor',
  board: 'Board',
  boardPlaceholder: 'Pick a board',
  noBoards: 'This competitor has no boards yet',
  cancel: 'Cancel',
  create: 'Create card',
  created: 'Card created on {board}',
  failed: 'The card could not be created: {message}',
};
