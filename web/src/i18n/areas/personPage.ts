// English strings of a person's page (/users/{id}), registered under the key personPage by the files that show them.
import { registerStrings } from '../register.ts';

export const personPage = {
  title: 'Person',
  failed: 'This page could not be loaded',
  since: 'In Rivalscope since {{date}}',
  deactivated: 'Deactivated on {{date}}',
  editProfile: 'Edit your profile',
  manage: 'Manage in Users',
  roles: { admin: 'Admin', curator: 'Curator', seller: 'Seller' },
  cardsTab_one: 'Cards · {{count}}',
  cardsTab_other: 'Cards · {{count}}',
  intelTab_one: 'Intel submitted · {{count}}',
  intelTab_other: 'Intel submitted · {{count}}',
  noCards: '{{name}} has not written a card you can see yet.',
  noIntel: '{{name}} has not submitted intel yet.',
  card: 'Card',
  rival: 'Rival',
  lane: 'Lane',
  updated: 'Updated',
  intel: 'Intel',
  rivals: 'Rivals',
  state: 'State',
  submitted: 'Submitted',
  states: { unprocessed: 'Unprocessed', working: 'Working', archived: 'Archived', deleted: 'Deleted' },
};

registerStrings('personPage', personPage);
