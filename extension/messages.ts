// What the extension's own parts say to each other through chrome.runtime (every type carries the 'rivalscope:'
// prefix, part 1 §5). Pages of the extension (popup, clip, badge) may ask for anything below; a content script only
// for PAGE, since it runs inside a rival's or a CRM's page.
import type { ExtensionClipBody, ExtensionClipCreated, ExtensionConfig, ExtensionLookup } from '../contracts/extension.ts';

export const MSG = {
  state: 'rivalscope:state',
  connect: 'rivalscope:connect',
  disconnect: 'rivalscope:disconnect',
  sync: 'rivalscope:sync',
  search: 'rivalscope:search',
  suggest: 'rivalscope:suggest',
  card: 'rivalscope:card',
  clipDraft: 'rivalscope:clip-draft',
  clip: 'rivalscope:clip',
  badge: 'rivalscope:badge',
  badgeSize: 'rivalscope:badge-size',
  badgeClose: 'rivalscope:badge-close',
  /** Content script → background: what is this page? */
  page: 'rivalscope:page',
  /** Background → content script of a CRM page: its text. */
  pageText: 'rivalscope:page-text',
} as const;

/** A failed call, already in the reader's words. */
export type Failure = { error: { code: ErrorCode; message: string } };
export type ErrorCode = 'revoked' | 'forbidden' | 'rate_limited' | 'network' | 'server' | 'not_connected' | 'invalid';
export const isFailure = (x: unknown): x is Failure => typeof x === 'object' && x !== null && 'error' in x;

export type PopupState = {
  connected: boolean;
  productUrl: string | null;
  user: ExtensionConfig['user'] | null;
  /** Match patterns of rival/CRM sites the extension may not read yet: the popup offers to ask for them. */
  missingOrigins: string[];
};

export type ClipDraft = Omit<ExtensionClipBody, 'rivalIds' | 'note'>;
export type BadgeData = { lookup: ExtensionLookup; productUrl: string };
export type { ExtensionClipCreated };
