// HTTP contracts of single sign-on (issue #53): a company signs its people in through its own identity provider,
// over OpenID Connect (authorization code with PKCE) or SAML 2.0. Settings are for admins; secrets are never
// returned, only whether one is set.
//
//   GET    /api/company/sso                 → SsoSettings (configured false and defaults when nothing is set)   (admins)
//   PUT    /api/company/sso                 SsoSettingsBody → SsoSettings; 409 sso_domain_taken when another company
//                                           routes one of the domains                                            (admins)
//   DELETE /api/company/sso                 → 204: back to passwords for everyone                                 (admins)
//   POST   /api/account/signin_method       SignInMethodBody → SignInMethod: password, or SSO with the URL to start
//                                           it; told by the email's domain alone, never by whether the address exists
//
// Browser endpoints, outside /api (no CSRF guard: they are top-level navigations and the IdP's form post):
//   GET    /auth/sso/start?email&redirectTo → 302 to the company's identity provider
//   GET    /auth/oidc/callback              → 303 to redirectTo once signed in; else to /account/signin?errorCode=
//   GET    /auth/saml/metadata/{companyId}  → the SP metadata XML (entity id = this URL, ACS below)
//   POST   /auth/saml/acs/{companyId}       SAMLResponse (+ RelayState) → 303 as the OIDC callback; SP- and IdP-initiated
import { z } from 'zod';
import { ROLE_CHOICES } from './account.ts';
import { EmailDomain } from './settings.ts';

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

export const SSO_DOMAINS_MAX = 20;
export const SSO_GROUP_MAPPINGS_MAX = 100;
export const SSO_METADATA_MAX = 200_000;
export const SSO_GROUP_NAME_MAX = 200;

export const SSO_PATHS = {
  start: '/auth/sso/start',
  oidcCallback: '/auth/oidc/callback',
  /** Followed by /{companyId}. */
  samlMetadata: '/auth/saml/metadata',
  /** Followed by /{companyId}. */
  samlAcs: '/auth/saml/acs',
} as const;

const Id = z.number().int().positive().max(2_147_483_647);
const trimmed = (max: number) => z.string().trim().min(1, 'is required').max(max);

/** A provider group (OIDC `groups` claim, SAML attribute value) → the role and/or visibility group its members get. */
export const SsoGroupMapping = z
  .object({
    providerGroup: trimmed(SSO_GROUP_NAME_MAX),
    role: z.enum(ROLE_CHOICES).nullable().default(null),
    visibilityGroupId: Id.nullable().default(null),
  })
  .strict()
  .refine((m) => m.role !== null || m.visibilityGroupId !== null, 'must set a role or a visibility group');
export type SsoGroupMapping = z.output<typeof SsoGroupMapping>;

const OidcBody = z
  .object({
    issuer: z
      .string()
      .trim()
      .max(2000)
      .refine((u) => /^https?:\/\/[^\s/?#]+[^\s?#]*$/i.test(u), 'must be an http or https URL without query or fragment'),
    clientId: trimmed(500),
    /** Omitted or null: keep the stored secret. */
    clientSecret: z.string().min(1).max(2000).nullish(),
  })
  .strict();

const SamlBody = z
  .object({
    metadataXml: trimmed(SSO_METADATA_MAX),
    /** The SAML attribute holding the user's groups; null: no group mapping from SAML. */
    groupsAttribute: z.string().trim().max(300).nullish().transform((v) => v || null),
  })
  .strict();

export const SsoSettingsBody = z
  .object({
    protocol: z.enum(SSO_PROTOCOLS),
    oidc: OidcBody.optional(),
    saml: SamlBody.optional(),
    domains: z
      .array(EmailDomain)
      .min(1, 'must name at least one domain')
      .max(SSO_DOMAINS_MAX)
      .transform((a) => [...new Set(a)]),
    requireSso: z.boolean().default(false),
    /** The one admin who may still sign in with a password while SSO is required. */
    breakGlassUserId: Id.nullable().default(null),
    defaultRole: z.enum(ROLE_CHOICES).default('consumer'),
    defaultVisibilityGroupIds: z.array(Id).max(1000).default([]).transform((a) => [...new Set(a)]),
    groupMappings: z.array(SsoGroupMapping).max(SSO_GROUP_MAPPINGS_MAX).default([]),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!b[b.protocol]) ctx.addIssue({ code: 'custom', path: [b.protocol], message: 'is required for this protocol' });
  });
export type SsoSettingsBody = z.input<typeof SsoSettingsBody>;

export type SsoSettings = {
  configured: boolean;
  protocol: SsoProtocol | null;
  oidc: { issuer: string; clientId: string; clientSecretSet: boolean } | null;
  saml: { metadataXml: string; entityId: string; ssoUrl: string; certificateCount: number; groupsAttribute: string | null } | null;
  domains: string[];
  requireSso: boolean;
  breakGlassUserId: number | null;
  defaultRole: (typeof ROLE_CHOICES)[number];
  defaultVisibilityGroupIds: number[];
  groupMappings: SsoGroupMapping[];
  /** What the admin pastes into the identity provider. */
  serviceProvider: { oidcRedirectUrl: string; samlMetadataUrl: string; samlEntityId: string; samlAcsUrl: string };
  updatedAt: string | null;
};

export const SignInMethodBody = z.object({ email: z.string().trim().toLowerCase().email().max(320) }).strict();
export type SignInMethod = { method: 'password' } | { method: 'sso'; url: string };
