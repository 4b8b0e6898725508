// Integrations (issue #54): what the product sends out when something happens (intel published, a card created,
// changed or deleted, a battlecard changed, a digest sent) and where to: Slack channels and Teams channels by routing
// rules, and webhook endpoints of other tools. An event is written in the transaction of the change (by triggers, so
// no path of writing forgets it); each target it goes to gets one delivery, retried until it lands or gives up, so a
// crash or restart loses nothing. Secrets that must be read back (bot tokens, signing secrets, Teams webhook URLs,
// webhook signing keys) are sealed (server-shared/secretBox.ts).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CHAT_PROVIDERS,
  CHAT_STATES,
  DELIVERY_STATES,
  DELIVERY_TARGETS,
  LOGGED_EVENTS,
  WEBHOOK_AUDIENCES,
  type ChatEvent,
  type IntegrationEvent,
} from '../../contracts/integrations.ts';
import { users } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';

/** Something that happened, as an outbox row: the dispatcher fans it out to the targets that want it. */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    type: text('type', { enum: LOGGED_EVENTS }).notNull(),
    /** The intel item, card, battlecard or digest it is about. */
    subjectId: integer('subject_id').notNull(),
    /** What a payload needs that may be gone by the time it is sent (a deleted card's name and audiences). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    /** When its deliveries were made; null while the dispatcher has yet to fan it out. */
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [index('integration_events_pending_idx').on(t.id).where(sql`${t.fannedOutAt} IS NULL`), index('integration_events_company_idx').on(t.companyId, t.createdAt)],
);

/** A company's Slack workspace or Teams connection; one of each per company. */
export const chatIntegrations = pgTable(
  'chat_integrations',
  {
    id: id(),
    companyId: companyId(),
    provider: text('provider', { enum: CHAT_PROVIDERS }).notNull(),
    state: text('state', { enum: CHAT_STATES }).notNull().default('connected'),
    /** Slack: the workspace (team) id and name, the bot's user id and its token (sealed), and the granted scopes. */
    teamId: text('team_id'),
    teamName: text('team_name'),
    botUserId: text('bot_user_id'),
    botTokenSealed: text('bot_token_sealed'),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /** The signing secret of the company's own Slack app, or of a Teams outgoing webhook (sealed); null: the product's. */
    signingSecretSealed: text('signing_secret_sealed'),
    /** Why it is broken, in words an admin can act on. */
    error: text('error'),
    errorAt: timestamp('error_at', { withTimezone: true }),
    connectedById: integer('connected_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('chat_integrations_company_provider_unique').on(t.companyId, t.provider), uniqueIndex('chat_integrations_team_unique').on(t.provider, t.teamId)],
);

/** A routing rule: which published intel (by rival, topic, priority) and which digests go to a channel. */
export const chatRoutes = pgTable(
  'chat_routes',
  {
    id: id(),
    companyId: companyId(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => chatIntegrations.id, { onDelete: 'cascade' }),
    /** Slack: the channel id and its name as last seen. Teams: a name the admin gives, the Workflows URL sealed. */
    channelId: text('channel_id'),
    channelName: text('channel_name').notNull(),
    webhookUrlSealed: text('webhook_url_sealed'),
    events: text('events').array().$type<ChatEvent[]>().notNull(),
    /** Empty: any. An item matches when it names one of the rivals, has one of the topics and one of the priorities. */
    rivalIds: integer('rival_ids').array().notNull().default(sql`'{}'::int[]`),
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    priorities: text('priorities').array().notNull().default(sql`'{}'::text[]`),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_routes_company_idx').on(t.companyId, t.integrationId)],
);

/** An endpoint of another tool that receives signed events (Standard Webhooks). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: companyId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<IntegrationEvent[]>().notNull(),
    /** Whose eyes the payloads are for: what everyone may see, what these groups may see, or everything (curators). */
    audience: text('audience', { enum: WEBHOOK_AUDIENCES }).notNull().default('everyone'),
    visibilityGroupIds: integer('visibility_group_ids').array().notNull().default(sql`'{}'::int[]`),
    /** The signing secret (whsec_…), sealed. */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Since when every delivery has failed; a day of it disables the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/** One event on its way to one target (a webhook endpoint or a chat route), with what the last attempt got. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => integrationEvents.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind', { enum: DELIVERY_TARGETS }).notNull(),
    /** webhook_endpoints.id or chat_routes.id; a target deleted leaves its log until the company's retention ends. */
    targetId: integer('target_id').notNull(),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    statusCode: integer('status_code'),
    responseMs: integer('response_ms'),
    /** The last failure in words. */
    error: text('error'),
    /** A chat message once posted (Slack's ts), so a retry or an update edits it rather than posting twice. */
    externalId: text('external_id'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deliveries_event_target_unique').on(t.eventId, t.targetKind, t.targetId),
    index('deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('deliveries_target_idx').on(t.targetKind, t.targetId, t.createdAt),
  ],
);
