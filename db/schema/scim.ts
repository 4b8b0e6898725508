// SCIM 2.0 provisioning (issue #53): the company's bearer token an identity provider calls /scim/v2 with, and
// what SCIM knows of a user or visibility group beyond their own rows (the provider's externalId, when SCIM last
// changed them). Those live beside users and visibility_groups rather than in them: only provisioned rows have them.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users, visibilityGroups } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { companies, companyId } from './companies.ts';

/** One token per company: rotating replaces the row, revoking deletes it. Only the SHA-256 of the token is stored. */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tokenDigest: text('token_digest').notNull(),
    /** The token's first characters, shown so an admin can tell which token an identity provider holds. */
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('scim_tokens_digest_unique').on(t.tokenDigest)],
);

export const scimUsers = pgTable(
  'scim_users',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    externalId: text('external_id'),
    updatedAt: updatedAt(),
  },
  (t) => [index('scim_users_company_idx').on(t.companyId)],
);

export const scimGroups = pgTable(
  'scim_groups',
  {
    visibilityGroupId: integer('visibility_group_id')
      .primaryKey()
      .references(() => visibilityGroups.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    externalId: text('external_id'),
    updatedAt: updatedAt(),
  },
  (t) => [index('scim_groups_company_idx').on(t.companyId)],
);
