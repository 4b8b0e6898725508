// English strings of the card viewer.
export default {
  failed: 'This card could not be loaded. Try again later.',
  failedTitle: 'Card unavailable',
  notFound: 'This card does not exist, or you do not have access to it.',
  notFoundTitle: 'Card not found',
  title: 'Card',
  back: 'Back to the previous card',
  close: 'Close',
  edit: 'Edit',
  breadcrumb: 'Where this card lives',
  updated: 'Updated {date} ({ago})',
  draft: 'Draft',
  scratchpad: 'Scratchpad note',
  restricted: '{count, plural, one {# group} other {# groups}}',
  fullAccessOnly: 'Full access users only',
  tags: 'Tags',
};
