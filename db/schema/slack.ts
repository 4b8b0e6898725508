// Slack (issue #54, search-api/integrations/slack): the signatures of requests Slack sent us, kept while their
// timestamp is fresh so a replay is refused by any process; and which product user a Slack user is, checked
// through users.info by verified email and cached briefly (a change of email or a deactivation shows soon).
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companyId } from './companies.ts';
import { chatIntegrations } from './integrations.ts';

export const slackRequestSignatures = pgTable(
  'slack_request_signatures',
  {
    signature: text('signature').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('slack_request_signatures_received_idx').on(t.receivedAt)],
);

export const slackUsers = pgTable(
  'slack_users',
  {
    companyId: companyId(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => chatIntegrations.id, { onDelete: 'cascade' }),
    slackUserId: text('slack_user_id').notNull(),
    /** The product user, or null: no verified email of an active user of the company. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The name Slack shows for them (the author of a message sent to the feed). */
    displayName: text('display_name').notNull().default(''),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.integrationId, t.slackUserId] }), index('slack_users_company_idx').on(t.companyId)],
);
