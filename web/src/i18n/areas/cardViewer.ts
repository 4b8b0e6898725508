// English strings of the card viewer, registered under the key cardViewer by the files that show them.
import { registerStrings } from '../register.ts';

export const cardViewer = {
  failed: 'This card could not be loaded. Try again later.',
  failedTitle: 'Card unavailable',
  notFound: 'This card does not exist, or you do not have access to it.',
  notFoundTitle: 'Card not found',
  title: 'Card',
  back: 'Back to the previous card',
  close: 'Close',
  edit: 'Edit',
  breadcrumb: 'Where this card lives',
  updated: 'Updated {{date}} ({{ago}})',
  draft: 'Draft',
  scratchpad: 'Scratchpad note',
  restricted_one: '{{count}} group',
  restricted_other: '{{count}} groups',
  fullAccessOnly: 'Full access users only',
  tags: 'Tags',
};

registerStrings('cardViewer', cardViewer);
