// Single sign-on (issue #53, contracts/sso.ts): a company's identity provider, the email domains routed to it,
// and the SAML message ids kept until they expire (requests we sent, assertions already used: one-time use).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { RoleChoice } from '../../contracts/account.ts';
import type { SsoGroupMapping } from '../../contracts/sso.ts';
import { users } from './accounts.ts';
import { updatedAt } from './columns.ts';
import { companies, companyId } from './companies.ts';

export const ssoSettings = pgTable('sso_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  protocol: text('protocol', { enum: ['oidc', 'saml'] }).notNull(),
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  /** Sealed with server-shared/secretBox.ts; never returned by the API. */
  oidcClientSecret: text('oidc_client_secret'),
  samlMetadataXml: text('saml_metadata_xml'),
  samlEntityId: text('saml_entity_id'),
  samlSsoUrl: text('saml_sso_url'),
  samlCertificates: text('saml_certificates').array().notNull().default(sql`'{}'::text[]`),
  samlGroupsAttribute: text('saml_groups_attribute'),
  requireSso: boolean('require_sso').notNull().default(false),
  breakGlassUserId: integer('break_glass_user_id').references(() => users.id, { onDelete: 'set null' }),
  defaultRole: text('default_role', { enum: ['admin', 'curator', 'consumer'] }).$type<RoleChoice>().notNull().default('consumer'),
  defaultVisibilityGroupIds: integer('default_visibility_group_ids').array().notNull().default(sql`'{}'::int[]`),
  groupMappings: jsonb('group_mappings').$type<SsoGroupMapping[]>().notNull().default([]),
  updatedAt: updatedAt(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** An email domain signs in through one company's identity provider only: the primary key says so. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    companyId: companyId(),
  },
  (t) => [index('sso_domains_company_idx').on(t.companyId)],
);

/**
 * SAML ids with a lifetime: 'request', an AuthnRequest we sent (a response's InResponseTo must name one, once);
 * 'assertion', an assertion already accepted (a replay is refused until it would have expired anyway).
 */
export const samlMessageIds = pgTable(
  'saml_message_ids',
  {
    kind: text('kind', { enum: ['request', 'assertion'] }).notNull(),
    id: text('id').notNull(),
    companyId: companyId(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.companyId, t.id] }), index('saml_message_ids_expiry_idx').on(t.expiresAt)],
);
