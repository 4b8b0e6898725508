// HTTP contracts of personal API tokens (issue #53): a person makes a named token with scopes and an expiry for
// another tool; `Authorization: Bearer <token>` then works on every /api route its scopes allow, under its owner's
// roles and visibility, without a CSRF token (it is not a cookie). The token is answered once; only its SHA-256 and
// a visible prefix are kept.
//
//   GET    /api/account/tokens           → ApiTokenList: the caller's own tokens, newest first (revoked ones too)
//   POST   /api/account/tokens           ApiTokenBody → ApiTokenCreated (201): the token, once
//   DELETE /api/account/tokens/{id}      → 204: revokes one of the caller's tokens (admins: any of the company's)
//   GET    /api/company/tokens           → ApiTokenList: every token of the company, with its owner (admins)
//
// These four need a signed-in session: a token cannot make or see tokens.
import { z } from 'zod';

/**
 * What a token may do. `cards:read` reads cards, boards, battlecards, rivals, search, suggestions, landing pages
 * and Ask; `intel:*` the intel feed; `extension` what the browser extension needs (contracts/extension.ts: its
 * look-ups and clips, reading cards and submitting intel); `admin` everything its owner may do. A broader scope includes the narrower
 * ones it names in TOKEN_SCOPE_INCLUDES.
 */
export const TOKEN_SCOPES = ['cards:read', 'intel:read', 'intel:submit', 'intel:manage', 'extension', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_INCLUDES: Record<TokenScope, readonly TokenScope[]> = {
  'cards:read': [],
  'intel:read': [],
  'intel:submit': [],
  'intel:manage': ['intel:read', 'intel:submit'],
  extension: ['cards:read', 'intel:submit'],
  admin: ['cards:read', 'intel:read', 'intel:submit', 'intel:manage', 'extension'],
};

/** Whether a token with `scopes` may call a route that needs `needed`. */
export const scopesAllow = (scopes: readonly TokenScope[], needed: TokenScope): boolean =>
  scopes.some((s) => s === needed || TOKEN_SCOPE_INCLUDES[s].includes(needed));

/** Choices of the expiry, in days; a token never lives longer than a year. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const TOKEN_NAME_MAX = 100;
/** Every token starts with this, so secret scanners and people can tell it for what it is. */
export const TOKEN_PREFIX = 'rsk_';
/** Requests a token may make in a minute before it is answered 429. */
export const TOKEN_REQUESTS_PER_MINUTE = 300;
/** A token of the browser extension scope searches and suggests on every keystroke of a person typing: more. */
export const EXTENSION_TOKEN_REQUESTS_PER_MINUTE = 1200;

/** Requests a minute a token with these scopes may make. */
export const tokenRequestsPerMinute = (scopes: readonly TokenScope[]): number =>
  scopes.includes('extension') ? EXTENSION_TOKEN_REQUESTS_PER_MINUTE : TOKEN_REQUESTS_PER_MINUTE;

export const ApiTokenBody = z
  .object({
    name: z.string().trim().min(1, 'is required').max(TOKEN_NAME_MAX),
    scopes: z
      .array(z.enum(TOKEN_SCOPES))
      .min(1, 'needs at least one scope')
      .transform((s) => [...new Set(s)]),
    expiresInDays: z.literal(TOKEN_EXPIRY_DAYS, { error: `must be one of ${TOKEN_EXPIRY_DAYS.join(', ')}` }),
  })
  .strict();
export type ApiTokenBody = z.output<typeof ApiTokenBody>;

export type ApiToken = {
  id: number;
  name: string;
  scopes: TokenScope[];
  /** The token's first characters, to recognise it by. */
  prefix: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
  /** The company list only: whose it is. */
  owner?: { id: number; name: string; email: string };
};
export type ApiTokenList = { tokens: ApiToken[] };
export type ApiTokenCreated = ApiToken & { token: string };

export const tokenState = (t: Pick<ApiToken, 'revokedAt' | 'expiresAt'>, now = Date.now()): 'active' | 'revoked' | 'expired' =>
  t.revokedAt ? 'revoked' : Date.parse(t.expiresAt) <= now ? 'expired' : 'active';
