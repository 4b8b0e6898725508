// English strings of Settings › Provisioning (SCIM) (issue #53): the SCIM base URL and the company's SCIM token.
export default {
  intro:
    'Connect your identity provider (Okta, Microsoft Entra ID or any SCIM 2.0 client) so that people are added, updated and deactivated here when they are in your directory. Give it the base URL below and a token made here.',
  supported:
    'People it creates join as consumers and sign in through single sign-on, or when an admin invites them. Deactivating someone ends their sessions at once. Its groups become visibility groups.',
  baseUrl: 'SCIM base URL',
  token: 'Token',
  none: 'There is no token yet: your identity provider cannot connect.',
  create: 'Create token',
  newToken: 'Your new token',
  shownOnce: 'Copy it into your identity provider now: it is shown only this once. If it is lost, replace it with a new one.',
  done: 'Done',
  created: 'Created {date}',
  createdBy: 'Created {date} by {name}',
  lastUsed: 'Last used {when}',
  neverUsed: 'Not used yet',
  rotate: 'Replace token',
  rotateTitle: 'Replace the token?',
  rotateBody: 'A new token is made and the current one stops working at once: provisioning pauses until your identity provider has the new one.',
  revoke: 'Revoke',
  revokeTitle: 'Revoke the token?',
  revokeBody: 'Your identity provider can no longer add, change or deactivate people here until you create a new token.',
  revoked: 'The token was revoked',
  createFailed: 'The token could not be created',
  revokeFailed: 'The token could not be revoked',
  loadFailed: 'The provisioning settings could not be loaded.',
};
