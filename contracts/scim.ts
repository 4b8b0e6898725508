// SCIM 2.0 provisioning (issue #53; RFC 7643, RFC 7644): a company's identity provider (Okta, Entra ID, …) creates,
// updates and deactivates its people and their visibility groups. Two parts:
//
// The company's SCIM token, in Settings → Provisioning (SCIM); admins only, every other role gets 403:
//   GET    /api/company/scim_token        → ScimTokenState (the base URL, and the token's prefix and times, or null)
//   POST   /api/company/scim_token        → ScimTokenCreated (201): a new token, shown this once; replaces the old one
//   DELETE /api/company/scim_token        → 204; the identity provider is refused from then on
//
// The SCIM API at /scim/v2, outside /api: no cookie session and no CSRF token, only `Authorization: Bearer <token>`
// (which /api never accepts); every answer application/scim+json, errors in the SCIM error schema; 600 calls a minute
// per token, then 429 with Retry-After.
//   GET    /scim/v2/Users?filter&startIndex&count&attributes&excludedAttributes → ListResponse of User
//   POST   /scim/v2/Users                ScimUserBody → User (201); 409 uniqueness for a taken userName or email
//   GET    /scim/v2/Users/{id}           → User
//   PUT    /scim/v2/Users/{id}           ScimUserBody → User
//   PATCH  /scim/v2/Users/{id}           ScimPatchBody → User
//   DELETE /scim/v2/Users/{id}           → 204: deactivates (sessions end at once); what the user wrote stays
//   GET    /scim/v2/Groups?…             → ListResponse of Group (a visibility group); POST, GET, PUT, PATCH, DELETE
//            /scim/v2/Groups[/{id}] as for users, with ScimGroupBody; DELETE deletes the visibility group
//   GET    /scim/v2/ServiceProviderConfig, /scim/v2/ResourceTypes[/{name}], /scim/v2/Schemas[/{urn}]
import { z } from 'zod';
import { GroupName } from './settings.ts';

export const SCIM_BASE_PATH = '/scim/v2';
/** A SCIM token reads `rsscim_` then random characters; the prefix shown is that and the next 6. */
export const SCIM_TOKEN_PREFIX = 'rsscim_';
export const SCIM_TOKEN_SHOWN_CHARS = SCIM_TOKEN_PREFIX.length + 6;
export const SCIM_RATE_LIMIT = { perToken: 600, windowMs: 60_000 } as const;
/** Page size of a list when `count` is not given, and the most one page holds. */
export const SCIM_PAGE = { default: 100, max: 200 } as const;

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The scimType values of RFC 7644 §3.12 this server answers with. */
export type ScimErrorType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue';

export const ScimTokenState = z.object({
  /** APP_URL/scim/v2, what the identity provider is given as the SCIM base URL (tenant URL). */
  baseUrl: z.string(),
  token: z
    .object({
      prefix: z.string(),
      createdAt: z.string(),
      createdBy: z.string().nullable(),
      lastUsedAt: z.string().nullable(),
    })
    .nullable(),
});
export type ScimTokenState = z.infer<typeof ScimTokenState>;

export const ScimTokenCreated = z.object({ secret: z.string(), state: ScimTokenState });
export type ScimTokenCreated = z.infer<typeof ScimTokenCreated>;

/** Identity providers send booleans as JSON booleans or, Entra ID among them, as the strings "True" and "False". */
const scimBoolean = z.preprocess((v) => (typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v), z.boolean());
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullish();

/**
 * A user as POST and PUT send it, and as a PATCH leaves it. Attributes this server does not keep (phone numbers,
 * addresses, the enterprise extension …) are ignored, as identity providers send them whatever the schema says.
 */
export const ScimUserBody = z.object({
  userName: text(320).min(1, 'is required'),
  externalId: optionalText(500),
  displayName: optionalText(200),
  name: z.object({ formatted: optionalText(200), givenName: optionalText(200), familyName: optionalText(200) }).nullish(),
  emails: z
    .array(z.object({ value: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(320)), type: z.string().nullish(), primary: scimBoolean.nullish() }))
    .max(20)
    .nullish(),
  active: scimBoolean.optional(),
});
export type ScimUserBody = z.output<typeof ScimUserBody>;

const memberRef = z.object({ value: z.coerce.string().trim().regex(/^\d{1,9}$/, 'must be the id of a user') });

export const ScimGroupBody = z.object({
  displayName: GroupName,
  externalId: optionalText(500),
  members: z.array(memberRef).max(10_000).nullish(),
});
export type ScimGroupBody = z.output<typeof ScimGroupBody>;

export const ScimPatchBody = z.object({
  schemas: z.array(z.string()).refine((s) => s.includes(SCIM_SCHEMAS.patchOp), `must include ${SCIM_SCHEMAS.patchOp}`),
  Operations: z
    .array(
      z.object({
        op: z.string().transform((o) => o.toLowerCase()).pipe(z.enum(['add', 'replace', 'remove'])),
        path: z.string().trim().min(1).max(500).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1, 'must hold at least one operation')
    .max(1_000),
});
export type ScimPatchOp = z.output<typeof ScimPatchBody>['Operations'][number];
