// The public page's API path (contracts/winLoss.ts): a contact's token is the only credential there, so the session
// middleware (auth/context.ts authLoader) neither reads nor sets a session on it.
export const SURVEY_PUBLIC_PREFIX = '/api/win-loss/p/';
