// Personal API tokens (issue #53): only the SHA-256 of a token is kept, beside its first characters to tell it by.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TokenScope } from '../../contracts/apiTokens.ts';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { companyId } from './companies.ts';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<TokenScope[]>().notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_unique').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
    index('api_tokens_company_idx').on(t.companyId, t.createdAt),
  ],
);
